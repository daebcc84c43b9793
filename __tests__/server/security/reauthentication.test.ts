/**
 * What takes an account needs more than a live session. Found on the gateway as it was: with only
 * member-basic's session cookie, sendMsg/sendSms and checkSms (purpose bind-phone) bound a new number
 * without the password, a password reset then sent its code to that number and replaced the password
 * (the account taken for good, the old phone told nothing); and after changeLegalAccount the old
 * administrator's other session stayed valid and the old password still logged in.
 *
 * Now binding a phone, changing the e-mail, changing the administrator and cancelling an account need
 * the session to have proved its user within the last five minutes (the login, the password asked again,
 * or a code to the bound phone) on the gateway's clock; the old phone is told of a new one; a reset
 * within seven days of a phone bound in the personal centre sends its code to the phone bound before;
 * an administrator change ends every session of the account and retires its password.
 */
import { Status, type Envelope } from '@contract/envelope';
import type { Locale } from '@common/i18n';
import { translate } from '@server/messages/catalogue';
import { FixedClock } from '@server/services/clock';
import { cookieHeader, DEMO_PASSWORD, startGateway, type TestGateway } from '../support/gateway';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const MEMBER_PHONE = '13611935520';
const NEW_PHONE = '13755550101';
const HR_PHONE = '13816620418';
const NEW_ADMIN_PHONE = '13755550202';

let gw: TestGateway;
const clock = new FixedClock(new Date('2026-11-20T02:00:00.000Z'));

beforeAll(async () => {
  gw = await startGateway({}, { clock });
});
afterAll(() => gw?.close());

const db = () => gw.app.services.db;
const text = (locale: Locale, key: Parameters<typeof translate>[1], params = {}) => translate(locale, key, params);
const needed = (locale: Locale) => text(locale, 'reauth.needed', { minutes: 5 });

/** Logs in on the identity page in a language; answers the cookie, or null when refused. */
async function logIn(username: string, password = DEMO_PASSWORD, lang: Locale = 'en-US'): Promise<string | null> {
  const user = await db()
    .selectFrom('app_user')
    .select('legal_flag')
    .where('username', '=', username)
    .executeTakeFirst();
  const res = await gw.app.inject({
    method: 'POST',
    url: '/idprovider/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    payload: new URLSearchParams({
      username,
      password,
      privacy: '1',
      lang,
      flag: user?.legal_flag === 1 ? 'legal' : '',
    }).toString(),
  });
  return res.statusCode === 303 ? cookieHeader(res.headers['set-cookie']) : null;
}

/** A step of the password reset page. */
const reset = (values: Record<string, string>) =>
  gw.app.inject({
    method: 'POST',
    url: '/idprovider/reset',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    payload: new URLSearchParams(values).toString(),
  });

/** The messages sent to a phone, oldest first. */
const outbox = (phone: string) =>
  db().selectFrom('sms_outbox').select(['purpose', 'text']).where('phone', '=', phone).orderBy('id').execute();

/** The code of the latest message of a purpose sent to a phone. */
async function codeSentTo(phone: string, purpose: string): Promise<string> {
  const messages = (await outbox(phone)).filter((m) => m.purpose === purpose);
  const match = messages.at(-1)?.text.match(/\b(\d{6})\b/);
  if (!match) throw new Error(`no ${purpose} code sent to ${phone}`);
  return match[1]!;
}

const phoneOf = async (username: string) =>
  (await db().selectFrom('app_user').select('phone').where('username', '=', username).executeTakeFirstOrThrow()).phone;

const refusedForReauth = (answer: Envelope, locale: Locale = 'en-US') =>
  expect(answer).toMatchObject({ status: Status.business, statusText: needed(locale), data: { reauthenticate: true } });

