/**
 * Answers of the personal centre: policy binding and renewal, orders, gifts, coupons, club (points,
 * service packages, favourites, activities), assets (accounts, funds, transactions, bonuses, risk
 * questionnaire) and the member's profile and security (requests: personal.requests.ts).
 * Money is integer fen; dates YYYY-MM-DD; timestamps ISO-8601.
 */
import { cashierPaymentFields, PayStatus, type CashierPayStatus } from './payment';
import { InvoiceIssued, InvoiceSummary, InvoiceableItem } from './invoice';
import { COUPON_STATES, FAVOURITE_KINDS, ORDER_KINDS } from './personal.codes';
import {
  PDF,
  Bool,
  Day,
  FileBody,
  Int,
  List,
  Moment,
  NoData,
  Nullable,
  Num,
  Obj,
  PageOf,
  Str,
  Words,
  pageFields,
  type Static,
} from '../answerFields';

export {
  CLEARABLE_PARTICULARS,
  COUPON_STATES,
  FAVOURITE_KINDS,
  ORDER_KINDS,
  TRANSACTION_KINDS,
} from './personal.codes';

// ---- policies ----

export const BoundPolicy = Obj({
  policyNo: Str(),
  productName: Str(),
  kind: Str(),
  state: Int(),
  holderName: Str(),
  insuredName: Nullable(Str()),
  startDate: Day(),
  endDate: Day(),
  salesChannel: Str(),
});
export type BoundPolicy = Static<typeof BoundPolicy>;

/** The quote of a policy's online renewal: the same insured and cover, the next period, today's rates. */
export const RenewalQuote = Obj({
  policyNo: Str('the policy it renews'),
  productCode: Str(),
  productName: Str(),
  holderName: Str(),
  insuredName: Nullable(Str()),
  startDate: Day('the day after the old period ends, or the day after today when it has lapsed'),
  endDate: Day(),
  coverages: List(Obj({ name: Str(), sumInsuredFen: Int() })),
  amountFen: Int("the premium at the product's current rates"),
  previousPremiumFen: Int(),
  lapsed: Bool(),
  until: Day('the last day it may be renewed online'),
});
export type RenewalQuote = Static<typeof RenewalQuote>;

export const RenewalState = Obj({ policyNo: Str(), autoRenew: Int('1 renews automatically, 2 does not') });
export type RenewalState = Static<typeof RenewalState>;

// ---- orders and applications ----

export type OrderKind = (typeof ORDER_KINDS)[number];

const orderSummary = {
  orderNo: Str(),
  kind: Words(ORDER_KINDS),
  productName: Str(),
  policyKind: Str(),
  insuredName: Str(),
  amountFen: Int(),
  state: Int(),
  createdAt: Moment(),
  payDeadline: Nullable(Str()),
  policyNo: Nullable(Str()),
  renewsPolicyNo: Nullable(Str('a renewal order: the policy it renews')),
  cancellable: Bool('the member may still cancel it (pending payment or under underwriting)'),
  payable: Bool('the member may pay it now (pending payment, before its deadline): personal/orderPayLink'),
};
export const OrderSummary = Obj(orderSummary);
export type OrderSummary = Static<typeof OrderSummary>;

export const OrderDetail = Obj({
  ...orderSummary,
  productCode: Str(),
  holderName: Str(),
  startDate: Day(),
  endDate: Day(),
  coverages: List(Obj({ name: Str(), sumInsuredFen: Int() })),
  paidAt: Nullable(Str()),
  premium: Nullable(
    Obj(
      { paymentId: Int(), invoiceNo: Nullable(Str('its e-invoice, once issued')) },
      'the paid premium (personal/requestInvoice invoices it)',
    ),
  ),
  cancelledAt: Nullable(Str()),
  cancelReason: Nullable(Str()),
});
export type OrderDetail = Static<typeof OrderDetail>;

/** Where an order's payment stands ('closed': order cancelled or link replaced; 'paid': the order is paid). */
export type OrderPayStatus = CashierPayStatus;

