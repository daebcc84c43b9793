import { useCallback, useEffect, useRef } from 'react';
import { CASHIER_CHANNEL } from '@common/cashierChannel';
import { openCashierWindow, type CashierWindow } from '../cashier';
import type { PaymentActor, PaymentSnapshot } from './payment.machine';

/**
 * The cashier's window of a payment: `open()` opens it in the Pay click (a window opened once the link
 * has come may be stopped by the browser's popup blocker) and says whether the browser did; the
 * window is sent to the cashier once the machine watches a link, and closed when the payment goes
 * anywhere else (refused, paid already, a transfer, Pay's link failed).
 */
export function useCashierWindow(snapshot: PaymentSnapshot | undefined) {
  const win = useRef<CashierWindow | null>(null);
  const open = useCallback((): boolean => {
    const opened = openCashierWindow();
    win.current = opened.opened ? opened : null;
    return opened.opened;
  }, []);
  const payUrl = snapshot?.context.answer?.payUrl ?? null;
  const watching = !!snapshot?.matches('watching');
  const asking = !snapshot || snapshot.matches('linking') || snapshot.matches({ transfer: 'switching' });
  useEffect(() => {
    if (!win.current) return;
    if (watching && payUrl) {
      win.current.go(payUrl);
      win.current = null;
    } else if (!asking) {
      win.current.close();
      win.current = null;
    }
  }, [watching, payUrl, asking]);
  return open;
}

/**
 * While a payment is watched, the portal asks at once (CHECK) when its window comes back into view
 * and when the cashier's page of the same origin reports a result on the cashier channel.
 */
export function usePaymentWake(actor: PaymentActor | undefined, active: boolean) {
  useEffect(() => {
    if (!actor || !active) return;
    const check = () => actor.send({ type: 'CHECK' });
    const back = () => {
      if (document.visibilityState !== 'hidden') check();
    };
    window.addEventListener('focus', back);
    document.addEventListener('visibilitychange', back);
    const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CASHIER_CHANNEL) : null;
    channel?.addEventListener('message', check);
    return () => {
      window.removeEventListener('focus', back);
      document.removeEventListener('visibilitychange', back);
      channel?.close();
    };
  }, [actor, active]);
}

/** The payment's state as a dotted path ('watching.declined'): pages carry it for tests and styles. */
export function paymentPath(value: unknown): string {
  if (typeof value === 'string') return value;
  const [key, child] = Object.entries(value as Record<string, unknown>)[0];
  return `${key}.${paymentPath(child)}`;
}
