/**
 * Request schemas of the personal centre (decoded at the gateway's door): binding a policy and its
 * renewal, orders and their payment, gifts and coupons, the club, assets and the member's profile.
 */
import type { Static } from 'typebox';
import { Empty, Id, IdempotencyKey, Int, IsoDate, OneOf, StateOf, Text, Type, paging } from '../fields';
import { OrderState, PointOrderState } from '../states';
import {
  CLEARABLE_PARTICULARS,
  COUPON_STATES,
  FAVOURITE_KINDS,
  ORDER_KINDS,
  TRANSACTION_KINDS,
} from './personal.codes';
import { PolicyNo } from './policy.requests';

/** A mainland mobile number: 11 digits starting 13-19 (src/common/memberRank.ts MOBILE_PATTERN). */
const Mobile = () => Type.String({ pattern: '^1[3-9]\\d{9}$', maxLength: 11, errorKey: 'sms.badPhone' });
/** An order or application number. */
const OrderNo = () => Text(40, { pattern: '^[A-Za-z0-9-]{6,40}$', errorKey: 'order.badOrderNo' });
/** A business number of the club (booking, activity, gift): letters, digits and hyphens. */
const Code = () => Text(40, { pattern: '^[A-Za-z0-9_-]+$' });
/** A value the portal may have encrypted (ID numbers, passwords): the envelope is longer than the value. */
const Sealed = () => Text(2000);

const ByOrder = () => Type.Object({ orderNo: OrderNo() });
const ByCode = () => Type.Object({ code: Code() });

