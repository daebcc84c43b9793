import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useGatewayDispatch } from '@client/api/dispatch';
import type { OrderPayment } from '@contract/io/personal';
import { CashierPayWatch, payStatusPolling, useCashierPay } from '@client/shared/CashierPay';
import { format, useMessages } from '@client/shared/i18n';
import { personalApi, useOrderPayLinkMutation, useOrderPayStatusQuery } from '../api';
import { personalMessages } from '../messages';

/** Every view that shows an order: its lists, its drawer, the member's policies, the home blocks, the points. */
const orderTags = (orderNo: string) => [
  { type: 'PersonalOrder' as const, id: 'LIST' },
  { type: 'PersonalOrder' as const, id: orderNo },
  { type: 'PersonalPolicy' as const, id: 'LIST' },
  'PersonalHome' as const,
  'Points' as const,
];

/** How often the drawer asks the gateway while the member pays at the cashier. */
const PAY_POLL_MS = 2500;

/**
 * Paying an order (the shared cashier payment): asks the gateway for the order's payment link (the
 * same one however often it is asked), opens the cashier in a new window once the link has arrived,
 * and opens the order's drawer with `pay=1`, where PaymentWatch follows the payment.
 */
export function usePayOrder() {
  const [payLink] = useOrderPayLinkMutation();
  const [, setParams] = useSearchParams();
  const dispatch = useGatewayDispatch();
  const ask = useCallback(
    async (orderNo: string) => {
      const result = await payLink({ orderNo });
      if ('data' in result && result.data) return result.data;
      // Refused (the gateway's sentence is shown): the order may have been paid or cancelled meanwhile,
      // so every view of it is read again.
      dispatch(personalApi.util.invalidateTags(orderTags(orderNo)));
      return null;
    },
    [payLink, dispatch],
  );
  const answered = useCallback(
    (orderNo: string, answer: OrderPayment) => {
      // The watcher starts from the fresh link (and polls again if it had stopped on an expired one).
      dispatch(personalApi.util.upsertQueryData('orderPayStatus', { orderNo }, answer));
      setParams({ orderNo, pay: '1' });
    },
    [dispatch, setParams],
  );
  /** paying(orderNo): that order's link is being fetched (its Pay button shows it). */
  return useCashierPay({ ask, answered });
}

/**
 * The payment of an order as the cashier reports it, polled until it is paid, closed or expired; once
 * paid the order lists, details and home refresh.
 */
export function PaymentWatch({ orderNo, onPay }: { orderNo: string; onPay: () => void }) {
  const m = useMessages(personalMessages);
  const dispatch = useGatewayDispatch();
  const cached = personalApi.endpoints.orderPayStatus.useQueryState({ orderNo }).data?.payStatus;
  const { data, refetch } = useOrderPayStatusQuery({ orderNo }, payStatusPolling(cached, PAY_POLL_MS));
  const settled = () => dispatch(personalApi.util.invalidateTags(orderTags(orderNo)));
  return (
    <CashierPayWatch
      subject={orderNo}
      data={data}
      texts={{ ...m, pay: m.payOrder, paid: format(m.payDone, { policyNo: data?.policyNo ?? '' }) }}
      onCheck={() => void refetch()}
      onPay={onPay}
      settled={settled}
      layout="beside"
      testId="payment-watch"
    />
  );
}
