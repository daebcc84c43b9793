/**
 * The identity provider's account pages: registration (mobile number, SMS code, password rules,
 * privacy consent) and password reset (SMS code to the bound mobile), throttled per name and source
 * in the database; the login page in both languages with its notices and the corporate tab kept.
 */
import { Status } from '@contract/envelope';
import { cookieHeader, startGateway, type TestGateway } from './support/gateway';

let gw: TestGateway;

beforeAll(async () => {
  // Sources are told by X-Forwarded-For (the load balancer is the connection), one per test.
  gw = await startGateway({ TRUST_PROXY: '127.0.0.1' });
});
afterAll(() => gw.close());

let sourceNo = 0;
const newSource = () => `198.51.100.${++sourceNo}`;
let mobileNo = 0;
/** A mobile number nobody has: 1370000xxxx. */
const newMobile = () => `1370000${String(++mobileNo).padStart(4, '0')}`;

const post = (url: string, form: Record<string, string>, source: string, headers: Record<string, string> = {}) =>
  gw.app.inject({
    method: 'POST',
    url,
    // A browser's own form: Sec-Fetch-Site says so (a request with neither it nor Origin needs the page's token).
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-site': 'same-origin',
      'x-forwarded-for': source,
      ...headers,
    },
    payload: new URLSearchParams(form).toString(),
  });

/** The text of the page's error box, or null. */
const errorOf = (body: string) => /<div class="error"[^>]*>([^<]*)<\/div>/.exec(body)?.[1] ?? null;
const noticeOf = (body: string) => /<div class="notice"[^>]*>([^<]*)<\/div>/.exec(body)?.[1] ?? null;

async function lastCode(phone: string): Promise<string | null> {
  const row = await gw.app.services.db
    .selectFrom('sms_outbox')
    .select('text')
    .where('phone', '=', phone)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? /\b(\d{6})\b/.exec(row.text)![1]! : null;
}

const outboxCount = async (phone: string) =>
  (await gw.app.services.db.selectFrom('sms_outbox').select('id').where('phone', '=', phone).execute()).length;

const userRow = (username: string) =>
  gw.app.services.db.selectFrom('app_user').selectAll().where('username', '=', username).executeTakeFirst();

const NEW_PASSWORD = 'Member2026ok';

async function sendRegistrationCode(mobile: string, source: string) {
  const page = await post('/idprovider/register', { action: 'send', mobile, privacy: '1' }, source);
  expect(errorOf(page.body)).toBeNull();
  return (await lastCode(mobile)) as string;
}

const register = (mobile: string, source: string, form: Record<string, string>) =>
  post(
    '/idprovider/register',
    { action: 'register', mobile, password: NEW_PASSWORD, confirm: NEW_PASSWORD, privacy: '1', ...form },
    source,
  );

