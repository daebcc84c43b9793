import { sql } from 'kysely';
import type { Database } from './database';

/** Keys of the PostgreSQL advisory locks the gateways take (any two numbers no other program uses). */
export const STARTUP_LOCK = 5_518_001;
export const SEED_LOCK = 5_518_002;

/**
 * Runs a gateway's start-up work (migrations, the demo seed, the key pair) while no other gateway on
 * the same database does: N gateways started at the same moment on one empty PostgreSQL take turns,
 * and each finds what the first one made. On PostgreSQL a session advisory lock on a connection of
 * its own; on SQLite, one file of one machine, the seed's exclusive transaction does it (demo/seed.ts)
 * and the migrator holds its own lock.
 */
export async function withStartupLock<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (database.dialect !== 'postgres') return work();
  return database.db.connection().execute(async (lock) => {
    await sql`select pg_advisory_lock(${sql.lit(STARTUP_LOCK)})`.execute(lock);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(STARTUP_LOCK)})`.execute(lock);
    }
  });
}
