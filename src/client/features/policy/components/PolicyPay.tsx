import { Button, Tag } from 'antd';
import { useCallback } from 'react';
import type { PolicyPayLink } from '@contract/io/policy';
import { PaymentState, PolicyState } from '@contract/states';
import { useGatewayDispatch } from '@client/api/dispatch';
import { runCall } from '@client/api/callActor';
import { CashierPayWatch, useCashierPay, type CashierPayer } from '@client/shared/CashierPay';
import { paymentOf } from '@client/shared/payment/payment.machine';
import { formatDate } from '@client/shared/format';
import { format, useMessages } from '@client/shared/i18n';
import { useListPlace } from '@client/shared/list/DataList';
import { policyApi } from '../api';
import { policyMessages } from '../messages';

/** How long the page first waits between two questions while the customer pays at the cashier. */
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
 * Paying a policy awaiting its premium (the shared payment machine): the cashier window opens in the
 * click (a window opened once the link has arrived would be stopped by the browser), the gateway
 * answers the policy's payment link (the same one however often Pay is pressed) and the window goes
 * there; `watch` then shows the payment on the page. Once it ends (paid, closed) or Pay is refused,
 * the policy lists, details, home counts and insurance records are read again.
 */
export function usePayPolicy() {
  const dispatch = useGatewayDispatch();
  const e = policyApi.endpoints;
  const link = useCallback(
    (policyNo: string, signal: AbortSignal) => runCall(dispatch, e.policyPayLink.initiate({ policyNo }), signal),
    [dispatch, e],
  );
  const status = useCallback(
    (policyNo: string, signal: AbortSignal) =>
      runCall(dispatch, e.policyPayStatus.initiate({ policyNo }, { forceRefetch: true, subscribe: false }), signal),
    [dispatch, e],
  );
  const settled = useCallback(
    () => dispatch(policyApi.util.invalidateTags(['Policy', { type: 'Policy', id: 'LIST' }, 'InsuranceRecord'])),
    [dispatch],
  );
  const payer = useCashierPay<PolicyPayLink>({ link, status, settled, pollBaseMs: PAY_POLL_MS });
  const watch = payer.subject ? <PolicyPayWatch policyNo={payer.subject} payer={payer} /> : null;
  /** paying(policyNo): that policy's link is being fetched (its Pay button shows it). */
  return { ...payer, watch };
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
  if (!isPayablePolicy(policy) || payer.paid(policy.policyNo)) return null;
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

/** The payment of a policy as the payment machine follows it; once paid the policy's views are read again. */
export function PolicyPayWatch({ policyNo, payer }: { policyNo: string; payer: CashierPayer }) {
  const m = useMessages(policyMessages);
  const data = payer.snapshot ? paymentOf<PolicyPayLink>(payer.snapshot) : null;
  const today = new Date().toISOString().slice(0, 10);
  const paid = !data
    ? ''
    : data.startDate > today
      ? format(m.payDoneFrom, { policyNo: data.policyNo, date: formatDate(data.startDate) })
      : format(m.payDone, { policyNo: data.policyNo });
  return (
    <CashierPayWatch
      subject={policyNo}
      payer={payer}
      texts={{ ...m, paid }}
      layout="below"
      testId="policy-pay-watch"
      role="status"
    />
  );
}
