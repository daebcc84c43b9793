/**
 * Request and response types of the personal centre: policy binding and renewal, orders,
 * gifts, coupons, club (points, service packages, favourites, activities), assets (accounts,
 * funds, transactions, bonuses, risk questionnaire) and the member's profile and security.
 * Money is integer fen; dates YYYY-MM-DD; timestamps ISO-8601.
 */
import type { Page } from '../envelope';
import type { CashierPayStatus } from './payment';

/** The words some requests take (their schemas: personal.requests.ts). */
export const ORDER_KINDS = ['order', 'application'] as const;
export const COUPON_STATES = ['unused', 'used', 'expired'] as const;
export const FAVOURITE_KINDS = ['product', 'article', 'service'] as const;
export const TRANSACTION_KINDS = [
  'premium',
  'purchase',
  'redemption',
  'interest',
  'dividend',
  'fee',
  'withdrawal',
  'annuity',
] as const;
/** Particulars a member may empty. */
export const CLEARABLE_PARTICULARS = ['email', 'address', 'cityCode'] as const;

// ---- policies ----

export interface BoundPolicy {
  policyNo: string;
  productName: string;
  kind: string;
  state: number;
  holderName: string;
  insuredName: string | null;
  startDate: string;
  endDate: string;
  salesChannel: string;
}

export interface RenewalState {
  policyNo: string;
  /** 1 renews automatically, 2 does not. */
  autoRenew: number;
}

// ---- orders and applications ----

export type OrderKind = 'order' | 'application';

export interface OrderSummary {
  orderNo: string;
  kind: OrderKind;
  productName: string;
  policyKind: string;
  insuredName: string;
  amountFen: number;
  state: number;
  createdAt: string;
  payDeadline: string | null;
  policyNo: string | null;
  /** The member may still cancel it (pending payment or under underwriting). */
  cancellable: boolean;
  /** The member may pay it now (pending payment, before its deadline): personal/orderPayLink. */
  payable: boolean;
}

export interface OrderDetail extends OrderSummary {
  productCode: string;
  holderName: string;
  startDate: string;
  endDate: string;
  coverages: Array<{ name: string; sumInsuredFen: number }>;
  paidAt: string | null;
  cancelledAt: string | null;
  cancelReason: string | null;
}

/** Where an order's payment stands ('closed': order cancelled or link replaced; 'paid': the order is paid). */
export type OrderPayStatus = CashierPayStatus;

interface OrderPayNotifyResult {
  accepted: boolean;
  payStatus: OrderPayStatus;
}

/** An order's payment (personal/orderPayLink and personal/orderPayStatus). */
export interface OrderPayment {
  orderNo: string;
  /** The order's state (2 once paid). */
  state: number;
  payStatus: OrderPayStatus;
  paymentNo: string | null;
  amountFen: number;
  /** Path of the cashier page on the gateway's origin (open in a new window) while the link is open. */
  payUrl: string | null;
  linkExpiresAt: string | null;
  paidAt: string | null;
  /** The policy the paid order produced. */
  policyNo: string | null;
}

// ---- gifts and coupons ----

export interface Gift {
  code: string;
  name: string;
  description: string;
  points: number;
  stock: number;
  /** The member's balance covers one. */
  affordable: boolean;
}

export interface GiftList {
  balance: number;
  gifts: Gift[];
}

/** 'unused' | 'used' | 'expired'. */
export type CouponState = 'unused' | 'used' | 'expired';

export interface Coupon {
  couponNo: string;
  title: string;
  kind: 'cash' | 'discount';
  /** Fen off for 'cash', percent off for 'discount'. */
  value: number;
  thresholdFen: number;
  scope: string;
  validFrom: string;
  validTo: string;
  state: CouponState;
  usedAt: string | null;
}

// ---- points ----

export interface PointEntry {
  kind: string;
  points: number;
  reason: string;
  at: string;
}

export interface MyScore {
  balance: number;
  earnedThisYear: number;
  spentThisYear: number;
  history: Page<PointEntry>;
}

