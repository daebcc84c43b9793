/**
 * Cross-site request forgery: SameSite=Lax cookies reach a page on another port of the same host
 * ("same site"), and a login form posted from any site switched a logged-in member into another
 * account. Every request that changes something, logins and logouts included, must come from the
 * member center's own origin (Sec-Fetch-Site, else Origin); otherwise it is refused in the user's
 * language and nothing happens.
 */
import { Status } from '@contract/envelope';
import { callPath } from '@contract/calls';
import { DEMO_PASSWORD, cookieHeader, startGateway, type TestGateway } from '../support/gateway';

let gw: TestGateway;
let member: string;
const HOST = '127.0.0.1:8080';
/** A page on another port of the same host: same site, another origin. */
const sameSite = { host: HOST, origin: 'http://127.0.0.1:9999', 'sec-fetch-site': 'same-site' };
/** An older browser that sends only Origin. */
const otherOrigin = { host: HOST, origin: 'http://127.0.0.1:9999' };
const own = { host: HOST, origin: `http://${HOST}`, 'sec-fetch-site': 'same-origin' };

beforeAll(async () => {
  gw = await startGateway();
  member = await gw.login('member-senior');
});
afterAll(() => gw.close());

const nickname = async () =>
  (
    await gw.app.services.db
      .selectFrom('app_user')
      .select('nick_name')
      .where('username', '=', 'member-senior')
      .executeTakeFirstOrThrow()
  ).nick_name;

describe('requests from another origin', () => {
  it.each([
    ['Sec-Fetch-Site', sameSite],
    ['Origin', otherOrigin],
  ])('refuses a change of nickname told by %s, and changes nothing', async (_how, headers) => {
    const before = await nickname();
    const res = await gw.raw(
      'blocLegal/profile/updatePersonalInfo',
      { nickName: 'pwned' },
      { cookie: member, headers },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      status: Status.business,
      statusText:
        'This request came from another website and was refused; nothing was done. Open the member center itself and try again.',
    });
    expect(await nickname()).toBe(before);
  });

  it('refuses filing a complaint and logging out, and the session lives on', async () => {
    const hr = await gw.login('corp-hr');
    const count = async () =>
      Number(
        (
          await gw.app.services.db
            .selectFrom('opinion')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const filed = await gw.raw(
      'blocLegal/opinions/updateOpinions',
      { kind: 'complaint', typeCode: 'claim', content: 'forged' },
      { cookie: hr, headers: sameSite },
    );
    expect(filed.statusCode).toBe(403);
    expect(await count()).toBe(before);

    expect((await gw.raw('blocLegal/login/logout', {}, { cookie: hr, headers: sameSite })).statusCode).toBe(403);
    const away = await gw.app.inject({
      method: 'GET',
      url: '/idprovider/logout',
      headers: { cookie: hr, 'sec-fetch-site': 'cross-site' },
    });
    expect(away.statusCode).toBe(403);
    expect(away.body).toContain('came from another website');
    expect((await gw.call('blocLegal/login/getLoginInfo', {}, { cookie: hr })).status).toBe(Status.ok);
  });

  it('refuses a login form posted from another site: the member stays logged in as themselves', async () => {
    const res = await gw.app.inject({
      method: 'POST',
      url: '/idprovider/login',
      headers: { ...sameSite, 'content-type': 'application/x-www-form-urlencoded', cookie: member },
      payload: new URLSearchParams({ username: 'member-basic', password: DEMO_PASSWORD, privacy: '1' }).toString(),
    });
    expect(res.statusCode).toBe(403);
    expect(cookieHeader(res.headers['set-cookie'])).toBe('');
    const me = await gw.call<{ userName: string }>('blocLegal/login/getLoginInfo', {}, { cookie: member });
    expect(me.data.userName).toBe('member-senior');
  });

  it('says so in the user’s language', async () => {
    const res = await gw.raw(
      'blocLegal/profile/updatePersonalInfo',
      { nickName: 'pwned' },
      { cookie: member, headers: { ...sameSite, 'accept-language': 'zh-CN' } },
    );
    expect(res.json().statusText).toBe('该请求来自其他网站，已被拒绝，未作任何处理。请直接打开会员中心后重试。');
  });
});

describe('requests from the member center itself', () => {
  it('accepts changes, logins and logouts from its own origin, and requests that carry neither header', async () => {
    const res = await gw.raw(
      'blocLegal/profile/updatePersonalInfo',
      { nickName: '文静' },
      { cookie: member, headers: own },
    );
    expect(res.json().status).toBe(Status.ok);
    const byOrigin = await gw.raw(
      'blocLegal/profile/updatePersonalInfo',
      { nickName: '静' },
      { cookie: member, headers: { host: HOST, origin: `http://${HOST}` } },
    );
    expect(byOrigin.json().status).toBe(Status.ok);
    const login = await gw.app.inject({
      method: 'POST',
      url: '/idprovider/login',
      headers: { ...own, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: 'member-basic', password: DEMO_PASSWORD, privacy: '1' }).toString(),
    });
    expect(login.statusCode).toBe(303);
    const basic = cookieHeader(login.headers['set-cookie']);
    const out = await gw.app.inject({
      method: 'GET',
      url: '/idprovider/logout',
      headers: { cookie: basic, 'sec-fetch-site': 'same-origin' },
    });
    expect(out.statusCode).toBe(303);
    // A payment provider's notification comes from no browser: neither header, nothing refused for it.
    const notify = await gw.app.inject({
      method: 'POST',
      url: callPath('blocLegal/correctInsured/InsuredPayNotify', gw.config.portal.gatewayPrefix),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'channelType=1',
    });
    expect(notify.statusCode).toBe(200);
  });
});

