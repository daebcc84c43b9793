import { Alert, Button, Space, Tag } from 'antd';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { formatFen } from '../../../../common/money';
import type { PolicyPayStatus } from '../../../../contract/io/policy';
import { PaymentState, PolicyState } from '../../../../contract/states';
import { useGatewayDispatch } from '../../../api/dispatch';
import { cashierUrl, openCashierWindow } from '../../../shared/cashier';
import { formatDate } from '../../../shared/format';
import { format, useMessages } from '../../../shared/i18n';
import { policyApi, usePolicyPayLinkMutation, usePolicyPayStatusQuery } from '../api';
import { policyMessages } from '../messages';

/** How often the page asks the gateway while the customer pays at the cashier. */
const PAY_POLL_MS = 2000;
const SETTLED: PolicyPayStatus[] = ['paid', 'closed', 'expired', 'none'];

/**
 * In force but its cover not begun (paid before its start date): the model has one state for it, so
 * the portal says from when. Null for the others.
 */
export function StartsTag({ policy }: { policy: { state: number; startDate: string } }) {
  const m = useMessages(policyMessages);
  const today = new Date().toISOString().slice(0, 10);
  if (policy.state !== PolicyState.inForce || policy.startDate <= today) return null;
  return (
    <Tag color="blue" className="mc-nowrap" data-testid="starts-on">
      {format(m.startsOn, { date: formatDate(policy.startDate) })}
    </Tag>
  );
}

/** A policy the customer may pay now: pending payment, premium not paid. */
export const isPayablePolicy = (p: { state: number; paymentState: number }) =>
  p.state === PolicyState.pendingPayment && p.paymentState !== PaymentState.paid;

/**
 * Paying a policy awaiting its premium: the cashier window opens in the click (a window opened once
 * the link has arrived would be stopped by the browser), the gateway answers the policy's payment link
 * (the same one however often Pay is pressed) and the window goes there; `watch` then follows the
 * payment and shows its result on the page.
 */
export function usePayPolicy() {
  const [payLink] = usePolicyPayLinkMutation();
  const [busy, setBusy] = useState<string | null>(null);
  const [watching, setWatching] = useState<string | null>(null);
  const dispatch = useGatewayDispatch();
  const pay = useCallback(
    async (policyNo: string) => {
      const win = openCashierWindow();
      setBusy(policyNo);
      const result = await payLink({ policyNo }).finally(() => setBusy(null));
      if (!('data' in result) || !result.data) {
        win.close();
        return;
      }
      // The watcher starts from the fresh link (and polls again if it had stopped on an expired one).
      dispatch(policyApi.util.upsertQueryData('policyPayStatus', { policyNo }, result.data));
      if (result.data.payUrl) win.go(result.data.payUrl);
      setWatching(policyNo);
    },
    [payLink, dispatch],
  );
  const watch = watching ? <PolicyPayWatch policyNo={watching} onPay={() => pay(watching)} /> : null;
  /** paying(policyNo): that policy's link is being fetched (its Pay button shows it). */
  return { pay, paying: (policyNo: string) => busy === policyNo, watch };
}

/** The Pay button of a policy awaiting its premium (nothing for the others). */
export function PayPolicyButton({
  policy,
  payer,
  size,
}: {
  policy: { policyNo: string; state: number; paymentState: number };
  payer: ReturnType<typeof usePayPolicy>;
  size?: 'small' | 'middle';
}) {
  const m = useMessages(policyMessages);
  if (!isPayablePolicy(policy)) return null;
  return (
    <Button
      type="primary"
      size={size}
      loading={payer.paying(policy.policyNo)}
      aria-label={format(m.payPolicyLabel, { policyNo: policy.policyNo })}
      data-testid={`pay-${policy.policyNo}`}
      onClick={() => void payer.pay(policy.policyNo)}
    >
      {m.pay}
    </Button>
  );
}

/**
 * The payment of a policy as the cashier reports it: polled without the loading overlay (and again
 * when the user comes back to the window) until it is paid, closed or expired; once paid the policy
 * lists, details and home counts refresh.
 */
export function PolicyPayWatch({ policyNo, onPay }: { policyNo: string; onPay: () => void }) {
  const m = useMessages(policyMessages);
  const dispatch = useGatewayDispatch();
  const cached = policyApi.endpoints.policyPayStatus.useQueryState({ policyNo }).data?.payStatus;
  const settled = !!cached && SETTLED.includes(cached);
  const { data, refetch } = usePolicyPayStatusQuery(
    { policyNo },
    {
      pollingInterval: settled ? 0 : PAY_POLL_MS,
      skipPollingIfUnfocused: false,
      refetchOnFocus: true,
      refetchOnMountOrArgChange: true,
    },
  );
  const status = data?.payStatus;
  useEffect(() => {
    if (status === 'paid' || status === 'closed')
      dispatch(policyApi.util.invalidateTags(['Policy', { type: 'Policy', id: 'LIST' }, 'InsuranceRecord']));
  }, [status, dispatch]);

  if (!data || data.payStatus === 'none') return null;
  const cashier = data.payUrl ? (
    <Button size="small" type="link" href={cashierUrl(data.payUrl)} target="_blank" rel="noopener">
      {m.openCashier}
    </Button>
  ) : null;
  const today = new Date().toISOString().slice(0, 10);
  const body: Record<PolicyPayStatus, { type: 'info' | 'success' | 'warning'; text: string; action?: ReactNode }> = {
    none: { type: 'info', text: '' },
    unpaid: {
      type: 'info',
      text: format(m.payWaiting, { amount: formatFen(data.amountFen) }),
      action: (
        <Space wrap size="small">
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
          {m.pay}
        </Button>
      ),
    },
    closed: { type: 'warning', text: m.payClosed },
    paid: {
      type: 'success',
      text:
        data.startDate > today
          ? format(m.payDoneFrom, { policyNo: data.policyNo, date: formatDate(data.startDate) })
          : format(m.payDone, { policyNo: data.policyNo }),
    },
  };
  const shown = body[data.payStatus];
  return (
    <Alert
      data-testid="policy-pay-watch"
      role="status"
      style={{ marginBottom: 16 }}
      type={shown.type}
      title={shown.text}
      // below the sentence, not beside it: a phone leaves the sentence its whole width
      description={shown.action ? <div style={{ marginTop: 4 }}>{shown.action}</div> : undefined}
      showIcon
    />
  );
}
