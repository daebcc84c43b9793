import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database';

/**
 * Re-authentication for what takes an account (docs/security.md):
 * - session.reauth_at: when the session last proved its user (the login, the password asked again, a
 *   code to the bound phone); binding a phone, changing the e-mail, changing a company's administrator
 *   and cancelling an account need it within the last minutes. Setting it raises the session signal
 *   (migration 0570), so every gateway reads the new stamp at once.
 * - app_user.locale: the account's language, for the messages sent to it unasked (the old phone told
 *   of a new one).
 * - app_user.previous_phone and reset_held_until: after a phone is bound in the personal centre, a
 *   password reset's code goes to the phone bound before (or none goes out) until the hold ends.
 */
export const reauthentication = (dialect: DialectName) => ({
  async up(db: Kysely<any>) {
    await db.schema.alterTable('session').addColumn('reauth_at', 'text').execute();
    await db.schema.alterTable('app_user').addColumn('locale', 'text').execute();
    await db.schema.alterTable('app_user').addColumn('previous_phone', 'text').execute();
    await db.schema.alterTable('app_user').addColumn('reset_held_until', 'text').execute();
    if (dialect !== 'postgres') return;
    await sql`drop trigger session_signal on session`.execute(db);
    await sql`create trigger session_signal after delete or update of token_hash, sso_id, user_id, reauth_at on session
      for each statement execute function session_signal()`.execute(db);
  },
  async down(db: Kysely<any>) {
    if (dialect === 'postgres') {
      await sql`drop trigger session_signal on session`.execute(db);
      await sql`create trigger session_signal after delete or update of token_hash, sso_id, user_id on session
        for each statement execute function session_signal()`.execute(db);
    }
    await db.schema.alterTable('session').dropColumn('reauth_at').execute();
    for (const column of ['locale', 'previous_phone', 'reset_held_until'])
      await db.schema.alterTable('app_user').dropColumn(column).execute();
  },
});
