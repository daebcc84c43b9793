import { Alert, Button, Space } from 'antd';
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { createActor, fromPromise } from 'xstate';
import { formatFen } from '@common/money';
import type { CashierPayStatus } from '@contract/io/payment';
import { cashierUrl } from './cashier';
import { format } from './i18n';
import { inspectOptions } from './inspect';
import {
  paymentMachine,
  paymentOf,
  type PaymentActor,
  type PaymentAnswer,
  type PaymentInput,
  type PaymentSnapshot,
} from './payment/payment.machine';
import { paymentPath, useCashierWindow, usePaymentWake } from './payment/usePayment';

/** What a pay link or pay status call answers, whatever is paid (an order, a policy). */
export interface CashierPayment {
  payStatus: CashierPayStatus;
  /** Path of the cashier page on the gateway's origin while the link is open. */
  payUrl: string | null;
  amountFen: number;
}

const MEANING: Record<CashierPayStatus, PaymentAnswer['status']> = {
  unpaid: 'awaiting',
  failed: 'declined',
  expired: 'expired',
  closed: 'closed',
  paid: 'paid',
  // no payment started (nothing to follow): the subject's page reads it again
  none: 'changed',
};

/** A cashier answer (an order's, a policy's) as the payment machine reads it. */
export const cashierAnswer = (a: CashierPayment): PaymentAnswer => ({
  status: MEANING[a.payStatus],
  payUrl: a.payUrl,
  payment: a,
});

export interface CashierPayOptions<A extends CashierPayment> {
  /** Asks the gateway for the subject's payment link (the same one however often it is asked); rejects when refused. */
  link: (subject: string, signal: AbortSignal) => Promise<A>;
  /** Asks the gateway where the subject's payment stands. */
  status: (subject: string, signal: AbortSignal) => Promise<A>;
  /**
   * The payment ended (paid, closed) or Pay was refused (the subject may have been paid or cancelled
   * meanwhile): every view of the subject is read again.
   */
  settled: (subject: string) => void;
  /** The first wait between two questions while the payer is at the cashier (doubled each time, up to 15 s). */
  pollBaseMs: number;
}

/** A payment of a subject started with the page's calls (`link`, `status`) as the machine's actors. */
function startPayment<A extends CashierPayment>(
  calls: CashierPayOptions<A>,
  input: Pick<PaymentInput, 'subject' | 'cashierOpened' | 'answer'>,
): PaymentActor {
  const { link, status } = calls;
  const machine = paymentMachine.provide({
    actors: {
      link: fromPromise(async ({ input, signal }) => cashierAnswer(await link(input.subject, signal))),
      status: fromPromise(async ({ input, signal }) => cashierAnswer(await status(input.subject, signal))),
    },
  });
  const actor = createActor(machine, { ...inspectOptions(), input: { ...input, pollBaseMs: calls.pollBaseMs } });
  actor.start();
  return actor;
}

/**
 * Paying a subject (an order, a policy) through the shared payment machine: `pay(subject)` opens the
 * cashier's window in the click (a window opened once the answer has come may be stopped by the
 * browser's popup blocker) and starts a payment of the subject, which asks the link, sends the window
 * there and watches the payment (at once when the portal's window comes back or the cashier reports).
 * `paying(subject)`: that subject's link is being fetched (its Pay button shows it).
 */
export function useCashierPay<A extends CashierPayment>(options: CashierPayOptions<A>) {
  const calls = useRef(options);
  useEffect(() => {
    calls.current = options;
  });
  const [actor, setActor] = useState<PaymentActor | undefined>(undefined);
  const snapshot = useSelector(actor, (s) => s);
  const openCashier = useCashierWindow(snapshot);
  usePaymentWake(actor, !!snapshot && (snapshot.matches('watching') || snapshot.matches('timedOut')));
  useEffect(() => () => actor?.stop(), [actor]);

  // Paid, closed, refused: the subject's views are read again (once per payment and outcome).
  const subject = snapshot?.context.subject ?? null;
  const settledAs =
    snapshot && (snapshot.status === 'done' || snapshot.matches('linkFailed')) ? paymentPath(snapshot.value) : null;
  useEffect(() => {
    if (settledAs && subject) calls.current.settled(subject);
  }, [settledAs, subject, actor]);

  const current = useRef(actor);
  useEffect(() => {
    current.current = actor;
  }, [actor]);
  const pay = useCallback(
    (subject: string) => {
      const cashierOpened = openCashier();
      const running = actor?.getSnapshot();
      if (actor && running?.status === 'active' && running.context.subject === subject) {
        actor.send({ type: 'PAY', cashierOpened });
        return;
      }
      const next = startPayment(calls.current, { subject, cashierOpened });
      current.current = next;
      setActor(next);
    },
    [actor, openCashier],
  );
  /**
   * follow(subject): a payment the page finds under way (the drawer reopened with `pay=1` after a
   * reload) is watched again without asking for a link or opening a window, when the gateway says
   * the subject's cashier link is still open (awaiting or declined); otherwise the page shows the
   * subject as it is. Nothing when this subject's payment is already followed.
   */
  const follow = useCallback(async (subject: string, signal: AbortSignal) => {
    const followed = () => current.current?.getSnapshot().context.subject === subject;
    if (followed()) return;
    const answer = cashierAnswer(await calls.current.status(subject, signal));
    if (signal.aborted || followed() || (answer.status !== 'awaiting' && answer.status !== 'declined')) return;
    const next = startPayment(calls.current, { subject, answer });
    current.current = next;
    setActor(next);
  }, []);
  const paying = useCallback((s: string) => subject === s && !!snapshot?.matches('linking'), [subject, snapshot]);
  /** paid(subject): this payment ended paid (Pay is not offered while the subject's views are read again). */
  const paid = useCallback((s: string) => subject === s && !!snapshot?.matches('paid'), [subject, snapshot]);
  return { pay, follow, paying, paid, subject, snapshot, actor };
}

