/**
 * What the personal centre needs from the SMS service to change the bound phone: check (and use
 * up) a code that sendMsg/sendSms sent to a phone for a purpose. The SMS service (DESIGN.md:
 * 6-digit codes that expire, resend cooldown, attempt limit) implements it; app.ts hands it to the
 * gateway as `services.phoneCodes`.
 */
export type PhoneCodeCheck = 'ok' | 'wrong' | 'expired' | 'unknown' | 'locked';

export interface PhoneCodeChecker {
  check(phone: string, purpose: string, code: string): Promise<PhoneCodeCheck>;
}

/** The purpose the portal names when it asks sendMsg/sendSms for a code to the new phone. */
export const CHANGE_PHONE_PURPOSE = 'changePhone';