describe('registration', () => {
  it('serves a page with the mobile number, Send code, code, password rules, confirmation and the privacy policy linked', async () => {
    const page = await gw.app.inject({ method: 'GET', url: '/idprovider/register' });
    expect(page.statusCode).toBe(200);
    for (const field of ['mobile', 'code', 'password', 'confirm', 'privacy'])
      expect(page.body).toContain(`name="${field}"`);
    expect(page.body).toContain('name="action" value="send"');
    expect(page.body).toContain('8 to 32 characters, letters and digits');
    expect(page.body).toMatch(/<a href="\/site\/privacy"[^>]*>privacy policy<\/a>/);
    expect(page.body).not.toContain('<script');
  });

  it('sends a code to the number, opens a personal account that logs in at once', async () => {
    const mobile = newMobile();
    const source = newSource();
    const sent = await post('/idprovider/register', { action: 'send', mobile }, source);
    expect(noticeOf(sent.body)).toBe(
      `A code has been sent to ${mobile.slice(0, 3)}****${mobile.slice(-4)}. It is valid for 5 minutes.`,
    );
    expect(sent.body).toContain(`value="${mobile}"`);
    const code = (await lastCode(mobile)) as string;
    expect(code).toMatch(/^\d{6}$/);

    const done = await register(mobile, source, { code });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/idprovider/login?reason=registered');
    const notice = await gw.app.inject({ method: 'GET', url: done.headers.location as string });
    expect(noticeOf(notice.body)).toBe('Your account is open. Log in with your mobile number and password.');

    const cookie = await gw.login(mobile, NEW_PASSWORD);
    const me = await gw.call<{ userName: string; legalFlag: number; userAnk: number }>(
      'blocLegal/login/getLoginInfo',
      {},
      { cookie },
    );
    expect(me.status).toBe(Status.ok);
    expect(me.data).toMatchObject({ userName: mobile, legalFlag: 2 });
    expect((await userRow(mobile))?.phone).toBe(mobile);
  });

  it('refuses a number that already has an account, before and after the code', async () => {
    const source = newSource();
    const taken = await post('/idprovider/register', { action: 'send', mobile: '13901728856' }, source);
    expect(errorOf(taken.body)).toBe(
      'This mobile number already has an account. Log in, or reset your password if you forgot it.',
    );
    expect(await outboxCount('13901728856')).toBe(0);

    const mobile = newMobile();
    const code = await sendRegistrationCode(mobile, source);
    expect((await register(mobile, source, { code })).statusCode).toBe(303);
    const again = await post('/idprovider/register', { action: 'send', mobile }, source);
    expect(errorOf(again.body)).toMatch(/already has an account/);
    const twice = await register(mobile, source, { code: '123456' });
    expect(twice.statusCode).toBe(200);
    expect(errorOf(twice.body)).toMatch(/already has an account/);
  });

  it('refuses a number that is not a mainland mobile, without sending anything', async () => {
    const page = await post('/idprovider/register', { action: 'send', mobile: '12345678901' }, newSource());
    expect(errorOf(page.body)).toBe('Enter a mainland China mobile number: 11 digits starting with 13 to 19.');
    expect(await outboxCount('12345678901')).toBe(0);
  });

  it('refuses a wrong code and an expired one, and opens no account', async () => {
    const mobile = newMobile();
    const source = newSource();
    const code = await sendRegistrationCode(mobile, source);
    const wrong = await register(mobile, source, { code: code === '000000' ? '111111' : '000000' });
    expect(errorOf(wrong.body)).toBe('The SMS code is wrong; 4 attempts left.');

    await gw.app.services.db
      .updateTable('signup_code')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('phone', '=', mobile)
      .execute();
    const expired = await register(mobile, source, { code });
    expect(errorOf(expired.body)).toMatch(/expired/);
    expect(await userRow(mobile)).toBeUndefined();
  });

  it('holds the password to the rules of the portal’s change-password, and the confirmation to the password', async () => {
    const mobile = newMobile();
    const source = newSource();
    const code = await sendRegistrationCode(mobile, source);
    const tries: Array<[string, string, string]> = [
      ['short1', 'short1', 'The new password must be 8 to 32 characters.'],
      ['lettersonly', 'lettersonly', 'The new password must contain both letters and digits.'],
      [`a${mobile}`, `a${mobile}`, 'The new password must not contain your user name.'],
      [NEW_PASSWORD, `${NEW_PASSWORD}x`, 'The two passwords are not the same.'],
    ];
    for (const [password, confirm, message] of tries) {
      const page = await register(mobile, source, { code, password, confirm });
      expect(errorOf(page.body)).toBe(message);
    }
    expect(await userRow(mobile)).toBeUndefined();
    // The code was not spent on the refusals.
    expect((await register(mobile, source, { code })).statusCode).toBe(303);
  });

  it('requires the privacy consent', async () => {
    const mobile = newMobile();
    const source = newSource();
    const code = await sendRegistrationCode(mobile, source);
    const page = await post(
      '/idprovider/register',
      { action: 'register', mobile, code, password: NEW_PASSWORD, confirm: NEW_PASSWORD },
      source,
    );
    expect(errorOf(page.body)).toBe('Please read and agree to the privacy policy to open an account.');
    expect(await userRow(mobile)).toBeUndefined();
  });

  it('throttles one number, and one source over many numbers, in the database', async () => {
    const mobile = newMobile();
    const source = newSource();
    for (let i = 0; i < 10; i++) await register(mobile, source, { code: '123456', privacy: '' });
    const refused = await post('/idprovider/register', { action: 'send', mobile }, newSource());
    expect(errorOf(refused.body)).toMatch(/^Too many requests/);
    expect(await outboxCount(mobile)).toBe(0);

    const busy = newSource();
    for (let i = 0; i < 30; i++) await register(newMobile(), busy, { code: '123456', privacy: '' });
    const fromBusy = await post('/idprovider/register', { action: 'send', mobile: newMobile() }, busy);
    expect(errorOf(fromBusy.body)).toMatch(/^Too many requests/);
    const elsewhere = await post('/idprovider/register', { action: 'send', mobile: newMobile() }, newSource());
    expect(errorOf(elsewhere.body)).toBeNull();
  });

  it('speaks Chinese when asked, and sends the code worded in Chinese', async () => {
    const mobile = newMobile();
    const page = await gw.app.inject({ method: 'GET', url: '/idprovider/register?lang=zh-CN' });
    expect(page.body).toContain('<html lang="zh-CN">');
    expect(page.body).toContain('发送验证码');
    expect(page.body).toContain('name="lang" value="zh-CN"');
    expect(String(page.headers['set-cookie'])).toMatch(/mc_locale=zh-CN/);
    const sent = await post('/idprovider/register', { action: 'send', mobile, lang: 'zh-CN' }, newSource());
    expect(noticeOf(sent.body)).toMatch(/^验证码已发送至/);
    const refused = await post('/idprovider/register', { action: 'register', mobile, lang: 'zh-CN' }, newSource());
    expect(errorOf(refused.body)).toBe('请阅读并同意隐私政策后注册。');
  });
});

