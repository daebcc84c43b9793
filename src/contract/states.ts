/**
 * Named business states, used by both ends and by the database mapping: a state is written and
 * compared by its name, never as a bare number whose meaning depends on the table.
 */

type ValueOf<T> = T[keyof T];

/** A policy (policy.state). */
export const PolicyState = { inForce: 1, expired: 2, pendingPayment: 3, cancelled: 4, surrendered: 5 } as const;
export type PolicyState = ValueOf<typeof PolicyState>;

/**
 * A premium's payment: premium_payment.state, and policy.payment_state (where only unpaid and paid
 * occur). One meaning everywhere: 1 unpaid, 2 paid.
 */
export const PaymentState = { unpaid: 1, paid: 2, failed: 3, closed: 4, refunded: 5 } as const;
export type PaymentState = ValueOf<typeof PaymentState>;

/** A personal order or insurance application (personal_order.state). */
export const OrderState = { pendingPayment: 1, paid: 2, cancelled: 3, underwriting: 4, declined: 5 } as const;
export type OrderState = ValueOf<typeof OrderState>;

/** A claim (claim.state). */
export const ClaimState = { reported: 1, underReview: 2, approved: 3, paid: 4, rejected: 5, closed: 6 } as const;
export type ClaimState = ValueOf<typeof ClaimState>;

/**
 * A customer or a user account (customer.state, app_user.state): active; cancelled (closed, or a company
 * user removed by the administrator); suspended (a company user who may not log in for now).
 */
export const AccountState = { active: 1, cancelled: 2, suspended: 3 } as const;
export type AccountState = ValueOf<typeof AccountState>;

/** A person on a policy's roster (insured_person.state). */
export const InsuredState = { insured: 1, removed: 2 } as const;
export type InsuredState = ValueOf<typeof InsuredState>;

/** A complaint or suggestion (opinion.state). */
export const OpinionState = { open: 1, replied: 2, closed: 3 } as const;
export type OpinionState = ValueOf<typeof OpinionState>;

/** The specification's two-valued flags ("flags use 1 and 2"): policy.auto_renew and the like. */
export const Flag = { yes: 1, no: 2 } as const;
export type Flag = ValueOf<typeof Flag>;

/** A document a claim needs (claim_document.state). */
export const ClaimDocumentState = { received: 1, outstanding: 2 } as const;
export type ClaimDocumentState = ValueOf<typeof ClaimDocumentState>;

/** An insurance record of a policy (insurance_record.state). */
export const RecordState = { effective: 1, pending: 2 } as const;
export type RecordState = ValueOf<typeof RecordState>;

/** Something the insurer offers to all members: a gift, a club activity (gift.state, club_activity.state). */
export const OfferState = { onOffer: 1, withdrawn: 2 } as const;
export type OfferState = ValueOf<typeof OfferState>;

/** A points order (point_order.state). */
export const PointOrderState = { processing: 1, shipped: 2, completed: 3, cancelled: 4 } as const;
export type PointOrderState = ValueOf<typeof PointOrderState>;

/** A coupon as stored (coupon.state); an unused one past its end reads as expired. */
export const CouponRowState = { unused: 1, used: 2 } as const;
export type CouponRowState = ValueOf<typeof CouponRowState>;

/** A booking of a package service (service_booking.state). */
export const BookingState = { booked: 1, completed: 2, cancelled: 3 } as const;
export type BookingState = ValueOf<typeof BookingState>;

/** A member's enrolment in a club activity (club_enrolment.state). */
export const EnrolmentState = { enrolled: 1, withdrawn: 2 } as const;
export type EnrolmentState = ValueOf<typeof EnrolmentState>;

/** A transaction on an asset account (asset_transaction.state). */
export const TransactionState = { completed: 1, processing: 2, failed: 3 } as const;
export type TransactionState = ValueOf<typeof TransactionState>;

/** A bonus of a participating policy (bonus_record.state). */
export const BonusState = { declared: 1, paid: 2 } as const;
export type BonusState = ValueOf<typeof BonusState>;
/**
 * A roster correction (correction.state): draft -> checked -> underwritten -> approved | rejected |
 * pending -> awaiting_payment -> in_force; cancelled from any state before in_force.
 */
export const CORRECTION_STATES = [
  'draft',
  'checked',
  'underwritten',
  'approved',
  'rejected',
  'pending',
  'awaiting_payment',
  'in_force',
  'cancelled',
] as const;
export type CorrectionState = (typeof CORRECTION_STATES)[number];
/** The states in which a correction is still open (one per policy) and may be continued. */
export const OPEN_CORRECTION_STATES: readonly CorrectionState[] = [
  'draft',
  'checked',
  'underwritten',
  'approved',
  'rejected',
  'pending',
  'awaiting_payment',
];
/** The states in which a correction's lines may still change (and go back to draft). */
export const EDITABLE_CORRECTION_STATES: readonly CorrectionState[] = ['draft', 'checked', 'underwritten', 'rejected'];

/** Which calls correct a policy's roster (policy.roster). */
export const CORRECTION_VARIANTS = ['employee', 'employeeNew', 'insured'] as const;
export type CorrectionVariant = (typeof CORRECTION_VARIANTS)[number];

/** What a correction does; fixed when its draft is created. */
export const CORRECTION_KINDS = ['add', 'subtract', 'exchange', 'modify'] as const;
export type CorrectionKind = (typeof CORRECTION_KINDS)[number];
