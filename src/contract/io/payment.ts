import { Int, Nullable, Str, Words } from '../answerFields';

/**
 * Where a payment at the gateway's cashier stands, for whatever it pays (an order, a policy):
 * 'none' no payment started; 'unpaid' a cashier link is open; 'failed' the last attempt failed (the
 * link can be tried again); 'expired' the link ran out (ask for a new one); 'closed' the payment was
 * closed (its subject cancelled or no longer awaiting payment, link replaced); 'paid' the subject is paid.
 */
export const CASHIER_PAY_STATUSES = ['none', 'unpaid', 'failed', 'expired', 'closed', 'paid'] as const;
export type CashierPayStatus = (typeof CASHIER_PAY_STATUSES)[number];

/** Where a cashier payment stands, as a field of an answer. */
export const PayStatus = () => Words(CASHIER_PAY_STATUSES);

/**
 * The cashier's side of a payment, the same in every subject's pay-link and pay-status answer (an
 * order, a policy's premium, a group renewal): the answer adds its subject's number and state.
 */
export const cashierPaymentFields = () => ({
  payStatus: PayStatus(),
  paymentNo: Nullable(Str()),
  amountFen: Int(),
  payUrl: Nullable(
    Str("path of the cashier page on the gateway's origin (open in a new window) while the link is open"),
  ),
  linkExpiresAt: Nullable(Str()),
  paidAt: Nullable(Str()),
});