describe('a live personal session alone (the finding)', () => {
  it('cannot bind a new phone, and the reset that followed goes to the phone the owner holds', async () => {
    const stolen = (await logIn('member-basic'))!;
    clock.advance(6 * MINUTE);

    refusedForReauth(
      await gw.call('blocLegal/sendMsg/sendSms', { purpose: 'bind-phone', phone: NEW_PHONE }, { cookie: stolen }),
    );
    refusedForReauth(
      await gw.call(
        'blocLegal/sendMsg/sendSms',
        { purpose: 'bind-phone', phone: NEW_PHONE },
        { cookie: stolen, headers: { 'accept-language': 'zh-CN' } },
      ),
      'zh-CN',
    );
    expect(await outbox(NEW_PHONE)).toEqual([]);
    refusedForReauth(
      await gw.call(
        'blocLegal/sendMsg/checkSms',
        { purpose: 'bind-phone', code: '123456', phone: NEW_PHONE },
        { cookie: stolen },
      ),
    );
    refusedForReauth(
      await gw.call('blocLegal/profile/changePhone', { newPhone: NEW_PHONE, code: '123456' }, { cookie: stolen }),
    );
    expect(await phoneOf('member-basic')).toBe(MEMBER_PHONE);

    // The reset asked by the new number finds no account; asked by name, its code goes to the owner's phone.
    await reset({ action: 'send', account: NEW_PHONE });
    await reset({ action: 'send', account: 'member-basic' });
    expect(await outbox(NEW_PHONE)).toEqual([]);
    const code = await codeSentTo(MEMBER_PHONE, 'reset-password');
    expect(code).toMatch(/^\d{6}$/);
    expect(await logIn('member-basic')).not.toBeNull();
  });

  it('asks for the password: a wrong one is refused and changes nothing, the right one lasts five minutes', async () => {
    // The owner logs in in Chinese: the account's language from now on.
    const member = (await logIn('member-basic', DEMO_PASSWORD, 'zh-CN'))!;
    clock.advance(6 * MINUTE);
    const wrong = await gw.call('blocLegal/login/reauthenticate', { password: 'Wrong@2026' }, { cookie: member });
    expect(wrong).toMatchObject({ status: Status.business, statusText: text('en-US', 'reauth.wrongPassword') });
    const nothing = await gw.call('blocLegal/login/reauthenticate', {}, { cookie: member });
    expect(nothing.statusText).toBe(text('en-US', 'reauth.enterOne'));
    refusedForReauth(
      await gw.call('blocLegal/sendMsg/sendSms', { purpose: 'bind-phone', phone: NEW_PHONE }, { cookie: member }),
    );

    const right = await gw.call('blocLegal/login/reauthenticate', { password: DEMO_PASSWORD }, { cookie: member });
    expect(right).toMatchObject({ status: Status.ok, data: { validForSeconds: 300 } });
    clock.advance(4 * MINUTE);
    const sent = await gw.call(
      'blocLegal/sendMsg/sendSms',
      { purpose: 'bind-phone', phone: NEW_PHONE },
      { cookie: member },
    );
    expect(sent.status).toBe(Status.ok);
    clock.advance(1 * MINUTE + 1000);
    // Past the five minutes the code that came back is not used up: the step is refused before it.
    const code = await codeSentTo(NEW_PHONE, 'bind-phone');
    refusedForReauth(
      await gw.call(
        'blocLegal/sendMsg/checkSms',
        { purpose: 'bind-phone', code, phone: NEW_PHONE },
        { cookie: member },
      ),
    );
    expect(await phoneOf('member-basic')).toBe(MEMBER_PHONE);
    await gw.call('blocLegal/login/reauthenticate', { password: DEMO_PASSWORD }, { cookie: member });
    const bound = await gw.call(
      'blocLegal/sendMsg/checkSms',
      { purpose: 'bind-phone', code, phone: NEW_PHONE },
      { cookie: member },
    );
    expect(bound.status).toBe(Status.ok);
    expect(await phoneOf('member-basic')).toBe(NEW_PHONE);
  });

  it('tells the old phone, in the account’s language, and sends a reset’s code there for seven days', async () => {
    const told = (await outbox(MEMBER_PHONE)).filter((m) => m.purpose === 'phone-changed');
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('137****0101');
    expect(told[0]!.text).toContain('【会员中心】');

    // A reset now: the new phone is told it is held, the code goes to the old phone.
    clock.advance(2 * MINUTE);
    const before = (await outbox(NEW_PHONE)).length;
    await reset({ action: 'send', account: NEW_PHONE });
    const toNew = (await outbox(NEW_PHONE)).slice(before);
    expect(toNew.map((m) => m.purpose)).toEqual(['reset-held']);
    expect(toNew[0]!.text).not.toMatch(/\b\d{6}\b/);
    const code = await codeSentTo(MEMBER_PHONE, 'reset-password');
    const done = await reset({
      action: 'reset',
      account: NEW_PHONE,
      code,
      password: 'Owner2026ok',
      confirm: 'Owner2026ok',
    });
    expect(done.statusCode).toBe(303);
    expect(await logIn('member-basic', 'Owner2026ok')).not.toBeNull();

    // Seven days on, the new phone takes resets.
    clock.advance(7 * DAY + MINUTE);
    const atHoldEnd = (await outbox(NEW_PHONE)).length;
    await reset({ action: 'send', account: 'member-basic' });
    expect((await outbox(NEW_PHONE)).slice(atHoldEnd).map((m) => m.purpose)).toEqual(['reset-password']);
  });

  it('takes a code sent to the bound phone instead of the password', async () => {
    const member = (await logIn('member-basic', 'Owner2026ok'))!;
    clock.advance(6 * MINUTE);
    expect(
      (await gw.call('blocLegal/sendMsg/sendSms', { purpose: 'verify-identity' }, { cookie: member })).status,
    ).toBe(Status.ok);
    const code = await codeSentTo(NEW_PHONE, 'verify-identity');
    const proved = await gw.call('blocLegal/login/reauthenticate', { code }, { cookie: member });
    expect(proved).toMatchObject({ status: Status.ok, data: { validForSeconds: 300 } });
    const again = await gw.call('blocLegal/login/reauthenticate', { code }, { cookie: member });
    expect(again.status).toBe(Status.business);
  });

  it('asks before a new e-mail address, not before a new nickname', async () => {
    const member = (await logIn('member-senior'))!;
    clock.advance(6 * MINUTE);
    const nick = await gw.call('blocLegal/profile/updatePersonalInfo', { nickName: '文静' }, { cookie: member });
    expect(nick.status).toBe(Status.ok);
    refusedForReauth(
      await gw.call('blocLegal/profile/updatePersonalInfo', { email: 'taken@example.cn' }, { cookie: member }),
    );
    const email = () =>
      db().selectFrom('app_user').select('email').where('username', '=', 'member-senior').executeTakeFirstOrThrow();
    expect((await email()).email).toBe('li.wenjing@example.cn');
    await gw.call('blocLegal/login/reauthenticate', { password: DEMO_PASSWORD }, { cookie: member });
    expect(
      (await gw.call('blocLegal/profile/updatePersonalInfo', { email: 'new@example.cn' }, { cookie: member })).status,
    ).toBe(Status.ok);
    expect((await email()).email).toBe('new@example.cn');
  });
});

