/** Request and response types of the corporate account calls and the personal SMS call. */

export interface LegalInfo {
  companyName: string;
  creditCode: string;
  /** true when the credit code passes the GB 32100-2015 check. */
  creditCodeValid: boolean;
  administratorName: string;
  administratorIdNumberMasked: string;
  administratorPhoneMasked: string;
  email: string | null;
  userName: string;
  /** 1 active, 2 cancelled. */
  state: number;
}

export interface LegalChangeCheck {
  /** true when the administrator may be changed now. */
  allowed: boolean;
  phoneMasked: string;
}

export interface SmsSent {
  phoneMasked: string;
  expiresInSeconds: number;
  resendInSeconds: number;
}

export interface VerificationPassed {
  /** How long the next step may be taken (seconds). */
  expiresInSeconds: number;
}

export interface ChangeLegalAccountRequest {
  administratorName: string;
  administratorIdNumber: string;
  administratorPhone: string;
  email?: string;
}

export interface CancelJudgement {
  cancellable: boolean;
  /** Sentences saying why not, empty when cancellable. */
  reasons: string[];
  policiesInForce: number;
  unpaidPayments: number;
}

/** Purposes of personal codes. */
type PersonalSmsPurpose = 'bind-phone' | 'verify-identity';

export interface AccountIO {
  'blocLegal/account/getLegalInfo': { req: Record<string, never>; res: LegalInfo };
  'blocLegal/account/checkLegalChange': { req: Record<string, never>; res: LegalChangeCheck };
  'blocLegal/account/sendSMSCodeForChangeAccount': { req: { purpose?: 'change' | 'cancel' }; res: SmsSent };
  'blocLegal/account/checkSMSCode': { req: { code: string }; res: VerificationPassed };
  'blocLegal/account/changeLegalAccount': { req: ChangeLegalAccountRequest; res: LegalInfo };
  'blocLegal/account/judgeCancleLegal': { req: Record<string, never>; res: CancelJudgement };
  'blocLegal/account/checkPicture': { req: { randName: string; code: string }; res: VerificationPassed };
  'blocLegal/account/checkCode': { req: { code: string }; res: VerificationPassed };
  'blocLegal/account/cancleAccount': { req: Record<string, never>; res: null };
  'blocLegal/sendMsg/sendSms': { req: { purpose: PersonalSmsPurpose; phone?: string }; res: SmsSent };
  'blocLegal/sendMsg/checkSms': {
    req: { purpose: PersonalSmsPurpose; code: string; phone?: string };
    res: VerificationPassed;
  };
}
