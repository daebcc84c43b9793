import type { Kysely } from 'kysely';
import { withId, type DialectName } from '../database';

/**
 * Accounts people open and recover on the identity provider's pages: the SMS codes sent to a mobile
 * number that has no account yet (registration), and the throttle's counts of registration and
 * password-reset requests per source and per name (like the login throttle's login_attempt).
 */
export const accounts = (dialect: DialectName) => ({
  async up(db: Kysely<any>) {
    await withId(db.schema.createTable('signup_code'), dialect)
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('salt', 'text', (c) => c.notNull())
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('closed_at', 'text')
      .execute();
    await db.schema.createIndex('signup_code_phone').on('signup_code').columns(['phone', 'created_at']).execute();

    await withId(db.schema.createTable('account_attempt'), dialect)
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('ip', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('account_attempt_name').on('account_attempt').columns(['kind', 'name', 'at']).execute();
    await db.schema.createIndex('account_attempt_ip').on('account_attempt').columns(['kind', 'ip', 'at']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('account_attempt').execute();
    await db.schema.dropTable('signup_code').execute();
  },
});
