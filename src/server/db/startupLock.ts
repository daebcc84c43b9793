import { sql, type Kysely } from 'kysely';
import type { Database } from './database';

/** Keys of the PostgreSQL advisory locks the gateways take (any two numbers no other program uses). */
export const STARTUP_LOCK = 5_518_001;
export const SEED_LOCK = 5_518_002;

/**
 * Runs a gateway's start-up work (migrations, the demo seed) while no other gateway on the same
 * PostgreSQL does: N gateways started at the same moment on one empty database take turns, and each
 * finds what the first one made. A session advisory lock, held on a connection of its own while the
 * work uses the pool. (On SQLite the migrations and the seed each take an exclusive transaction:
 * `exclusively`.)
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

/**
 * Runs work in an exclusive SQLite transaction: another process opening the same file waits (for up
 * to two minutes, the time seeding may take) instead of failing or doing the work twice.
 */
export async function exclusively<DB, T>(db: Kysely<DB>, work: (conn: Kysely<DB>) => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    await sql`pragma busy_timeout = 120000`.execute(conn);
    await sql`begin exclusive`.execute(conn);
    try {
      const result = await work(conn);
      await sql`commit`.execute(conn);
      return result;
    } catch (error) {
      await sql`rollback`.execute(conn);
      throw error;
    } finally {
      await sql`pragma busy_timeout = 5000`.execute(conn);
    }
  });
}