describe('changing the administrator (the finding)', () => {
  const newAdmin = {
    administratorName: '周敏',
    administratorIdNumber: '11010519491231002X',
    administratorPhone: NEW_ADMIN_PHONE,
  };

  it('ends every session of the old administrator and retires the old password', async () => {
    const first = (await logIn('corp-hr'))!;
    const second = (await logIn('corp-hr'))!;
    clock.advance(6 * MINUTE);
    refusedForReauth(await gw.call('blocLegal/account/changeLegalAccount', newAdmin, { cookie: first }));
    expect(await phoneOf('corp-hr')).toBe(HR_PHONE);

    await gw.call('blocLegal/login/reauthenticate', { password: DEMO_PASSWORD }, { cookie: first });
    expect((await gw.call('blocLegal/account/sendSMSCodeForChangeAccount', {}, { cookie: first })).status).toBe(
      Status.ok,
    );
    const code = await codeSentTo(HR_PHONE, 'change-account');
    expect((await gw.call('blocLegal/account/checkSMSCode', { code }, { cookie: first })).status).toBe(Status.ok);
    const changed = await gw.raw('blocLegal/account/changeLegalAccount', newAdmin, { cookie: first });
    expect(changed.json()).toMatchObject({
      status: Status.ok,
      data: { administratorName: '周敏', administratorPhoneMasked: '137****0202' },
    });
    expect(String(changed.headers['set-cookie'])).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);

    for (const cookie of [first, second])
      expect((await gw.call('blocLegal/account/getLegalInfo', {}, { cookie })).status).toBe(Status.notLoggedIn);
    expect(await logIn('corp-hr')).toBeNull();
    expect((await outbox(HR_PHONE)).at(-1)).toMatchObject({ purpose: 'phone-changed' });

    // The new administrator sets a password with the reset, whose code goes to the new phone at once.
    await reset({ action: 'send', account: 'corp-hr', flag: 'legal' });
    const resetCode = await codeSentTo(NEW_ADMIN_PHONE, 'reset-password');
    const done = await reset({
      action: 'reset',
      account: 'corp-hr',
      code: resetCode,
      password: 'Zhoumin2026',
      confirm: 'Zhoumin2026',
      flag: 'legal',
    });
    expect(done.statusCode).toBe(303);
    expect(await logIn('corp-hr', 'Zhoumin2026')).not.toBeNull();
  });
});

