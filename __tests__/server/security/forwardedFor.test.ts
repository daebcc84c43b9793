/**
 * Every per-client limit counted the address in X-Forwarded-For, which any client writes: changing the
 * header bypassed them all. The gateway believes the header only from the proxies TRUST_PROXY names.
 */
import { Status } from '@contract/envelope';
import { trustProxyOf } from '@server/config';
import { startGateway, type TestGateway } from '../support/gateway';

const picture = (gw: TestGateway, forwardedFor: string) =>
  gw.app.inject({
    method: 'GET',
    url: `/gateway/blocOther/checkCode/createCode?channelType=1&randName=rn${forwardedFor.replaceAll('.', '')}xx`,
    headers: { 'x-forwarded-for': forwardedFor },
  });

const failedLogin = (gw: TestGateway, forwardedFor: string) =>
  gw.app.inject({
    method: 'POST',
    url: '/idprovider/login',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-site': 'same-origin',
      'x-forwarded-for': forwardedFor,
    },
    payload: new URLSearchParams({ username: 'nobody-here', password: 'wrong', privacy: '1' }).toString(),
  });

const sources = async (gw: TestGateway) =>
  (
    await gw.app.services.db.selectFrom('login_attempt').select('ip').where('username', '=', 'nobody-here').execute()
  ).map((r) => r.ip);

describe('without TRUST_PROXY', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startGateway({ TRUST_PROXY: '' });
  });
  afterAll(() => gw.close());

  it('counts the connection’s address: a new X-Forwarded-For on every request does not reset the captcha limit', async () => {
    const answers = [];
    for (let i = 0; i < 31; i++) answers.push(await picture(gw, `198.51.100.${i + 1}`));
    expect(answers.slice(0, 30).every((a) => a.statusCode === 200 && a.headers['content-type'] === 'image/png')).toBe(
      true,
    );
    expect(answers[30].json()).toMatchObject({
      status: Status.business,
      statusText: expect.stringMatching(/Too many/),
    });
  });

  it('records failed logins under the connection’s address, whatever the header says', async () => {
    await failedLogin(gw, '203.0.113.7');
    await failedLogin(gw, '203.0.113.8');
    expect(await sources(gw)).toEqual(['127.0.0.1', '127.0.0.1']);
  });
});

describe('with TRUST_PROXY naming the load balancer', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startGateway({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => gw.close());

  it('reads the client’s address from the header the load balancer writes', async () => {
    await failedLogin(gw, '203.0.113.7');
    expect(await sources(gw)).toEqual(['203.0.113.7']);
    const answers = [];
    for (let i = 0; i < 31; i++) answers.push(await picture(gw, `198.51.100.${i + 1}`));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
  });
});

describe('TRUST_PROXY', () => {
  it('reads as nothing, everything, a hop count or a list of addresses and ranges', () => {
    expect(trustProxyOf(undefined)).toBe(false);
    expect(trustProxyOf('false')).toBe(false);
    expect(trustProxyOf('true')).toBe(true);
    expect(trustProxyOf('2')).toBe(2);
    expect(trustProxyOf('10.0.0.1, 10.1.0.0/16')).toEqual(['10.0.0.1', '10.1.0.0/16']);
  });
});
