import { Status } from '@contract/envelope';
import type { LoginInfo } from '@contract/io/session';
import type { BoundPolicy, MyScore, PersonalInfo, RealNameResult } from '@contract/io/personal';
import { startGateway, type TestGateway } from '../support/gateway';
import { customerOf, SentCodes } from './support';

let gw: TestGateway;
let senior: string;
let basic: string;
beforeAll(async () => {
  gw = await startGateway();
  senior = await gw.login('member-senior');
  basic = await gw.login('member-basic');
});
afterAll(() => gw.close());

describe('profile/personalInfo and updatePersonalInfo', () => {
  it('answers masked identity, derived sex and birthdate, and what is missing for senior', async () => {
    const mine = await gw.call<PersonalInfo>('blocLegal/profile/personalInfo', {}, { cookie: senior });
    expect(mine.data).toMatchObject({
      realName: '李文静',
      idNumberMasked: '310***********0026',
      sex: 'female',
      birthdate: '1960-01-01',
      phoneMasked: '139****8856',
      userAnk: 1,
      missingForSenior: [],
    });
    expect(JSON.stringify(mine.data)).not.toContain('310104196001010026');
    const theirs = await gw.call<PersonalInfo>('blocLegal/profile/personalInfo', {}, { cookie: basic });
    expect(theirs.data).toMatchObject({
      realName: null,
      idNumberMasked: null,
      sex: null,
      userAnk: 2,
      missingForSenior: ['realName'],
    });
  });

  it('changes nickname, email, address and city, checking each', async () => {
    const res = await gw.call<PersonalInfo>(
      'blocLegal/profile/updatePersonalInfo',
      { nickName: '文静', email: 'wj@example.cn', address: '上海市徐汇区漕溪北路 1 号', cityCode: '310100' },
      { cookie: senior },
    );
    expect(res.data).toMatchObject({
      nickName: '文静',
      email: 'wj@example.cn',
      address: '上海市徐汇区漕溪北路 1 号',
      cityCode: '310100',
    });
    const info = await gw.call<LoginInfo>('blocLegal/login/getLoginInfo', {}, { cookie: senior });
    expect(info.data.nickName).toBe('文静');
    const badEmail = await gw.call(
      'blocLegal/profile/updatePersonalInfo',
      { email: 'not-an-email' },
      { cookie: senior },
    );
    expect(badEmail.statusText).toBe('Enter an email address like name@example.com.');
    const badCity = await gw.call('blocLegal/profile/updatePersonalInfo', { cityCode: '999999' }, { cookie: senior });
    expect(badCity.statusText).toBe('There is no city with that code.');
    const nothing = await gw.call('blocLegal/profile/updatePersonalInfo', {}, { cookie: senior });
    expect(nothing.statusText).toMatch(/^Nothing to change/);
    const emptyNick = await gw.call('blocLegal/profile/updatePersonalInfo', { nickName: '  ' }, { cookie: senior });
    expect(emptyNick.statusText).toMatch(/^Nothing to change/);
  });
});

