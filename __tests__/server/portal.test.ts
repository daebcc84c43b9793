import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { firstHeading } from '@common/firstScreen';
import type { Locale } from '@common/i18n';
import { SESSION_COOKIE } from '@contract/cookies';
import { LOCALE_COOKIE } from '@contract/locale';
import { startGateway, type TestGateway } from './support/gateway';

let gw: TestGateway;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'mc-dist-'));
  fs.mkdirSync(path.join(dist, 'static/js'), { recursive: true });
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><!--PORTAL_CONFIG--><script defer src="/legal/static/js/main.0123456789.js" fetchpriority="high"></script></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dist, 'static/js/main.0123456789.js'), 'console.log("portal")');
  // What the build writes beside every hashed file: its brotli and gzip forms.
  const script = 'console.log("the portal, compressed by the build");'.repeat(40);
  fs.writeFileSync(path.join(dist, 'static/js/app.abcdef0123.js'), script);
  fs.writeFileSync(path.join(dist, 'static/js/app.abcdef0123.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(dist, 'static/js/app.abcdef0123.js.gz'), zlib.gzipSync(script));
  // The build's list of each page's chunks (webpack.config.js, PageManifestPlugin).
  fs.writeFileSync(
    path.join(dist, 'pages.json'),
    JSON.stringify({
      Home: ['static/js/1.aaaaaaaaaa.chunk.js', 'static/js/page-Home.bbbbbbbbbb.chunk.js'],
      LegalClaimList: ['static/js/page-LegalClaimList.cccccccccc.chunk.js'],
    }),
  );
  // The compiled gateway lives in dist/ too, and is none of the browser's business.
  fs.mkdirSync(path.join(dist, 'server'));
  fs.writeFileSync(path.join(dist, 'server/main.js'), 'module.exports = "the gateway"');
  gw = await startGateway({ DIST_DIR: dist, PORTAL_NAME: 'Test Portal <b>' });
});
afterAll(async () => {
  await gw.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('the icon of every page', () => {
  it.each(['/favicon.ico', '/favicon.svg'])('%s answers the insurer’s icon', async (url) => {
    const res = await gw.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.body).toContain('<svg');
  });
});

describe('serving the portal under the router base', () => {
  it('answers index.html for the base and any route below it, never cached, with the configuration', async () => {
    for (const url of ['/legal/', '/legal/index', '/legal/myclub/myScore?flag=legal&t=1']) {
      const res = await gw.app.inject({ method: 'GET', url });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('window.__PORTAL_CONFIG__=');
      expect(res.body).not.toContain('<!--PORTAL_CONFIG-->');
    }
  });

  it('escapes the configuration so that it cannot close the script', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/legal/index' });
    expect(res.body).toContain('Test Portal \\u003cb>');
    expect(res.body).not.toContain('Test Portal <b>');
  });

  it('gives the inline configuration script the nonce of the Content Security Policy', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/legal/index' });
    const nonce = /<script nonce="([^"]+)">/.exec(res.body)?.[1];
    expect(nonce).toBeTruthy();
    expect(res.headers['content-security-policy']).toContain(`'nonce-${nonce}'`);
    const again = await gw.app.inject({ method: 'GET', url: '/legal/index' });
    expect(/<script nonce="([^"]+)">/.exec(again.body)?.[1]).not.toBe(nonce);
  });

  it('caches hashed assets for a year', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/legal/static/js/main.0123456789.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves the brotli or gzip file the build wrote, as the browser accepts, still cached for a year', async () => {
    const url = '/legal/static/js/app.abcdef0123.js';
    const br = await gw.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('compressed by the build');
    const gz = await gw.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toContain('compressed by the build');
    const plain = await gw.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('compressed by the build');
  });

  it('never serves the compiled gateway that sits beside the portal in dist/', async () => {
    for (const url of ['/legal/server/main.js', '/legal/static/../server/main.js']) {
      const res = await gw.app.inject({ method: 'GET', url });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
      expect(res.body).not.toContain('the gateway');
    }
  });

  it('compresses JSON answers over 1 KB and leaves small ones as they are', async () => {
    const cookie = await gw.login('corp-hr');
    const menu = await gw.app.inject({
      method: 'POST',
      url: '/gateway/blocLegal/menu/getEcenterMenus',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', 'accept-encoding': 'gzip, br' },
      payload: 'channelType=1',
    });
    expect(menu.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(zlib.gunzipSync(menu.rawPayload).toString()) as { status: string; data: unknown[] };
    expect(body.status).toBe('SUC_0001');
    expect(Buffer.byteLength(JSON.stringify(body))).toBeGreaterThan(1024);
    const info = await gw.app.inject({
      method: 'GET',
      url: '/gateway/blocLegal/login/getLoginInfo?channelType=1',
      headers: { cookie, 'accept-encoding': 'gzip, br' },
    });
    expect(info.headers['content-encoding']).toBeUndefined();
    expect(info.json().status).toBe('SUC_0001');
  });

  it('preloads the chunks of the page a path shows, by the user’s menu, with index.html', async () => {
    const cookie = await gw.login('corp-hr');
    const preloaded = async (url: string, headers: Record<string, string> = { cookie }) => {
      const html = (await gw.app.inject({ method: 'GET', url, headers })).body;
      const links = [...html.matchAll(/<link rel="preload" as="script" href="([^"]+)" fetchpriority="low">/g)];
      // After the first load's scripts, at low priority: the browser asks for the frame's scripts first.
      for (const link of links) expect(link.index).toBeGreaterThan(html.indexOf('main.0123456789.js'));
      return links.map((m) => m[1]);
    };
    expect(await preloaded('/legal/index')).toEqual([
      '/legal/static/js/1.aaaaaaaaaa.chunk.js',
      '/legal/static/js/page-Home.bbbbbbbbbb.chunk.js',
    ]);
    expect(await preloaded('/legal/')).toHaveLength(2);
    expect(await preloaded('/legal/legalqueryListClaim?flag=legal&t=1')).toEqual([
      '/legal/static/js/page-LegalClaimList.cccccccccc.chunk.js',
    ]);
    expect(await preloaded('/legal/no-such-page')).toEqual([]);
    expect(await preloaded('/legal/index', {})).toEqual([]);
  });

  it('writes the heading of the page a path shows into the root, in the user’s language, before any script runs', async () => {
    const member = await gw.login('member-senior');
    const company = await gw.login('corp-hr');
    const heading = async (url: string, cookie?: string, locale?: string) => {
      const cookies = [cookie, locale && `${LOCALE_COOKIE}=${locale}`].filter(Boolean).join('; ');
      const res = await gw.app.inject({ method: 'GET', url, headers: cookies ? { cookie: cookies } : {} });
      expect(res.headers['cache-control']).toBe('no-store');
      const root = /<div id="root">(.*?)<\/div><\/body>/.exec(res.body)?.[1];
      return /<h3 class="mc-first-heading">([^<]*)<\/h3>/.exec(root ?? '')?.[1] ?? root;
    };
    const t = (page: string, audience: 'personal' | 'legal', locale: Locale) => {
      const text = firstHeading(page, audience, locale);
      expect(text).toEqual(expect.any(String));
      return text;
    };
    expect(await heading('/legal/index', member)).toBe(t('Home', 'personal', 'en-US'));
    expect(await heading('/legal/', member, 'zh-CN')).toBe(t('Home', 'personal', 'zh-CN'));
    expect(await heading('/legal/mypolicy/policyList?tab=1', member, 'zh-CN')).toBe(
      t('PersonalPolicyList', 'personal', 'zh-CN'),
    );
    expect(await heading('/legal/index', company)).toBe(t('Home', 'legal', 'en-US'));
    // A page without a heading to show first, a path no menu has, and nobody logged in: the empty root.
    expect(await heading('/legal/legalqueryListClaim?flag=legal&t=1', company)).toBe('');
    expect(await heading('/legal/no-such-page', member)).toBe('');
    expect(await heading('/legal/index')).toBe('');
  });

  it('writes the shell’s first answers into index.html (and the corporate home’s renewals): what the calls answer the same cookie, and nothing without one', async () => {
    const firstAnswers = async (cookie?: string) => {
      const html = (await gw.app.inject({ method: 'GET', url: '/legal/index', headers: cookie ? { cookie } : {} }))
        .body;
      const json = /window\.__FIRST_ANSWERS__=(.*?)<\/script>/.exec(html)?.[1];
      return json === undefined ? undefined : JSON.parse(json);
    };
    for (const username of ['corp-hr', 'member-senior']) {
      const cookie = await gw.login(username);
      const [loginInfo, menus, hideMenu] = await Promise.all([
        gw.call('blocLegal/login/getLoginInfo', {}, { cookie }),
        gw.call('blocLegal/menu/getEcenterMenus', {}, { cookie }),
        gw.call('blocLegal/menu/queryHideMyScore', {}, { cookie }),
      ]);
      const first = await firstAnswers(cookie);
      expect(first).toEqual({
        loginInfo: loginInfo.data,
        menus: menus.data,
        hideMenu: hideMenu.data,
        ...(username === 'corp-hr' ? { page: { groupRenewals: expect.any(Array) } } : {}),
      });
      if (username === 'corp-hr') {
        // the corporate home's renewal notice, as its own call answers it (in the reader's language)
        const renewals = await gw.call('blocLegal/legalPolicy/groupRenewals', {}, { cookie });
        expect(first.page.groupRenewals).toEqual(renewals.data);
        expect(first.page.groupRenewals.map((r: { policyNo: string }) => r.policyNo)).toContain('PGL26310100000610');
      }
    }
    expect(await firstAnswers()).toBeUndefined();
    expect(await firstAnswers(`${SESSION_COOKIE}=not-a-session`)).toBeUndefined();
    // only the home shows the renewals first: another page carries none of them
    const company = await gw.login('corp-hr');
    const claims = await gw.app.inject({
      method: 'GET',
      url: '/legal/legalqueryListClaim',
      headers: { cookie: company },
    });
    const claimsFirst = JSON.parse(/window\.__FIRST_ANSWERS__=(.*?)<\/script>/.exec(claims.body)?.[1] ?? '{}');
    expect(claimsFirst.loginInfo).toEqual(expect.any(Object));
    expect(claimsFirst.page).toBeUndefined();
  });

  it('writes a user’s name into index.html so that it can neither close the script nor act as a replacement pattern', async () => {
    const nickName = "</script><script>alert(1)</script>$'$&";
    await gw.app.services.db
      .updateTable('app_user')
      .set({ nick_name: nickName })
      .where('username', '=', 'member-basic')
      .execute();
    const cookie = await gw.login('member-basic');
    const html = (await gw.app.inject({ method: 'GET', url: '/legal/index', headers: { cookie } })).body;
    expect(html.match(/<script/g)).toHaveLength(2);
    const json = /window\.__FIRST_ANSWERS__=(.*?)<\/script>/.exec(html)?.[1] ?? '{}';
    expect(JSON.parse(json).loginInfo.nickName).toBe(nickName);
  });

  it('answers a real 404 for a missing asset, so that a failed chunk is noticed', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/legal/static/js/missing.abcdef0123.chunk.js' });
    expect(res.statusCode).toBe(404);
  });

  it('redirects the site root and the bare base to the portal', async () => {
    expect((await gw.app.inject({ method: 'GET', url: '/' })).headers.location).toBe('/legal/');
    expect((await gw.app.inject({ method: 'GET', url: '/legal' })).headers.location).toBe('/legal/');
  });
});

describe('a minified index.html without the configuration mark', () => {
  it('still gets the configuration, at the end of its head', async () => {
    const minified = fs.mkdtempSync(path.join(os.tmpdir(), 'mc-dist-'));
    fs.writeFileSync(
      path.join(minified, 'index.html'),
      '<!doctype html><html><head><title>x</title></head><body></body></html>',
    );
    const other = await startGateway({ DIST_DIR: minified });
    const res = await other.app.inject({ method: 'GET', url: '/legal/index' });
    expect(res.body).toMatch(/<script nonce="[^"]+">window\.__PORTAL_CONFIG__=.*<\/script><\/head>/);
    await other.close();
    fs.rmSync(minified, { recursive: true, force: true });
  });
});

describe('before the portal is built', () => {
  it('says how to build it instead of failing', async () => {
    const bare = await startGateway({ DIST_DIR: path.join(os.tmpdir(), 'mc-no-dist-here') });
    const res = await bare.app.inject({ method: 'GET', url: '/legal/index' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
    await bare.close();
  });
});
