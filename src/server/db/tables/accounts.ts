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

/**
 * A colleague invited by a company's administrator (services/invitations.ts): their name, mobile
 * number and role, the one-time link's token (its SHA-256 only) and until when it holds; the account is
 * made when they open the link and set their user name and password.
 */
export interface UserInvitationTable {
  id: Generated<number>;
  customer_id: number;
  invited_by: number;
  name: string;
  phone: string;
  role: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  /** Set when the link was used (accepted_user_id then names the account made), withdrawn or replaced. */
  closed_at: string | null;
  accepted_user_id: number | null;
}

export interface AccountTables {
  signup_code: SignupCodeTable;
  account_attempt: AccountAttemptTable;
  user_invitation: UserInvitationTable;
}
