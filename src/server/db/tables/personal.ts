import type { ColumnType, Generated } from 'kysely';
import type {
  BonusState,
  BookingState,
  CouponRowState,
  EnrolmentState,
  OfferState,
  OrderState,
  PointOrderState,
  TransactionState,
} from '@contract/states';

/**
 * The personal centre of individual members: orders and applications, club (points, points orders,
 * gifts, coupons, service packages and bookings, favourites, activities), assets (accounts, fund
 * holdings, transactions, bonus records, risk evaluations) and the binding of policies bought
 * through other channels. Every row but the shared catalogues (gifts, activities, funds) belongs to
 * one customer and every query is scoped by it. Money is integer fen, dates YYYY-MM-DD text,
 * timestamps ISO text. Seeded names carry their Chinese beside them (`*_zh`, the base column is
 * English); a reader of zh-CN gets the Chinese where there is one (migration 0410).
 */

/**
 * Customers with a role of their own: 'unbound' holds the policies sold through other channels
 * (agents, banks, telesales) that no member account has bound yet (policy/addPolicy moves them).
 */
interface SystemCustomerTable {
  role: string;
  customer_id: number;
}

/** Every attempt to bind a policy, so that guessing holder details is limited. */
interface PolicyBindAttemptTable {
  id: Generated<number>;
  user_id: number;
  policy_no: string;
  /** 1 = bound, 0 = refused. */
  succeeded: number;
  at: string;
}

/** Changes of automatic renewal made by members (policy/cancelRenew). */
interface PolicyRenewalChangeTable {
  id: Generated<number>;
  policy_id: number;
  user_id: number;
  auto_renew_before: number;
  auto_renew_after: number;
  at: string;
}

/**
 * Orders placed online ('order') and insurance applications ('application').
 * States: 1 pending payment, 2 paid (policy issued), 3 cancelled, 4 under underwriting, 5 declined.
 */
