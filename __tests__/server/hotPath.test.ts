/**
 * The calls every page makes stay cheap: the session is written at most once a minute and answered
 * from memory for a second (but never stale after a write on this gateway), the menu is read at most
 * once a minute per audience, a corporate policy list is kept for a second as sessions are, and the security headers of a JSON answer carry no script nonce (only
 * index.html has an inline script).
 */
import { Status } from '@contract/envelope';
import { sql } from 'kysely';
import type { LegalPolicyPage } from '@contract/io/policy';
import type { MenuEntry } from '@contract/io/session';
import { SESSION_COOKIE } from '@contract/cookies';
import { translator } from '@server/messages/catalogue';
import { Policies, POLICY_LIST_CACHE, POLICY_LIST_CACHE_MS } from '@server/services/policy/policies';
import { MemoryCache } from '@server/services/memoryCache';
import { Menus } from '@server/services/menus';
import { startGateway, type TestGateway } from './support/gateway';

let gw: TestGateway;
let cookie: string;
beforeAll(async () => {
  gw = await startGateway();
  cookie = await gw.login('corp-hr');
});
afterAll(async () => {
  await gw.close();
});

const session = () =>
  gw.app.services.db.selectFrom('session').select(['last_seen_at', 'expires_at']).executeTakeFirstOrThrow();

describe('the session behind every call', () => {
  it('is not written again within a minute of its last touch', async () => {
    const before = await session();
    for (let i = 0; i < 3; i += 1) {
      expect((await gw.call('blocLegal/login/getLoginInfo', {}, { cookie })).status).toBe('SUC_0001');
    }
    expect(await session()).toEqual(before);
  });

  it('moves its idle deadline on when the last touch is more than a minute old', async () => {
    const twoMinutesAgo = new Date(Date.now() - 120_000).toISOString();
    await gw.app.services.db.updateTable('session').set({ last_seen_at: twoMinutesAgo }).execute();
    const before = await session();
    expect((await gw.call('blocLegal/login/getLoginInfo', {}, { cookie })).status).toBe('SUC_0001');
    const after = await session();
    expect(after.last_seen_at > twoMinutesAgo).toBe(true);
    expect(after.expires_at > before.expires_at).toBe(true);
  });
});

describe('the session kept in memory for a second', () => {
  const loginInfo = (c: string) => gw.call<{ nickName: string }>('blocLegal/login/getLoginInfo', {}, { cookie: c });

  it('ends at once when it is logged out on this gateway', async () => {
    const own = await gw.login('corp-hr');
    expect((await loginInfo(own)).status).toBe(Status.ok);
    expect((await gw.call('blocLegal/login/logout', {}, { cookie: own })).status).toBe(Status.ok);
    expect((await loginInfo(own)).status).toBe(Status.notLoggedIn);
  });

  it('ends at once when its idle deadline is moved into the past', async () => {
    const own = await gw.login('corp-hr');
    expect((await loginInfo(own)).status).toBe(Status.ok);
    await gw.app.services.db
      .updateTable('session')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('sso_id', '=', ssoOf(own))
      .execute();
    expect((await loginInfo(own)).status).toBe(Status.notLoggedIn);
  });

  it('shows a change of its user at once', async () => {
    const { db } = gw.app.services;
    const own = await gw.login('corp-hr');
    const before = await loginInfo(own);
    expect(before.status).toBe(Status.ok);
    await db.updateTable('app_user').set({ nick_name: 'Renamed HR' }).where('username', '=', 'corp-hr').execute();
    try {
      expect((await loginInfo(own)).data.nickName).toBe('Renamed HR');
    } finally {
      await db
        .updateTable('app_user')
        .set({ nick_name: before.data.nickName })
        .where('username', '=', 'corp-hr')
        .execute();
    }
  });
});

/** The sso id of a session (its cookie mc_sso). */
const ssoOf = (c: string) => /mc_sso=([^;]+)/.exec(c)?.[1] ?? '';

describe('the server menu', () => {
  const titles = (tree: MenuEntry[]) => tree.map((entry) => entry.meta.title);

  it('is read once a minute per audience: an edit of the table shows after that', async () => {
    const { db } = gw.app.services;
    let now = Date.now();
    const menus = new Menus(db, () => now);
    const first = await menus.tree('legal');
    expect(await menus.tree('legal')).toBe(first);
    const top = await db
      .selectFrom('menu_entry')
      .select(['id', 'title'])
      .where('audience', '=', 'legal')
      .where('parent_id', 'is', null)
      .orderBy('sort')
      .executeTakeFirstOrThrow();
    await db.updateTable('menu_entry').set({ title: 'Renamed home' }).where('id', '=', top.id).execute();
    try {
      now += 59_000;
      expect(titles(await menus.tree('legal'))[0]).toBe(top.title);
      now += 2_000;
      expect(titles(await menus.tree('legal'))[0]).toBe('Renamed home');
    } finally {
      await db.updateTable('menu_entry').set({ title: top.title }).where('id', '=', top.id).execute();
    }
  });

  it('differs by audience: corporate users and members get their own tree', async () => {
    const legal = await gw.call<MenuEntry[]>('blocLegal/menu/getEcenterMenus', {}, { cookie });
    const member = await gw.call<MenuEntry[]>(
      'blocLegal/menu/getEcenterMenus',
      {},
      { cookie: await gw.login('member-senior') },
    );
    expect(legal.status).toBe('SUC_0001');
    expect(member.status).toBe('SUC_0001');
    expect(titles(legal.data)).not.toEqual(titles(member.data));
  });

  it('is one frozen tree per audience, serialized once and answered as JSON', async () => {
    const tree = await gw.app.services.menus.tree('legal');
    expect(Object.isFrozen(tree[0].meta)).toBe(true);
    expect(Object.isFrozen(tree[0].children)).toBe(true);
    const first = await gw.raw('blocLegal/menu/getEcenterMenus', {}, { cookie });
    const again = await gw.raw('blocLegal/menu/getEcenterMenus', {}, { cookie });
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.body).toBe(first.body);
    expect(JSON.parse(first.body)).toEqual({ status: Status.ok, statusText: 'success', data: tree });
  });
});

