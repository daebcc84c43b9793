/**
 * The gateway suite's global setup and teardown on PostgreSQL (TEST_DATABASE_URL set): names the
 * run's seeded template database (made by the first test file that needs it,
 * __tests__/server/support/gateway.ts) and drops it when the run ends.
 */
const { randomBytes } = require('node:crypto');
const pg = require('pg');

async function setup() {
  if (process.env.TEST_DATABASE_URL && !process.env.TEST_TEMPLATE_DATABASE)
    process.env.TEST_TEMPLATE_DATABASE = `mc_template_${process.pid}_${randomBytes(4).toString('hex')}`;
}

async function teardown() {
  const url = process.env.TEST_DATABASE_URL;
  const name = process.env.TEST_TEMPLATE_DATABASE;
  if (!url || !name) return;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

module.exports = { setup, teardown };
