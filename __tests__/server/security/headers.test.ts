/**
 * Answers told browsers and proxies too little: no Strict-Transport-Security or Permissions-Policy
 * behind HTTPS (SECURE_COOKIES), API answers cacheable, and a request whose address was too long
 * for the HTTP parser answered Fastify's bare 431 instead of the envelope the portal reads.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Status } from '@contract/envelope';
import { startGateway, type TestGateway } from '../support/gateway';

describe('behind HTTPS (SECURE_COOKIES)', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startGateway({ SECURE_COOKIES: 'true' });
  });
  afterAll(() => gw.close());

  it('sends Strict-Transport-Security and Permissions-Policy on every answer', async () => {
    for (const res of [
      await gw.raw('blocLegal/login/getLoginInfo'),
      await gw.app.inject({ method: 'GET', url: '/idprovider/login' }),
    ]) {
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
      expect(res.headers['permissions-policy']).toMatch(/camera=\(\)/);
      expect(res.headers['permissions-policy']).toMatch(/geolocation=\(\)/);
    }
  });
});

describe('API answers', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startGateway();
  });
  afterAll(() => gw.close());

  it('are never stored by a cache: answers, refusals, unknown calls and unreadable requests alike', async () => {
    const cookie = await gw.login('corp-hr');
    const answers = [
      await gw.raw('blocLegal/login/getLoginInfo', {}, { cookie }),
      await gw.raw('blocLegal/menu/getEcenterMenus', {}, { cookie }),
      await gw.raw('blocLegal/common/getAreaInfo', { parentCode: 'abc' }, { cookie }),
      await gw.raw('blocLegal/login/getLoginInfo'),
      await gw.app.inject({ method: 'POST', url: '/gateway/blocLegal/no/such', payload: 'channelType=1' }),
      await gw.app.inject({
        method: 'POST',
        url: '/gateway/blocLegal/login/logout',
        headers: { 'content-type': 'application/json' },
        payload: '{',
      }),
    ];
    for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers an address too long for the HTTP parser with the envelope, in the user’s language', async () => {
    await gw.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = gw.app.server.address() as AddressInfo;
    const ask = (headers: Record<string, string>) =>
      new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            path: `/gateway/blocLegal/login/getLoginInfo?channelType=1&q=${'x'.repeat(40_000)}`,
            headers,
          },
          (res) => {
            let body = '';
            res.on('data', (chunk) => (body += chunk));
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }),
            );
          },
        );
        req.on('error', reject);
        req.end();
      });
    const english = await ask({});
    expect(english.status).toBe(200);
    expect(english.type).toMatch(/application\/json/);
    expect(JSON.parse(english.body)).toEqual({
      status: Status.business,
      statusText: 'The address of this request is too long; nothing was done.',
      data: null,
    });
    const chinese = await ask({ cookie: 'mc_locale=zh-CN' });
    expect(JSON.parse(chinese.body).statusText).toBe('请求地址过长，未作任何处理。');
  });
});
