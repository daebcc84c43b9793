import { Status } from '@contract/envelope';
import type { CancelJudgement, LegalInfo, SmsSent, VerificationPassed } from '@contract/io/account';
import { cookieHeader } from '../support/gateway';
import { startServiceGateway, type ServiceGateway } from './support';

let gw: ServiceGateway;
beforeAll(async () => {
  gw = await startServiceGateway();
});
afterAll(() => gw.close());

const HR_PHONE = '13816620418';
const CLOSING_PHONE = '13962155307';

describe('account information', () => {
  it('shows the company, its credit code, the administrator and a masked phone', async () => {
    const hr = await gw.login('corp-hr');
    const res = await gw.call<LegalInfo>('blocLegal/account/getLegalInfo', {}, { cookie: hr });
    expect(res.data).toMatchObject({
      companyName: '上海恒晟精密制造有限公司',
      creditCode: '91310115MA1K4B2C3J',
      creditCodeValid: true,
      administratorName: '王晓梅',
      administratorPhoneMasked: '138****0418',
      administratorIdNumberMasked: '310***********0020',
      userName: 'corp-hr',
      state: 1,
    });
    expect(JSON.stringify(res.data)).not.toContain(HR_PHONE);
  });

  it('is for corporate accounts only', async () => {
    const member = await gw.login('member-senior');
    for (const name of [
      'blocLegal/account/getLegalInfo',
      'blocLegal/account/judgeCancleLegal',
      'blocLegal/account/cancleAccount',
      'blocLegal/account/checkLegalChange',
    ] as const) {
      const res = await gw.call(name, {}, { cookie: member });
      expect({ name, status: res.status, text: res.statusText }).toEqual({
        name,
        status: Status.refused,
        text: expect.stringMatching(/corporate accounts/),
      });
    }
  });
});

