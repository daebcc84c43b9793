import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { isValidCreditCode } from '../../common/creditCode';
import { parseIdNumber } from '../../common/idNumber';
import type { CancelJudgement, LegalInfo } from '../../contract/io/account';
import type { DB } from '../db/schema';
import { defineCall } from '../http/call';
import type { Services } from '../http/context';
import { refuseText } from '../services/errors';
import { text } from '../http/input';
import { clearSessionCookies } from '../http/sessionCookies';
import { Captcha } from '../services/captcha';
import type { SessionUser } from '../services/identity';
import { changeBoundPhone } from '../services/personal/boundPhone';
import { maskPhone, MOBILE_PATTERN, type SmsPurpose } from '../services/sms';

const ID_NUMBER_MESSAGES = {
  digits: 'wrong number of digits in the ID number',
  format: 'The ID number may hold digits only, with X as its last character.',
  birthdate: 'The ID number does not contain a valid birthdate.',
  checkDigit: 'The ID number is not valid: its last character does not match.',
} as const;

const NEED_CHANGE_CHECK =
  "Verify with the SMS code sent to the administrator's phone first; a passed check lasts 10 minutes and works once.";
const NEED_CANCEL_CHECK =
  'Complete the picture check or the SMS check first; a passed check lasts 10 minutes and works once.';

function corporate(user: SessionUser) {
  if (user.legal_flag !== 1)
    throw refuseText('These settings are for corporate accounts; log in with your company account.');
}

function maskId(id: string | null): string {
  if (!id) return '';
  return id.length > 7 ? `${id.slice(0, 3)}${'*'.repeat(id.length - 7)}${id.slice(-4)}` : '****';
}

async function legalInfo(db: Kysely<DB>, userId: number): Promise<LegalInfo> {
  const row = await db
    .selectFrom('app_user')
    .innerJoin('customer', 'customer.id', 'app_user.customer_id')
    .select([
      'customer.name',
      'customer.credit_code',
      'customer.state',
      'app_user.real_name',
      'app_user.nick_name',
      'app_user.id_number',
      'app_user.phone',
      'app_user.email',
      'app_user.username',
    ])
    .where('app_user.id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    companyName: row.name,
    creditCode: row.credit_code ?? '',
    creditCodeValid: Boolean(row.credit_code && isValidCreditCode(row.credit_code)),
    administratorName: row.real_name ?? row.nick_name,
    administratorIdNumberMasked: maskId(row.id_number),
    administratorPhoneMasked: maskPhone(row.phone),
    email: row.email,
    userName: row.username,
    state: row.state,
  };
}

/** May the company's account be cancelled: nothing in force, nothing unpaid. */
async function judgeCancel(db: Kysely<DB>, customerId: number): Promise<CancelJudgement> {
  const [policies, payments] = await Promise.all([
    db
      .selectFrom('policy')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('customer_id', '=', customerId)
      .where('state', '=', 1)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('premium_payment')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('customer_id', '=', customerId)
      .where('state', '=', 1)
      .executeTakeFirstOrThrow(),
  ]);
  const policiesInForce = Number(policies.n);
  const unpaidPayments = Number(payments.n);
  const reasons: string[] = [];
  if (policiesInForce > 0) {
    reasons.push(
      `The company still has ${policiesInForce} ${policiesInForce === 1 ? 'policy' : 'policies'} in force; the account can be cancelled once they have ended or been surrendered.`,
    );
  }
  if (unpaidPayments > 0) {
    reasons.push(
      `The company has ${unpaidPayments} unpaid ${unpaidPayments === 1 ? 'premium' : 'premiums'}; pay or close them before cancelling the account.`,
    );
  }
  return { cancellable: reasons.length === 0, reasons, policiesInForce, unpaidPayments };
}

async function phoneOf(db: Kysely<DB>, userId: number): Promise<string> {
  const row = await db.selectFrom('app_user').select('phone').where('id', '=', userId).executeTakeFirstOrThrow();
  if (!row.phone) throw refuseText('There is no phone number on file for this account; call 95518 to add one.');
  return row.phone;
}