export const personalRequests = {
  'blocLegal/policy/addPolicy': Type.Object({
    policyNo: PolicyNo(),
    /** The policy holder's name, as on the policy. */
    holderName: Text(30),
    /** The policy holder's resident ID number. */
    holderIdNumber: Text(18),
  }),
  'blocLegal/policy/cancelRenew': Type.Object({ policyNo: PolicyNo() }),
  /** The quote of a policy's online renewal (nothing is ordered). */
  'blocLegal/personal/renewalQuote': Type.Object({ policyNo: PolicyNo() }),
  /** Orders the renewal the member confirmed, at the premium quoted (a changed premium is refused). */
  'blocLegal/personal/renewPolicy': Type.Object({ policyNo: PolicyNo(), amountFen: Int(1, 1_000_000_000_000) }),

  'blocLegal/personal/homeSummary': Empty(),
  /** The member's paid premiums: 1 not invoiced yet (the default), 2 invoiced, 0 both. */
  'blocLegal/personal/invoiceable': Type.Object({
    invoiceStatus: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)])),
    ...paging(),
  }),
  /** An e-invoice for one paid premium, in the member's name or a company's (its name and tax number). */
  'blocLegal/personal/requestInvoice': Type.Object({
    paymentId: Id({ errorKey: 'invoice.unreadablePremiums' }),
    titleKind: Type.Union([Type.Literal('personal'), Type.Literal('company')], { errorKey: 'invoice.badTitleKind' }),
    companyTitle: Type.Optional(Text(100, { errorKey: 'invoice.badCompanyTitle' })),
    taxNo: Type.Optional(Text(18, { errorKey: 'invoice.badTaxNo' })),
    /** Chosen by the portal once per dialog; a retry with the same key answers the same invoice. */
    idempotencyKey: IdempotencyKey(),
  }),
  'blocLegal/personal/invoiceList': Type.Object({ ...paging() }),
  'blocLegal/personal/invoiceDownload': Type.Object({
    invoiceNo: Type.String({ pattern: '^\\d{20}$', maxLength: 20, errorKey: 'invoice.badNumber' }),
  }),
  'blocLegal/personal/orderList': Type.Object({
    ...paging(),
    kind: Type.Optional(OneOf(ORDER_KINDS)),
    state: Type.Optional(StateOf(OrderState)),
  }),
  'blocLegal/personal/orderDetail': ByOrder(),
  'blocLegal/personal/cancelOrder': Type.Object({ orderNo: OrderNo(), reason: Type.Optional(Text(200)) }),
  'blocLegal/personal/orderPayLink': ByOrder(),
  'blocLegal/personal/orderPayStatus': ByOrder(),
  /** The payment provider's notification (no session; trusted by its signature). */
  'blocLegal/personal/orderPayNotify': Type.Object({
    paymentNo: Text(40, { pattern: '^[A-Za-z0-9-]+$' }),
    result: OneOf(['paid', 'failed'] as const),
    amountFen: Int(0, 1_000_000_000_000),
    /** A unique id of this notification from the provider. */
    notifyId: Text(64),
    /** hex HMAC-SHA256 of `${paymentNo}|${result}|${amountFen}|${notifyId}` under the payment's secret. */
    sign: Text(128),
  }),
  'blocLegal/personal/giftList': Empty(),
  'blocLegal/personal/couponList': Type.Object({ ...paging(), state: Type.Optional(OneOf(COUPON_STATES)) }),
  'blocLegal/personal/fundList': Type.Object({ ...paging() }),
  'blocLegal/personal/riskReview': Empty(),

  'blocLegal/club/myScore': Type.Object({ ...paging() }),
  'blocLegal/club/integralOrder': Type.Object({
    ...paging(),
    state: Type.Optional(StateOf(PointOrderState)),
  }),
  'blocLegal/club/redeemGift': Type.Object({
    giftCode: Code(),
    quantity: Type.Optional(Int(1, 10, { default: 1 })),
    recipient: Text(30),
    phone: Mobile(),
    address: Text(200),
  }),
  'blocLegal/club/servicePackage': Empty(),
  'blocLegal/club/serviceCustom': Type.Object({ ...paging() }),
  'blocLegal/club/bookService': Type.Object({
    itemId: Id(),
    appointmentDate: IsoDate(),
    city: Text(30),
    contactPhone: Mobile(),
    note: Type.Optional(Text(200)),
  }),
  'blocLegal/club/cancelBooking': Type.Object({ bookingNo: Code() }),
  'blocLegal/club/collect': Type.Object({ ...paging(), kind: Type.Optional(OneOf(FAVOURITE_KINDS)) }),
  'blocLegal/club/removeCollect': Type.Object({ id: Id() }),
  'blocLegal/club/activity': Type.Object({
    ...paging(),
    /** true: only the activities the member joined. */
    mine: Type.Optional(Type.Boolean()),
  }),
  'blocLegal/club/joinActivity': ByCode(),
  'blocLegal/club/quitActivity': ByCode(),

  'blocLegal/assets/transactionQuery': Type.Object({
    ...paging(),
    kind: Type.Optional(OneOf(TRANSACTION_KINDS)),
    accountNo: Type.Optional(Code()),
    from: Type.Optional(IsoDate()),
    to: Type.Optional(IsoDate()),
  }),
  'blocLegal/assets/assetsDetails': Empty(),
  'blocLegal/assets/bonusRecord': Type.Object({
    ...paging(),
    policyNo: Type.Optional(PolicyNo()),
    year: Type.Optional(Int(1990, 2100)),
  }),
  'blocLegal/assets/riskQuestionnaire': Empty(),
  'blocLegal/assets/riskEvaluating': Type.Object({
    /** { [questionCode]: optionCode } for every question of the questionnaire. */
    answers: Type.Record(Type.String({ pattern: '^[a-z]{1,20}$' }), Type.String({ pattern: '^[A-Z]$' }), {
      maxProperties: 20,
    }),
  }),
  'blocLegal/assets/investmentManagement': Empty(),

  'blocLegal/profile/personalInfo': Empty(),
  'blocLegal/profile/updatePersonalInfo': Type.Object({
    nickName: Type.Optional(Text(30)),
    email: Type.Optional(Text(100, { pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', errorKey: 'profile.badEmail' })),
    address: Type.Optional(Text(200)),
    cityCode: Type.Optional(Text(6, { pattern: '^\\d{6}$', errorKey: 'profile.badCityCode' })),
    /** Particulars the member emptied. */
    clear: Type.Optional(Type.Array(OneOf(CLEARABLE_PARTICULARS), { minItems: 1, maxItems: 3, uniqueItems: true })),
  }),
  'blocLegal/profile/realNameVerify': Type.Object({ realName: Text(30), idNumber: Sealed() }),
  'blocLegal/profile/changePassword': Type.Object({ oldPassword: Sealed(), newPassword: Sealed() }),
  'blocLegal/profile/changePhone': Type.Object({
    newPhone: Mobile(),
    /** The code sent to the new phone (sendMsg/sendSms with purpose 'bind-phone' and phone = newPhone). */
    code: Type.String({ pattern: '^\\d{6}$', maxLength: 6, errorKey: 'sms.badFormat' }),
  }),
};

export type PersonalRequests = typeof personalRequests;
export type AddPolicyRequest = Static<PersonalRequests['blocLegal/policy/addPolicy']>;
export type OrderQuery = Static<PersonalRequests['blocLegal/personal/orderList']>;
export type RedeemGiftRequest = Static<PersonalRequests['blocLegal/club/redeemGift']>;
export type BookServiceRequest = Static<PersonalRequests['blocLegal/club/bookService']>;
export type TransactionQuery = Static<PersonalRequests['blocLegal/assets/transactionQuery']>;
export type UpdateProfileRequest = Static<PersonalRequests['blocLegal/profile/updatePersonalInfo']>;
export type OrderPayNotifyRequest = Static<PersonalRequests['blocLegal/personal/orderPayNotify']>;