/** An order's payment (personal/orderPayLink and personal/orderPayStatus). */
export const OrderPayment = Obj({
  orderNo: Str(),
  state: Int("the order's state (2 once paid)"),
  ...cashierPaymentFields(),
  policyNo: Nullable(Str('the policy the paid order produced')),
});
export type OrderPayment = Static<typeof OrderPayment>;

// ---- gifts and coupons ----

export const Gift = Obj({
  code: Str(),
  name: Str(),
  description: Str(),
  points: Int(),
  stock: Int(),
  affordable: Bool("the member's balance covers one"),
});
export type Gift = Static<typeof Gift>;

export const GiftList = Obj({ balance: Int(), gifts: List(Gift) });
export type GiftList = Static<typeof GiftList>;

export type CouponState = (typeof COUPON_STATES)[number];

export const Coupon = Obj({
  couponNo: Str(),
  title: Str(),
  kind: Words(['cash', 'discount'] as const),
  value: Int("fen off for 'cash', percent off for 'discount'"),
  thresholdFen: Int(),
  scope: Str(),
  validFrom: Day(),
  validTo: Day(),
  state: Words(COUPON_STATES),
  usedAt: Nullable(Str()),
});
export type Coupon = Static<typeof Coupon>;

// ---- points ----

export const PointEntry = Obj({ kind: Str(), points: Int(), reason: Str(), at: Moment() });
export type PointEntry = Static<typeof PointEntry>;

export const MyScore = Obj({
  balance: Int(),
  earnedThisYear: Int(),
  spentThisYear: Int(),
  history: PageOf(PointEntry),
});
export type MyScore = Static<typeof MyScore>;

export const PointOrder = Obj({
  orderNo: Str(),
  giftName: Str(),
  quantity: Int(),
  points: Int(),
  state: Int('1 processing, 2 shipped, 3 completed, 4 cancelled'),
  recipient: Str(),
  address: Str(),
  trackingNo: Nullable(Str()),
  createdAt: Moment(),
});
export type PointOrder = Static<typeof PointOrder>;

// ---- service packages and custom services ----

export const ServicePackageItem = Obj({
  itemId: Int(),
  code: Str(),
  name: Str(),
  totalUses: Int(),
  usedUses: Int(),
  remainingUses: Int(),
});
export type ServicePackageItem = Static<typeof ServicePackageItem>;

export const ServicePackage = Obj({
  packageNo: Str(),
  name: Str(),
  description: Str(),
  policyNo: Nullable(Str()),
  validFrom: Day(),
  validTo: Day(),
  validity: Words(['valid', 'expired'] as const, "on today's date"),
  items: List(ServicePackageItem),
});
export type ServicePackage = Static<typeof ServicePackage>;

export const ServiceBooking = Obj({
  bookingNo: Str(),
  serviceName: Str(),
  packageName: Str(),
  appointmentDate: Day(),
  city: Str(),
  contactPhone: Str(),
  note: Str(),
  state: Int('1 booked, 2 completed, 3 cancelled'),
  createdAt: Moment(),
});
export type ServiceBooking = Static<typeof ServiceBooking>;

// ---- favourites and activities ----

export const Favourite = Obj({
  id: Int(),
  kind: Words(FAVOURITE_KINDS),
  title: Str(),
  summary: Str(),
  link: Str(),
  createdAt: Moment(),
});
export type Favourite = Static<typeof Favourite>;

export const Activity = Obj({
  code: Str(),
  title: Str(),
  summary: Str(),
  city: Str(),
  startsAt: Moment(),
  endsAt: Moment(),
  enrolUntil: Moment(),
  capacity: Int(),
  enrolled: Int(),
  joined: Bool("the member's own enrolment"),
  status: Words(['open', 'full', 'closed'] as const, "'closed': enrolment over"),
});
export type Activity = Static<typeof Activity>;

// ---- assets ----