describe('SMS codes', () => {
  it('sends a 6-digit code to the administrator, stores it only hashed, and writes it to the outbox', async () => {
    const hr = await gw.login('corp-hr');
    const before = await gw.outboxCount(HR_PHONE);
    const check = await gw.call<{ allowed: boolean; phoneMasked: string }>(
      'blocLegal/account/checkLegalChange',
      {},
      { cookie: hr },
    );
    expect(check.data).toEqual({ allowed: true, phoneMasked: '138****0418' });
    const sent = await gw.call<SmsSent>('blocLegal/account/sendSMSCodeForChangeAccount', {}, { cookie: hr });
    expect(sent.data).toEqual({ phoneMasked: '138****0418', expiresInSeconds: 300, resendInSeconds: 60 });
    expect(await gw.outboxCount(HR_PHONE)).toBe(before + 1);
    const code = await gw.smsCode(HR_PHONE);
    expect(code).toMatch(/^\d{6}$/);
    const rows = await gw.app.services.db.selectFrom('sms_code').selectAll().where('phone', '=', HR_PHONE).execute();
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('enforces the 60-second resend cooldown', async () => {
    const hr = await gw.login('corp-hr');
    const userId = await gw.userId('corp-hr');
    await gw.ageSmsCode(userId, 3600);
    expect((await gw.call('blocLegal/account/sendSMSCodeForChangeAccount', {}, { cookie: hr })).status).toBe(Status.ok);
    const again = await gw.call<{ resendInSeconds: number }>(
      'blocLegal/account/sendSMSCodeForChangeAccount',
      {},
      { cookie: hr },
    );
    expect(again.status).toBe(Status.business);
    expect(again.statusText).toMatch(/you can ask for a new one in (59|60) seconds/);
    expect(again.data.resendInSeconds).toBeGreaterThan(55);
    await gw.ageSmsCode(userId, 61);
    expect((await gw.call('blocLegal/account/sendSMSCodeForChangeAccount', {}, { cookie: hr })).status).toBe(Status.ok);
  });

  it('expires a code after 5 minutes', async () => {
    const hr = await gw.login('corp-hr');
    const userId = await gw.userId('corp-hr');
    await gw.ageSmsCode(userId, 3600);
    await gw.call('blocLegal/account/sendSMSCodeForChangeAccount', {}, { cookie: hr });
    const code = await gw.smsCode(HR_PHONE);
    await gw.ageSmsCode(userId, 301);
    const res = await gw.call('blocLegal/account/checkSMSCode', { code }, { cookie: hr });
    expect(res).toMatchObject({
      status: Status.business,
      statusText: 'This SMS code has expired (codes last 5 minutes); ask for a new one.',
    });
  });

  it('voids a code after 5 wrong attempts, even if the right one follows', async () => {
    const hr = await gw.login('corp-hr');
    const userId = await gw.userId('corp-hr');
    await gw.ageSmsCode(userId, 3600);
    await gw.call('blocLegal/account/sendSMSCodeForChangeAccount', {}, { cookie: hr });
    const code = await gw.smsCode(HR_PHONE);
    const wrong = code === '000000' ? '111111' : '000000';
    const texts: string[] = [];
    for (let i = 0; i < 5; i += 1)
      texts.push((await gw.call('blocLegal/account/checkSMSCode', { code: wrong }, { cookie: hr })).statusText);
    expect(texts.slice(0, 4)).toEqual([
      'The SMS code is wrong; 4 attempts left.',
      'The SMS code is wrong; 3 attempts left.',
      'The SMS code is wrong; 2 attempts left.',
      'The SMS code is wrong; 1 attempt left.',
    ]);
    expect(texts[4]).toBe('The SMS code was entered wrongly 5 times and no longer works; ask for a new one.');
    const right = await gw.call('blocLegal/account/checkSMSCode', { code }, { cookie: hr });
    expect(right.statusText).toMatch(/no longer works/);
  });

  it('uses a right code once and refuses malformed codes', async () => {
    const hr = await gw.login('corp-hr');
    const userId = await gw.userId('corp-hr');
    await gw.ageSmsCode(userId, 3600);
    await gw.call('blocLegal/account/sendSMSCodeForChangeAccount', {}, { cookie: hr });
    const code = await gw.smsCode(HR_PHONE);
    expect((await gw.call('blocLegal/account/checkSMSCode', { code: '12ab' }, { cookie: hr })).statusText).toBe(
      'Enter the 6-digit code from the SMS.',
    );
    expect(
      (await gw.call<VerificationPassed>('blocLegal/account/checkSMSCode', { code }, { cookie: hr })).data,
    ).toEqual({ expiresInSeconds: 600 });
    expect((await gw.call('blocLegal/account/checkSMSCode', { code }, { cookie: hr })).statusText).toMatch(
      /used or no longer works/,
    );
    // A code of one purpose does not pass a check of another.
    expect((await gw.call('blocLegal/account/checkCode', { code }, { cookie: hr })).statusText).toBe(
      'Ask for an SMS code first.',
    );
    // The passed check is recorded server-side, for the change step only, and works once.
    expect(await gw.app.services.verifications.has(userId, 'cancel-account')).toBe(false);
    expect(await gw.app.services.verifications.consume(userId, 'change-account')).toBe(true);
    expect(await gw.app.services.verifications.consume(userId, 'change-account')).toBe(false);
  });

  it('limits the codes one phone receives in an hour', async () => {
    const member = await gw.login('member-basic');
    const userId = await gw.userId('member-basic');
    const statuses: string[] = [];
    for (let i = 0; i < 11; i += 1) {
      await gw.ageSmsCode(userId, 61);
      statuses.push(
        (await gw.call('blocLegal/sendMsg/sendSms', { purpose: 'verify-identity' }, { cookie: member })).statusText,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 'success')).toBe(true);
    expect(statuses[10]).toMatch(/Too many codes were sent to this phone in the last hour/);
  });
});

describe('changing the administrator', () => {
  const newAdmin = {
    administratorName: '周敏',
    administratorIdNumber: '11010519491231002X',
    administratorPhone: '13700001111',
    email: 'zhou.min@hengsheng-precision.cn',
  };

  it('refuses the change without a passed SMS check, and with a used one', async () => {
    const hr = await gw.login('corp-hr');
    const res = await gw.call('blocLegal/account/changeLegalAccount', newAdmin, { cookie: hr });
    expect(res.statusText).toMatch(/Verify with the SMS code/);
    const info = await gw.call<LegalInfo>('blocLegal/account/getLegalInfo', {}, { cookie: hr });
    expect(info.data.administratorName).not.toBe('周敏');
  });

  it('refuses bad administrator details before using the check', async () => {
    const hr = await gw.login('corp-hr');
    const userId = await gw.userId('corp-hr');
    await gw.ageSmsCode(userId, 3600);
    await gw.call('blocLegal/account/sendSMSCodeForChangeAccount', {}, { cookie: hr });
    expect(
      (
        await gw.call(
          'blocLegal/account/checkSMSCode',
          { code: await gw.smsCode(await currentPhone('corp-hr')) },
          { cookie: hr },
        )
      ).status,
    ).toBe(Status.ok);
    expect(
      (
        await gw.call(
          'blocLegal/account/changeLegalAccount',
          { ...newAdmin, administratorIdNumber: '1234' },
          { cookie: hr },
        )
      ).statusText,
    ).toBe('wrong number of digits in the ID number');
    expect(
      (
        await gw.call(
          'blocLegal/account/changeLegalAccount',
          { ...newAdmin, administratorIdNumber: '110105194912310021' },
          { cookie: hr },
        )
      ).statusText,
    ).toMatch(/check digit is wrong/);
    expect(
      (
        await gw.call(
          'blocLegal/account/changeLegalAccount',
          { ...newAdmin, administratorPhone: '12345' },
          { cookie: hr },
        )
      ).statusText,
    ).toMatch(/11-digit/);
    expect(
      (await gw.call('blocLegal/account/changeLegalAccount', { ...newAdmin, email: 'nope' }, { cookie: hr }))
        .statusText,
    ).toMatch(/email/);
    expect(
      (await gw.call('blocLegal/account/changeLegalAccount', { ...newAdmin, administratorName: 'A' }, { cookie: hr }))
        .statusText,
    ).toMatch(/at least 2/);

    // The check survived the refusals; it is used by the change that succeeds, and only once.
    const done = await gw.call<LegalInfo>('blocLegal/account/changeLegalAccount', newAdmin, { cookie: hr });
    expect(done.data).toMatchObject({
      administratorName: '周敏',
      administratorPhoneMasked: '137****1111',
      email: newAdmin.email,
    });
    const customer = await gw.app.services.db
      .selectFrom('customer')
      .select(['contact_name', 'contact_phone'])
      .where('id', '=', await gw.customerId('hengsheng'))
      .executeTakeFirstOrThrow();
    expect(customer).toEqual({ contact_name: '周敏', contact_phone: '13700001111' });
    // The old administrator is out: the session ended with the change, the old password is retired.
    const twice = await gw.call(
      'blocLegal/account/changeLegalAccount',
      { ...newAdmin, administratorName: '另一人' },
      { cookie: hr },
    );
    expect(twice.status).toBe(Status.notLoggedIn);
    await expect(gw.login('corp-hr')).rejects.toThrow(/login of corp-hr failed/);
    // The new administrator sets a password with the reset, whose code goes to the new phone.
    await gw.ageSmsCode(userId, 3600);
    const reset = (values: Record<string, string>) =>
      gw.app.inject({
        method: 'POST',
        url: '/idprovider/reset',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
        payload: new URLSearchParams({ account: 'corp-hr', flag: 'legal', ...values }).toString(),
      });
    await reset({ action: 'send' });
    const code = await gw.smsCode('13700001111');
    expect((await reset({ action: 'reset', code, password: 'Demo@2026', confirm: 'Demo@2026' })).statusCode).toBe(303);
    const again = await gw.login('corp-hr');
    // The change's check is used up; the next code goes to the new administrator's phone.
    const used = await gw.call(
      'blocLegal/account/changeLegalAccount',
      { ...newAdmin, administratorName: '另一人' },
      {
        cookie: again,
      },
    );
    expect(used.statusText).toMatch(/Verify with the SMS code/);
    await gw.ageSmsCode(userId, 3600);
    expect(
      (await gw.call<SmsSent>('blocLegal/account/sendSMSCodeForChangeAccount', {}, { cookie: again })).data.phoneMasked,
    ).toBe('137****1111');
  });

  it('lets a passed check expire after 10 minutes', async () => {
    const hr = await gw.login('corp-hr');
    const userId = await gw.userId('corp-hr');
    await gw.ageSmsCode(userId, 3600);
    await gw.call('blocLegal/account/sendSMSCodeForChangeAccount', {}, { cookie: hr });
    await gw.call(
      'blocLegal/account/checkSMSCode',
      { code: await gw.smsCode(await currentPhone('corp-hr')) },
      { cookie: hr },
    );
    await gw.app.services.db
      .updateTable('verification')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', userId)
      .execute();
    expect((await gw.call('blocLegal/account/changeLegalAccount', newAdmin, { cookie: hr })).statusText).toMatch(
      /Verify with the SMS code/,
    );
  });

  it('keeps one company’s check from unlocking another user’s change', async () => {
    const hr = await gw.login('corp-hr');
    const closing = await gw.login('corp-closing');
    const userId = await gw.userId('corp-hr');
    await gw.ageSmsCode(userId, 3600);
    await gw.call('blocLegal/account/sendSMSCodeForChangeAccount', {}, { cookie: hr });
    const code = await gw.smsCode(await currentPhone('corp-hr'));
    expect((await gw.call('blocLegal/account/checkSMSCode', { code }, { cookie: closing })).statusText).toBe(
      'Ask for an SMS code first.',
    );
    expect((await gw.call('blocLegal/account/changeLegalAccount', newAdmin, { cookie: closing })).statusText).toMatch(
      /Verify with the SMS code/,
    );
  });
});

async function currentPhone(username: string): Promise<string> {
  return (
    await gw.app.services.db
      .selectFrom('app_user')
      .select('phone')
      .where('username', '=', username)
      .executeTakeFirstOrThrow()
  ).phone!;
}

describe('cancelling the account', () => {
  it('says why an account with a policy in force and an unpaid premium cannot be cancelled', async () => {
    const closing = await gw.login('corp-closing');
    const lanting = await gw.customerId('lanting');
    const policy = await gw.policy(lanting, { state: 1 });
    const unpaid = await gw.payment(lanting, policy.id, { state: 1 });
    const res = await gw.call<CancelJudgement>('blocLegal/account/judgeCancleLegal', {}, { cookie: closing });
    expect(res.data).toMatchObject({ cancellable: false, policiesInForce: 1, unpaidPayments: 1 });
    expect(res.data.reasons).toEqual([
      expect.stringMatching(/1 policy in force/),
      expect.stringMatching(/1 unpaid premium/),
    ]);
    // No SMS for a cancellation that cannot happen; and a passed picture check does not override the rule.
    expect(
      (await gw.call('blocLegal/account/sendSMSCodeForChangeAccount', { purpose: 'cancel' }, { cookie: closing }))
        .statusText,
    ).toMatch(/in force/);
    gw.nextCaptcha.text = 'Wxyz';
    const randName = await gw.captchaPicture();
    expect(
      (await gw.call('blocLegal/account/checkPicture', { randName, code: 'wxyz' }, { cookie: closing })).status,
    ).toBe(Status.ok);
    const refused = await gw.call('blocLegal/account/cancleAccount', {}, { cookie: closing });
    expect(refused.statusText).toMatch(/in force/);
    expect((await gw.call('blocLegal/account/state', {}, { cookie: closing })).data).toMatchObject({ state: 1 });

    const db = gw.app.services.db;
    await db.updateTable('policy').set({ state: 2 }).where('id', '=', policy.id).execute();
    await db.updateTable('premium_payment').set({ state: 4 }).where('id', '=', unpaid).execute();
    expect(
      (await gw.call<CancelJudgement>('blocLegal/account/judgeCancleLegal', {}, { cookie: closing })).data,
    ).toEqual({ cancellable: true, reasons: [], policiesInForce: 0, unpaidPayments: 0 });
  });

  it('checks the picture: reused, expired, unknown and badly named pictures are refused', async () => {
    const closing = await gw.login('corp-closing');
    gw.nextCaptcha.text = 'Kp7m';
    const randName = await gw.captchaPicture();
    expect(
      (await gw.call('blocLegal/account/checkPicture', { randName, code: 'KP7M' }, { cookie: closing })).status,
    ).toBe(Status.ok);
    expect(
      (await gw.call('blocLegal/account/checkPicture', { randName, code: 'Kp7m' }, { cookie: closing })).statusText,
    ).toMatch(/used or is no longer valid/);

    const stale = await gw.captchaPicture();
    await gw.app.services.db
      .updateTable('captcha')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('rand_name', '=', stale)
      .execute();
    expect(
      (await gw.call('blocLegal/account/checkPicture', { randName: stale, code: 'Kp7m' }, { cookie: closing }))
        .statusText,
    ).toMatch(/expired/);
    expect(
      (await gw.call('blocLegal/account/checkPicture', { randName: 'neverdrawn1', code: 'Kp7m' }, { cookie: closing }))
        .statusText,
    ).toMatch(/used or is no longer valid/);
    expect(
      (await gw.call('blocLegal/account/checkPicture', { randName: 'x', code: 'Kp7m' }, { cookie: closing }))
        .statusText,
    ).toMatch(/draw one/);
  });

  it('voids a picture after three wrong answers', async () => {
    gw.nextCaptcha.text = 'Kp7m';
    const three = await gw.captchaPicture();
    for (let i = 0; i < 3; i += 1) expect(await gw.app.services.captcha.check(three, 'zzzz')).toBe('wrong');
    expect(await gw.app.services.captcha.check(three, 'Kp7m')).toBe('unknown');
  });

  it('refuses cancellation without a passed check', async () => {
    const hr = await gw.login('corp-hr');
    const db = gw.app.services.db;
    const hengsheng = await gw.customerId('hengsheng');
    // corp-hr's company may or may not have policies in force (other areas seed them); remove that reason for this test.
    const inForce = await db
      .selectFrom('policy')
      .select('id')
      .where('customer_id', '=', hengsheng)
      .where('state', '=', 1)
      .execute();
    if (inForce.length === 0) {
      const res = await gw.call('blocLegal/account/cancleAccount', {}, { cookie: hr });
      expect(res.statusText).toMatch(/picture check or the SMS check first/);
    } else {
      expect((await gw.call('blocLegal/account/cancleAccount', {}, { cookie: hr })).statusText).toMatch(/in force/);
    }
    expect((await gw.call('blocLegal/account/state', {}, { cookie: hr })).data).toMatchObject({ state: 1 });
  });

  it('cancels with the SMS check: the company and its users are cancelled, every session ends, cookies are cleared', async () => {
    const closing = await gw.login('corp-closing');
    const second = await gw.login('corp-closing');
    const userId = await gw.userId('corp-closing');
    await gw.ageSmsCode(userId, 3600);
    expect(
      (await gw.call('blocLegal/account/sendSMSCodeForChangeAccount', { purpose: 'cancel' }, { cookie: closing }))
        .status,
    ).toBe(Status.ok);
    const code = await gw.smsCode(CLOSING_PHONE);
    expect((await gw.call('blocLegal/account/checkCode', { code }, { cookie: closing })).status).toBe(Status.ok);
    const res = await gw.raw('blocLegal/account/cancleAccount', {}, { cookie: closing });
    expect(res.json().status).toBe(Status.ok);
    const cleared = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    expect(cleared.some((c) => c.startsWith('MC_SESSION=;'))).toBe(true);
    expect(cleared.some((c) => c.startsWith('islegal=;'))).toBe(true);
    expect(cookieHeader(res.headers['set-cookie'])).toBe('');

    for (const cookie of [closing, second])
      expect((await gw.call('blocLegal/login/getLoginInfo', {}, { cookie })).status).toBe(Status.notLoggedIn);
    const db = gw.app.services.db;
    expect(
      (
        await db
          .selectFrom('customer')
          .select('state')
          .where('id', '=', await gw.customerId('lanting'))
          .executeTakeFirstOrThrow()
      ).state,
    ).toBe(2);
    expect(
      (await db.selectFrom('app_user').select('state').where('id', '=', userId).executeTakeFirstOrThrow()).state,
    ).toBe(2);
    const login = await gw.app.inject({
      method: 'POST',
      url: '/idprovider/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      payload: 'username=corp-closing&password=Demo%402026&flag=legal&privacy=1',
    });
    expect(login.body).toContain('This account has been cancelled.');
    // The other company is untouched.
    expect((await gw.call('blocLegal/account/state', {}, { cookie: await gw.login('corp-hr') })).data).toMatchObject({
      state: 1,
    });
  });
});

describe('personal SMS codes', () => {
  it('binds a new phone once its code comes back', async () => {
    const member = await gw.login('member-senior');
    const userId = await gw.userId('member-senior');
    expect(
      (await gw.call('blocLegal/sendMsg/sendSms', { purpose: 'bind-phone', phone: '13901728856' }, { cookie: member }))
        .statusText,
    ).toMatch(/already bound/);
    expect(
      (await gw.call('blocLegal/sendMsg/sendSms', { purpose: 'bind-phone', phone: '2345' }, { cookie: member }))
        .statusText,
    ).toMatch(/11-digit/);
    expect((await gw.call('blocLegal/sendMsg/sendSms', { purpose: 'other' }, { cookie: member })).statusText).toMatch(
      /purpose must be/,
    );
    const sent = await gw.call<SmsSent>(
      'blocLegal/sendMsg/sendSms',
      { purpose: 'bind-phone', phone: '13588889999' },
      { cookie: member },
    );
    expect(sent.data.phoneMasked).toBe('135****9999');
    const code = await gw.smsCode('13588889999');
    expect(
      (await gw.call('blocLegal/sendMsg/checkSms', { purpose: 'verify-identity', code }, { cookie: member }))
        .statusText,
    ).toBe('Ask for an SMS code first.');
    expect(
      (await gw.call('blocLegal/sendMsg/checkSms', { purpose: 'bind-phone', code }, { cookie: member })).status,
    ).toBe(Status.ok);
    expect(
      (
        await gw.app.services.db
          .selectFrom('app_user')
          .select('phone')
          .where('id', '=', userId)
          .executeTakeFirstOrThrow()
      ).phone,
    ).toBe('13588889999');
    expect(await gw.app.services.verifications.consume(userId, 'bind-phone')).toBe(true);
    expect(await gw.app.services.verifications.consume(userId, 'bind-phone')).toBe(false);
  });

  it('requires a session', async () => {
    expect((await gw.call('blocLegal/sendMsg/sendSms', { purpose: 'verify-identity' })).status).toBe(
      Status.notLoggedIn,
    );
  });
});
