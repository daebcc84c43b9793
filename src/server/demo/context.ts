import type { Kysely } from 'kysely';
import type { DialectName } from '@server/db/database';
import type { DB } from '@server/db/schema';

/** What every seeder of the demo world is given (seed.ts makes it and calls them in turn). */
export interface SeedContext {
  db: Kysely<DB>;
  dialect: DialectName;
  fixturesDir: string;
  /** Customer ids by fixture key, user ids by username. */
  customers: Map<string, number>;
  users: Map<string, number>;
  readFixture<T>(name: string): T;
  /** The seeding moment, by the gateway's clock: nothing seeded is dated after it. */
  now(): Date;
}
