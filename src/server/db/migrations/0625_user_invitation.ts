import type { Kysely } from 'kysely';
import { withId, type DialectName } from '../database';

/** Invitations of a company's users (UserInvitationTable): one open invitation per company and mobile number. */
export function userInvitation(dialect: DialectName) {
  return {
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('user_invitation'), dialect)
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
        .addColumn('invited_by', 'integer', (c) => c.notNull().references('app_user.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('closed_at', 'text')
        .addColumn('accepted_user_id', 'integer', (c) => c.references('app_user.id'))
        .execute();
      await db.schema
        .createIndex('user_invitation_customer')
        .on('user_invitation')
        .columns(['customer_id', 'closed_at'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('user_invitation').execute();
    },
  };
}
