import type { FastifyInstance } from 'fastify';
import { defineCall } from '../http/call';
import type { Services } from '../http/context';
import { clearSessionCookies } from '../http/sessionCookies';
import { Captcha } from '../services/captcha';
import { refuse } from '../services/errors';
import { changeBoundPhone } from '../services/personal/boundPhone';
import { requireRecentAuth } from '../services/reauthentication';
import type { SmsPurpose } from '../services/sms';

/** The corporate account (information, change of administrator, cancellation) and personal SMS codes. */
export async function accountRoutes(app: FastifyInstance, services: Services) {
  const { accounts, sms, verifications } = services;

  defineCall(app, services, 'blocLegal/account/getLegalInfo', async ({ user }) => {
    accounts.corporate(user);
    return accounts.legalInfo(user.id);
  });

  // ---- change of administrator: checkLegalChange -> SMS -> checkSMSCode -> changeLegalAccount ----

  defineCall(app, services, 'blocLegal/account/checkLegalChange', async ({ user }) => {
    accounts.corporate(user);
    return accounts.checkChange(user);
  });

  defineCall(app, services, 'blocLegal/account/sendSMSCodeForChangeAccount', async ({ user, values, locale, t }) => {
    accounts.corporate(user);
    const cancel = values.purpose === 'cancel';
    if (cancel) await accounts.assertCancellable(user.customer_id, t);
    const purpose: SmsPurpose = cancel ? 'cancel-account' : 'change-account';
    return sms.send(user.id, await accounts.phoneOf(user.id), purpose, locale);
  });

  defineCall(app, services, 'blocLegal/account/checkSMSCode', async ({ user, values }) => {
    accounts.corporate(user);
    await sms.verify(user.id, 'change-account', values.code);
    return verifications.pass(user.id, 'change-account', 'sms');
  });

  defineCall(app, services, 'blocLegal/account/changeLegalAccount', async ({ user, values, reply }) => {
    accounts.corporate(user);
    const changed = await accounts.change(user, values);
    // The old administrator is out: every session of the account ends, this one included.
    await services.identity.endAllSessions(user.id);
    clearSessionCookies(reply);
    return changed;
  });

  // ---- cancellation: judgeCancleLegal -> checkPicture | checkCode -> cancleAccount ----

  defineCall(app, services, 'blocLegal/account/judgeCancleLegal', async ({ user, t }) => {
    accounts.corporate(user);
    return accounts.judgeCancel(user.customer_id, t);
  });

  defineCall(app, services, 'blocLegal/account/checkPicture', async ({ user, values }) => {
    accounts.corporate(user);
    // The picture alone authorises a cancellation: after a wrong answer, only the SMS check does.
    const smsInstead = () => refuse('security.pictureFailedUseSms', {}, { step: 'sms' });
    if (await verifications.pictureFailedRecently(user.id)) throw smsInstead();
    if (!Captcha.validName(values.randName)) throw refuse('account.pictureExpiredName');
    const outcome = await services.captcha.check(values.randName, values.code);
    if (outcome === 'wrong') {
      await verifications.pictureFailed(user.id);
      throw smsInstead();
    }
    if (outcome === 'expired') throw refuse('account.pictureExpired');
    if (outcome === 'unknown') throw refuse('account.pictureUsed');
    return verifications.pass(user.id, 'cancel-account', 'picture');
  });

  defineCall(app, services, 'blocLegal/account/checkCode', async ({ user, values }) => {
    accounts.corporate(user);
    await sms.verify(user.id, 'cancel-account', values.code);
    return verifications.pass(user.id, 'cancel-account', 'sms');
  });

  defineCall(app, services, 'blocLegal/account/cancleAccount', async ({ user, reply, t }) => {
    accounts.corporate(user);
    for (const id of await accounts.cancel(user, t)) await services.identity.endAllSessions(id);
    clearSessionCookies(reply);
    return null;
  });

  // ---- personal SMS codes (binding a phone, confirming it is you) ----

  defineCall(app, services, 'blocLegal/sendMsg/sendSms', async ({ user, values, locale }) => {
    if (values.purpose === 'verify-identity')
      return sms.send(user.id, await accounts.phoneOf(user.id), values.purpose, locale);
    if (!values.phone) throw refuse('input.required', { field: { key: 'field.phone', fallback: 'phone' } });
    // Asked before a code goes to the new phone, and again when it comes back (boundPhone.ts).
    requireRecentAuth(user, services.clock.now());
    await accounts.assertNewPhone(user.id, values.phone);
    return sms.send(user.id, values.phone, values.purpose, locale);
  });

  defineCall(app, services, 'blocLegal/sendMsg/checkSms', async ({ user, values }) => {
    // Binding takes effect as soon as the code sent to the new phone comes back, by the same rules as
    // profile/changePhone (one implementation: src/server/services/personal/boundPhone.ts).
    if (values.purpose === 'bind-phone') await changeBoundPhone(services, user, values.code, values.phone ?? null);
    else await sms.verify(user.id, values.purpose, values.code);
    return verifications.pass(user.id, values.purpose, 'sms');
  });
}
