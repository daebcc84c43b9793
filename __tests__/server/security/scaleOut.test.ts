/**
 * Gateways side by side on one database. Two started at the same moment on one empty PostgreSQL: the
 * second died with `duplicate key value violates unique constraint "app_user_username_key"` while
 * seeding; migrations and the demo seed now run under a PostgreSQL advisory lock (an exclusive
 * transaction on SQLite), and each gateway finds what the first made.
 *
 * A session ended on one gateway was still answered by another for up to a second (its memory cache):
 * on PostgreSQL every gateway now hears of an ended or changed session at once (LISTEN/NOTIFY, raised
 * by triggers on the session, user and customer tables whoever writes them), and the very next
 * request on the other gateway is refused; if the gateway's listening connection drops, the second's
 * expiry still holds until it listens again. On SQLite, which has no notifications, the second's
 * expiry is the rule (shown with a clock the test moves).
 *
 * Runs on PostgreSQL with TEST_DATABASE_URL (the scale-out case), else on one SQLite file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { Status } from '@contract/envelope';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { openDatabase } from '@server/db/database';
import { SESSION_CACHE_MS } from '@server/services/identity';
import { hashPassword } from '@server/services/passwords';
import {
  sharedDatabase,
  startGatewayProcess,
  type GatewayProcess,
  type SharedDatabase,
} from '@tests/support/gatewayProcess';
import { cookieHeader, DEMO_PASSWORD } from '../support/gateway';

const postgres = Boolean(process.env.TEST_DATABASE_URL);

const fixtureUsers = (
  JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../fixtures/demo/accounts.json'), 'utf8')) as {
    users: unknown[];
  }
).users.length;

const form = (username: string) =>
  new URLSearchParams({
    username,
    password: DEMO_PASSWORD,
    privacy: '1',
    flag: username.startsWith('corp-') ? 'legal' : '',
  });

describe('two gateway processes started at the same moment on one empty database', () => {
  let database: SharedDatabase;
  let gateways: GatewayProcess[] = [];
  afterAll(async () => {
    await Promise.all(gateways.map((g) => g.stop()));
    await database?.drop();
  });

  async function login(gateway: GatewayProcess): Promise<string> {
    const res = await fetch(`${gateway.url}/idprovider/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      body: form('corp-hr'),
    });
    expect(res.status).toBe(303);
    return res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  }

  const call = async (gateway: GatewayProcess, name: string, cookie: string) =>
    (await fetch(`${gateway.url}/gateway/${name}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'channelType=1',
    }).then((r) => r.json())) as { status: string; data: { userName?: string } | null };

  it(`both come up, seed the demo world once and share sessions${postgres ? '; a logout on one is refused by the other on the very next request' : ''}`, async () => {
    database = await sharedDatabase();
    const started = await Promise.allSettled([startGatewayProcess(database.env), startGatewayProcess(database.env)]);
    gateways = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    for (const s of started) if (s.status === 'rejected') throw s.reason;
    const [a, b] = gateways;
    expect(await database.users()).toBe(fixtureUsers);

    const cookie = await login(a);
    const onB = await fetch(`${b.url}/gateway/blocLegal/login/getLoginInfo?channelType=1`, { headers: { cookie } });
    expect(await onB.json()).toMatchObject({ status: Status.ok, data: { userName: 'corp-hr' } });
    if (!postgres) return;
    // A holds the session in memory; B ends it; A's very next answer refuses it.
    expect((await call(a, 'blocLegal/menu/getEcenterMenus', cookie)).status).toBe(Status.ok);
    expect((await call(b, 'blocLegal/login/logout', cookie)).status).toBe(Status.ok);
    expect((await call(a, 'blocLegal/menu/getEcenterMenus', cookie)).status).toBe(Status.notLoggedIn);
  });
});

/** A clock of milliseconds the test moves: what the gateways' memory caches count their second by. */
const cacheClock = { ms: 0, now: () => cacheClock.ms, advance: (ms: number) => (cacheClock.ms += ms) };

