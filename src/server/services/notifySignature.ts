import { createHmac, timingSafeEqual } from 'node:crypto';
import { refuse } from './errors';

/** What the gateway's cashier signs when it notifies a payment (corrections' and orders' alike). */
export interface SignedFields {
  paymentNo: string;
  result: string;
  amountFen: number;
  notifyId: string;
}

/** The HMAC-SHA256 of a notification under the payment's own secret. */
export function signNotify(secret: string, n: SignedFields): string {
  return createHmac('sha256', secret).update(`${n.paymentNo}|${n.result}|${n.amountFen}|${n.notifyId}`).digest('hex');
}

/** Refuses a notification whose signature was not made with the payment's secret (in constant time). */
export function checkNotifySignature(secret: string, n: SignedFields & { sign: string }): void {
  const expected = Buffer.from(signNotify(secret, n), 'hex');
  const given = /^[0-9a-f]{64}$/i.test(n.sign) ? Buffer.from(n.sign, 'hex') : Buffer.alloc(0);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refuse('cashier.badSignature');
}
