import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database';

/** The channel on which PostgreSQL tells every gateway that sessions may have ended or changed. */
export const SESSION_CHANNEL = 'mc_session';

/**
 * PostgreSQL raises a notification on SESSION_CHANNEL when a statement ends or changes a session (a
 * session deleted or given to another user; a user or customer changed or removed), whoever wrote it:
 * a gateway, an operator's script, another gateway. A notification raised in a transaction is sent
 * when it commits, and not at all when it rolls back. Each gateway listens (db/signals.ts) and empties
 * the sessions it keeps in memory. The idle deadline's touch (last_seen_at, expires_at) changes no
 * session's meaning and raises nothing; neither does a new row. SQLite has no notifications: there a
 * gateway's copy lasts its second.
 */
export const sessionSignals = (dialect: DialectName) => ({
  async up(db: Kysely<any>) {
    if (dialect !== 'postgres') return;
    await sql`
      create function session_signal() returns trigger language plpgsql as $$
      begin
        perform pg_notify(${sql.lit(SESSION_CHANNEL)}, tg_table_name);
        return null;
      end $$`.execute(db);
    await sql`create trigger session_signal after delete or update of token_hash, sso_id, user_id on session
      for each statement execute function session_signal()`.execute(db);
    await sql`create trigger session_signal after delete or update on app_user
      for each statement execute function session_signal()`.execute(db);
    await sql`create trigger session_signal after delete or update on customer
      for each statement execute function session_signal()`.execute(db);
  },
  async down(db: Kysely<any>) {
    if (dialect !== 'postgres') return;
    for (const table of ['session', 'app_user', 'customer'])
      await sql`drop trigger if exists session_signal on ${sql.table(table)}`.execute(db);
    await sql`drop function if exists session_signal()`.execute(db);
  },
});