describe('password reset', () => {
  const sendReset = (account: string, source: string, extra: Record<string, string> = {}) =>
    post('/idprovider/reset', { action: 'send', account, ...extra }, source);
  const reset = (account: string, code: string, source: string, password = NEW_PASSWORD) =>
    post('/idprovider/reset', { action: 'reset', account, code, password, confirm: password }, source);

  it('sends a code to the bound mobile, sets the new password, ends the old sessions; the new one logs in', async () => {
    const before = await gw.login('member-basic');
    const source = newSource();
    const page = await sendReset('member-basic', source);
    expect(noticeOf(page.body)).toMatch(
      /^If member-basic is an account with a bound mobile number, a code has been sent/,
    );
    expect(page.body).toContain('name="code"');
    const code = (await lastCode('13611935520')) as string;
    const done = await reset('member-basic', code, source);
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/idprovider/login?reason=reset');
    expect((await gw.call('blocLegal/login/getLoginInfo', {}, { cookie: before })).status).toBe(Status.notLoggedIn);
    await expect(gw.login('member-basic')).rejects.toThrow(/login of member-basic failed/);
    expect(await gw.login('member-basic', NEW_PASSWORD)).toMatch(/MC_SESSION=/);
  });

  it('finds the account by its bound mobile, and takes a corporate user back to the corporate tab', async () => {
    const source = newSource();
    await sendReset('13816620418', source, { flag: 'legal' });
    const code = (await lastCode('13816620418')) as string;
    const done = await post(
      '/idprovider/reset?flag=legal',
      { action: 'reset', account: '13816620418', code, password: NEW_PASSWORD, confirm: NEW_PASSWORD, flag: 'legal' },
      source,
    );
    expect(done.headers.location).toBe('/idprovider/login?flag=legal&reason=reset');
    const res = await post(
      '/idprovider/login',
      { username: 'corp-hr', password: NEW_PASSWORD, privacy: '1', flag: 'legal' },
      source,
    );
    expect(res.statusCode).toBe(303);
  });

  it('answers an unknown account exactly as a known one, and sends nothing', async () => {
    const known = await sendReset('corp-closing', newSource());
    const unknown = await sendReset('nobody-at-all', newSource());
    expect(unknown.statusCode).toBe(known.statusCode);
    // (Each page carries its own form token.)
    const same = (body: string, name: string) =>
      body.replaceAll(name, 'X').replace(/name="formToken" value="[^"]+"/, 'name="formToken"');
    expect(same(unknown.body, 'nobody-at-all')).toBe(same(known.body, 'corp-closing'));
    const sent = await gw.app.services.db
      .selectFrom('sms_outbox')
      .select('id')
      .where('purpose', '=', 'reset-password')
      .where('user_id', 'is', null)
      .execute();
    expect(sent).toEqual([]);
    // The code step refuses an unknown account in the words it uses for a wrong code.
    const unknownCode = await reset('nobody-at-all', '123456', newSource());
    expect(errorOf(unknownCode.body)).toBe('The code is not right or no longer valid. Check it, or ask for a new one.');
  });

  it('refuses a wrong code and keeps the old password', async () => {
    const source = newSource();
    await sendReset('corp-closing', source);
    const code = (await lastCode('13962155307')) as string;
    const wrong = await reset('corp-closing', code === '000000' ? '111111' : '000000', source);
    expect(wrong.statusCode).toBe(200);
    expect(errorOf(wrong.body)).toBe('The code is not right or no longer valid. Check it, or ask for a new one.');
    expect(wrong.body).toContain('name="account" value="corp-closing"');
    const weak = await reset('corp-closing', code, source, 'weak');
    expect(errorOf(weak.body)).toBe('The new password must be 8 to 32 characters.');
    await expect(gw.login('corp-closing')).resolves.toMatch(/MC_SESSION=/);
  });

  it('throttles one account, whatever names it (user name or bound mobile), and one source', async () => {
    const source = newSource();
    for (let i = 0; i < 5; i++) await reset('member-senior', '123456', source);
    for (let i = 0; i < 5; i++) await reset('13901728856', '123456', newSource());
    for (const name of ['member-senior', '13901728856']) {
      const refused = await sendReset(name, newSource());
      expect(errorOf(refused.body)).toMatch(/^Too many requests/);
    }
    expect(await outboxCount('13901728856')).toBe(0);

    const busy = newSource();
    for (let i = 0; i < 30; i++) await reset(`someone-${i}`, '123456', busy);
    expect(errorOf((await sendReset('anyone', busy)).body)).toMatch(/^Too many requests/);
  });
});

