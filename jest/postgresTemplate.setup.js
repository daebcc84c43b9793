module.exports = require('./postgresTemplate').setup;