export interface PointOrder {
  orderNo: string;
  giftName: string;
  quantity: number;
  points: number;
  /** 1 processing, 2 shipped, 3 completed, 4 cancelled. */
  state: number;
  recipient: string;
  address: string;
  trackingNo: string | null;
  createdAt: string;
}

// ---- service packages and custom services ----

export interface ServicePackageItem {
  itemId: number;
  code: string;
  name: string;
  totalUses: number;
  usedUses: number;
  remainingUses: number;
}

export interface ServicePackage {
  packageNo: string;
  name: string;
  description: string;
  policyNo: string | null;
  validFrom: string;
  validTo: string;
  /** 'valid' or 'expired' (on today's date). */
  validity: 'valid' | 'expired';
  items: ServicePackageItem[];
}

export interface ServiceBooking {
  bookingNo: string;
  serviceName: string;
  packageName: string;
  appointmentDate: string;
  city: string;
  contactPhone: string;
  note: string;
  /** 1 booked, 2 completed, 3 cancelled. */
  state: number;
  createdAt: string;
}

// ---- favourites and activities ----

export interface Favourite {
  id: number;
  kind: 'product' | 'article' | 'service';
  title: string;
  summary: string;
  link: string;
  createdAt: string;
}

export interface Activity {
  code: string;
  title: string;
  summary: string;
  city: string;
  startsAt: string;
  endsAt: string;
  enrolUntil: string;
  capacity: number;
  enrolled: number;
  /** The member's own enrolment. */
  joined: boolean;
  /** 'open' | 'full' | 'closed' (enrolment over). */
  status: 'open' | 'full' | 'closed';
}

// ---- assets ----

export interface AssetTransaction {
  txnNo: string;
  accountNo: string;
  accountName: string;
  kind: string;
  amountFen: number;
  description: string;
  /** 1 completed, 2 processing, 3 failed. */
  state: number;
  onDate: string;
}

export interface FundPosition {
  fundCode: string;
  fundName: string;
  riskLevel: number;
  units: number;
  navE4: number;
  navDate: string;
  valueFen: number;
  costFen: number;
  gainFen: number;
  allocationPct: number;
  accountNo: string;
}

export interface AssetAccount {
  accountNo: string;
  kind: string;
  name: string;
  policyNo: string | null;
  /**
   * The kind of the account's policy when the member's account holds it (its details open); null when
   * there is no policy or it is not in the account yet (sold elsewhere: the member binds it first).
   */
  policyKind: string | null;
  balanceFen: number;
  /** Balance plus the value of its funds. */
  valueFen: number;
  rateBp: number | null;
  openedOn: string;
  updatedOn: string;
}

export interface AssetsDetails {
  totalFen: number;
  byKind: Array<{ kind: string; valueFen: number }>;
  accounts: AssetAccount[];
  /** Bonuses declared this calendar year. */
  bonusThisYearFen: number;
}

export interface BonusRecord {
  policyNo: string;
  productName: string;
  bonusYear: number;
  declaredOn: string;
  amountFen: number;
  method: string;
  state: number;
}

export interface BonusRecords extends Page<BonusRecord> {
  totalFen: number;
}

interface RiskOption {
  code: string;
  text: string;
}

export interface RiskQuestion {
  code: string;
  text: string;
  options: RiskOption[];
}

export interface RiskResult {
  score: number;
  /** 1 conservative ... 5 aggressive. */
  level: number;
  levelName: string;
  evaluatedAt: string;
  validUntil: string;
  /** false once validUntil has passed: the member should take it again. */
  valid: boolean;
}

export interface RiskQuestionnaire {
  questionnaire: string;
  questions: RiskQuestion[];
  latest: RiskResult | null;
}

export interface RiskReview {
  latest: RiskResult | null;
  history: RiskResult[];
  /** Funds held above the member's risk level (a real portal asks the member to review them). */
  mismatched: FundPosition[];
}

interface InvestmentAccount extends AssetAccount {
  funds: FundPosition[];
}

