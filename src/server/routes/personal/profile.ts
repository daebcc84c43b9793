import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { parseIdNumber } from '../../../common/idNumber';
import {
  MOBILE_PATTERN,
  maskIdNumber,
  maskPhone,
  missingForSenior,
  qualifiesAsSenior,
} from '../../../common/memberRank';
import type { PersonalInfo } from '../../../contract/io/personal';
import { SESSION_COOKIE } from '../../../contract/cookies';
import { defineCall } from '../../http/call';
import type { Services } from '../../http/context';
import { refuseText } from '../../services/errors';
import { text } from '../../http/input';
import { hashPassword, verifyPassword } from '../../services/passwords';
import { changeBoundPhone } from '../../services/personal/boundPhone';
import { individual } from './guards';

const NAME_PATTERN = /^[\u4e00-\u9fa5A-Za-z][\u4e00-\u9fa5A-Za-z·. ]{0,28}[\u4e00-\u9fa5A-Za-z]$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const WRONG_PASSWORD_WINDOW_MIN = 15;
const WRONG_PASSWORD_LIMIT = 5;

/** Why a new password is not acceptable, or null. */
function passwordProblem(password: string, username: string): string | null {
  if (password.length < 8 || password.length > 32) return 'The new password must be 8 to 32 characters.';
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password))
    return 'The new password must contain both letters and digits.';
  if (/\s/.test(password)) return 'The new password must not contain spaces.';
  if (password.toLowerCase().includes(username.toLowerCase()))
    return 'The new password must not contain your user name.';
  return null;
}

const ID_ERRORS = {
  digits: 'wrong number of digits in the ID number',
  format: 'The ID number may contain only digits, and X as its last character.',
  birthdate: 'The ID number does not contain a real date of birth.',
  checkDigit: 'The ID number is not valid: its last character does not match. Check it against your ID card.',
} as const;

