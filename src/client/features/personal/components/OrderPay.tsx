import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { runCall } from '@client/api/callActor';
import { useGatewayDispatch } from '@client/api/dispatch';
import { CashierPayWatch, useCashierPay, type CashierPayer } from '@client/shared/CashierPay';
import { paymentOf } from '@client/shared/payment/payment.machine';
import type { OrderPayment } from '@contract/io/personal';
import { format, useMessages } from '@client/shared/i18n';
import { personalApi } from '../api';
import { personalMessages } from '../messages';

/** Every view that shows an order: its lists, its drawer, the member's policies, the home blocks, the points. */
const orderTags = (orderNo: string) => [
  { type: 'PersonalOrder' as const, id: 'LIST' },
  { type: 'PersonalOrder' as const, id: orderNo },
  { type: 'PersonalPolicy' as const, id: 'LIST' },
  'PersonalHome' as const,
  'Points' as const,
];

/** How long the drawer first waits between two questions while the member pays at the cashier. */
const PAY_POLL_MS = 2500;

/**
 * Paying an order (the shared payment machine): Pay opens the cashier's window in the click, the
 * machine asks the gateway for the order's payment link (the same one however often it is asked)
 * and sends the window there, and the order's drawer opens with `pay=1`, where PaymentWatch shows the
 * payment (watched again from the gateway's answer when the drawer is reopened with `pay=1` after a
 * reload; `inAddress: false` for a dialog that shows the payment itself). Once it ends (paid, closed) or Pay is refused (the gateway's sentence is shown: the order
 * may have been paid or cancelled meanwhile), every view of the order is read again.
 */
export function usePayOrder({ inAddress = true }: { inAddress?: boolean } = {}) {
  const dispatch = useGatewayDispatch();
  const [, setParams] = useSearchParams();
  const e = personalApi.endpoints;
  const link = useCallback(
    (orderNo: string, signal: AbortSignal) => runCall(dispatch, e.orderPayLink.initiate({ orderNo }), signal),
    [dispatch, e],
  );
  const status = useCallback(
    (orderNo: string, signal: AbortSignal) =>
      runCall(dispatch, e.orderPayStatus.initiate({ orderNo }, { forceRefetch: true, subscribe: false }), signal),
    [dispatch, e],
  );
  const settled = useCallback(
    (orderNo: string) => dispatch(personalApi.util.invalidateTags(orderTags(orderNo))),
    [dispatch],
  );
  const payer = useCashierPay<OrderPayment>({ link, status, settled, pollBaseMs: PAY_POLL_MS });
  const { pay: start } = payer;
  const pay = useCallback(
    (orderNo: string) => {
      start(orderNo);
      // a dialog that shows the payment itself (a renewal's) keeps the address as it is
      if (!inAddress) return;
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set('orderNo', orderNo);
        next.set('pay', '1');
        return next;
      });
    },
    [start, setParams, inAddress],
  );
  return useMemo(() => ({ ...payer, pay }), [payer, pay]);
}

export type OrderPayer = CashierPayer & { pay: (orderNo: string) => void };

/** The payment of an order as the payment machine follows it; once paid its lists, details and home refresh. */
export function PaymentWatch({ orderNo, payer }: { orderNo: string; payer: OrderPayer }) {
  const m = useMessages(personalMessages);
  // Reopened with `pay=1` (a reload while at the cashier): an open link is watched again.
  const { follow } = payer;
  useEffect(() => {
    const stop = new AbortController();
    // a question that fails leaves the drawer showing the order as it is
    follow(orderNo, stop.signal).catch(() => undefined);
    return () => stop.abort();
  }, [follow, orderNo]);
  const data = payer.snapshot ? paymentOf<OrderPayment>(payer.snapshot) : null;
  return (
    <CashierPayWatch
      subject={orderNo}
      payer={payer}
      texts={{ ...m, pay: m.payOrder, paid: format(m.payDone, { policyNo: data?.policyNo ?? '' }) }}
      layout="beside"
      testId="payment-watch"
    />
  );
}