export interface MemberOrderTable {
  id: Generated<number>;
  order_no: string;
  customer_id: number;
  kind: string;
  product_code: string;
  product_name: string;
  policy_kind: string;
  holder_name: string;
  insured_name: string;
  amount_fen: number;
  state: OrderState;
  start_date: string;
  end_date: string;
  /** Coverages as JSON text: [{ name, sumInsuredFen }]. */
  coverages: string;
  pay_deadline: string | null;
  paid_at: string | null;
  cancelled_at: string | null;
  cancel_reason: string | null;
  /** The policy the order produced once paid. */
  policy_no: string | null;
  created_at: string;
  cancel_reason_zh: string | null;
  /** A renewal order ('renewal'): the policy it renews (migration 0660); null for the others. */
  renews_policy_no: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Points ledger: positive entries earn, negative ones spend or expire; the balance is the sum. */
interface PointEntryTable {
  id: Generated<number>;
  customer_id: number;
  /** 'earn' | 'redeem' | 'expire' | 'refund'. */
  kind: string;
  points: number;
  reason: string;
  /** The points order an entry belongs to, for redemptions and refunds. */
  point_order_id: number | null;
  at: string;
  /** When set, the reason is said in the reader's language (the key with its JSON parameters). */
  text_key: string | null;
  text_params: string | null;
}

/** The gift catalogue: things a member may redeem for points (shared by all members). */
interface GiftTable {
  id: Generated<number>;
  code: string;
  name: string;
  description: string;
  points: number;
  stock: number;
  /** 1 on offer, 2 withdrawn. */
  state: OfferState;
  sort: number;
  name_zh: string | null;
  description_zh: string | null;
}

/** Points orders: 1 processing, 2 shipped, 3 completed, 4 cancelled. */
export interface PointOrderTable {
  id: Generated<number>;
  order_no: string;
  customer_id: number;
  gift_id: number;
  gift_name: string;
  quantity: number;
  points: number;
  state: PointOrderState;
  recipient: string;
  phone: string;
  address: string;
  tracking_no: string | null;
  created_at: string;
  updated_at: string;
}

/** Coupons: 1 unused, 2 used (unused ones past valid_to read as expired). */
interface CouponTable {
  id: Generated<number>;
  coupon_no: string;
  customer_id: number;
  title: string;
  /** 'cash' (value off) or 'discount' (value = percent off). */
  kind: string;
  value: number;
  threshold_fen: number;
  scope: string;
  valid_from: string;
  valid_to: string;
  state: CouponRowState;
  used_at: string | null;
  title_zh: string | null;
  scope_zh: string | null;
}

/** Service packages a member holds (usually given with a policy). */
interface ServicePackageTable {
  id: Generated<number>;
  package_no: string;
  customer_id: number;
  name: string;
  description: string;
  policy_no: string | null;
  valid_from: string;
  valid_to: string;
  name_zh: string | null;
  description_zh: string | null;
}

interface ServicePackageItemTable {
  id: Generated<number>;
  package_id: number;
  code: string;
  name: string;
  total_uses: number;
  used_uses: number;
  sort: number;
  name_zh: string | null;
}

/** Bookings of a package service (custom services): 1 booked, 2 completed, 3 cancelled. */
interface ServiceBookingTable {
  id: Generated<number>;
  booking_no: string;
  customer_id: number;
  item_id: number;
  service_name: string;
  appointment_date: string;
  city: string;
  contact_phone: string;
  note: string;
  state: BookingState;
  created_at: string;
}

/** Favourites: products, articles or services a member kept. */
interface FavouriteTable {
  id: Generated<number>;
  customer_id: number;
  /** 'product' | 'article' | 'service'. */
  kind: string;
  title: string;
  summary: string;
  link: string;
  created_at: string;
  title_zh: string | null;
  summary_zh: string | null;
}

/** Club activities (shared); 1 open, 2 withdrawn. */
export interface ClubActivityTable {
  id: Generated<number>;
  code: string;
  title: string;
  summary: string;
  city: string;
  starts_at: string;
  ends_at: string;
  enrol_until: string;
  capacity: number;
  state: OfferState;
  title_zh: string | null;
  summary_zh: string | null;
  city_zh: string | null;
}

/** Enrolments: 1 enrolled, 2 withdrawn by the member. */
interface ClubEnrolmentTable {
  id: Generated<number>;
  activity_id: number;
  customer_id: number;
  user_id: number;
  state: EnrolmentState;
  enrolled_at: string;
  updated_at: string;
}

/** Funds that investment accounts may hold (shared); risk level 1 (lowest) to 5. */
interface FundTable {
  id: Generated<number>;
  code: string;
  name: string;
  risk_level: number;
  /** Net asset value per unit in 1/10000 yuan. */
  nav_e4: number;
  nav_date: string;
  name_zh: string | null;
}

/**
 * A member's asset accounts: 'universal' (universal-life account), 'unit_linked' (investment-linked
 * account holding funds), 'cash_value' (cash value of a life policy), 'annuity' (annuity account).
 */
export interface AssetAccountTable {
  id: Generated<number>;
  account_no: string;
  customer_id: number;
  kind: string;
  name: string;
  policy_no: string | null;
  /** Cash balance in fen (for unit_linked: the uninvested cash). */
  balance_fen: number;
  /** Guaranteed or credited annual rate in basis points, where it applies. */
  rate_bp: number | null;
  opened_on: string;
  updated_on: string;
  name_zh: string | null;
}

interface FundHoldingTable {
  id: Generated<number>;
  account_id: number;
  fund_id: number;
  /** Units in 1/100 unit. */
  units_e2: number;
  /** What was paid for the units, in fen. */
  cost_fen: number;
  /** Share of new premiums allocated to this fund, percent. */
  allocation_pct: number;
}

/** Transactions on asset accounts: 1 completed, 2 processing, 3 failed. Amount is signed. */
interface AssetTransactionTable {
  id: Generated<number>;
  txn_no: string;
  customer_id: number;
  account_id: number;
  /** 'premium' | 'purchase' | 'redemption' | 'interest' | 'dividend' | 'fee' | 'withdrawal' | 'annuity'. */
  kind: string;
  amount_fen: number;
  description: string;
  state: TransactionState;
  on_date: string;
  /** When set, the description is said in the reader's language (the key with its JSON parameters). */
  text_key: string | null;
  text_params: string | null;
}

/** Bonuses declared on participating policies: 1 declared, 2 paid out or credited. */
interface BonusRecordTable {
  id: Generated<number>;
  customer_id: number;
  policy_no: string;
  product_name: string;
  bonus_year: number;
  declared_on: string;
  amount_fen: number;
  /** 'cash' | 'accumulate' | 'offset_premium' | 'paid_up_additions'. */
  method: string;
  state: BonusState;
  product_name_zh: string | null;
}

/** Risk questionnaire results; the latest one still valid is the member's risk level. */
export interface RiskEvaluationTable {
  id: Generated<number>;
  customer_id: number;
  user_id: number;
  questionnaire: string;
  answers: string;
  score: number;
  level: number;
  evaluated_at: string;
  valid_until: string;
}

export interface PersonalTables {
  system_customer: SystemCustomerTable;
  policy_bind_attempt: PolicyBindAttemptTable;
  policy_renewal_change: PolicyRenewalChangeTable;
  member_order: MemberOrderTable;
  point_entry: PointEntryTable;
  gift: GiftTable;
  point_order: PointOrderTable;
  coupon: CouponTable;
  service_package: ServicePackageTable;
  service_package_item: ServicePackageItemTable;
  service_booking: ServiceBookingTable;
  favourite: FavouriteTable;
  club_activity: ClubActivityTable;
  club_enrolment: ClubEnrolmentTable;
  fund: FundTable;
  asset_account: AssetAccountTable;
  fund_holding: FundHoldingTable;
  asset_transaction: AssetTransactionTable;
  bonus_record: BonusRecordTable;
  risk_evaluation: RiskEvaluationTable;
}

/**
 * The columns the personal centre adds to the shared policy table: the holder's ID number, which
 * binding a policy checks (migration 0400), and its online renewal (migration 0660). (Where a policy was sold — agent, bank, telesales — is
 * `channel` in its details JSON; absent means this portal.)
 */
declare module './core' {
  interface PolicyTable {
    holder_id_number: string | null;
    /** A member's policy: its latest renewal order (migration 0660). */
    renewal_order_no: ColumnType<string | null, string | null | undefined, string | null>;
    /** A member's policy: the policy that renewed it, once its renewal order is paid. */
    renewed_by: ColumnType<string | null, string | null | undefined, string | null>;
  }
}
