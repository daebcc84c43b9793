import { REAUTH_NEEDED } from '@contract/envelope';
import { LOCALES, type Locale } from '@common/i18n';
import { MOBILE_PATTERN } from '@common/memberRank';
import { refuse } from './errors';
import { maskPhone } from './sms';

/**
 * What takes an account (binding a phone, changing the e-mail, changing a company's administrator,
 * cancelling an account) needs a session that proved its user within the last minutes: the login
 * itself, the password asked again (login/reauthenticate), or a code sent to the phone already bound
 * (sendMsg/sendSms with purpose verify-identity, then login/reauthenticate with the code). A stolen
 * session alone takes nothing. docs/security.md.
 */
export const REAUTH_MINUTES = 5;

/**
 * A password reset asked within this many days of a phone bound in the personal centre does not send
 * its code to the new phone: it goes to the phone bound before, or, with none, nowhere until the days
 * are over (the new phone is told when the reset will work again).
 */
export const RESET_HOLD_DAYS = 7;

/** When the session's proof of its user ends (ISO), from its stamp. */
export function reauthValidUntil(reauthAt: string | null): string | null {
  if (!reauthAt) return null;
  return new Date(Date.parse(reauthAt) + REAUTH_MINUTES * 60_000).toISOString();
}

/**
 * Refuses, changing nothing, unless the session proved its user within REAUTH_MINUTES; the refusal
 * carries `{ reauthenticate: true }`, on which the portal asks for the password and tries again.
 */
export function requireRecentAuth(session: { reauth_at: string | null }, now: Date): void {
  const until = reauthValidUntil(session.reauth_at);
  if (until && until > now.toISOString() && session.reauth_at! <= now.toISOString()) return;
  throw refuse('reauth.needed', { minutes: REAUTH_MINUTES }, { [REAUTH_NEEDED]: true });
}

/** The language of messages sent to an account unasked: the one it last logged in with, else the gateway's. */
export function accountLocale(user: { locale: string | null }, fallback: Locale): Locale {
  return (LOCALES as readonly string[]).includes(user.locale ?? '') ? (user.locale as Locale) : fallback;
}

/** An account's name as a text message shows it: a mobile number masked. */
export function accountName(username: string): string {
  return MOBILE_PATTERN.test(username) ? maskPhone(username) : username;
}
