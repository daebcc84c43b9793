/** Answers of the corporate account calls and the personal SMS calls (requests: account.requests.ts). */
import { Bool, Int, List, NoData, Nullable, Obj, Str, type Static } from '../answerFields';

export const LegalInfo = Obj({
  companyName: Str(),
  creditCode: Str(),
  creditCodeValid: Bool('true when the credit code passes the GB 32100-2015 check'),
  administratorName: Str(),
  administratorIdNumberMasked: Str(),
  administratorPhoneMasked: Str(),
  email: Nullable(Str()),
  userName: Str(),
  state: Int('1 active, 2 cancelled'),
});
export type LegalInfo = Static<typeof LegalInfo>;

export const LegalChangeCheck = Obj({
  allowed: Bool('true when the administrator may be changed now'),
  phoneMasked: Str(),
});
export type LegalChangeCheck = Static<typeof LegalChangeCheck>;

export const SmsSent = Obj({ phoneMasked: Str(), expiresInSeconds: Int(), resendInSeconds: Int() });
export type SmsSent = Static<typeof SmsSent>;

export const VerificationPassed = Obj({ expiresInSeconds: Int('how long the next step may be taken (seconds)') });
export type VerificationPassed = Static<typeof VerificationPassed>;

export const CancelJudgement = Obj({
  cancellable: Bool(),
  reasons: List(Str(), 'sentences saying why not, empty when cancellable'),
  policiesInForce: Int(),
  unpaidPayments: Int(),
});
export type CancelJudgement = Static<typeof CancelJudgement>;

export const accountAnswers = {
  'blocLegal/account/getLegalInfo': LegalInfo,
  'blocLegal/account/checkLegalChange': LegalChangeCheck,
  'blocLegal/account/sendSMSCodeForChangeAccount': SmsSent,
  'blocLegal/account/checkSMSCode': VerificationPassed,
  'blocLegal/account/changeLegalAccount': LegalInfo,
  'blocLegal/account/judgeCancleLegal': CancelJudgement,
  'blocLegal/account/checkPicture': VerificationPassed,
  'blocLegal/account/checkCode': VerificationPassed,
  'blocLegal/account/cancleAccount': NoData(),
  'blocLegal/sendMsg/sendSms': SmsSent,
  'blocLegal/sendMsg/checkSms': VerificationPassed,
};