describe('profile/realNameVerify: completing personal information makes a member senior', () => {
  it('checks the ID number as docs/DESIGN.md says and changes nothing on a refusal', async () => {
    const digits = await gw.call(
      'blocLegal/profile/realNameVerify',
      { realName: '赵鹏', idNumber: '44030519900315' },
      { cookie: basic },
    );
    expect(digits).toMatchObject({ status: Status.business, statusText: 'wrong number of digits in the ID number' });
    const check = await gw.call(
      'blocLegal/profile/realNameVerify',
      { realName: '赵鹏', idNumber: '440305199003150314' },
      { cookie: basic },
    );
    expect(check.statusText).toMatch(/check digit is wrong/);
    const birth = await gw.call(
      'blocLegal/profile/realNameVerify',
      { realName: '赵鹏', idNumber: '440305199002300313' },
      { cookie: basic },
    );
    expect(birth.statusText).toBe('The ID number does not contain a real birthdate.');
    const name = await gw.call(
      'blocLegal/profile/realNameVerify',
      { realName: '赵1', idNumber: '440305199003150313' },
      { cookie: basic },
    );
    expect(name.statusText).toMatch(/^Enter your name as on your ID card/);
    const taken = await gw.call(
      'blocLegal/profile/realNameVerify',
      { realName: '李文静', idNumber: '310104196001010026' },
      { cookie: basic },
    );
    expect(taken.statusText).toMatch(/cannot be verified on this account/);
    const me = await customerOf(gw, 'member-basic');
    expect(me).toMatchObject({ real_name: null, id_number: null, user_ank: 2 });
  });

  it('refuses the club and assets before, verifies name and ID, derives sex and birthdate, promotes, lets in', async () => {
    const before = await gw.call('blocLegal/club/myScore', {}, { cookie: basic });
    expect(before.statusText).toBe('Your information is incomplete; you cannot take part in club activities!');
    const assets = await gw.call('blocLegal/assets/assetsDetails', {}, { cookie: basic });
    expect(assets.statusText).toBe('Your information is incomplete; you cannot access the My Assets page!');

    const res = await gw.call<RealNameResult>(
      'blocLegal/profile/realNameVerify',
      { realName: '赵鹏', idNumber: '440305199003150313' },
      { cookie: basic },
    );
    expect(res.data).toEqual({ realName: '赵鹏', sex: 'male', birthdate: '1990-03-15', userAnk: 1 });
    const me = await customerOf(gw, 'member-basic');
    expect(me).toMatchObject({ real_name: '赵鹏', id_number: '440305199003150313', user_ank: 1 });
    const customer = await gw.app.services.db
      .selectFrom('customer')
      .select(['name', 'credit_code'])
      .where('id', '=', me.customer_id)
      .executeTakeFirstOrThrow();
    expect(customer).toEqual({ name: '赵鹏', credit_code: '440305199003150313' });

    const info = await gw.call<LoginInfo>('blocLegal/login/getLoginInfo', {}, { cookie: basic });
    expect(info.data.userAnk).toBe(1);
    const after = await gw.call<MyScore>('blocLegal/club/myScore', {}, { cookie: basic });
    expect(after).toMatchObject({ status: Status.ok, data: { balance: 200 } });
    expect((await gw.call('blocLegal/assets/assetsDetails', {}, { cookie: basic })).status).toBe(Status.ok);

    const again = await gw.call(
      'blocLegal/profile/realNameVerify',
      { realName: '赵鹏', idNumber: '440305199003150313' },
      { cookie: basic },
    );
    expect(again.statusText).toBe('Your true name is already verified. To correct it, call 95518.');

    // Now verified, the member can bind the policy sold to him by telephone.
    const bound = await gw.call<BoundPolicy>(
      'blocLegal/policy/addPolicy',
      { policyNo: 'HTS2026440300518', holderName: '赵鹏', holderIdNumber: '440305199003150313' },
      { cookie: basic },
    );
    expect(bound).toMatchObject({
      status: Status.ok,
      data: { policyNo: 'HTS2026440300518', salesChannel: 'telesales' },
    });
  });

  it('does not promote a member without a bound phone', async () => {
    const gw2 = await startGateway();
    try {
      const cookie = await gw2.login('member-basic');
      await gw2.app.services.db
        .updateTable('app_user')
        .set({ phone: null })
        .where('username', '=', 'member-basic')
        .execute();
      const res = await gw2.call<RealNameResult>(
        'blocLegal/profile/realNameVerify',
        { realName: '赵鹏', idNumber: '440305199003150313' },
        { cookie },
      );
      expect(res.data.userAnk).toBe(2);
      const info = await gw2.call<PersonalInfo>('blocLegal/profile/personalInfo', {}, { cookie });
      expect(info.data.missingForSenior).toEqual(['phone']);
    } finally {
      await gw2.close();
    }
  });
});

