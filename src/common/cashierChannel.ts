/**
 * The BroadcastChannel on which the cashier's page, once it shows a payment's result, tells the
 * portal's pages of the same origin to ask for the payment at once (they ask the gateway; the message
 * carries no result to trust).
 */
export const CASHIER_CHANNEL = 'mc-cashier';
