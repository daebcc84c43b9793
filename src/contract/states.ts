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

/** A customer or a user account (customer.state, app_user.state). */
export const AccountState = { active: 1, cancelled: 2 } as const;
export type AccountState = ValueOf<typeof AccountState>;

/** A person on a policy's roster (insured_person.state). */
export const InsuredState = { insured: 1, removed: 2 } as const;
export type InsuredState = ValueOf<typeof InsuredState>;

/** A complaint or suggestion (opinion.state). */
export const OpinionState = { open: 1, replied: 2, closed: 3 } as const;
export type OpinionState = ValueOf<typeof OpinionState>;

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
