/**
 * Request and response types of the personal centre: policy binding and renewal, orders,
 * gifts, coupons, club (points, service packages, favourites, activities), assets (accounts,
 * funds, transactions, bonuses, risk questionnaire) and the member's profile and security.
 * Money is integer fen; dates YYYY-MM-DD; timestamps ISO-8601.
 */
import type { Page } from '../envelope';

export interface PageQuery {
  pageNum?: number;
  pageSize?: number;
}

type None = Record<string, never>;

// ---- policies ----

export interface AddPolicyReq {
  policyNo: string;
  /** The policy holder's name, as on the policy. */
  holderName: string;
  /** The policy holder's resident ID number. */
  holderIdNumber: string;
}

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

interface CancelRenewReq {
  policyNo: string;
}

export interface RenewalState {
  policyNo: string;
  /** 1 renews automatically, 2 does not. */
  autoRenew: number;
}

// ---- orders and applications ----

export type OrderKind = 'order' | 'application';

/** 1 pending payment, 2 paid (policy issued), 3 cancelled, 4 under underwriting, 5 declined. */
export type OrderState = 1 | 2 | 3 | 4 | 5;

export interface OrderQuery extends PageQuery {
  kind?: OrderKind;
  state?: number;
}

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

interface OrderNoReq {
  orderNo: string;
}

export interface CancelOrderReq extends OrderNoReq {
  reason?: string;
}

/**
 * 'none' no payment started; 'unpaid' a cashier link is open; 'failed' the last attempt failed (the
 * link can be tried again); 'expired' the link ran out (ask for a new one); 'closed' the payment was
 * closed (order cancelled, link replaced); 'paid' the order is paid.
 */
export type OrderPayStatus = 'none' | 'unpaid' | 'failed' | 'expired' | 'closed' | 'paid';

/**
 * The payment provider's notification of an order payment (personal/orderPayNotify, no session; the
 * gateway's cashier page makes the same one).
 */
interface OrderPayNotifyReq {
  paymentNo: string;
  result: 'paid' | 'failed';
  amountFen: number;
  /** A unique id of this notification from the provider. */
  notifyId: string;
  /** hex HMAC-SHA256 of `${paymentNo}|${result}|${amountFen}|${notifyId}` under the payment's secret. */
  sign: string;
}

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

export interface RedeemGiftReq {
  giftCode: string;
  quantity: number;
  recipient: string;
  phone: string;
  address: string;
}

/** 'unused' | 'used' | 'expired'. */
export type CouponState = 'unused' | 'used' | 'expired';

export interface CouponQuery extends PageQuery {
  state?: CouponState;
}

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

export interface PointOrderQuery extends PageQuery {
  state?: number;
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

export interface BookServiceReq {
  itemId: number;
  appointmentDate: string;
  city: string;
  contactPhone: string;
  note?: string;
}

interface BookingNoReq {
  bookingNo: string;
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

export interface FavouriteQuery extends PageQuery {
  kind?: string;
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

export interface ActivityQuery extends PageQuery {
  /** true: only activities the member joined. */
  mine?: string;
}

interface ActivityCodeReq {
  code: string;
}

// ---- assets ----

export interface TransactionQuery extends PageQuery {
  kind?: string;
  accountNo?: string;
  from?: string;
  to?: string;
}

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

export interface BonusQuery extends PageQuery {
  policyNo?: string;
  year?: number;
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

interface RiskAnswerReq {
  /** JSON text: { [questionCode]: optionCode }. */
  answers: string;
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

export interface UpdateProfileReq {
  nickName?: string;
  email?: string;
  address?: string;
  cityCode?: string;
}

export interface RealNameReq {
  realName: string;
  idNumber: string;
}

export interface RealNameResult {
  realName: string;
  sex: 'male' | 'female';
  birthdate: string;
  userAnk: number;
}

export interface ChangePasswordReq {
  oldPassword: string;
  newPassword: string;
}

export interface ChangePhoneReq {
  newPhone: string;
  /** The code sent to the new phone (sendMsg/sendSms with purpose 'bind-phone' and phone = newPhone). */
  code: string;
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
  'blocLegal/policy/addPolicy': { req: AddPolicyReq; res: BoundPolicy };
  'blocLegal/policy/cancelRenew': { req: CancelRenewReq; res: RenewalState };
  'blocLegal/personal/homeSummary': { req: None; res: HomeSummary };
  'blocLegal/personal/orderList': { req: OrderQuery; res: Page<OrderSummary> };
  'blocLegal/personal/orderDetail': { req: OrderNoReq; res: OrderDetail };
  'blocLegal/personal/cancelOrder': { req: CancelOrderReq; res: OrderSummary };
  'blocLegal/personal/orderPayLink': { req: OrderNoReq; res: OrderPayment };
  'blocLegal/personal/orderPayStatus': { req: OrderNoReq; res: OrderPayment };
  'blocLegal/personal/orderPayNotify': { req: OrderPayNotifyReq; res: OrderPayNotifyResult };
  'blocLegal/personal/giftList': { req: None; res: GiftList };
  'blocLegal/personal/couponList': { req: CouponQuery; res: Page<Coupon> };
  'blocLegal/personal/fundList': { req: PageQuery; res: Page<FundPosition> };
  'blocLegal/personal/riskReview': { req: None; res: RiskReview };
  'blocLegal/club/myScore': { req: PageQuery; res: MyScore };
  'blocLegal/club/integralOrder': { req: PointOrderQuery; res: Page<PointOrder> };
  'blocLegal/club/redeemGift': { req: RedeemGiftReq; res: PointOrder };
  'blocLegal/club/servicePackage': { req: None; res: ServicePackage[] };
  'blocLegal/club/serviceCustom': { req: PageQuery; res: Page<ServiceBooking> };
  'blocLegal/club/bookService': { req: BookServiceReq; res: ServiceBooking };
  'blocLegal/club/cancelBooking': { req: BookingNoReq; res: ServiceBooking };
  'blocLegal/club/collect': { req: FavouriteQuery; res: Page<Favourite> };
  'blocLegal/club/removeCollect': { req: { id: number }; res: null };
  'blocLegal/club/activity': { req: ActivityQuery; res: Page<Activity> };
  'blocLegal/club/joinActivity': { req: ActivityCodeReq; res: Activity };
  'blocLegal/club/quitActivity': { req: ActivityCodeReq; res: Activity };
  'blocLegal/assets/transactionQuery': { req: TransactionQuery; res: Page<AssetTransaction> };
  'blocLegal/assets/assetsDetails': { req: None; res: AssetsDetails };
  'blocLegal/assets/bonusRecord': { req: BonusQuery; res: BonusRecords };
  'blocLegal/assets/riskQuestionnaire': { req: None; res: RiskQuestionnaire };
  'blocLegal/assets/riskEvaluating': { req: RiskAnswerReq; res: RiskResult };
  'blocLegal/assets/investmentManagement': { req: None; res: InvestmentManagement };
  'blocLegal/profile/personalInfo': { req: None; res: PersonalInfo };
  'blocLegal/profile/updatePersonalInfo': { req: UpdateProfileReq; res: PersonalInfo };
  'blocLegal/profile/realNameVerify': { req: RealNameReq; res: RealNameResult };
  'blocLegal/profile/changePassword': { req: ChangePasswordReq; res: null };
  'blocLegal/profile/changePhone': { req: ChangePhoneReq; res: PersonalInfo };
}
