import { withPromises } from '@common/insurer';
import fs from 'node:fs';
import path from 'node:path';
import { sql, type Insertable, type Kysely } from 'kysely';
import type { CustomerTable, UserTable } from '../db/tables/foundation';
import type { MenuEntry } from '@contract/io/session';
import { hashPassword } from '../services/passwords';
import { seedPersonal } from './personal';
import type { DB } from '../db/schema';
import type { DialectName } from '../db/database';
import { exclusively, SEED_LOCK } from '../db/startupLock';
import { seedPolicies } from './policy';
import type { SeedContext } from './context';
import { seedAutoRenewChangeable, seedProducts } from './products';
import { seedCorrections } from './corrections';
import { seedSite } from './site';
import { seedAuditTrail } from './audit';

type FixtureCustomer = Omit<Insertable<CustomerTable>, 'state' | 'created_at'> & { key: string };
type FixtureUser = Omit<
  Insertable<UserTable>,
  'customer_id' | 'password_hash' | 'privacy_authorised' | 'state' | 'created_at'
> & { customer: string };

interface AccountsFixture {
  password: string;
  /** Company users' roles other than administrator (migration 0611). */
  roles: Record<string, string>;
  customers: FixtureCustomer[];
  users: FixtureUser[];
}

async function seedAccounts(ctx: SeedContext) {
  const fixture = ctx.readFixture<AccountsFixture>('accounts.json');
  const now = new Date().toISOString();
  for (const c of fixture.customers) {
    const { key, ...values } = c;
    const row = await ctx.db
      .insertInto('customer')
      .values({ ...values, state: 1, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    ctx.customers.set(key, row.id);
  }
  const passwordHash = await hashPassword(fixture.password);
  for (const u of fixture.users) {
    const { customer, ...values } = u;
    const customerId = ctx.customers.get(customer);
    if (!customerId) throw new Error(`fixture user ${u.username} names unknown customer ${customer}`);
    const row = await ctx.db
      .insertInto('app_user')
      .values({
        ...values,
        customer_id: customerId,
        password_hash: passwordHash,
        privacy_authorised: 1,
        state: 1,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ctx.users.set(u.username, row.id);
  }
}

async function seedMenus(ctx: SeedContext) {
  const menus = ctx.readFixture<Record<'legal' | 'personal', MenuEntry[]>>('menus.json');
  const insert = async (audience: 'legal' | 'personal', entries: MenuEntry[], parentId: number | null) => {
    for (const [sort, e] of entries.entries()) {
      const row = await ctx.db
        .insertInto('menu_entry')
        .values({
          audience,
          parent_id: parentId,
          sort,
          name: e.name,
          path: e.path,
          component: e.component,
          hidden: e.hidden ? 1 : 0,
          title: e.meta.title,
          icon: e.meta.icon,
          require_auth: e.meta.requireAuth ? 1 : 0,
          left_menu: e.meta.leftMenu ? 1 : 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await insert(audience, e.children, row.id);
    }
  };
  await insert('legal', menus.legal, null);
  await insert('personal', menus.personal, null);
}

async function seedAreas(ctx: SeedContext) {
  const areas =
    ctx.readFixture<Array<{ code: string; name: string; parent_code: string | null; has_branch: number }>>(
      'areas.json',
    );
  await ctx.db.insertInto('area').values(areas).execute();
}

async function seedRoles(ctx: SeedContext) {
  const { roles } = ctx.readFixture<AccountsFixture>('accounts.json');
  for (const [username, role] of Object.entries(roles))
    await ctx.db.updateTable('app_user').set({ role }).where('username', '=', username).execute();
}

/**
 * The demo world, in order. Each area adds its seeding function here; it reads its own fixture
 * files under fixtures/demo and may use the ids the earlier steps recorded in the context. A step that
 * needs a later migration than the first ones names it: a database migrated only so far (a migration's
 * test) is seeded with what its schema has.
 */
const steps: Array<
  ((ctx: SeedContext) => Promise<void>) | { needs: string; run: (ctx: SeedContext) => Promise<void> }
> = [
  seedAccounts,
  { needs: '0611_company_roles', run: seedRoles },
  seedMenus,
  seedAreas,
  seedProducts,
  { needs: '0710_group_renewal', run: seedAutoRenewChangeable },
  (ctx) => seedPolicies(ctx),
  seedCorrections,
  { needs: '0610_audit_trail', run: seedAuditTrail },
  seedPersonal,
  seedSite,
];

/** The migrations the database has had (Kysely's own table). */
async function migrated(db: Kysely<DB>): Promise<Set<string>> {
  const rows = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  return new Set(rows.rows.map((r) => r.name));
}

/**
 * Seeds the demo world into an empty database (one without users); answers whether it did. Safe to run
 * from several gateways at once: whoever comes second waits for the first and finds its users (a
 * PostgreSQL transaction lock; an exclusive SQLite transaction, which other processes wait for).
 */
export async function seedDemo(
  db: Kysely<DB>,
  dialect: DialectName,
  fixturesDir: string,
  now: () => Date = () => new Date(),
): Promise<boolean> {
  const dir = path.join(fixturesDir, 'demo');
  const seed = async (tx: Kysely<DB>) => {
    const existing = await tx.selectFrom('app_user').select('id').limit(1).executeTakeFirst();
    if (existing) return false;
    const ctx: SeedContext = {
      db: tx,
      dialect,
      fixturesDir,
      customers: new Map(),
      users: new Map(),
      // The service promises in the texts are said as configured (src/common/insurer.ts).
      readFixture: (name) => JSON.parse(withPromises(fs.readFileSync(path.join(dir, name), 'utf8'))),
      now,
    };
    const done = await migrated(tx);
    for (const step of steps)
      if (typeof step === 'function') await step(ctx);
      else if (done.has(step.needs)) await step.run(ctx);
    return true;
  };
  if (dialect === 'postgres') {
    return db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${sql.lit(SEED_LOCK)})`.execute(trx);
      return seed(trx);
    });
  }
  return exclusively(db, seed);
}