export const AssetTransaction = Obj({
  txnNo: Str(),
  accountNo: Str(),
  accountName: Str(),
  kind: Str(),
  amountFen: Int(),
  description: Str(),
  state: Int('1 completed, 2 processing, 3 failed'),
  onDate: Day(),
});
export type AssetTransaction = Static<typeof AssetTransaction>;

export const FundPosition = Obj({
  fundCode: Str(),
  fundName: Str(),
  riskLevel: Int(),
  units: Num(),
  navE4: Num(),
  navDate: Day(),
  valueFen: Int(),
  costFen: Int(),
  gainFen: Int(),
  allocationPct: Num(),
  accountNo: Str(),
});
export type FundPosition = Static<typeof FundPosition>;

const assetAccount = {
  accountNo: Str(),
  kind: Str(),
  name: Str(),
  policyNo: Nullable(Str()),
  policyKind: Nullable(
    Str(
      "the kind of the account's policy when the member's account holds it (its details open); null when there is no policy or it is not in the account yet",
    ),
  ),
  balanceFen: Int(),
  valueFen: Int('balance plus the value of its funds'),
  rateBp: Nullable(Num()),
  openedOn: Day(),
  updatedOn: Day(),
};
export const AssetAccount = Obj(assetAccount);
export type AssetAccount = Static<typeof AssetAccount>;

export const AssetsDetails = Obj({
  totalFen: Int(),
  byKind: List(Obj({ kind: Str(), valueFen: Int() })),
  accounts: List(AssetAccount),
  bonusThisYearFen: Int('bonuses declared this calendar year'),
});
export type AssetsDetails = Static<typeof AssetsDetails>;

export const BonusRecord = Obj({
  policyNo: Str(),
  productName: Str(),
  bonusYear: Int(),
  declaredOn: Day(),
  amountFen: Int(),
  method: Str(),
  state: Int(),
});
export type BonusRecord = Static<typeof BonusRecord>;

export const BonusRecords = Obj({ ...pageFields(BonusRecord), totalFen: Int() });
export type BonusRecords = Static<typeof BonusRecords>;

const RiskOption = Obj({ code: Str(), text: Str() });

export const RiskQuestion = Obj({ code: Str(), text: Str(), options: List(RiskOption) });
export type RiskQuestion = Static<typeof RiskQuestion>;

export const RiskResult = Obj({
  score: Int(),
  level: Int('1 conservative ... 5 aggressive'),
  levelName: Str(),
  evaluatedAt: Moment(),
  validUntil: Day(),
  valid: Bool('false once validUntil has passed: the member should take it again'),
});
export type RiskResult = Static<typeof RiskResult>;

export const RiskQuestionnaire = Obj({
  questionnaire: Str(),
  questions: List(RiskQuestion),
  latest: Nullable(RiskResult),
});
export type RiskQuestionnaire = Static<typeof RiskQuestionnaire>;

export const RiskReview = Obj({
  latest: Nullable(RiskResult),
  history: List(RiskResult),
  mismatched: List(
    FundPosition,
    "funds held above the member's risk level (a real portal asks the member to review them)",
  ),
});
export type RiskReview = Static<typeof RiskReview>;

const InvestmentAccount = Obj({ ...assetAccount, funds: List(FundPosition) });

export const InvestmentManagement = Obj({
  riskLevel: Nullable(Int()),
  riskLevelName: Nullable(Str()),
  accounts: List(InvestmentAccount),
  totalValueFen: Int(),
  totalGainFen: Int(),
});
export type InvestmentManagement = Static<typeof InvestmentManagement>;

// ---- profile and security ----

const Sex = () => Words(['male', 'female'] as const);

export const PersonalInfo = Obj({
  userName: Str(),
  nickName: Str(),
  realName: Nullable(Str()),
  idNumberMasked: Nullable(Str('masked: first 3 and last 4 characters')),
  sex: Nullable(Sex()),
  birthdate: Nullable(Day()),
  phoneMasked: Nullable(Str('masked: 138****8856')),
  email: Nullable(Str()),
  address: Nullable(Str()),
  cityCode: Nullable(Str()),
  userAnk: Int(),
  missingForSenior: List(
    Words(['realName', 'phone'] as const),
    'what is still missing before the member becomes senior',
  ),
});
export type PersonalInfo = Static<typeof PersonalInfo>;

