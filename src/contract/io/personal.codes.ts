/**
 * The words of the personal centre that both ends use at run time (the portal's filters, the
 * request schemas). No TypeBox here: the portal imports this file itself.
 */
/** 'renewal': the member renewed a policy of theirs online (it names the policy it renews). */
export const ORDER_KINDS = ['order', 'application', 'renewal'] as const;
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
