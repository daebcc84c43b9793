module.exports = require('./e2eBrowser').teardown;
