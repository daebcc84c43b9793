import { randomBytes } from 'node:crypto';
import { signNotify } from '../notifySignature';

/** What a cashier payment pays for; it picks the page's sentences and the way back to the portal. */
export type CashierPurpose = 'correction' | 'order' | 'application' | 'policy';
/** A labelled line of the cashier's order summary (the page words the label in the payer's language). */
export type CashierLineKey =
  | 'order'
  | 'application'
  | 'payment'
  | 'correction'
  | 'policy'
  | 'product'
  | 'policyholder'
  | 'insured'
  | 'period'
  | 'payBy';
export type CashierLine = [CashierLineKey, string];

export interface CashierView {
  /** open: can be paid; the others say why not. */
  status: 'missing' | 'expired' | 'paid' | 'closed' | 'open' | 'failed';
  purpose: CashierPurpose;
  /** The number the amount pays for (correction, order, application or policy). */
  reference?: string;
  /** The order summary's lines. */
  lines: CashierLine[];
  /** The product the payment is for, by code: the page names it in the payer's language (its 'product' line as written else). */
  productCode?: string;
  paymentNo?: string;
  amountFen?: number;
  expiresAt?: string;
}

/** A payment the cashier page shows, with the secret that signs its notification while it can be paid. */
export interface CashierFound {
  view: CashierView;
  secret?: string;
}

/** What the cashier page's buttons did. */
export interface CashierAct {
  view: CashierView;
  outcome: 'paid' | 'failed' | 'already_paid' | 'refused';
}

/**
 * The cashier page's buttons, for every kind of payment: a payment that can be paid is notified,
 * signed with its secret, through the same path as the provider's notification (`notify`); the
 * page then shows the payment as it is after it (`again`). A payment that cannot be paid is refused
 * (or answered as already paid).
 */
export async function actAtCashier(
  found: CashierFound,
  result: 'paid' | 'failed',
  notify: (n: {
    paymentNo: string;
    result: 'paid' | 'failed';
    amountFen: number;
    notifyId: string;
    sign: string;
  }) => Promise<{ alreadyPaid: boolean }>,
  again: () => Promise<CashierFound>,
): Promise<CashierAct> {
  const { view, secret } = found;
  if ((view.status !== 'open' && view.status !== 'failed') || !secret)
    return { view, outcome: view.status === 'paid' ? 'already_paid' : 'refused' };
  const fields = {
    paymentNo: view.paymentNo as string,
    result,
    amountFen: view.amountFen as number,
    notifyId: randomBytes(12).toString('hex'),
  };
  const answer = await notify({ ...fields, sign: signNotify(secret, fields) });
  const after = await again();
  return { view: after.view, outcome: answer.alreadyPaid ? 'already_paid' : result };
}
