import { Alert, Button, Space } from 'antd';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { formatFen } from '@common/money';
import type { CashierPayStatus } from '@contract/io/payment';
import { cashierUrl, openCashierWindow } from './cashier';
import { format } from './i18n';

/** What a pay link or pay status call answers, whatever is paid (an order, a policy). */
export interface CashierPayment {
  payStatus: CashierPayStatus;
  /** Path of the cashier page on the gateway's origin while the link is open. */
  payUrl: string | null;
  amountFen: number;
}

/** Statuses after which nothing changes by itself: the status is no longer polled. */
const SETTLED: CashierPayStatus[] = ['paid', 'closed', 'expired', 'none'];

/**
 * The options of a pay status query while the payer is at the cashier: polled every `intervalMs`
 * without the loading overlay (and again when the user comes back to the window) until the cached
 * answer (`cached`, the same cache entry the query fills) is settled.
 */
export function payStatusPolling(cached: CashierPayStatus | undefined, intervalMs: number) {
  const settled = !!cached && SETTLED.includes(cached);
  return {
    pollingInterval: settled ? 0 : intervalMs,
    skipPollingIfUnfocused: false,
    refetchOnFocus: true,
    refetchOnMountOrArgChange: true,
  };
}

export interface CashierPayOptions<A extends CashierPayment> {
  /** Asks the gateway for the subject's payment link (the same one however often it is asked); null when refused. */
  ask: (subject: string) => Promise<A | null>;
  /** The link has arrived (and the cashier's window has been sent to it): start following the payment. */
  answered: (subject: string, answer: A) => void;
}

/**
 * Pressing Pay for a subject (an order, a policy): opens the cashier's window in the click (a window
 * opened once the answer has come may be stopped by the browser's popup blocker), asks the gateway for
 * the payment link, sends the window there and hands the answer on. `paying(subject)`: that subject's link is being
 * fetched (its Pay button shows it). `ask` and `answered` should keep their identity between renders.
 */
export function useCashierPay<A extends CashierPayment>({ ask, answered }: CashierPayOptions<A>) {
  const [busy, setBusy] = useState<string | null>(null);
  const pay = useCallback(
    async (subject: string) => {
      const win = openCashierWindow();
      setBusy(subject);
      const answer = await ask(subject).finally(() => setBusy(null));
      if (!answer) {
        win.close();
        return;
      }
      if (answer.payUrl) win.go(answer.payUrl);
      else win.close();
      answered(subject, answer);
    },
    [ask, answered],
  );
  const paying = useCallback((subject: string) => busy === subject, [busy]);
  return { pay, paying };
}

/** The sentences and buttons of a payment's watch, in the reader's language (from the feature's catalogue). */
export interface CashierPayTexts {
  /** Waiting at the cashier; `{amount}` is the amount due. */
  payWaiting: string;
  payFailed: string;
  payExpired: string;
  payClosed: string;
  /** What the paid subject has become (the policy issued, in force from ...). */
  paid: string;
  /** The button that asks for a fresh link once the last one expired. */
  pay: string;
  openCashier: string;
  checkPayment: string;
}

/**
 * The payment of a subject as the cashier reports it (`data`, the feature's polled pay status): what
 * it waits for, with the cashier's address and a check, a failure, an expired link with Pay again, a
 * closed payment, the paid subject. `settled` runs when the payment becomes paid or closed (the
 * feature refreshes what the payment changed). `layout`: the buttons beside the sentence, or below it
 * (a phone leaves the sentence its whole width).
 */
export function CashierPayWatch({
  subject,
  data,
  texts,
  onCheck,
  onPay,
  settled,
  layout,
  testId,
  role,
}: {
  /** The subject's number: `settled` runs again for another subject. */
  subject: string;
  data: CashierPayment | undefined;
  texts: CashierPayTexts;
  onCheck: () => void;
  onPay: () => void;
  settled: () => void;
  layout: 'beside' | 'below';
  testId: string;
  role?: 'status';
}) {
  const status = data?.payStatus;
  const settledNow = useRef(settled);
  useEffect(() => {
    settledNow.current = settled;
  });
  useEffect(() => {
    if (status === 'paid' || status === 'closed') settledNow.current();
  }, [status, subject]);
  // Back from the cashier's tab: ask at once rather than at the next poll.
  const checkNow = useRef(onCheck);
  useEffect(() => {
    checkNow.current = onCheck;
  });
  const watching = status === 'unpaid' || status === 'failed';
  useEffect(() => {
    if (!watching) return;
    const back = () => {
      if (document.visibilityState !== 'hidden') checkNow.current();
    };
    window.addEventListener('focus', back);
    document.addEventListener('visibilitychange', back);
    return () => {
      window.removeEventListener('focus', back);
      document.removeEventListener('visibilitychange', back);
    };
  }, [watching]);

  if (!data || data.payStatus === 'none') return null;
  const cashier = data.payUrl ? (
    <Button size="small" type="link" href={cashierUrl(data.payUrl)} target="_blank" rel="noopener">
      {texts.openCashier}
    </Button>
  ) : null;
  const below = layout === 'below';
  const body: Record<CashierPayStatus, { type: 'info' | 'success' | 'warning'; text: string; action?: ReactNode }> = {
    none: { type: 'info', text: '' },
    unpaid: {
      type: 'info',
      text: format(texts.payWaiting, { amount: formatFen(data.amountFen) }),
      action: (
        <Space {...(below ? { wrap: true, size: 'small' as const } : {})}>
          {cashier}
          <Button size="small" onClick={onCheck}>
            {texts.checkPayment}
          </Button>
        </Space>
      ),
    },
    failed: { type: 'warning', text: texts.payFailed, action: cashier },
    expired: {
      type: 'warning',
      text: texts.payExpired,
      action: (
        <Button size="small" onClick={onPay}>
          {texts.pay}
        </Button>
      ),
    },
    closed: { type: 'warning', text: texts.payClosed },
    paid: { type: 'success', text: texts.paid },
  };
  const shown = body[data.payStatus];
  return (
    <Alert
      data-testid={testId}
      role={role}
      style={{ marginBottom: 16 }}
      type={shown.type}
      title={shown.text}
      action={below ? undefined : shown.action}
      description={below && shown.action ? <div style={{ marginTop: 4 }}>{shown.action}</div> : undefined}
      showIcon
    />
  );
}