/** Personal information, the true-name verification, password and bound phone. */
export async function personalProfileRoutes(app: FastifyInstance, services: Services) {
  const { db } = services;

  /** A value the portal may have encrypted (ID numbers, passwords); a damaged one is refused, not a 500. */
  const reveal = async (value: string, label: string) => {
    try {
      return await services.crypto.reveal(value);
    } catch {
      throw refuseText(`${label} could not be decrypted; reload the page and try again.`);
    }
  };

  const info = async (userId: number): Promise<PersonalInfo> => {
    const u = await db
      .selectFrom('app_user')
      .innerJoin('customer', 'customer.id', 'app_user.customer_id')
      .select([
        'app_user.username',
        'app_user.nick_name',
        'app_user.real_name',
        'app_user.id_number',
        'app_user.phone',
        'app_user.email',
        'app_user.city_code',
        'app_user.user_ank',
        'customer.address',
      ])
      .where('app_user.id', '=', userId)
      .executeTakeFirstOrThrow();
    const parsed = u.id_number ? parseIdNumber(u.id_number) : null;
    return {
      userName: u.username,
      nickName: u.nick_name,
      realName: u.real_name,
      idNumberMasked: maskIdNumber(u.id_number),
      sex: parsed?.ok ? parsed.info.sex : null,
      birthdate: parsed?.ok ? parsed.info.birthdate : null,
      phoneMasked: maskPhone(u.phone),
      email: u.email,
      address: u.address,
      cityCode: u.city_code,
      userAnk: u.user_ank,
      missingForSenior: missingForSenior(u),
    };
  };

  defineCall(app, services, 'blocLegal/profile/personalInfo', async ({ user }) => info(individual(user).id));

  defineCall(app, services, 'blocLegal/profile/updatePersonalInfo', async ({ input, user }) => {
    individual(user);
    const changes: { nick_name?: string; email?: string | null; city_code?: string | null } = {};
    if (input.nickName !== undefined)
      changes.nick_name = text(input, 'nickName', 'Nickname', { required: true, max: 30 });
    if (input.email !== undefined)
      changes.email =
        text(input, 'email', 'Email', {
          max: 100,
          pattern: EMAIL_PATTERN,
          patternText: 'Enter an email address like name@example.com.',
        }) || null;
    if (input.cityCode !== undefined) {
      const cityCode = text(input, 'cityCode', 'City', {
        max: 6,
        pattern: /^\d{6}$/,
        patternText: 'City must be a six-digit area code.',
      });
      if (cityCode) {
        const city = await db
          .selectFrom('area')
          .select('code')
          .where('code', '=', cityCode)
          .where('parent_code', 'is not', null)
          .executeTakeFirst();
        if (!city) throw refuseText('There is no city with that code.');
      }
      changes.city_code = cityCode || null;
    }
    const address = input.address !== undefined ? text(input, 'address', 'Address', { max: 200 }) || null : undefined;
    if (Object.keys(changes).length === 0 && address === undefined)
      throw refuseText('Nothing to change: send at least one of nickname, email, address or city.');
    if (Object.keys(changes).length) await db.updateTable('app_user').set(changes).where('id', '=', user.id).execute();
    if (address !== undefined)
      await db.updateTable('customer').set({ address }).where('id', '=', user.customer_id).execute();
    return info(user.id);
  });

  defineCall(app, services, 'blocLegal/profile/realNameVerify', async ({ input, user }) => {
    individual(user);
    if (user.real_name && user.id_number)
      throw refuseText('Your true name is already verified. To correct it, call 95518.');
    const realName = text(input, 'realName', 'Name', { required: true, max: 30 });
    if (!NAME_PATTERN.test(realName))
      throw refuseText('Enter your name as on your ID card (2 to 30 Chinese or Latin letters).');
    const idNumber = (
      await reveal(text(input, 'idNumber', 'ID number', { required: true, max: 2000 }), 'The ID number')
    )
      .trim()
      .toUpperCase();
    const parsed = parseIdNumber(idNumber);
    if (!parsed.ok) throw refuseText(ID_ERRORS[parsed.error]);
    const taken = await db
      .selectFrom('app_user')
      .select('id')
      .where('id_number', '=', idNumber)
      .where('id', '!=', user.id)
      .where('legal_flag', '!=', 1)
      .executeTakeFirst();
    if (taken)
      throw refuseText('This ID number is already verified on another member account. If it is yours, call 95518.');
    const facts = { real_name: realName, id_number: idNumber, phone: user.phone };
    const userAnk = user.user_ank === 1 || qualifiesAsSenior(facts) ? 1 : user.user_ank;
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('app_user')
        .set({ real_name: realName, id_number: idNumber, user_ank: userAnk })
        .where('id', '=', user.id)
        .execute();
      await trx
        .updateTable('customer')
        .set({ name: realName, credit_code: idNumber, contact_name: realName })
        .where('id', '=', user.customer_id)
        .where('kind', '=', 'person')
        .execute();
    });
    return { realName, sex: parsed.info.sex, birthdate: parsed.info.birthdate, userAnk };
  });

  defineCall(app, services, 'blocLegal/profile/changePassword', async ({ input, user, request }) => {
    individual(user);
    const oldPassword = await reveal(
      text(input, 'oldPassword', 'Current password', { required: true, max: 2000 }),
      'The current password',
    );
    const newPassword = await reveal(
      text(input, 'newPassword', 'New password', { required: true, max: 2000 }),
      'The new password',
    );
    const since = new Date(Date.now() - WRONG_PASSWORD_WINDOW_MIN * 60_000).toISOString();
    const failures = await db
      .selectFrom('login_attempt')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('username', '=', user.username)
      .where('succeeded', '=', 0)
      .where('at', '>=', since)
      .executeTakeFirstOrThrow();
    if (Number(failures.n) >= WRONG_PASSWORD_LIMIT) {
      throw refuseText(
        `Too many wrong passwords. For your security, changing the password is paused for ${WRONG_PASSWORD_WINDOW_MIN} minutes.`,
      );
    }
    const row = await db
      .selectFrom('app_user')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    if (!(await verifyPassword(oldPassword, row.password_hash))) {
      // A wrong current password counts as a failed login: guessing it through this call is guessing a login.
      await db
        .insertInto('login_attempt')
        .values({ username: user.username, ip: request.ip, succeeded: 0, at: new Date().toISOString() })
        .execute();
      throw refuseText('The current password is wrong.');
    }
    const problem = passwordProblem(newPassword, user.username);
    if (problem) throw refuseText(problem);
    if (newPassword === oldPassword) throw refuseText('The new password must differ from the current one.');
    await db
      .updateTable('app_user')
      .set({ password_hash: await hashPassword(newPassword) })
      .where('id', '=', user.id)
      .execute();
    // Other sessions end; this one stays logged in.
    const current = createHash('sha256')
      .update(request.cookies[SESSION_COOKIE] ?? '')
      .digest('hex');
    await db.deleteFrom('session').where('user_id', '=', user.id).where('token_hash', '!=', current).execute();
    return null;
  });

  defineCall(app, services, 'blocLegal/profile/changePhone', async ({ input, user }) => {
    individual(user);
    const newPhone = text(input, 'newPhone', 'New phone', {
      required: true,
      max: 11,
      pattern: MOBILE_PATTERN,
      patternText: 'Enter an 11-digit mobile number.',
    });
    const code = text(input, 'code', 'Verification code', {
      required: true,
      max: 6,
      pattern: /^\d{6}$/,
      patternText: 'The verification code is 6 digits.',
    });
    await changeBoundPhone(services, user, code, newPhone);
    return info(user.id);
  });
}
