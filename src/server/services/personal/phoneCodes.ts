/**
 * What the personal centre needs from the SMS service to change the bound phone: use up the code
 * the member asked for with sendMsg/sendSms (purpose 'bind-phone', phone = the new number) and
 * learn which phone it was sent to. The SMS service's `SmsCodes.verify(userId, purpose, code)`
 * has exactly this shape (it refuses a wrong, expired or used code with its own sentence);
 * app.ts hands it to the gateway as `services.phoneCodes`.
 */
export const CHANGE_PHONE_PURPOSE = 'bind-phone';

export interface PhoneCodeVerifier {
  verify(userId: number, purpose: typeof CHANGE_PHONE_PURPOSE, code: string): Promise<{ phone: string }>;
}
