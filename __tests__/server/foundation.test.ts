import { Status } from '@contract/envelope';
import type { LoginInfo, MenuEntry } from '@contract/io/session';
import Fastify, { type FastifyInstance } from 'fastify';
import { callPath, calls, type CallName } from '@contract/calls';
import { hashPassword } from '@server/services/passwords';
import { cookieHeader, startGateway, type TestGateway } from './support/gateway';

let gw: TestGateway;

/** The calls of the contract that a server has no route for (path and method). */
const unregistered = (app: FastifyInstance, gatewayPrefix: string) =>
  (Object.keys(calls) as CallName[]).filter(
    (name) => !app.hasRoute({ method: calls[name].method, url: callPath(name, gatewayPrefix) }),
  );

/** Posts the identity provider's login form as a browser would. */
const postLogin = (fields: Record<string, string>) =>
  gw.app.inject({
    method: 'POST',
    url: '/idprovider/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    payload: new URLSearchParams(fields).toString(),
  });
beforeAll(async () => {
  gw = await startGateway();
});
afterAll(() => gw.close());

describe('the wire protocol', () => {
  it('runs on the database the environment names', () => {
    expect(gw.dialect).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite');
  });

  it('refuses a call without channelType and does nothing', async () => {
    const cookie = await gw.login('member-senior');
    const before = await gw.app.services.db
      .selectFrom('app_user')
      .select('privacy_authorised')
      .where('username', '=', 'member-senior')
      .executeTakeFirstOrThrow();
    const res = await gw.call('blocLegal/login/cancleAuth', {}, { cookie, channelType: null });
    expect(res.status).toBe(Status.business);
    expect(res.statusText).toMatch(/channelType=1/);
    const after = await gw.app.services.db
      .selectFrom('app_user')
      .select('privacy_authorised')
      .where('username', '=', 'member-senior')
      .executeTakeFirstOrThrow();
    expect(after.privacy_authorised).toBe(before.privacy_authorised);
    expect((await gw.call('blocLegal/login/getLoginInfo', {}, { cookie })).status).toBe(Status.ok);
  });

  it('refuses a wrong channelType value', async () => {
    const res = await gw.call('blocLegal/account/state', {}, { channelType: '2' });
    expect(res.status).toBe(Status.business);
  });

  it('registers every call of the contract, with its method, and finds a call that is missing', async () => {
    expect(unregistered(gw.app, gw.config.portal.gatewayPrefix)).toEqual([]);
    // the same check on a server without the contract's routes names every call
    const bare = Fastify();
    await bare.ready();
    expect(unregistered(bare, gw.config.portal.gatewayPrefix)).toEqual(Object.keys(calls));
    await bare.close();
  });

  it('answers ERR_1004 to every business call without a session', async () => {
    const business = (Object.keys(calls) as CallName[]).filter(
      (n) => calls[n].base === 'gateway' && !calls[n].anonymous && n.startsWith('blocLegal/'),
    );
    expect(business.length).toBeGreaterThan(100);
    for (const name of business) {
      const res = await gw.raw(name);
      expect({ name, code: res.statusCode, status: res.json().status }).toEqual({
        name,
        code: 200,
        status: Status.notLoggedIn,
      });
    }
  });

  it('answers an error envelope, never a 500, to a malformed or oversized body', async () => {
    const malformed = await gw.app.inject({
      method: 'POST',
      url: '/gateway/blocLegal/account/state',
      headers: { 'content-type': 'application/json' },
      payload: '{"channelType":',
    });
    expect(malformed.statusCode).toBe(200);
    expect(malformed.json()).toMatchObject({
      status: Status.business,
      statusText: expect.stringMatching(/could not be read/),
    });
    expect(malformed.body).not.toMatch(/at .*\.ts:\d+/);

    const oversized = await gw.app.inject({
      method: 'POST',
      url: '/gateway/blocLegal/account/state',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `channelType=1&x=${'a'.repeat(1_100_000)}`,
    });
    expect(oversized.statusCode).toBe(200);
    expect(oversized.json()).toMatchObject({ status: Status.business, statusText: expect.stringMatching(/too large/) });

    const unknownType = await gw.app.inject({
      method: 'POST',
      url: '/gateway/blocLegal/account/state',
      headers: { 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(unknownType.json().status).toBe(Status.business);
  });

  it('answers a 404 envelope for a call that does not exist', async () => {
    const res = await gw.app.inject({
      method: 'POST',
      url: '/gateway/blocLegal/nothing/here',
      payload: 'channelType=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().status).toBe('ERR_0404');
  });
});

describe('identity and sessions', () => {
  it('logs a corporate user in with HttpOnly session, SSO and islegal cookies', async () => {
    const res = await postLogin({ username: 'corp-hr', password: 'Demo@2026', flag: 'legal', privacy: '1' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/legal/index?flag=legal');
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    const session = cookies.find((c) => c.startsWith('MC_SESSION='));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(cookies.find((c) => c.startsWith('mc_sso='))).not.toMatch(/HttpOnly/i);
    expect(cookies.find((c) => c.startsWith('islegal=1'))).toBeDefined();

    const info = await gw.call<LoginInfo>(
      'blocLegal/login/getLoginInfo',
      {},
      { cookie: cookieHeader(res.headers['set-cookie']) },
    );
    expect(info.data).toMatchObject({ legalFlag: 1, userAnk: 1, userName: 'corp-hr' });
  });

  it('stores only a hash of the session secret', async () => {
    const cookie = await gw.login('member-basic');
    const secret = cookie.match(/MC_SESSION=([^;]+)/)![1];
    const rows = await gw.app.services.db.selectFrom('session').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === secret)).toBe(false);
    expect(rows.length).toBeGreaterThan(0);
  });

  it('refuses a wrong password with a clear message and logs nobody in', async () => {
    const res = await postLogin({ username: 'member-basic', password: 'wrong', privacy: '1' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Wrong user name or password.');
    expect(res.body).toContain('value="member-basic"');
    expect(String(res.headers['set-cookie'] ?? '')).not.toMatch(/MC_SESSION/);
  });

  it('asks for an SMS code after three failures of one user from one source, instead of locking the user out', async () => {
    const db = gw.app.services.db;
    const customer = await db
      .selectFrom('customer')
      .select('id')
      .where('kind', '=', 'person')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('app_user')
      .values({
        customer_id: customer.id,
        username: 'lockout-probe',
        password_hash: await hashPassword('Demo@2026'),
        nick_name: 'probe',
        real_name: null,
        id_number: null,
        phone: null,
        email: null,
        legal_flag: 2,
        user_ank: 2,
        show_app: 1,
        hide_menu: 2,
        privacy_authorised: 1,
        city_code: null,
        state: 1,
        created_at: new Date().toISOString(),
      })
      .execute();
    const attempt = (password: string) => postLogin({ username: 'lockout-probe', password, privacy: '1' });
    for (let i = 0; i < 3; i += 1) expect((await attempt('nope')).body).toContain('Wrong user name or password.');
    const guarded = await attempt('Demo@2026');
    expect(guarded.statusCode).toBe(200);
    expect(guarded.body).toContain('Enter the SMS code as well');
    expect(guarded.body).toContain('data-testid="send-code"');
    expect(String(guarded.headers['set-cookie'] ?? '')).not.toMatch(/MC_SESSION/);
    // An account without a bound phone is sent nothing, and the page says what it says to any name.
    const send = await postLogin({ username: 'lockout-probe', action: 'send' });
    expect(send.body).toContain('If lockout-probe is an account with a bound mobile number');
    const sent = await db.selectFrom('sms_outbox').select('id').where('purpose', '=', 'login').execute();
    expect(sent).toEqual([]);
  });

  it('sends a personal account on the corporate tab back with a clear message', async () => {
    const res = await postLogin({ username: 'member-senior', password: 'Demo@2026', flag: 'legal', privacy: '1' });
    expect(res.body).toContain('This is a personal account');
  });

  it('requires the privacy consent', async () => {
    const res = await postLogin({ username: 'member-senior', password: 'Demo@2026' });
    expect(res.body).toContain('agree to the privacy policy');
    expect(String(res.headers['set-cookie'] ?? '')).not.toMatch(/MC_SESSION/);
  });

  it('never redirects outside the portal after login', async () => {
    const res = await postLogin({
      username: 'member-senior',
      password: 'Demo@2026',
      privacy: '1',
      redirect: 'https://evil.example/',
    });
    expect(res.headers.location).toBe('/legal/index');
  });

  it('serves the login page with the corporate tab open for flag=legal', async () => {
    const personal = await gw.app.inject({ method: 'GET', url: '/idprovider/login' });
    expect(personal.body).toContain('data-tab="personal"');
    expect(personal.body).toMatch(/class="tab active"[^>]*data-tab="personal"/);
    const corporate = await gw.app.inject({ method: 'GET', url: '/idprovider/login?flag=legal' });
    expect(corporate.body).toMatch(/class="tab active"[^>]*data-tab="corporate"/);
    expect(corporate.body).toContain('name="flag" value="legal"');
  });

  it('logs out through the API and through the identity provider', async () => {
    const cookie = await gw.login('member-senior');
    expect((await gw.call('blocLegal/login/logout', {}, { cookie })).status).toBe(Status.ok);
    expect((await gw.call('blocLegal/login/getLoginInfo', {}, { cookie })).status).toBe(Status.notLoggedIn);

    const again = await gw.login('corp-hr');
    const res = await gw.app.inject({ method: 'GET', url: '/idprovider/logout', headers: { cookie: `${again}` } });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/idprovider/login?flag=legal&reason=logout');
    expect((await gw.call('blocLegal/login/getLoginInfo', {}, { cookie: again })).status).toBe(Status.notLoggedIn);
  });

  it('closes the privacy authorisation, ending every session of the user', async () => {
    const first = await gw.login('member-basic');
    const second = await gw.login('member-basic');
    expect((await gw.call('blocLegal/login/cancleAuth', {}, { cookie: first })).status).toBe(Status.ok);
    expect((await gw.call('blocLegal/login/getLoginInfo', {}, { cookie: second })).status).toBe(Status.notLoggedIn);
    const state = await gw.app.services.db
      .selectFrom('app_user')
      .select('privacy_authorised')
      .where('username', '=', 'member-basic')
      .executeTakeFirstOrThrow();
    expect(state.privacy_authorised).toBe(2);
    await gw.login('member-basic');
    const renewed = await gw.app.services.db
      .selectFrom('app_user')
      .select('privacy_authorised')
      .where('username', '=', 'member-basic')
      .executeTakeFirstOrThrow();
    expect(renewed.privacy_authorised).toBe(1);
  });
});

describe('session and menu calls', () => {
  it('answers login info per kind of user', async () => {
    const senior = await gw.call<LoginInfo>(
      'blocLegal/login/getLoginInfo',
      {},
      { cookie: await gw.login('member-senior') },
    );
    expect(senior.data).toMatchObject({ legalFlag: 2, userAnk: 1, nickName: '李文静', showApp: 1 });
    const basic = await gw.call<LoginInfo>(
      'blocLegal/login/getLoginInfo',
      {},
      { cookie: await gw.login('member-basic') },
    );
    expect(basic.data.userAnk).not.toBe(1);
  });

  it('answers the corporate and the personal-centre menu trees', async () => {
    const legal = await gw.call<MenuEntry[]>(
      'blocLegal/menu/getEcenterMenus',
      {},
      { cookie: await gw.login('corp-hr') },
    );
    const legalPaths = legal.data.flatMap((e) => e.children.map((c) => c.path));
    expect(legalPaths).toEqual(
      expect.arrayContaining([
        'index',
        'myPolicy',
        'correctRecord',
        'legalqueryListClaim',
        'legalcomplaintProposalList',
        'legalaccountChange',
        'legalaccountCancel',
      ]),
    );
    for (const entry of legal.data)
      expect(entry.meta).toEqual(expect.objectContaining({ title: expect.any(String), requireAuth: true }));

    const personal = await gw.call<MenuEntry[]>(
      'blocLegal/menu/getEcenterMenus',
      {},
      { cookie: await gw.login('member-senior') },
    );
    const names = personal.data.map((e) => e.name);
    expect(names).toContain('myclub');
    expect(names).toContain('assets');
    expect(personal.data.flatMap((e) => e.children.map((c) => c.path))).toContain('newcarno');
    expect(personal.data.length).toBeGreaterThanOrEqual(6);
    expect(personal.data[5].children.length).toBeGreaterThanOrEqual(4);
  });

  it('answers hide_menu from the user settings', async () => {
    expect(
      (
        await gw.call<{ hide_menu: number }>(
          'blocLegal/menu/queryHideMyScore',
          {},
          { cookie: await gw.login('member-basic') },
        )
      ).data.hide_menu,
    ).toBe(1);
    expect(
      (
        await gw.call<{ hide_menu: number }>(
          'blocLegal/menu/queryHideMyScore',
          {},
          { cookie: await gw.login('member-senior') },
        )
      ).data.hide_menu,
    ).toBe(2);
  });

  it('answers the unread flag from insurer replies the customer has not opened', async () => {
    const cookie = await gw.login('corp-hr');
    const db = gw.app.services.db;
    const user = await db
      .selectFrom('app_user')
      .select(['id', 'customer_id'])
      .where('username', '=', 'corp-hr')
      .executeTakeFirstOrThrow();
    const before = await gw.call<{ userReadFlag: number }>('blocLegal/opinions/searchUserNoReadList', {}, { cookie });
    const now = new Date().toISOString();
    const opinion = await db
      .insertInto('opinion')
      .values({
        opinion_no: `T${Date.now()}`,
        customer_id: user.customer_id,
        user_id: user.id,
        kind: 'complaint',
        type_code: 'service',
        title: 't',
        content: 'c',
        contact_phone: null,
        state: 2,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const reply = await db
      .insertInto('opinion_reply')
      .values({
        opinion_id: opinion.id,
        author: 'insurer',
        author_name: 'Service',
        content: 'r',
        created_at: now,
        read_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(
      (await gw.call<{ userReadFlag: number }>('blocLegal/opinions/searchUserNoReadList', {}, { cookie })).data
        .userReadFlag,
    ).toBe(2);
    // Another customer's unread reply is not this customer's business.
    expect(
      (
        await gw.call<{ userReadFlag: number }>(
          'blocLegal/opinions/searchUserNoReadList',
          {},
          { cookie: await gw.login('corp-closing') },
        )
      ).data.userReadFlag,
    ).toBe(1);
    await db.updateTable('opinion_reply').set({ read_at: now }).where('id', '=', reply.id).execute();
    expect(
      (await gw.call<{ userReadFlag: number }>('blocLegal/opinions/searchUserNoReadList', {}, { cookie })).data
        .userReadFlag,
    ).toBe(before.data.userReadFlag);
  });

  it('answers account state, provinces, cities and the logon city', async () => {
    const cookie = await gw.login('corp-hr');
    expect((await gw.call('blocLegal/account/state', {}, { cookie })).data).toMatchObject({ state: 1, legalFlag: 1 });
    const provinces = await gw.call<Array<{ code: string; name: string }>>(
      'blocLegal/common/getAreaInfo',
      {},
      { cookie },
    );
    expect(provinces.data.length).toBeGreaterThanOrEqual(30);
    const cities = await gw.call<Array<{ code: string; name: string }>>(
      'blocLegal/common/getAreaInfo',
      { parentCode: '320000' },
      { cookie },
    );
    expect(cities.data.map((c) => c.name)).toContain('苏州市');
    expect((await gw.call('blocLegal/common/getAreaInfo', { parentCode: '999999' }, { cookie })).status).toBe(
      Status.business,
    );
    expect((await gw.call('blocLegal/common/getAreaInfo', { parentCode: 'abc' }, { cookie })).statusText).toMatch(
      /six digits/,
    );
    const zh = { cookie, headers: { 'accept-language': 'zh-CN' } };
    expect((await gw.call('blocLegal/common/getAreaInfo', { parentCode: '999999' }, zh)).statusText).toBe(
      '不存在该代码对应的省份。',
    );
    expect((await gw.call<{ stateText: string }>('blocLegal/account/state', {}, zh)).data.stateText).toBe('正常');
    const logon = await gw.call<{ current: { code: string } | null; cities: unknown[] }>(
      'blocLegal/common/queryLogonCity',
      {},
      { cookie },
    );
    expect(logon.data.current?.code).toBe('310100');
    expect(logon.data.cities.length).toBeGreaterThan(10);
  });

  it('draws a captcha image for a valid random name and refuses a bad one', async () => {
    const ok = await gw.app.inject({
      method: 'GET',
      url: '/gateway/blocOther/checkCode/createCode?channelType=1&randName=abcDEF1234&random=0.42',
    });
    expect(ok.headers['content-type']).toMatch(/image\/png/);
    expect(ok.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
    const bad = await gw.app.inject({
      method: 'GET',
      url: '/gateway/blocOther/checkCode/createCode?channelType=1&randName=x',
    });
    expect(bad.json().status).toBe(Status.business);
    const noChannel = await gw.app.inject({
      method: 'GET',
      url: '/gateway/blocOther/checkCode/createCode?randName=abcDEF1234',
    });
    expect(noChannel.json().status).toBe(Status.business);
  });

  it('stores analytics events and refuses malformed ones', async () => {
    const events = JSON.stringify([{ kind: 'page', page: '/legal/index', platform: 'PC', loginFlag: 1 }]);
    expect((await gw.call<{ stored: number }>('blocLegal/analytics/collect', { events })).data.stored).toBe(1);
    expect((await gw.call('blocLegal/analytics/collect', { events: '[{"kind":"evil"}]' })).status).toBe(
      Status.business,
    );
    expect((await gw.call('blocLegal/analytics/collect', { events: 'nope' })).status).toBe(Status.business);
  });
});