export type CashierPayer = ReturnType<typeof useCashierPay>;

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
 * The payment of a subject as the payment machine follows it (`payer`, from useCashierPay): what it
 * waits for, with the cashier's address and a check, a declined attempt (still watched: the payer
 * may pay again in the same cashier tab), an expired link with Pay again, a closed payment, the paid
 * subject. Nothing while the link is asked, when Pay was refused (the gateway's sentence is shown)
 * or for another subject. `layout`: the buttons beside the sentence, or below it (a phone leaves the
 * sentence its whole width).
 */
export function CashierPayWatch({
  subject,
  payer,
  texts,
  layout,
  testId,
  role,
}: {
  subject: string;
  payer: CashierPayer;
  texts: CashierPayTexts;
  layout: 'beside' | 'below';
  testId: string;
  role?: 'status';
}) {
  const { snapshot, actor } = payer;
  if (!snapshot || !actor || payer.subject !== subject) return null;
  const data = paymentOf<CashierPayment>(snapshot);
  const shown = watchOf(snapshot, data);
  if (!shown || !data) return null;
  const send = actor.send.bind(actor);
  const cashier = data.payUrl ? (
    <Button
      size="small"
      type="link"
      href={cashierUrl(data.payUrl)}
      target="_blank"
      rel="noopener"
      onClick={() => send({ type: 'OPEN_CASHIER' })}
    >
      {texts.openCashier}
    </Button>
  ) : null;
  const below = layout === 'below';
  const body: Record<Shown, { type: 'info' | 'success' | 'warning'; text: string; action?: ReactNode }> = {
    waiting: {
      type: 'info',
      text: format(texts.payWaiting, { amount: formatFen(data.amountFen) }),
      action: (
        <Space {...(below ? { wrap: true, size: 'small' as const } : {})}>
          {cashier}
          <Button size="small" onClick={() => send({ type: 'CHECK' })}>
            {texts.checkPayment}
          </Button>
        </Space>
      ),
    },
    declined: { type: 'warning', text: texts.payFailed, action: cashier },
    expired: {
      type: 'warning',
      text: texts.payExpired,
      action: (
        <Button size="small" onClick={() => payer.pay(subject)}>
          {texts.pay}
        </Button>
      ),
    },
    closed: { type: 'warning', text: texts.payClosed },
    paid: { type: 'success', text: texts.paid },
  };
  const it = body[shown];
  return (
    <Alert
      data-testid={testId}
      data-state={paymentPath(snapshot.value)}
      role={role}
      style={{ marginBottom: 16 }}
      type={it.type}
      title={it.text}
      action={below ? undefined : it.action}
      description={below && it.action ? <div style={{ marginTop: 4 }}>{it.action}</div> : undefined}
      showIcon
    />
  );
}

type Shown = 'waiting' | 'declined' | 'expired' | 'closed' | 'paid';

/** What the watch says in a state of the payment (null: nothing to say). */
function watchOf(s: PaymentSnapshot, data: CashierPayment | null): Shown | null {
  if (!data) return null;
  if (s.matches('paid')) return 'paid';
  if (s.matches('closed')) return 'closed';
  if (s.matches('expired')) return 'expired';
  if (s.matches('watching')) return s.context.answer?.status === 'declined' ? 'declined' : 'waiting';
  if (s.matches('awaitingPay') || s.matches('timedOut')) return 'waiting';
  return null;
}
