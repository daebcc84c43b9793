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

export interface CancelJudgement {
  cancellable: boolean;
  /** Sentences saying why not, empty when cancellable. */
  reasons: string[];
  policiesInForce: number;
  unpaidPayments: number;
}

export interface AccountIO {
  'blocLegal/account/getLegalInfo': { res: LegalInfo };
  'blocLegal/account/checkLegalChange': { res: LegalChangeCheck };
  'blocLegal/account/sendSMSCodeForChangeAccount': { res: SmsSent };
  'blocLegal/account/checkSMSCode': { res: VerificationPassed };
  'blocLegal/account/changeLegalAccount': { res: LegalInfo };
  'blocLegal/account/judgeCancleLegal': { res: CancelJudgement };
  'blocLegal/account/checkPicture': { res: VerificationPassed };
  'blocLegal/account/checkCode': { res: VerificationPassed };
  'blocLegal/account/cancleAccount': { res: null };
  'blocLegal/sendMsg/sendSms': { res: SmsSent };
  'blocLegal/sendMsg/checkSms': { res: VerificationPassed };
}
