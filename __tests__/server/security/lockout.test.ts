/**
 * Anyone could lock any user out with five wrong passwords, and the answer's time told which user
 * names exist (4.4 ms for unknown names against 52.8 ms for known ones). Failures are now counted per
 * user name and source together: past a few, the login page asks as well for a code sent by SMS to the
 * account's bound phone instead of locking the owner out, and unknown names cost the same scrypt as
 * known ones. (A picture asked there before was read by a script: a third of them at the first try.)
 */
import { FixedClock } from '@server/services/clock';
import { translate } from '@server/messages/catalogue';
import { DEMO_PASSWORD, startGateway, type TestGateway } from '../support/gateway';

let gw: TestGateway;
const clock = new FixedClock(new Date('2026-03-02T02:00:00Z'));

beforeAll(async () => {
  // The load balancer is the connection (127.0.0.1): sources are told by X-Forwarded-For.
  gw = await startGateway({ TRUST_PROXY: '127.0.0.1' }, { clock });
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

const en = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) =>
  translate('en-US', key, params).replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');

/** The text of the page's box with that id, or of the code field's error. */
const textOf = (page: string, id: string) =>
  new RegExp(`id="${id}">([^<]*)<`).exec(page)?.[1]?.replaceAll('&#39;', "'").replaceAll('&quot;', '"') ?? null;

const codeField = (page: string) => page.includes('data-testid="send-code"') && page.includes('name="code"');

const phoneOf = async (username: string) =>
  (
    await gw.app.services.db
      .selectFrom('app_user')
      .select(['id', 'phone'])
      .where('username', '=', username)
      .executeTakeFirstOrThrow()
  ).phone as string;

/** The codes the bound phone received for logging in, newest first. */
async function loginCodes(phone: string): Promise<string[]> {
  const rows = await gw.app.services.db
    .selectFrom('sms_outbox')
    .select('text')
    .where('phone', '=', phone)
    .where('purpose', '=', 'login')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => /\b(\d{6})\b/.exec(r.text)![1]!);
}

const failuresOf = async (username: string) =>
  (
    await gw.app.services.db
      .selectFrom('login_attempt')
      .select('id')
      .where('username', '=', username)
      .where('succeeded', '=', 0)
      .execute()
  ).length;

