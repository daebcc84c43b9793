import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, type Kysely } from 'kysely';
import pg from 'pg';
import { loadConfig } from '@server/config';
import { openDatabase, type Database } from '@server/db/database';
import { migrateToLatest, migrations } from '@server/db/migrate';
import { seedDemo } from '@server/demo/seed';

/** The payment tables before 0591: written as their rows were, then migrated into payment_attempt. */
describe('0591_payment_attempt', () => {
  let dir: string;
  let database: Database;
  const admin = process.env.TEST_DATABASE_URL;
  const name = `attempts_${process.pid}`;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'attempts-'));
    if (admin) {
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      await client.query(`create database ${name}`);
      await client.end();
      const url = new URL(admin);
      url.pathname = `/${name}`;
      database = openDatabase({ databaseUrl: url.toString(), dataDir: dir });
    } else database = openDatabase({ databaseUrl: null, dataDir: dir });
  });
  afterAll(async () => {
    await database.destroy();
    if (admin) {
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      await client.query(`drop database if exists ${name}`);
      await client.end();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('moves order, policy and correction payments into one table of attempts, and drops the old tables', async () => {
    const provider = { getMigrations: async () => migrations(database.dialect) };
    const before = await new Migrator({ db: database.db, provider }).migrateTo('0590_refund_accounts');
    expect(before.error).toBeUndefined();
    await seedDemo(
      database.db,
      database.dialect,
      loadConfig({ ...process.env, DATA_DIR: dir, DATABASE_URL: '' }).fixturesDir,
    );
    // The tables before 0591, which the schema no longer describes.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const db = database.db as unknown as Kysely<any>;
    const order = await db
      .selectFrom('member_order')
      .select(['id', 'customer_id', 'order_no'])
      .executeTakeFirstOrThrow();
    const policy = await db
      .selectFrom('policy')
      .select(['id', 'customer_id', 'policy_no'])
      .where('policy_no', '=', 'PGH26310100000533')
      .executeTakeFirstOrThrow();
    const row = (no: string, state: number, token: string) => ({
      payment_no: no,
      customer_id: order.customer_id,
      amount_fen: 36800,
      state,
      token,
      secret: 's'.repeat(64),
      expires_at: '2026-12-01T00:00:00.000Z',
      created_at: '2026-11-28T00:00:00.000Z',
      paid_at: state === 2 ? '2026-11-28T00:10:00.000Z' : null,
    });
    await db
      .insertInto('member_order_payment')
      .values([
        { ...row('OP1', 4, 'tokenorder00000001'), order_id: order.id },
        { ...row('OP2', 2, 'tokenorder00000002'), order_id: order.id },
      ])
      .execute();
    await db
      .insertInto('policy_pay_link')
      .values({ ...row('PP1', 3, 'tokenpolicy0000001'), customer_id: policy.customer_id, policy_id: policy.id })
      .execute();
    const now = '2026-11-28T00:00:00.000Z';
    const correction = await db
      .insertInto('correction')
      .values({
        correction_no: 'EN20261128000001',
        customer_id: policy.customer_id,
        policy_id: policy.id,
        open_policy_id: policy.id,
        kind: 'add',
        variant: 'insured',
        state: 'awaiting_payment',
        effective_date: '2026-11-29',
        item_count: 1,
        premium_fen: 36800,
        refund_fen: 0,
        net_fen: 36800,
        scenario: 'transfer',
        pay_type: 'transfer',
        decision: 'approved',
        reasons: '[]',
        review_due_at: null,
        created_by: 1,
        created_at: now,
        updated_at: now,
        submitted_at: now,
        decided_at: now,
        in_force_at: null,
        cancelled_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const bill = await db
      .insertInto('premium_payment')
      .values({
        payment_no: 'PM1',
        customer_id: policy.customer_id,
        policy_id: policy.id,
        correction_id: correction.id,
        description: 'Premium of correction EN20261128000001',
        text_key: null,
        text_params: null,
        amount_fen: 36800,
        state: 3,
        pay_type: 'transfer',
        paid_at: null,
        invoice_id: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const link = (token: string) => ({
      payment_id: bill.id,
      token,
      secret: 't'.repeat(64),
      expires_at: '2026-12-01T00:00:00.000Z',
      created_at: now,
    });
    await db
      .insertInto('correction_pay_link')
      .values([link('tokencorrection001'), link('tokencorrection002')])
      .execute();

    expect(await migrateToLatest(database)).toContain('0591_payment_attempt');
    const attempts = await db
      .selectFrom('payment_attempt')
      .select(['payment_no', 'subject_kind', 'subject_id', 'state', 'method', 'token', 'description_key', 'settled_at'])
      .orderBy('id')
      .execute();
    expect(attempts).toEqual([
      expect.objectContaining({ payment_no: 'OP1', subject_kind: 'order', subject_id: order.id, state: 'expired' }),
      expect.objectContaining({
        payment_no: 'OP2',
        state: 'succeeded',
        method: 'online',
        settled_at: '2026-11-28T00:10:00.000Z',
        description_key: 'payment.orderPremium',
      }),
      expect.objectContaining({ payment_no: 'PP1', subject_kind: 'policy', subject_id: policy.id, state: 'declined' }),
      expect.objectContaining({
        payment_no: expect.stringMatching(/^PM1-\d+$/),
        subject_kind: 'correction',
        subject_id: correction.id,
        state: 'expired',
        token: 'tokencorrection001',
      }),
      expect.objectContaining({
        payment_no: 'PM1',
        subject_kind: 'correction',
        state: 'declined',
        method: 'transfer',
        token: 'tokencorrection002',
        description_key: 'correction.paymentDescription',
      }),
    ]);
    // The bill no longer records the decline: it is unpaid, its attempt declined.
    expect(
      (await db.selectFrom('premium_payment').select('state').where('id', '=', bill.id).executeTakeFirstOrThrow())
        .state,
    ).toBe(1);
    const names = (await db.introspection.getTables()).map((t) => t.name);
    expect(names).toContain('payment_attempt');
    expect(names).not.toContain('member_order_payment');
    expect(names).not.toContain('policy_pay_link');
    expect(names).not.toContain('correction_pay_link');
  });
});
