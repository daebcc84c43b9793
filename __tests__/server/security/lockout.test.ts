/**
 * Anyone could lock any user out with five wrong passwords, and the answer's time told which user
 * names exist (4.4 ms for unknown names against 52.8 ms for known ones). Failures are now counted per
 * user name and source together: past a few, the login page asks for a picture check instead of
 * locking the owner out, and unknown names cost the same scrypt as known ones.
 */
import { Captcha } from '@server/services/captcha';
import { DEMO_PASSWORD, startGateway, type TestGateway } from '../support/gateway';

let gw: TestGateway;
const PICTURE_TEXT = 'KP7MX';

beforeAll(async () => {
  // The load balancer is the connection (127.0.0.1): sources are told by X-Forwarded-For.
  gw = await startGateway({ TRUST_PROXY: '127.0.0.1' });
  gw.app.services.captcha = new Captcha(gw.app.services.db, () => PICTURE_TEXT);
});
afterAll(() => gw.close());

const login = (source: string, form: Record<string, string>) =>
  gw.app.inject({
    method: 'POST',
    url: '/idprovider/login',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-site': 'same-origin',
      'x-forwarded-for': source,
    },
    payload: new URLSearchParams({ privacy: '1', ...form }).toString(),
  });

/** The picture the login page shows: its random name, after loading it as the browser would. */
async function pictureOf(page: string): Promise<string> {
  const src = /data-testid="login-picture"/.test(page) ? /<img src="([^"]+)"/.exec(page)?.[1] : undefined;
  if (!src) throw new Error('the login page shows no picture');
  const url = src.replaceAll('&amp;', '&');
  const image = await gw.app.inject({ method: 'GET', url });
  expect(image.headers['content-type']).toBe('image/png');
  return new URL(url, 'http://localhost').searchParams.get('randName') as string;
}

describe('a user name under attack', () => {
  it('lets the owner in from elsewhere after many wrong passwords from one source', async () => {
    for (let i = 0; i < 6; i++) await login('198.51.100.66', { username: 'member-senior', password: `guess-${i}` });
    const owner = await login('203.0.113.10', { username: 'member-senior', password: DEMO_PASSWORD });
    expect(owner.statusCode).toBe(303);
  });

  it('asks the attacking source for a picture: without it even the right password is refused, with it the owner gets in', async () => {
    const source = '198.51.100.77';
    for (let i = 0; i < 2; i++) {
      const page = await login(source, { username: 'member-basic', password: `guess-${i}` });
      expect(page.body).not.toContain('login-picture');
    }
    const third = await login(source, { username: 'member-basic', password: 'guess-3' });
    expect(third.body).toContain('login-picture');

    const blind = await login(source, { username: 'member-basic', password: DEMO_PASSWORD });
    expect(blind.statusCode).toBe(200);
    expect(blind.body).toContain('For your security, also enter the characters shown in the picture.');
    const wrongPicture = await login(source, {
      username: 'member-basic',
      password: DEMO_PASSWORD,
      randName: await pictureOf(blind.body),
      captcha: 'WRONG',
    });
    expect(wrongPicture.body).toContain('The characters do not match the picture');

    const randName = await pictureOf(wrongPicture.body);
    const owner = await login(source, {
      username: 'member-basic',
      password: DEMO_PASSWORD,
      randName,
      captcha: PICTURE_TEXT.toLowerCase(),
    });
    expect(owner.statusCode).toBe(303);
  });

  it('asks every source for a picture once a name has failed from many, and still locks nobody out', async () => {
    for (let i = 0; i < 10; i++) await login(`192.0.2.${i + 1}`, { username: 'corp-closing', password: 'nope' });
    const elsewhere = await login('192.0.2.200', { username: 'corp-closing', password: DEMO_PASSWORD, flag: 'legal' });
    expect(elsewhere.body).toContain('login-picture');
    const randName = await pictureOf(elsewhere.body);
    const owner = await login('192.0.2.200', {
      username: 'corp-closing',
      password: DEMO_PASSWORD,
      flag: 'legal',
      randName,
      captcha: PICTURE_TEXT,
    });
    expect(owner.statusCode).toBe(303);
  });
});

describe('the answer’s time', () => {
  it('is the same for a name that does not exist and for a known name with a wrong password', async () => {
    const time = async (username: string, source: string) => {
      const start = process.hrtime.bigint();
      const res = await login(source, { username, password: 'not-the-password' });
      expect(res.body).toContain('Wrong user name or password.');
      return Number(process.hrtime.bigint() - start) / 1e6;
    };
    const unknown: number[] = [];
    const known: number[] = [];
    for (let i = 0; i < 7; i++) {
      unknown.push(await time(`no-such-user-${i}`, `10.9.${i}.1`));
      known.push(await time('corp-hr', `10.8.${i}.1`));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    // Both pay one scrypt (tens of milliseconds); without it an unknown name answers several times faster.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.6);
  });
});