describe('profile/changePassword', () => {
  it('needs the right current password and a sound new one; ends the other sessions', async () => {
    const gw2 = await startGateway();
    try {
      const cookie = await gw2.login('member-senior');
      const other = await gw2.login('member-senior');
      const wrong = await gw2.call(
        'blocLegal/profile/changePassword',
        { oldPassword: 'nope', newPassword: 'Better2027x' },
        { cookie },
      );
      expect(wrong.statusText).toBe('The current password is wrong.');
      const weak = await gw2.call(
        'blocLegal/profile/changePassword',
        { oldPassword: 'Demo@2026', newPassword: 'abcdefgh' },
        { cookie },
      );
      expect(weak.statusText).toBe('The new password must contain both letters and digits.');
      const short = await gw2.call(
        'blocLegal/profile/changePassword',
        { oldPassword: 'Demo@2026', newPassword: 'a1' },
        { cookie },
      );
      expect(short.statusText).toBe('The new password must be 8 to 32 characters.');
      const same = await gw2.call(
        'blocLegal/profile/changePassword',
        { oldPassword: 'Demo@2026', newPassword: 'Demo@2026' },
        { cookie },
      );
      expect(same.statusText).toBe('The new password must differ from the current one.');
      const ok = await gw2.call(
        'blocLegal/profile/changePassword',
        { oldPassword: 'Demo@2026', newPassword: 'Better2027x' },
        { cookie },
      );
      expect(ok.status).toBe(Status.ok);
      const hash = await gw2.app.services.db
        .selectFrom('app_user')
        .select('password_hash')
        .where('username', '=', 'member-senior')
        .executeTakeFirstOrThrow();
      expect(hash.password_hash).toMatch(/^scrypt\$/);
      expect((await gw2.call('blocLegal/login/getLoginInfo', {}, { cookie })).status).toBe(Status.ok);
      expect((await gw2.call('blocLegal/login/getLoginInfo', {}, { cookie: other })).status).toBe(Status.notLoggedIn);
      await expect(gw2.login('member-senior')).rejects.toThrow(/login of member-senior failed/);
      expect(await gw2.login('member-senior', 'Better2027x')).toMatch(/MC_SESSION=/);
    } finally {
      await gw2.close();
    }
  });

  it('pauses after five wrong current passwords', async () => {
    const gw2 = await startGateway();
    try {
      const cookie = await gw2.login('member-basic');
      for (let i = 0; i < 5; i += 1) {
        const res = await gw2.call(
          'blocLegal/profile/changePassword',
          { oldPassword: `guess${i}`, newPassword: 'Better2027x' },
          { cookie },
        );
        expect(res.statusText).toBe('The current password is wrong.');
      }
      const paused = await gw2.call(
        'blocLegal/profile/changePassword',
        { oldPassword: 'Demo@2026', newPassword: 'Better2027x' },
        { cookie },
      );
      expect(paused.statusText).toMatch(/^Too many wrong passwords/);
    } finally {
      await gw2.close();
    }
  });
});