describe('the corporate policy list kept in memory for a second', () => {
  const LIST = 'blocLegal/legalPolicy/getLegalPolicyList';
  const list = (values: Record<string, string | number> = {}, language = 'en-US') =>
    gw.call<LegalPolicyPage>(
      LIST,
      { pageNum: 1, pageSize: 10, ...values },
      { cookie, headers: { 'accept-language': language } },
    );
  const premiums = async () => Object.fromEntries((await list()).data.list.map((p) => [p.policyNo, p.premiumFen]));
  const voice = { locale: 'en-US', t: translator('en-US') } as const;

  it('is one frozen answer per customer, query and language, serialized once', async () => {
    const { policies, identity } = gw.app.services;
    const user = await identity.resolve(new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(cookie)?.[1]);
    const customer = user?.customer_id as number;
    const first = await policies.legalList(customer, { pageNum: 1, pageSize: 10 }, voice);
    expect(await policies.legalList(customer, { pageNum: 1, pageSize: 10 }, voice)).toBe(first);
    expect(Object.isFrozen(first.list[0])).toBe(true);
    expect(await policies.legalList(customer, { pageNum: 1, pageSize: 5 }, voice)).not.toBe(first);
    const raw = await gw.raw(LIST, { pageNum: 1, pageSize: 10 }, { cookie });
    expect((await gw.raw(LIST, { pageNum: 1, pageSize: 10 }, { cookie })).body).toBe(raw.body);
    const english = await list();
    const chinese = await list({}, 'zh-CN');
    expect(english.data.list.length).toBeGreaterThan(0);
    expect(chinese.data.list.map((p) => p.productName)).not.toEqual(english.data.list.map((p) => p.productName));
  });

  it('shows a write through the gateway at once, by Kysely or by SQL text', async () => {
    const { db } = gw.app.services;
    const before = await premiums();
    const [policyNo] = Object.keys(before);
    await db.updateTable('policy').set({ premium_fen: 123_456 }).where('policy_no', '=', policyNo).execute();
    try {
      expect((await premiums())[policyNo]).toBe(123_456);
      await sql`update policy set premium_fen = ${654_321} where policy_no = ${policyNo}`.execute(db);
      expect((await premiums())[policyNo]).toBe(654_321);
    } finally {
      await db.updateTable('policy').set({ premium_fen: before[policyNo] }).where('policy_no', '=', policyNo).execute();
    }
    expect(await premiums()).toEqual(before);
  });

  it('shows a write by another connection when its copy ends, a second later', async () => {
    const { clock, identity, products } = gw.app.services;
    let now = 0;
    const lists = new MemoryCache<LegalPolicyPage>({ ...POLICY_LIST_CACHE, now: () => now });
    // This gateway's handle: gw.unwatched writes as another gateway or a script would.
    const policies = new Policies(gw.unwatched.withPlugin(lists.watch), clock, products, lists);
    const user = await identity.resolve(new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(cookie)?.[1]);
    const customer = user?.customer_id as number;
    const premiumsHere = async () =>
      Object.fromEntries(
        (await policies.legalList(customer, { pageNum: 1, pageSize: 10 }, voice)).list.map((p) => [
          p.policyNo,
          p.premiumFen,
        ]),
      );
    const before = await premiumsHere();
    const [policyNo] = Object.keys(before);
    await gw.unwatched.updateTable('policy').set({ premium_fen: 777 }).where('policy_no', '=', policyNo).execute();
    try {
      now += POLICY_LIST_CACHE_MS - 1;
      expect((await premiumsHere())[policyNo]).toBe(before[policyNo]);
      now += 1;
      expect((await premiumsHere())[policyNo]).toBe(777);
    } finally {
      await gw.app.services.db
        .updateTable('policy')
        .set({ premium_fen: before[policyNo] })
        .where('policy_no', '=', policyNo)
        .execute();
    }
  });
});

describe('security headers of a JSON answer', () => {
  it('are helmet’s, with a script policy that names no nonce', async () => {
    const res = await gw.raw('blocLegal/login/getLoginInfo', {}, { cookie });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['content-security-policy']).toContain("script-src 'self';");
    expect(res.headers['content-security-policy']).not.toContain('nonce-');
  });
});
