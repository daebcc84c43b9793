/**
 * Where a payment at the gateway's cashier stands, for whatever it pays (an order, a policy):
 * 'none' no payment started; 'unpaid' a cashier link is open; 'failed' the last attempt failed (the
 * link can be tried again); 'expired' the link ran out (ask for a new one); 'closed' the payment was
 * closed (its subject cancelled or no longer awaiting payment, link replaced); 'paid' the subject is paid.
 */
export const CASHIER_PAY_STATUSES = ['none', 'unpaid', 'failed', 'expired', 'closed', 'paid'] as const;
export type CashierPayStatus = (typeof CASHIER_PAY_STATUSES)[number];