describe('a user name under attack', () => {
  it('lets the owner in from elsewhere after many wrong passwords from one source', async () => {
    for (let i = 0; i < 6; i++) await login('198.51.100.66', { username: 'member-senior', password: `guess-${i}` });
    const owner = await login('203.0.113.10', { username: 'member-senior', password: DEMO_PASSWORD });
    expect(owner.statusCode).toBe(303);
  });

  it('asks the attacking source for a code sent to the bound phone: without it even the right password is refused', async () => {
    const source = '198.51.100.77';
    const phone = await phoneOf('member-basic');
    expect(phone).toMatch(/^1\d{10}$/);
    for (let i = 0; i < 2; i++) {
      const page = await login(source, { username: 'member-basic', password: `guess-${i}` });
      expect(codeField(page.body)).toBe(false);
    }
    const third = await login(source, { username: 'member-basic', password: 'guess-3' });
    expect(codeField(third.body)).toBe(true);
    expect(third.body).toContain(en('login.codeHint'));
    expect(third.body).not.toContain('<img');

    const blind = await login(source, { username: 'member-basic', password: DEMO_PASSWORD });
    expect(blind.statusCode).toBe(200);
    expect(String(blind.headers['set-cookie'] ?? '')).not.toMatch(/MC_SESSION/);
    expect(textOf(blind.body, 'code-error')).toBe(translate('en-US', 'login.codeNeeded'));
    expect(await loginCodes(phone)).toEqual([]);

    // "Send code": the page says the one sentence, the bound phone receives a code.
    const sent = await login(source, { username: 'member-basic', action: 'send' });
    expect(textOf(sent.body, 'page-notice')).toBe(translate('en-US', 'login.codeSent', { account: 'member-basic' }));
    expect(codeField(sent.body)).toBe(true);
    const [code] = await loginCodes(phone);
    expect(code).toMatch(/^\d{6}$/);

    // A wrong code refuses the right password, and counts as a failure.
    const before = await failuresOf('member-basic');
    const wrong = await login(source, {
      username: 'member-basic',
      password: DEMO_PASSWORD,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(200);
    expect(textOf(wrong.body, 'code-error')).toBe(translate('en-US', 'login.codeWrong'));
    expect(wrong.body).toContain('aria-invalid="true"');
    expect(await failuresOf('member-basic')).toBe(before + 1);

    // The right code with the right password logs in.
    const owner = await login(source, { username: 'member-basic', password: DEMO_PASSWORD, code: code! });
    expect(owner.statusCode).toBe(303);
    expect(String(owner.headers['set-cookie'])).toMatch(/MC_SESSION=/);
  });

  it('takes a code once, and not after it expired', async () => {
    const source = '198.51.100.88';
    const phone = await phoneOf('member-basic');
    for (let i = 0; i < 3; i++) await login(source, { username: 'member-basic', password: `guess-${i}` });
    clock.advance(61_000);
    await login(source, { username: 'member-basic', action: 'send' });
    const [code] = await loginCodes(phone);
    // Right code, wrong password: the code is used up, the password refused.
    const wrongPassword = await login(source, { username: 'member-basic', password: 'not-it', code: code! });
    expect(textOf(wrongPassword.body, 'login-error')).toBe(translate('en-US', 'login.wrong'));
    expect(codeField(wrongPassword.body)).toBe(true);
    const again = await login(source, { username: 'member-basic', password: DEMO_PASSWORD, code: code! });
    expect(again.statusCode).toBe(200);
    expect(textOf(again.body, 'code-error')).toBe(translate('en-US', 'login.codeWrong'));

    // A new code a minute later, typed after its five minutes: refused.
    clock.advance(61_000);
    const sentBefore = (await loginCodes(phone)).length;
    await login(source, { username: 'member-basic', action: 'send' });
    const [fresh, ...earlier] = await loginCodes(phone);
    expect(earlier).toHaveLength(sentBefore);
    clock.advance(5 * 60_000 + 1_000);
    const late = await login(source, { username: 'member-basic', password: DEMO_PASSWORD, code: fresh! });
    expect(late.statusCode).toBe(200);
    expect(textOf(late.body, 'code-error')).toBe(translate('en-US', 'login.codeWrong'));
  });

  it('says the same whatever the name, sends nothing for a name that is no account, and throttles the codes', async () => {
    const source = '198.51.100.99';
    for (let i = 0; i < 10; i++) await login(source, { username: `nobody-${i}`, password: 'nope' });
    const outbox = async () => (await gw.app.services.db.selectFrom('sms_outbox').select('id').execute()).length;
    const sentBefore = await outbox();
    const unknown = await login(source, { username: 'nobody-at-all', action: 'send', flag: 'legal' });
    const known = await login(source, { username: 'corp-hr', action: 'send', flag: 'legal' });
    const same = (body: string, name: string) =>
      body.replaceAll(name, 'X').replace(/name="formToken" value="[^"]+"/, 'name="formToken"');
    expect(same(unknown.body, 'nobody-at-all')).toBe(same(known.body, 'corp-hr'));
    expect(await outbox()).toBe(sentBefore + 1);
    // The corporate account's code went to its administrator's phone.
    expect((await loginCodes(await phoneOf('corp-hr'))).length).toBe(1);
    // A cooldown says nothing either: the second ask within the minute sends nothing and reads the same.
    const soon = await login(source, { username: 'corp-hr', action: 'send', flag: 'legal' });
    expect(same(soon.body, 'corp-hr')).toBe(same(known.body, 'corp-hr'));
    expect(await outbox()).toBe(sentBefore + 1);
    // Asking for codes for many names from one source is refused past the limit, in the page.
    let refused = '';
    for (let i = 0; i < 30 && !refused; i++) {
      const page = await login(source, { username: `nobody-${i}`, action: 'send' });
      refused = textOf(page.body, 'code-error') ?? '';
    }
    expect(refused).toBe(translate('en-US', 'login.codeTooMany'));
  });

  it('sends no code to a login that does not need one', async () => {
    const phone = await phoneOf('member-senior');
    const before = (await loginCodes(phone)).length;
    const page = await login('203.0.113.55', { username: 'member-senior', action: 'send' });
    expect(codeField(page.body)).toBe(false);
    expect((await loginCodes(phone)).length).toBe(before);
  });

  it('asks every source for a code once a name has failed from many, and still locks nobody out', async () => {
    for (let i = 0; i < 10; i++) await login(`192.0.2.${i + 1}`, { username: 'corp-closing', password: 'nope' });
    const elsewhere = await login('192.0.2.200', { username: 'corp-closing', password: DEMO_PASSWORD, flag: 'legal' });
    expect(codeField(elsewhere.body)).toBe(true);
    clock.advance(61_000);
    await login('192.0.2.200', { username: 'corp-closing', action: 'send', flag: 'legal' });
    const [code] = await loginCodes(await phoneOf('corp-closing'));
    const owner = await login('192.0.2.200', {
      username: 'corp-closing',
      password: DEMO_PASSWORD,
      flag: 'legal',
      code: code!,
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
