module.exports = require('./postgresTemplate').teardown;
