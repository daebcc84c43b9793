import type { Generated } from 'kysely';

/** An SMS code sent to a mobile number that has no account yet (registration). */
interface SignupCodeTable {
  id: Generated<number>;
  phone: string;
  salt: string;
  code_hash: string;
  created_at: string;
  expires_at: string;
  attempts: number;
  /** Set when the code was used, voided (too many wrong answers) or replaced. */
  closed_at: string | null;
}

/** One registration or password-reset request, counted by the throttle per source and per name. */
interface AccountAttemptTable {
  id: Generated<number>;
  /** 'register' or 'reset'. */
  kind: string;
  /** The mobile number or user name the request was about. */
  name: string;
  ip: string;
  at: string;
}

export interface AccountTables {
  signup_code: SignupCodeTable;
  account_attempt: AccountAttemptTable;
}
