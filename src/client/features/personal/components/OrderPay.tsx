import { Alert, Button, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useGatewayDispatch } from '../../../api/dispatch';
import type { OrderPayStatus } from '../../../../contract/io/personal';
import { format, useMessages } from '../../../shared/i18n';
import { personalApi, useOrderPayLinkMutation, useOrderPayStatusQuery } from '../api';
import { cashierUrl } from '../../../shared/cashier';
import { formatFen } from '../../../../common/money';
import { personalMessages } from '../messages';

/** How often the drawer asks the gateway while the member pays at the cashier. */
const PAY_POLL_MS = 2500;
const SETTLED: OrderPayStatus[] = ['paid', 'closed', 'expired', 'none'];

/**
 * Paying an order: asks the gateway for the order's payment link (the same one however often it is
 * asked), opens the cashier in a new window, and opens the order's drawer with `pay=1`, where
 * PaymentWatch follows the payment.
 */
export function usePayOrder() {
  const [payLink] = useOrderPayLinkMutation();
  const [busy, setBusy] = useState<string | null>(null);
  const [, setParams] = useSearchParams();
  const dispatch = useGatewayDispatch();
  const pay = async (orderNo: string) => {
    setBusy(orderNo);
    const result = await payLink({ orderNo }).finally(() => setBusy(null));
    if (!('data' in result) || !result.data) return;
    // The watcher starts from the fresh link (and polls again if it had stopped on an expired one).
    dispatch(personalApi.util.upsertQueryData('orderPayStatus', { orderNo }, result.data));
    if (result.data.payUrl) window.open(cashierUrl(result.data.payUrl), '_blank', 'noopener');
    setParams({ orderNo, pay: '1' });
  };
  /** paying(orderNo): that order's link is being fetched (its Pay button shows it). */
  return { pay, paying: (orderNo: string) => busy === orderNo };
}

/**
 * The payment of an order as the cashier reports it: polled without the loading overlay (and again
 * when the member comes back to the window) until it is paid, closed or expired; once paid the order
 * lists, details and home refresh.
 */
export function PaymentWatch({ orderNo, onPay }: { orderNo: string; onPay: () => void }) {
  const m = useMessages(personalMessages);
  const dispatch = useGatewayDispatch();
  // Polling stops once the cached answer is settled (the same cache entry the query below fills).
  const cached = personalApi.endpoints.orderPayStatus.useQueryState({ orderNo }).data?.payStatus;
  const settled = !!cached && SETTLED.includes(cached);
  const { data, refetch } = useOrderPayStatusQuery(
    { orderNo },
    {
      pollingInterval: settled ? 0 : PAY_POLL_MS,
      skipPollingIfUnfocused: false,
      refetchOnFocus: true,
      refetchOnMountOrArgChange: true,
    },
  );
  const status = data?.payStatus;

  useEffect(() => {
    if (status === 'paid' || status === 'closed') {
      dispatch(
        personalApi.util.invalidateTags([
          { type: 'PersonalOrder', id: 'LIST' },
          { type: 'PersonalOrder', id: orderNo },
          { type: 'PersonalPolicy', id: 'LIST' },
          'PersonalHome',
        ]),
      );
    }
  }, [status, orderNo, dispatch]);

  if (!data || data.payStatus === 'none') return null;
  const cashier = data.payUrl ? (
    <Button size="small" type="link" href={cashierUrl(data.payUrl)} target="_blank" rel="noopener">
      {m.openCashier}
    </Button>
  ) : null;
  const body: Record<
    OrderPayStatus,
    { type: 'info' | 'success' | 'warning' | 'error'; text: string; action?: React.ReactNode }
  > = {
    none: { type: 'info', text: '' },
    unpaid: {
      type: 'info',
      text: format(m.payWaiting, { amount: formatFen(data.amountFen) }),
      action: (
        <Space>
          {cashier}
          <Button size="small" onClick={() => refetch()}>
            {m.checkPayment}
          </Button>
        </Space>
      ),
    },
    failed: { type: 'warning', text: m.payFailed, action: cashier },
    expired: {
      type: 'warning',
      text: m.payExpired,
      action: (
        <Button size="small" onClick={onPay}>
          {m.payOrder}
        </Button>
      ),
    },
    closed: { type: 'warning', text: m.payClosed },
    paid: { type: 'success', text: format(m.payDone, { policyNo: data.policyNo ?? '' }) },
  };
  const shown = body[data.payStatus];
  return (
    <Alert
      data-testid="payment-watch"
      style={{ marginBottom: 16 }}
      type={shown.type}
      title={shown.text}
      action={shown.action}
      showIcon
    />
  );
}
