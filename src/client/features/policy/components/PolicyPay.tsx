import { Button, Tag } from 'antd';
import { useCallback, useState } from 'react';
import type { PolicyPayLink } from '@contract/io/policy';
import { PaymentState, PolicyState } from '@contract/states';
import { useGatewayDispatch } from '@client/api/dispatch';
import { CashierPayWatch, payStatusPolling, useCashierPay } from '@client/shared/CashierPay';
import { formatDate } from '@client/shared/format';
import { format, useMessages } from '@client/shared/i18n';
import { useListPlace } from '@client/shared/list/DataList';
import { policyApi, usePolicyPayLinkMutation, usePolicyPayStatusQuery } from '../api';
import { policyMessages } from '../messages';

/** How often the page asks the gateway while the customer pays at the cashier. */
const PAY_POLL_MS = 2000;

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
 * Paying a policy awaiting its premium (the shared cashier payment): the cashier window opens in the
 * click (a window opened once the link has arrived would be stopped by the browser), the gateway
 * answers the policy's payment link (the same one however often Pay is pressed) and the window goes
 * there; `watch` then follows the payment and shows its result on the page.
 */
export function usePayPolicy() {
  const [payLink] = usePolicyPayLinkMutation();
  const [watching, setWatching] = useState<string | null>(null);
  const dispatch = useGatewayDispatch();
  const ask = useCallback(
    async (policyNo: string) => {
      const result = await payLink({ policyNo });
      return 'data' in result && result.data ? result.data : null;
    },
    [payLink],
  );
  const answered = useCallback(
    (policyNo: string, answer: PolicyPayLink) => {
      // The watcher starts from the fresh link (and polls again if it had stopped on an expired one).
      dispatch(policyApi.util.upsertQueryData('policyPayStatus', { policyNo }, answer));
      setWatching(policyNo);
    },
    [dispatch],
  );
  const { pay, paying } = useCashierPay({ ask, answered });
  const watch = watching ? <PolicyPayWatch policyNo={watching} onPay={() => pay(watching)} /> : null;
  /** paying(policyNo): that policy's link is being fetched (its Pay button shows it). */
  return { pay, paying, watch };
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
  const place = useListPlace();
  if (!isPayablePolicy(policy)) return null;
  return (
    <Button
      type="primary"
      size={size ?? (place === 'table' ? 'small' : undefined)}
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
 * The payment of a policy as the cashier reports it, polled until it is paid, closed or expired; once
 * paid the policy lists, details and home counts refresh.
 */
export function PolicyPayWatch({ policyNo, onPay }: { policyNo: string; onPay: () => void }) {
  const m = useMessages(policyMessages);
  const dispatch = useGatewayDispatch();
  const cached = policyApi.endpoints.policyPayStatus.useQueryState({ policyNo }).data?.payStatus;
  const { data, refetch } = usePolicyPayStatusQuery({ policyNo }, payStatusPolling(cached, PAY_POLL_MS));
  const today = new Date().toISOString().slice(0, 10);
  const paid = !data
    ? ''
    : data.startDate > today
      ? format(m.payDoneFrom, { policyNo: data.policyNo, date: formatDate(data.startDate) })
      : format(m.payDone, { policyNo: data.policyNo });
  return (
    <CashierPayWatch
      subject={policyNo}
      data={data}
      texts={{ ...m, paid }}
      onCheck={() => void refetch()}
      onPay={onPay}
      settled={() =>
        dispatch(policyApi.util.invalidateTags(['Policy', { type: 'Policy', id: 'LIST' }, 'InsuranceRecord']))
      }
      layout="below"
      testId="policy-pay-watch"
      role="status"
    />
  );
}