export interface InvestmentManagement {
  riskLevel: number | null;
  riskLevelName: string | null;
  accounts: InvestmentAccount[];
  totalValueFen: number;
  totalGainFen: number;
}

// ---- profile and security ----

export interface PersonalInfo {
  userName: string;
  nickName: string;
  realName: string | null;
  /** Masked: first 3 and last 4 characters. */
  idNumberMasked: string | null;
  sex: 'male' | 'female' | null;
  birthdate: string | null;
  /** Masked: 138****8856. */
  phoneMasked: string | null;
  email: string | null;
  address: string | null;
  cityCode: string | null;
  userAnk: number;
  /** What is still missing before the member becomes senior. */
  missingForSenior: Array<'realName' | 'phone'>;
}

export interface RealNameResult {
  realName: string;
  sex: 'male' | 'female';
  birthdate: string;
  userAnk: number;
}

// ---- personal-centre home ----

export interface HomeSummary {
  nickName: string;
  realName: string | null;
  userAnk: number;
  policies: { total: number; inForce: number; byKind: Array<{ kind: string; count: number }>; autoRenew: number };
  pendingOrders: OrderSummary[];
  recentClaims: Array<{ claimNo: string; policyNo: string; state: number; reportDate: string; claimedFen: number }>;
  /** null for non-senior members (the club is closed to them). */
  points: number | null;
}

export interface PersonalIO {
  'blocLegal/policy/addPolicy': { res: BoundPolicy };
  'blocLegal/policy/cancelRenew': { res: RenewalState };
  'blocLegal/personal/homeSummary': { res: HomeSummary };
  'blocLegal/personal/orderList': { res: Page<OrderSummary> };
  'blocLegal/personal/orderDetail': { res: OrderDetail };
  'blocLegal/personal/cancelOrder': { res: OrderSummary };
  'blocLegal/personal/orderPayLink': { res: OrderPayment };
  'blocLegal/personal/orderPayStatus': { res: OrderPayment };
  'blocLegal/personal/orderPayNotify': { res: OrderPayNotifyResult };
  'blocLegal/personal/giftList': { res: GiftList };
  'blocLegal/personal/couponList': { res: Page<Coupon> };
  'blocLegal/personal/fundList': { res: Page<FundPosition> };
  'blocLegal/personal/riskReview': { res: RiskReview };
  'blocLegal/club/myScore': { res: MyScore };
  'blocLegal/club/integralOrder': { res: Page<PointOrder> };
  'blocLegal/club/redeemGift': { res: PointOrder };
  'blocLegal/club/servicePackage': { res: ServicePackage[] };
  'blocLegal/club/serviceCustom': { res: Page<ServiceBooking> };
  'blocLegal/club/bookService': { res: ServiceBooking };
  'blocLegal/club/cancelBooking': { res: ServiceBooking };
  'blocLegal/club/collect': { res: Page<Favourite> };
  'blocLegal/club/removeCollect': { res: null };
  'blocLegal/club/activity': { res: Page<Activity> };
  'blocLegal/club/joinActivity': { res: Activity };
  'blocLegal/club/quitActivity': { res: Activity };
  'blocLegal/assets/transactionQuery': { res: Page<AssetTransaction> };
  'blocLegal/assets/assetsDetails': { res: AssetsDetails };
  'blocLegal/assets/bonusRecord': { res: BonusRecords };
  'blocLegal/assets/riskQuestionnaire': { res: RiskQuestionnaire };
  'blocLegal/assets/riskEvaluating': { res: RiskResult };
  'blocLegal/assets/investmentManagement': { res: InvestmentManagement };
  'blocLegal/profile/personalInfo': { res: PersonalInfo };
  'blocLegal/profile/updatePersonalInfo': { res: PersonalInfo };
  'blocLegal/profile/realNameVerify': { res: RealNameResult };
  'blocLegal/profile/changePassword': { res: null };
  'blocLegal/profile/changePhone': { res: PersonalInfo };
}
