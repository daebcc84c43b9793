/**
 * Two gateways started at the same moment on one empty PostgreSQL: the second died with
 * `duplicate key value violates unique constraint "app_user_username_key"` while seeding. Migrations
 * and the demo seed now run under a PostgreSQL advisory lock (an exclusive transaction on SQLite),
 * and each gateway finds what the first made. Runs on PostgreSQL with TEST_DATABASE_URL (the
 * scale-out case), else on one SQLite file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Status } from '@contract/envelope';
import { SESSION_CACHE_MS } from '@server/services/identity';
import {
  sharedDatabase,
  startGatewayProcess,
  type GatewayProcess,
  type SharedDatabase,
} from '@tests/support/gatewayProcess';

const fixtureUsers = (
  JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../fixtures/demo/accounts.json'), 'utf8')) as {
    users: unknown[];
  }
).users.length;

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
    body: new URLSearchParams({ username: 'corp-hr', password: 'Demo@2026', privacy: '1', flag: 'legal' }),
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

describe('two gateways started at the same moment on one empty database', () => {
  it('both come up, seed the demo world once, and share sessions', async () => {
    database = await sharedDatabase();
    const started = await Promise.allSettled([startGatewayProcess(database.env), startGatewayProcess(database.env)]);
    gateways = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    for (const s of started) if (s.status === 'rejected') throw s.reason;
    const [a, b] = gateways;
    expect(await database.users()).toBe(fixtureUsers);

    const cookie = await login(a);
    const onB = await fetch(`${b.url}/gateway/blocLegal/login/getLoginInfo?channelType=1`, { headers: { cookie } });
    expect(await onB.json()).toMatchObject({ status: Status.ok, data: { userName: 'corp-hr' } });
    // Ended on one gateway, the session is gone there at once and on the other within the second
    // the other keeps a session it read in memory (SESSION_CACHE_MS).
    expect((await call(a, 'blocLegal/menu/getEcenterMenus', cookie)).status).toBe(Status.ok);
    expect((await call(b, 'blocLegal/login/logout', cookie)).status).toBe(Status.ok);
    const loggedOut = Date.now();
    expect((await call(b, 'blocLegal/menu/getEcenterMenus', cookie)).status).toBe(Status.notLoggedIn);
    let onA = (await call(a, 'blocLegal/menu/getEcenterMenus', cookie)).status;
    while (onA !== Status.notLoggedIn && Date.now() - loggedOut < SESSION_CACHE_MS + 1_000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      onA = (await call(a, 'blocLegal/menu/getEcenterMenus', cookie)).status;
    }
    expect(onA).toBe(Status.notLoggedIn);
  });
});
