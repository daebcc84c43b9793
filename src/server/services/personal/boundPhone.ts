import { insurerToday } from '@common/correction';
import type { Locale } from '@common/i18n';
import { qualifiesAsSenior } from '@common/memberRank';
import type { Kysely } from 'kysely';
import type { DB } from '@server/db/schema';
import { translate } from '@server/messages/catalogue';
import type { Clock } from '../clock';
import { forbidden, refuse } from '../errors';
import type { SessionUser } from '../identity';
import { accountLocale, accountName, RESET_HOLD_DAYS, requireRecentAuth } from '../reauthentication';
import { maskPhone, type SmsCodes } from '../sms';
import { CHANGE_PHONE_PURPOSE, type PhoneCodeVerifier } from './phoneCodes';

/**
 * The one implementation of changing a member's bound phone, behind both calls that do it:
 * profile/changePhone (the personal centre's account security: new phone + code) and
 * sendMsg/checkSms with purpose 'bind-phone' (the SMS call pair; the phone may be left out, the code
 * then says which number it was sent to). Rules: the code is the one sendMsg/sendSms sent to the new
 * phone (used up by `services.phoneCodes`, the SMS service); the phone is not already this account's
 * nor bound to another account; the customer's contact phone follows; completing the phone can make
 * a member senior (src/common/memberRank.ts), never the reverse; a corporate administrator's phone
 * changes only with the account change. The session must have proved its user within the last
 * minutes (services/reauthentication.ts); the phone bound before is told, in the account's language,
 * and until RESET_HOLD_DAYS have passed a password reset's code goes to it, not to the new phone.
 * Answers the phone now bound.
 */
export async function changeBoundPhone(
  services: {
    db: Kysely<DB>;
    clock: Clock;
    phoneCodes?: PhoneCodeVerifier;
    sms?: Pick<SmsCodes, 'tell'>;
    config: { portal: { defaultLocale: Locale } };
  },
  user: SessionUser,
  code: string,
  newPhone: string | null,
): Promise<string> {
  // A company's administrator changes phone only through the account change (checked on the old phone).
  if (user.legal_flag === 1) throw forbidden('security.personalOnly');
  const { db } = services;
  const now = services.clock.now();
  requireRecentAuth(user, now);
  const check = async (phone: string) => {
    if (phone === user.phone) throw refuse('profile.phoneAlreadyBound');
    const taken = await db
      .selectFrom('app_user')
      .select('id')
      .where('phone', '=', phone)
      .where('id', '!=', user.id)
      .executeTakeFirst();
    if (taken) throw refuse('profile.phoneTaken');
  };
  if (newPhone) await check(newPhone);
  if (!services.phoneCodes) throw refuse('profile.smsUnavailable');
  const { phone: sentTo } = await services.phoneCodes.verify(user.id, CHANGE_PHONE_PURPOSE, code);
  if (newPhone && sentTo !== newPhone) throw refuse('profile.codeForOtherPhone');
  if (!newPhone) await check(sentTo);
  const facts = { real_name: user.real_name, id_number: user.id_number, phone: sentTo };
  const userAnk = user.user_ank === 1 || qualifiesAsSenior(facts) ? 1 : user.user_ank;
  const heldUntil = new Date(now.getTime() + RESET_HOLD_DAYS * 86_400_000);
  // Within a hold the phone bound before it stays the one a reset's code goes to.
  const held = Boolean(user.reset_held_until && user.reset_held_until > now.toISOString());
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('app_user')
      .set({
        phone: sentTo,
        user_ank: userAnk,
        previous_phone: held ? user.previous_phone : user.phone,
        reset_held_until: heldUntil.toISOString(),
      })
      .where('id', '=', user.id)
      .execute();
    await trx
      .updateTable('customer')
      .set({ contact_phone: sentTo })
      .where('id', '=', user.customer_id)
      .where('kind', '=', 'person')
      .execute();
  });
  if (user.phone && services.sms) {
    const locale = accountLocale(user, services.config.portal.defaultLocale);
    const text = translate(locale, 'sms.phoneChanged', {
      account: accountName(user.username),
      phone: maskPhone(sentTo),
      day: insurerToday(now),
      holdDay: insurerToday(heldUntil),
    });
    await services.sms.tell(user.id, user.phone, 'phone-changed', text);
  }
  return sentTo;
}
