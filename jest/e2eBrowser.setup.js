module.exports = require('./e2eBrowser').setup;