describe('the login page', () => {
  it('answers its own request limit with the page itself, in the page’s language', async () => {
    const source = newSource();
    for (let i = 0; i < 60; i++) await post('/idprovider/login', { username: 'nobody-here', password: 'x' }, source);
    const limited = await post(
      '/idprovider/login?flag=legal',
      { username: 'nobody-here', password: 'x', lang: 'zh-CN' },
      source,
      {
        'accept-language': 'zh-CN',
      },
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toMatch(/^text\/html/);
    expect(limited.body).toContain('<html lang="zh-CN">');
    expect(limited.body).toContain('action="/idprovider/login?flag=legal"');
    expect(errorOf(limited.body)).toBe('短时间内请求过于频繁，请稍等一分钟再试。');
    const elsewhere = await post('/idprovider/login', { username: 'nobody-here', password: 'x' }, newSource());
    expect(elsewhere.statusCode).toBe(200);
  });

  it('keeps the corporate tab (flag=legal) after a wrong password', async () => {
    const res = await post(
      '/idprovider/login?flag=legal',
      { username: 'corp-hr', password: 'wrong-one-1', privacy: '1', flag: 'legal' },
      newSource(),
    );
    expect(errorOf(res.body)).toBe('Wrong user name or password.');
    expect(res.body).toContain('action="/idprovider/login?flag=legal"');
    expect(res.body).toMatch(/class="tab active"[^>]*data-tab="corporate"/);
    const page = await gw.app.inject({ method: 'GET', url: '/idprovider/login?flag=legal' });
    expect(page.body).toContain('action="/idprovider/login?flag=legal"');
    expect(page.body).toContain('href="/idprovider/reset?flag=legal"');
  });

  it('links the privacy policy, password reset and registration', async () => {
    const page = await gw.app.inject({ method: 'GET', url: '/idprovider/login' });
    expect(page.body).toMatch(/<a href="\/site\/privacy"[^>]*>privacy policy<\/a>/);
    expect(page.body).toContain('href="/idprovider/reset"');
    expect(page.body).toContain('href="/idprovider/register"');
  });

  it('says why it was opened, in the page’s language', async () => {
    const notice = async (query: string, headers: Record<string, string> = {}) =>
      noticeOf((await gw.app.inject({ method: 'GET', url: `/idprovider/login?${query}`, headers })).body);
    expect(await notice('reason=expired')).toBe('Your session has expired, please log in again.');
    expect(await notice('reason=expired&lang=zh-CN')).toBe('您的登录已过期，请重新登录。');
    expect(await notice('reason=logout')).toBe('exit succeeded');
    expect(await notice('reason=logout', { cookie: 'mc_locale=zh-CN' })).toBe('退出成功');
    expect(await notice('flag=legal&reason=authClosed', { 'accept-language': 'zh-CN,zh;q=0.9' })).toBe(
      '隐私授权已关闭。',
    );
    expect(await notice('reason=<script>')).toBeNull();
  });

  it('is in Chinese with a link back to English, and answers a Chinese form in Chinese', async () => {
    const page = await gw.app.inject({ method: 'GET', url: '/idprovider/login?flag=legal&lang=zh-CN' });
    expect(page.body).toContain('<html lang="zh-CN">');
    expect(page.body).toContain('企业用户登录');
    expect(page.body).toContain('href="/idprovider/login?flag=legal&amp;lang=en-US"');
    const res = await post(
      '/idprovider/login',
      { username: 'member-senior', password: 'nope-nope-1', privacy: '1', lang: 'zh-CN' },
      newSource(),
    );
    expect(errorOf(res.body)).toBe('用户名或密码错误。');
    expect(cookieHeader(res.headers['set-cookie'])).not.toMatch(/MC_SESSION/);
  });
});
