import type { Generated } from 'kysely';

/** Timestamps are ISO-8601 UTC text in both databases; money is integer fen; flags are integers. */
export interface CustomerTable {
  id: Generated<number>;
  /** 'legal' for a company, 'person' for an individual member. */
  kind: 'legal' | 'person';
  name: string;
  /** Unified social credit code (companies) or resident ID number (individuals). */
  credit_code: string | null;
  contact_name: string | null;
  contact_phone: string | null;
  address: string | null;
  /** 1 = active, 2 = cancelled. */
  state: number;
  created_at: string;
  /** 1: a correction is sent for approval and paid by another user than the one who prepared it. */
  two_person_approval: Generated<number>;
}

export interface UserTable {
  id: Generated<number>;
  customer_id: number;
  username: string;
  password_hash: string;
  nick_name: string;
  real_name: string | null;
  id_number: string | null;
  phone: string | null;
  email: string | null;
  legal_flag: number;
  user_ank: number;
  show_app: number;
  hide_menu: number;
  /** 1 = the privacy authorisation is given; 2 = closed by the user. */
  privacy_authorised: number;
  city_code: string | null;
  /** 1 = active, 2 = cancelled. */
  state: number;
  created_at: string;
  /** The account's language (en-US, zh-CN), as last chosen on the login page; null: the gateway's default. */
  locale: string | null;
  /** The phone bound before the last change in the personal centre (a reset's code goes there while held). */
  previous_phone: string | null;
  /** Until then a password reset does not send its code to the bound phone (docs/security.md). */
  reset_held_until: string | null;
  /** A company user's role (contract/roles.ts); 'administrator' for members and until told otherwise. */
  role: Generated<string>;
  /** When the user last logged in (UTC). */
  last_login_at: string | null;
}

interface SessionTable {
  /** sha256 of the cookie's secret; the secret itself is never stored. */
  token_hash: string;
  /** Public id of the session, the value of the SSO cookie. */
  sso_id: string;
  user_id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  ip: string | null;
  user_agent: string | null;
  /** When the session last proved its user: the login, the password asked again, a code to the bound phone. */
  reauth_at: string | null;
}

interface LoginAttemptTable {
  id: Generated<number>;
  username: string;
  ip: string;
  succeeded: number;
  at: string;
}

interface MenuEntryTable {
  id: Generated<number>;
  /** 'legal' (corporate menu) or 'personal' (personal-centre menu). */
  audience: 'legal' | 'personal';
  parent_id: number | null;
  sort: number;
  name: string;
  path: string;
  component: string;
  hidden: number;
  title: string;
  icon: string;
  require_auth: number;
  left_menu: number;
}

interface AreaTable {
  code: string;
  name: string;
  parent_code: string | null;
  /** 1 = a city where the insurer has a branch one can log on to. */
  has_branch: number;
}

interface OpinionTable {
  id: Generated<number>;
  opinion_no: string;
  customer_id: number;
  user_id: number;
  /** 'complaint' or 'suggestion'. */
  kind: string;
  type_code: string;
  title: string;
  content: string;
  contact_phone: string | null;
  /** 1 = open, 2 = replied, 3 = closed. */
  state: number;
  created_at: string;
  updated_at: string;
}

interface OpinionReplyTable {
  id: Generated<number>;
  opinion_id: number;
  /** 'customer' or 'insurer'. */
  author: string;
  author_name: string;
  content: string;
  created_at: string;
  /** When the customer opened an insurer's reply; null while unread. */
  read_at: string | null;
}

interface CaptchaTable {
  rand_name: string;
  answer_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  attempts: number;
}

/** The gateway's RSA key pair, shared by every gateway instance through the database. */
interface GatewayKeyTable {
  key_id: string;
  public_pem: string;
  private_pem: string;
  created_at: string;
}

interface AnalyticsEventTable {
  id: Generated<number>;
  kind: string;
  page: string;
  target: string | null;
  platform: string;
  login_flag: number;
  user_id: number | null;
  at: string;
}

export interface FoundationTables {
  customer: CustomerTable;
  app_user: UserTable;
  session: SessionTable;
  login_attempt: LoginAttemptTable;
  menu_entry: MenuEntryTable;
  area: AreaTable;
  opinion: OpinionTable;
  opinion_reply: OpinionReplyTable;
  captcha: CaptchaTable;
  gateway_key: GatewayKeyTable;
  analytics_event: AnalyticsEventTable;
}