describe('cancelling an account', () => {
  it('needs the password within five minutes besides its own check', async () => {
    const closing = (await logIn('corp-closing'))!;
    clock.advance(3 * MINUTE);
    await gw.call('blocLegal/account/sendSMSCodeForChangeAccount', { purpose: 'cancel' }, { cookie: closing });
    const code = await codeSentTo('13962155307', 'cancel-account');
    expect((await gw.call('blocLegal/account/checkCode', { code }, { cookie: closing })).status).toBe(Status.ok);
    clock.advance(3 * MINUTE);
    refusedForReauth(
      await gw.call(
        'blocLegal/account/cancleAccount',
        {},
        { cookie: closing, headers: { 'accept-language': 'zh-CN' } },
      ),
      'zh-CN',
    );
    const state = () =>
      db()
        .selectFrom('customer')
        .innerJoin('app_user', 'app_user.customer_id', 'customer.id')
        .select('customer.state')
        .where('app_user.username', '=', 'corp-closing')
        .executeTakeFirstOrThrow();
    expect((await state()).state).toBe(1);
    await gw.call('blocLegal/login/reauthenticate', { password: DEMO_PASSWORD }, { cookie: closing });
    expect((await gw.call('blocLegal/account/cancleAccount', {}, { cookie: closing })).status).toBe(Status.ok);
    expect((await state()).state).toBe(2);
  });
});

describe('wrong passwords asked again', () => {
  it('pause the password after five within 15 minutes, and leave the login alone', async () => {
    clock.advance(20 * MINUTE);
    const member = (await logIn('member-senior'))!;
    for (let i = 0; i < 5; i += 1)
      expect(
        (await gw.call('blocLegal/login/reauthenticate', { password: `Guess${i}2026x` }, { cookie: member }))
          .statusText,
      ).toBe(text('en-US', 'reauth.wrongPassword'));
    const paused = await gw.call('blocLegal/login/reauthenticate', { password: DEMO_PASSWORD }, { cookie: member });
    expect(paused.statusText).toBe(text('en-US', 'reauth.paused', { minutes: 15 }));
    // Not failed logins: the owner logs in without an SMS code.
    expect(await logIn('member-senior')).not.toBeNull();
    clock.advance(16 * MINUTE);
    const again = await gw.call('blocLegal/login/reauthenticate', { password: DEMO_PASSWORD }, { cookie: member });
    expect(again.status).toBe(Status.ok);
  });
});