interface Pair {
  a: FastifyInstance;
  b: FastifyInstance;
  url: string | null;
  close(): Promise<void>;
}

/** Two gateways in this process on one new database, their caches on the test's clock. */
async function twoGateways(): Promise<Pair> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  let url: string | null = null;
  let dir: string | null = null;
  let drop = async () => {};
  if (adminUrl) {
    const name = `mc_pair_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    url = u.toString();
    drop = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mc-pair-'));
    drop = async () => fs.rmSync(dir as string, { recursive: true, force: true });
  }
  const start = async () => {
    const config = loadConfig({ ...process.env, DATABASE_URL: url ?? '', DATA_DIR: dir ?? '', LOG_LEVEL: 'silent' });
    const app = await buildApp({
      config,
      database: openDatabase({ databaseUrl: url, dataDir: dir ?? '' }),
      logger: false,
      cacheClock: cacheClock.now,
    });
    await app.ready();
    return app;
  };
  const a = await start();
  const b = await start();
  return {
    a,
    b,
    url,
    async close() {
      await a.close();
      await b.close();
      await drop();
    },
  };
}

async function login(app: FastifyInstance, username: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/idprovider/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    payload: form(username).toString(),
  });
  expect(res.statusCode).toBe(303);
  return cookieHeader(res.headers['set-cookie']);
}

const status = async (app: FastifyInstance, cookie: string, name = 'blocLegal/menu/getEcenterMenus') =>
  (
    await app.inject({
      method: 'POST',
      url: `/gateway/${name}`,
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      payload: 'channelType=1',
    })
  ).json().status as string;

/** How many notifications a gateway has heard. */
const heard = (app: FastifyInstance) => app.services.sessionSignals?.heard ?? 0;

/** Waits until `ready()` holds, checking every few milliseconds (at most 10 s). */
async function until(ready: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error('the condition never held');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('a session ended on one gateway, on the other', () => {
  let pair: Pair;
  beforeAll(async () => {
    pair = await twoGateways();
  });
  afterAll(() => pair?.close());

  if (postgres) {
    it('is refused at once: a logout, a reset password, an operator’s write on a connection of its own', async () => {
      const { a, b } = pair;
      await until(() => Boolean(a.services.sessionSignals?.listening && b.services.sessionSignals?.listening));
      const hr = await login(a, 'corp-hr');
      expect(await status(b, hr)).toBe(Status.ok);
      const heardLogout = heard(b);
      expect(await status(a, hr, 'blocLegal/login/logout')).toBe(Status.ok);
      // the notification reaches B on its own connection as soon as it is delivered, not with A's answer
      await until(() => heard(b) > heardLogout);
      expect(await status(b, hr)).toBe(Status.notLoggedIn);

      // A new password set elsewhere (the reset page ends every session of the account).
      const senior = await login(a, 'member-senior');
      expect(await status(b, senior)).toBe(Status.ok);
      const hash = await hashPassword('Another2026pw');
      let heardBefore = heard(b);
      await a.services.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('app_user')
          .set({ password_hash: hash })
          .where('username', '=', 'member-senior')
          .execute();
        const user = await trx
          .selectFrom('app_user')
          .select('id')
          .where('username', '=', 'member-senior')
          .executeTakeFirstOrThrow();
        await trx.deleteFrom('session').where('user_id', '=', user.id).execute();
      });
      // Written outside any request of B's: B's next request after the database's word refuses it.
      await until(() => heard(b) > heardBefore);
      expect(await status(b, senior)).toBe(Status.notLoggedIn);

      // An operator's script with a connection of its own cancels a customer.
      const closing = await login(a, 'corp-closing');
      expect(await status(b, closing)).toBe(Status.ok);
      heardBefore = heard(b);
      const heardA = heard(a);
      const script = new pg.Client({ connectionString: pair.url as string });
      await script.connect();
      try {
        await script.query(`update app_user set state = 2 where username = 'corp-closing'`);
      } finally {
        await script.end();
      }
      await until(() => heard(b) > heardBefore && heard(a) > heardA);
      expect(await status(b, closing)).toBe(Status.notLoggedIn);
      expect(await status(a, closing)).toBe(Status.notLoggedIn);
    });

    it('is refused at once when the company’s administrator suspends or removes the user on the other gateway', async () => {
      const { a, b } = pair;
      await until(() => Boolean(a.services.sessionSignals?.listening && b.services.sessionSignals?.listening));
      const admin = await login(a, 'corp-hr');
      const { id: viewerId } = await a.services.db
        .selectFrom('app_user')
        .select('id')
        .where('username', '=', 'corp-viewer')
        .executeTakeFirstOrThrow();
      const change = async (name: string, values: Record<string, string>) =>
        (
          await a.inject({
            method: 'POST',
            url: `/gateway/${name}`,
            headers: {
              cookie: admin,
              'content-type': 'application/x-www-form-urlencoded',
              'sec-fetch-site': 'same-origin',
            },
            payload: new URLSearchParams({ channelType: '1', userId: String(viewerId), ...values }).toString(),
          })
        ).json().status as string;

      let viewer = await login(b, 'corp-viewer');
      expect(await status(b, viewer)).toBe(Status.ok);
      let before = heard(b);
      expect(await change('blocLegal/users/update', { state: 'suspended' })).toBe(Status.ok);
      await until(() => heard(b) > before);
      expect(await status(b, viewer)).toBe(Status.notLoggedIn);

      expect(await change('blocLegal/users/update', { state: 'active' })).toBe(Status.ok);
      viewer = await login(b, 'corp-viewer');
      expect(await status(b, viewer)).toBe(Status.ok);
      before = heard(b);
      expect(await change('blocLegal/users/remove', {})).toBe(Status.ok);
      await until(() => heard(b) > before);
      expect(await status(b, viewer)).toBe(Status.notLoggedIn);
    });

    it('is answered for at most the second while the gateway cannot listen, and at once again when it can', async () => {
      const { a, b } = pair;
      await until(() => Boolean(b.services.sessionSignals?.listening));
      const basic = await login(a, 'member-basic');
      // The database ends B's listening connection (a restart, a failover, a network cut).
      const admin = new pg.Client({ connectionString: pair.url as string });
      await admin.connect();
      try {
        await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where datname = current_database() and query ilike 'LISTEN %'`,
        );
      } finally {
        await admin.end();
      }
      await until(() => !b.services.sessionSignals?.listening);
      expect(await status(b, basic)).toBe(Status.ok);
      expect(await status(a, basic, 'blocLegal/login/logout')).toBe(Status.ok);
      // B heard nothing: its copy stands until its second is over.
      expect(await status(b, basic)).toBe(Status.ok);
      cacheClock.advance(SESSION_CACHE_MS);
      expect(await status(b, basic)).toBe(Status.notLoggedIn);

      await until(() => Boolean(b.services.sessionSignals?.listening));
      const again = await login(a, 'corp-hr');
      expect(await status(b, again)).toBe(Status.ok);
      const heardBefore = heard(b);
      expect(await status(a, again, 'blocLegal/login/logout')).toBe(Status.ok);
      // the notification reaches B on its own connection, as soon as it is delivered (not with the answer)
      await until(() => heard(b) > heardBefore);
      expect(await status(b, again)).toBe(Status.notLoggedIn);
    });
  } else {
    it('is answered from the other’s memory until its second is over, then refused (SQLite has no notifications)', async () => {
      const { a, b } = pair;
      expect(a.services.sessionSignals).toBeUndefined();
      const hr = await login(a, 'corp-hr');
      expect(await status(b, hr)).toBe(Status.ok);
      expect(await status(a, hr, 'blocLegal/login/logout')).toBe(Status.ok);
      expect(await status(a, hr)).toBe(Status.notLoggedIn);
      expect(await status(b, hr)).toBe(Status.ok);
      cacheClock.advance(SESSION_CACHE_MS - 1);
      expect(await status(b, hr)).toBe(Status.ok);
      cacheClock.advance(1);
      expect(await status(b, hr)).toBe(Status.notLoggedIn);
    });
  }
});