describe('profile/changePhone', () => {
  it('refuses while no SMS service is wired, and changes nothing', async () => {
    const gw2 = await startGateway();
    try {
      const cookie = await gw2.login('member-senior');
      // As a gateway built without an SMS service would be.
      gw2.app.services.phoneCodes = undefined;
      const res = await gw2.call(
        'blocLegal/profile/changePhone',
        { newPhone: '13800138000', code: '123456' },
        { cookie },
      );
      expect(res.statusText).toMatch(/not available right now/);
      expect((await customerOf(gw2, 'member-senior')).phone).toBe('13901728856');
    } finally {
      await gw2.close();
    }
  });

  it('changes the bound phone with the code sent to the new phone', async () => {
    const sms = new SentCodes();
    gw.app.services.phoneCodes = sms;
    const me = await customerOf(gw, 'member-senior');
    try {
      const none = await gw.call(
        'blocLegal/profile/changePhone',
        { newPhone: '13800138000', code: '123456' },
        { cookie: senior },
      );
      expect(none.statusText).toBe('Ask for an SMS code first.');
      sms.send(me.id, '13800138000', '654321');
      const wrong = await gw.call(
        'blocLegal/profile/changePhone',
        { newPhone: '13800138000', code: '123456' },
        { cookie: senior },
      );
      expect(wrong.statusText).toBe('The SMS code is wrong; 4 attempts left.');
      const taken = await gw.call(
        'blocLegal/profile/changePhone',
        { newPhone: '13611935520', code: '654321' },
        { cookie: senior },
      );
      expect(taken.statusText).toBe('This phone number is bound to another account.');
      const same = await gw.call(
        'blocLegal/profile/changePhone',
        { newPhone: '13901728856', code: '654321' },
        { cookie: senior },
      );
      expect(same.statusText).toBe('This is already your bound phone.');
      const badCode = await gw.call(
        'blocLegal/profile/changePhone',
        { newPhone: '13800138000', code: '12ab' },
        { cookie: senior },
      );
      expect(badCode.statusText).toBe('Enter the 6-digit code from the SMS.');
      const elsewhere = await gw.call(
        'blocLegal/profile/changePhone',
        { newPhone: '13800138009', code: '654321' },
        { cookie: senior },
      );
      expect(elsewhere.statusText).toBe('That code was sent to another number; ask for a code for the new number.');
      expect((await customerOf(gw, 'member-senior')).phone).toBe('13901728856');
      sms.send(me.id, '13800138000', '111222');
      const ok = await gw.call<PersonalInfo>(
        'blocLegal/profile/changePhone',
        { newPhone: '13800138000', code: '111222' },
        { cookie: senior },
      );
      expect(ok.data).toMatchObject({ phoneMasked: '138****8000', userAnk: 1 });
      expect((await customerOf(gw, 'member-senior')).phone).toBe('13800138000');
      const reused = await gw.call(
        'blocLegal/profile/changePhone',
        { newPhone: '13800138001', code: '111222' },
        { cookie: senior },
      );
      expect(reused.status).toBe(Status.business);
    } finally {
      gw.app.services.phoneCodes = undefined;
    }
  });

  it('sendMsg/checkSms binds a phone by the same rules (one implementation): another account’s number refused, the contact phone follows', async () => {
    const gw2 = await startGateway();
    try {
      const cookie = await gw2.login('member-senior');
      const codeFor = async (phone: string) => {
        // Past the resend cooldown of the earlier code.
        await gw2.app.services.db.updateTable('sms_code').set({ created_at: '2020-01-01T00:00:00.000Z' }).execute();
        expect((await gw2.call('blocLegal/sendMsg/sendSms', { purpose: 'bind-phone', phone }, { cookie })).status).toBe(
          Status.ok,
        );
        const rows = await gw2.app.services.db
          .selectFrom('sms_outbox')
          .select('text')
          .where('phone', '=', phone)
          .orderBy('id', 'desc')
          .execute();
        return /\b(\d{6})\b/.exec(rows[0].text)?.[1] as string;
      };
      const theirs = await codeFor('13611935520');
      const refused = await gw2.call('blocLegal/sendMsg/checkSms', { purpose: 'bind-phone', code: theirs }, { cookie });
      expect(refused).toMatchObject({
        status: Status.business,
        statusText: 'This phone number is bound to another account.',
      });
      expect((await customerOf(gw2, 'member-senior')).phone).toBe('13901728856');
      const mine = await codeFor('13700137001');
      const elsewhere = await gw2.call(
        'blocLegal/sendMsg/checkSms',
        { purpose: 'bind-phone', code: mine, phone: '13700137002' },
        { cookie },
      );
      expect(elsewhere.statusText).toBe('That code was sent to another number; ask for a code for the new number.');
      const again = await codeFor('13700137001');
      expect(
        (
          await gw2.call(
            'blocLegal/sendMsg/checkSms',
            { purpose: 'bind-phone', code: again, phone: '13700137001' },
            { cookie },
          )
        ).status,
      ).toBe(Status.ok);
      const me = await customerOf(gw2, 'member-senior');
      expect(me.phone).toBe('13700137001');
      const contact = await gw2.app.services.db
        .selectFrom('customer')
        .select('contact_phone')
        .where('id', '=', me.customer_id)
        .executeTakeFirstOrThrow();
      expect(contact.contact_phone).toBe('13700137001');
    } finally {
      await gw2.close();
    }
  });

  it('changes the bound phone with a code the SMS service sent to the new phone', async () => {
    const gw2 = await startGateway();
    try {
      const cookie = await gw2.login('member-senior');
      const sent = await gw2.call(
        'blocLegal/sendMsg/sendSms',
        { purpose: 'bind-phone', phone: '13700137000' },
        { cookie },
      );
      expect(sent.status).toBe(Status.ok);
      const message = await gw2.app.services.db
        .selectFrom('sms_outbox')
        .select('text')
        .where('phone', '=', '13700137000')
        .executeTakeFirstOrThrow();
      const code = /\b(\d{6})\b/.exec(message.text)?.[1] as string;
      const wrong = await gw2.call(
        'blocLegal/profile/changePhone',
        { newPhone: '13700137000', code: code === '000000' ? '111111' : '000000' },
        { cookie },
      );
      expect(wrong.statusText).toMatch(/wrong/);
      const ok = await gw2.call<PersonalInfo>(
        'blocLegal/profile/changePhone',
        { newPhone: '13700137000', code },
        { cookie },
      );
      expect(ok.data).toMatchObject({ phoneMasked: '137****7000', userAnk: 1 });
    } finally {
      await gw2.close();
    }
  });
});