export const RealNameResult = Obj({ realName: Str(), sex: Sex(), birthdate: Day(), userAnk: Int() });
export type RealNameResult = Static<typeof RealNameResult>;

// ---- personal-centre home ----

export const HomeSummary = Obj({
  nickName: Str(),
  realName: Nullable(Str()),
  userAnk: Int(),
  policies: Obj({
    total: Int(),
    inForce: Int(),
    byKind: List(Obj({ kind: Str(), count: Int() })),
    autoRenew: Int(),
  }),
  pendingOrders: List(OrderSummary),
  recentClaims: List(Obj({ claimNo: Str(), policyNo: Str(), state: Int(), reportDate: Day(), claimedFen: Int() })),
  points: Nullable(Int('null for non-senior members (the club is closed to them)')),
});
export type HomeSummary = Static<typeof HomeSummary>;

export const personalAnswers = {
  'blocLegal/policy/addPolicy': BoundPolicy,
  'blocLegal/policy/cancelRenew': RenewalState,
  'blocLegal/personal/renewalQuote': RenewalQuote,
  'blocLegal/personal/renewPolicy': OrderSummary,
  'blocLegal/personal/homeSummary': HomeSummary,
  'blocLegal/personal/invoiceable': PageOf(InvoiceableItem),
  'blocLegal/personal/requestInvoice': InvoiceIssued,
  'blocLegal/personal/invoiceList': PageOf(InvoiceSummary),
  'blocLegal/personal/invoiceDownload': FileBody('the invoice', [PDF]),
  'blocLegal/personal/orderList': PageOf(OrderSummary),
  'blocLegal/personal/orderDetail': OrderDetail,
  'blocLegal/personal/cancelOrder': OrderSummary,
  'blocLegal/personal/orderPayLink': OrderPayment,
  'blocLegal/personal/orderPayStatus': OrderPayment,
  'blocLegal/personal/orderPayNotify': Obj({ accepted: Bool(), payStatus: PayStatus() }),
  'blocLegal/personal/giftList': GiftList,
  'blocLegal/personal/couponList': PageOf(Coupon),
  'blocLegal/personal/fundList': PageOf(FundPosition),
  'blocLegal/personal/riskReview': RiskReview,
  'blocLegal/club/myScore': MyScore,
  'blocLegal/club/integralOrder': PageOf(PointOrder),
  'blocLegal/club/redeemGift': PointOrder,
  'blocLegal/club/servicePackage': List(ServicePackage),
  'blocLegal/club/serviceCustom': PageOf(ServiceBooking),
  'blocLegal/club/bookService': ServiceBooking,
  'blocLegal/club/cancelBooking': ServiceBooking,
  'blocLegal/club/collect': PageOf(Favourite),
  'blocLegal/club/removeCollect': NoData(),
  'blocLegal/club/activity': PageOf(Activity),
  'blocLegal/club/joinActivity': Activity,
  'blocLegal/club/quitActivity': Activity,
  'blocLegal/assets/transactionQuery': PageOf(AssetTransaction),
  'blocLegal/assets/assetsDetails': AssetsDetails,
  'blocLegal/assets/bonusRecord': BonusRecords,
  'blocLegal/assets/riskQuestionnaire': RiskQuestionnaire,
  'blocLegal/assets/riskEvaluating': RiskResult,
  'blocLegal/assets/investmentManagement': InvestmentManagement,
  'blocLegal/profile/personalInfo': PersonalInfo,
  'blocLegal/profile/updatePersonalInfo': PersonalInfo,
  'blocLegal/profile/realNameVerify': RealNameResult,
  'blocLegal/profile/changePassword': NoData(),
  'blocLegal/profile/changePhone': PersonalInfo,
};