/** The corporate account (information, change of administrator, cancellation) and personal SMS codes. */
export async function accountRoutes(app: FastifyInstance, services: Services) {
  const { db, sms, verifications } = services;

  defineCall(app, services, 'blocLegal/account/getLegalInfo', async ({ user }) => {
    corporate(user);
    return legalInfo(db, user.id);
  });

  // ---- change of administrator: checkLegalChange -> SMS -> checkSMSCode -> changeLegalAccount ----

  defineCall(app, services, 'blocLegal/account/checkLegalChange', async ({ user }) => {
    corporate(user);
    const customer = await db
      .selectFrom('customer')
      .select('state')
      .where('id', '=', user.customer_id)
      .executeTakeFirstOrThrow();
    if (customer.state !== 1) throw refuseText('This account has been cancelled and can no longer be changed.');
    const phone = await phoneOf(db, user.id);
    return { allowed: true, phoneMasked: maskPhone(phone) };
  });

  defineCall(app, services, 'blocLegal/account/sendSMSCodeForChangeAccount', async ({ user, input }) => {
    corporate(user);
    const which = text(input, 'purpose', 'Purpose', { max: 10 }) || 'change';
    if (which !== 'change' && which !== 'cancel') throw refuseText('The purpose must be change or cancel.');
    if (which === 'cancel') {
      const judgement = await judgeCancel(db, user.customer_id);
      if (!judgement.cancellable) throw refuseText(judgement.reasons.join(' '), judgement);
    }
    const purpose: SmsPurpose = which === 'cancel' ? 'cancel-account' : 'change-account';
    return sms.send(user.id, await phoneOf(db, user.id), purpose);
  });

  defineCall(app, services, 'blocLegal/account/checkSMSCode', async ({ user, input }) => {
    corporate(user);
    await sms.verify(user.id, 'change-account', input.code ?? '');
    return verifications.pass(user.id, 'change-account', 'sms');
  });

  defineCall(app, services, 'blocLegal/account/changeLegalAccount', async ({ user, input }) => {
    corporate(user);
    const name = text(input, 'administratorName', "The administrator's name", { required: true, max: 30 });
    if (name.length < 2) throw refuseText("The administrator's name must have at least 2 characters.");
    const idNumber = text(input, 'administratorIdNumber', "The administrator's ID number", {
      required: true,
      max: 18,
    }).toUpperCase();
    const parsed = parseIdNumber(idNumber);
    if (!parsed.ok) throw refuseText(ID_NUMBER_MESSAGES[parsed.error]);
    const phone = text(input, 'administratorPhone', "The administrator's phone", {
      required: true,
      max: 11,
      pattern: MOBILE_PATTERN,
      patternText: "The administrator's phone must be an 11-digit mainland mobile number.",
    });
    const email =
      text(input, 'email', 'Email', {
        max: 100,
        pattern: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
        patternText: 'The email address is not valid.',
      }) || null;

    await db.transaction().execute(async (trx) => {
      if (!(await verifications.consume(user.id, 'change-account', trx)))
        throw refuseText(NEED_CHANGE_CHECK, { step: 'verify' });
      await trx
        .updateTable('app_user')
        .set({ real_name: name, id_number: idNumber, phone, email })
        .where('id', '=', user.id)
        .execute();
      await trx
        .updateTable('customer')
        .set({ contact_name: name, contact_phone: phone })
        .where('id', '=', user.customer_id)
        .execute();
    });
    return legalInfo(db, user.id);
  });

  // ---- cancellation: judgeCancleLegal -> checkPicture | checkCode -> cancleAccount ----

  defineCall(app, services, 'blocLegal/account/judgeCancleLegal', async ({ user }) => {
    corporate(user);
    return judgeCancel(db, user.customer_id);
  });

  defineCall(app, services, 'blocLegal/account/checkPicture', async ({ user, input }) => {
    corporate(user);
    const randName = input.randName ?? '';
    if (!Captcha.validName(randName))
      throw refuseText('The picture check needs a new picture; draw one and try again.');
    const answer = text(input, 'code', 'The characters in the picture', { required: true, max: 10 });
    const outcome = await services.captcha.check(randName, answer);
    if (outcome === 'wrong')
      throw refuseText('The characters do not match the picture; try again or draw a new picture.');
    if (outcome === 'expired') throw refuseText('The picture has expired; draw a new one.');
    if (outcome === 'unknown') throw refuseText('This picture has been used or is no longer valid; draw a new one.');
    return verifications.pass(user.id, 'cancel-account', 'picture');
  });

  defineCall(app, services, 'blocLegal/account/checkCode', async ({ user, input }) => {
    corporate(user);
    await sms.verify(user.id, 'cancel-account', input.code ?? '');
    return verifications.pass(user.id, 'cancel-account', 'sms');
  });

  defineCall(app, services, 'blocLegal/account/cancleAccount', async ({ user, reply }) => {
    corporate(user);
    const judgement = await judgeCancel(db, user.customer_id);
    if (!judgement.cancellable) throw refuseText(judgement.reasons.join(' '), judgement);
    const users = await db.transaction().execute(async (trx) => {
      if (!(await verifications.consume(user.id, 'cancel-account', trx)))
        throw refuseText(NEED_CANCEL_CHECK, { step: 'verify' });
      await trx.updateTable('customer').set({ state: 2 }).where('id', '=', user.customer_id).execute();
      await trx.updateTable('app_user').set({ state: 2 }).where('customer_id', '=', user.customer_id).execute();
      return trx.selectFrom('app_user').select('id').where('customer_id', '=', user.customer_id).execute();
    });
    for (const u of users) await services.identity.endAllSessions(u.id);
    clearSessionCookies(reply);
    return null;
  });

  // ---- personal SMS codes (binding a phone, confirming it is you) ----

  const personalPurpose = (input: Record<string, string>): 'bind-phone' | 'verify-identity' => {
    const purpose = text(input, 'purpose', 'Purpose', { required: true, max: 20 });
    if (purpose !== 'bind-phone' && purpose !== 'verify-identity')
      throw refuseText('The purpose must be bind-phone or verify-identity.');
    return purpose;
  };

  defineCall(app, services, 'blocLegal/sendMsg/sendSms', async ({ user, input }) => {
    const purpose = personalPurpose(input);
    if (purpose === 'verify-identity') return sms.send(user.id, await phoneOf(db, user.id), purpose);
    const phone = text(input, 'phone', 'Phone number', {
      required: true,
      max: 11,
      pattern: MOBILE_PATTERN,
      patternText: 'The phone number must be an 11-digit mainland mobile number.',
    });
    const current = await db.selectFrom('app_user').select('phone').where('id', '=', user.id).executeTakeFirstOrThrow();
    if (current.phone === phone) throw refuseText('This phone number is already bound to your account.');
    return sms.send(user.id, phone, purpose);
  });

  defineCall(app, services, 'blocLegal/sendMsg/checkSms', async ({ user, input }) => {
    const purpose = personalPurpose(input);
    // Binding takes effect as soon as the code sent to the new phone comes back, by the same rules as
    // profile/changePhone (one implementation: src/server/services/personal/boundPhone.ts).
    if (purpose === 'bind-phone') {
      const phone = text(input, 'phone', 'Phone number', {
        max: 11,
        pattern: MOBILE_PATTERN,
        patternText: 'The phone number must be an 11-digit mainland mobile number.',
      });
      await changeBoundPhone(services, user, input.code ?? '', phone || null);
    } else {
      await sms.verify(user.id, purpose, input.code ?? '');
    }
    return verifications.pass(user.id, purpose, 'sms');
  });
}
