/** Request schemas of the corporate account calls and the personal SMS calls (decoded at the gateway's door). */
import type { Static } from 'typebox';
import { Empty, OneOf, Text, Type } from '../fields';

/** A mainland mobile number: 11 digits starting 13-19 (src/common/memberRank.ts MOBILE_PATTERN). */
const Mobile = () => Type.String({ pattern: '^1[3-9]\\d{9}$', maxLength: 11, errorKey: 'sms.badPhone' });
/** A 6-digit SMS code. */
const SmsCode = () => Type.String({ pattern: '^\\d{6}$', maxLength: 6, errorKey: 'sms.badFormat' });
const PersonalPurpose = () => OneOf(['bind-phone', 'verify-identity'] as const);

export const accountRequests = {
  'blocLegal/account/getLegalInfo': Empty(),
  'blocLegal/account/checkLegalChange': Empty(),
  'blocLegal/account/sendSMSCodeForChangeAccount': Type.Object({
    purpose: Type.Optional(OneOf(['change', 'cancel'] as const)),
  }),
  'blocLegal/account/checkSMSCode': Type.Object({ code: SmsCode() }),
  'blocLegal/account/changeLegalAccount': Type.Object({
    administratorName: Text(30, { minLength: 2 }),
    administratorIdNumber: Text(18),
    administratorPhone: Mobile(),
    email: Type.Optional(Type.String({ maxLength: 100, pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' })),
  }),
  'blocLegal/account/judgeCancleLegal': Empty(),
  'blocLegal/account/checkPicture': Type.Object({
    randName: Text(64, { pattern: '^[A-Za-z0-9_-]+$' }),
    code: Text(10),
  }),
  'blocLegal/account/checkCode': Type.Object({ code: SmsCode() }),
  'blocLegal/account/cancleAccount': Empty(),
  'blocLegal/sendMsg/sendSms': Type.Object({ purpose: PersonalPurpose(), phone: Type.Optional(Mobile()) }),
  'blocLegal/sendMsg/checkSms': Type.Object({
    purpose: PersonalPurpose(),
    code: SmsCode(),
    phone: Type.Optional(Mobile()),
  }),
};

export type ChangeLegalAccountRequest = Static<(typeof accountRequests)['blocLegal/account/changeLegalAccount']>;