describe('requests that say neither Sec-Fetch-Site nor Origin', () => {
  /** An older browser, or a privacy setting, that names only the page the request came from. */
  const foreignReferer = { host: HOST, referer: 'http://evil.example/prize.html' };

  it('are refused with another site’s Referer: no nickname change, no login, no logout', async () => {
    const before = await nickname();
    const changed = await gw.raw(
      'blocLegal/profile/updatePersonalInfo',
      { nickName: 'pwned' },
      { cookie: member, headers: foreignReferer },
    );
    expect(changed.statusCode).toBe(403);
    expect(await nickname()).toBe(before);

    const login = await gw.app.inject({
      method: 'POST',
      url: '/idprovider/login',
      headers: { ...foreignReferer, 'content-type': 'application/x-www-form-urlencoded', cookie: member },
      payload: new URLSearchParams({ username: 'member-basic', password: DEMO_PASSWORD, privacy: '1' }).toString(),
    });
    expect(login.statusCode).toBe(403);
    expect(cookieHeader(login.headers['set-cookie'])).toBe('');

    const out = await gw.app.inject({
      method: 'GET',
      url: '/idprovider/logout',
      headers: { ...foreignReferer, cookie: member },
    });
    expect(out.statusCode).toBe(403);
    expect((await gw.call('blocLegal/login/getLoginInfo', {}, { cookie: member })).status).toBe(Status.ok);
  });

  it('pass on calls with the member center’s own Referer', async () => {
    const res = await gw.raw(
      'blocLegal/profile/updatePersonalInfo',
      { nickName: '静文' },
      { cookie: member, headers: { host: HOST, referer: `http://${HOST}/legal/myprofile/personalInfo` } },
    );
    expect(res.json().status).toBe(Status.ok);
  });

  it('are refused on the identity pages’ forms unless they carry the page’s own form token', async () => {
    const form = { username: 'member-basic', password: DEMO_PASSWORD, privacy: '1' };
    const post = (headers: Record<string, string>, extra: Record<string, string> = {}) =>
      gw.app.inject({
        method: 'POST',
        url: '/idprovider/login',
        headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: new URLSearchParams({ ...form, ...extra }).toString(),
      });
    const bare = await post({});
    expect(bare.statusCode).toBe(403);
    expect(cookieHeader(bare.headers['set-cookie'])).not.toMatch(/MC_SESSION/);
    const ownReferer = await post({ referer: `http://${HOST}/idprovider/login` });
    expect(ownReferer.statusCode).toBe(403);
    for (const url of ['/idprovider/register', '/idprovider/reset']) {
      const res = await gw.app.inject({
        method: 'POST',
        url,
        headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ action: 'send', mobile: '13700009999', account: 'member-basic' }).toString(),
      });
      expect(res.statusCode).toBe(403);
    }

    // The page's own form: the token in a hidden field and in the page's cookie.
    const page = await gw.app.inject({ method: 'GET', url: '/idprovider/login', headers: { host: HOST } });
    const token = /name="formToken" value="([^"]+)"/.exec(page.body)?.[1];
    expect(token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const pageCookie = cookieHeader(page.headers['set-cookie']);
    expect(pageCookie).toContain(token as string);
    const forged = await post({ cookie: 'mc_form=somethingelse0123456789ab' }, { formToken: token as string });
    expect(forged.statusCode).toBe(403);
    const noCookie = await post({}, { formToken: token as string });
    expect(noCookie.statusCode).toBe(403);
    const own = await post({ cookie: pageCookie }, { formToken: token as string });
    expect(own.statusCode).toBe(303);
    expect(cookieHeader(own.headers['set-cookie'])).toMatch(/MC_SESSION=/);
  });
});
