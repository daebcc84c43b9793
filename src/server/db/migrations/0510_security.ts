import type { Kysely } from 'kysely';
import { withId, type DialectName } from '../database';

/** Security events (failed picture checks, anonymous writes), counted across gateways. */
export const security = (dialect: DialectName) => ({
  async up(db: Kysely<any>) {
    await withId(db.schema.createTable('security_event'), dialect)
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.references('app_user.id').onDelete('cascade'))
      .addColumn('source', 'text')
      .addColumn('at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('security_event_user')
      .on('security_event')
      .columns(['kind', 'user_id', 'at'])
      .execute();
    await db.schema
      .createIndex('security_event_source')
      .on('security_event')
      .columns(['kind', 'source', 'at'])
      .execute();
    // The login throttle counts failures of one user from one source.
    await db.schema
      .createIndex('login_attempt_user_ip_at')
      .on('login_attempt')
      .columns(['username', 'ip', 'at'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('login_attempt_user_ip_at').execute();
    await db.schema.dropTable('security_event').execute();
  },
});
