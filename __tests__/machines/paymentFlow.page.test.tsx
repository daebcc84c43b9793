/**
 * Model-based test of the one payment machine (src/client/shared/payment/payment.machine.ts) through
 * what an order's page shows of it: the shared watch (CashierPayWatch, the order's texts from the
 * catalogue), the page's Pay button, the cashier's window (useCashierWindow) and the wake-ups
 * (usePaymentWake). xstate/graph traverses the machine with every answer of every call and every
 * user event; a path per state and per transition is driven through the rendered page: Pay, Open the
 * cashier and I have paid are clicks, coming back to the window is a focus event, a call's answer
 * settles the deferred call, a delay advances a simulated clock by that delay. After every step the
 * page must be in the path's state and show what that state means.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise, SimulatedClock, type EventObject } from 'xstate';
import { formatFen } from '@common/money';
import { personalMessages } from '@client/features/personal/messages';
import { CashierPayWatch, cashierAnswer, type CashierPayer, type CashierPayment } from '@client/shared/CashierPay';
import { cashierUrl } from '@client/shared/cashier';
import { format } from '@client/shared/i18n';
import {
  paymentMachine,
  type PaymentAnswer,
  type PaymentInput,
  type PaymentSnapshot,
} from '@client/shared/payment/payment.machine';
import { paymentPath, useCashierWindow, usePaymentWake } from '@client/shared/payment/usePayment';
import {
  Calls,
  CoverageTracker,
  describe as describeSteps,
  modelPaths,
  printCoverage,
  withoutPrefixes,
  type Step,
} from './support/modelPaths';

const m = personalMessages['en-US'];
const ORDER = 'ORD20261128000001';
const AMOUNT = 36800;
const POLICY = 'HLT26310100009999';
const TIMES = { pollBaseMs: 1000, pollMaxMs: 4000, pollLimitMs: 60 * 60_000, transferPollMs: 30_000 };

type Order = CashierPayment & { policyNo: string | null };
const order = (payStatus: CashierPayment['payStatus'], payUrl: string | null = null): Order => ({
  payStatus,
  payUrl,
  amountFen: AMOUNT,
  policyNo: payStatus === 'paid' ? POLICY : null,
});
const LINK = '/cashier/tok-1';
const answers: Record<string, PaymentAnswer> = {
  awaiting: cashierAnswer(order('unpaid', LINK)),
  declined: cashierAnswer(order('failed', LINK)),
  expired: cashierAnswer(order('expired')),
  closed: cashierAnswer(order('closed')),
  paid: cashierAnswer(order('paid')),
  changed: cashierAnswer(order('none')),
  transfer: { status: 'transfer', payUrl: null, payment: order('unpaid') },
};

const done = (id: string, status: string) => ({ type: `xstate.done.actor.${id}`, output: answers[status] });
const EVENTS: Array<EventObject & Record<string, unknown>> = [
  ...Object.keys(answers).map((s) => done('link', s)),
  { type: 'xstate.error.actor.link', error: { kind: 'network' } },
  ...Object.keys(answers).map((s) => done('status', s)),
  { type: 'xstate.error.actor.status', error: { kind: 'network' } },
  ...['paid', 'transfer', 'closed'].map((s) => done('transferStatus', s)),
  { type: 'xstate.error.actor.transferStatus', error: { kind: 'network' } },
  done('switchOnline', 'awaiting'),
  { type: 'xstate.error.actor.switchOnline', error: { kind: 'network' } },
  { type: 'PAY', cashierOpened: true },
  { type: 'PAY', cashierOpened: false },
  { type: 'CHECK' },
  { type: 'OPEN_CASHIER' },
  { type: 'PAY_ONLINE', cashierOpened: true },
  { type: 'PAYMENT', payment: order('unpaid') },
  { type: 'RETRY' },
];

/** The cashier's windows the page opens (jsdom opens none), or none when the browser would block them. */
const windows: Array<{ opener: null; closed: boolean; location: { href: string }; close: () => void }> = [];
let blocked = false;
window.open = (() => {
  if (blocked) return null;
  const win = {
    opener: null,
    closed: false,
    location: { href: '' },
    close: () => {
      win.closed = true;
    },
  };
  windows.push(win);
  return win;
}) as unknown as typeof window.open;

/** The calls of the page being driven (the machine's actors wait on them). */
let pageCalls = new Calls();
/** The machine the page runs and the model traverses: the payment machine on deferred calls. */
const machine = paymentMachine.provide({
  actors: {
    link: fromPromise(() => pageCalls.call<PaymentAnswer>('link')),
    status: fromPromise(({ self }) => pageCalls.call<PaymentAnswer>(self.id)),
    switchOnline: fromPromise(() => pageCalls.call<PaymentAnswer>('switchOnline')),
  },
});

/** An order's payment on a page: the watch, the page's Pay button, the window and the wake-ups. */
function OrderPaymentPage({
  calls,
  input,
  actorOptions,
}: {
  calls: Calls;
  input: PaymentInput;
  actorOptions: { clock: SimulatedClock; inspect: CoverageTracker['inspect'] };
}) {
  useState(() => {
    pageCalls = calls;
    return null;
  });
  const [snapshot, send, actor] = useMachine(machine, {
    input,
    clock: actorOptions.clock as never,
    inspect: actorOptions.inspect as never,
  });
  const openCashier = useCashierWindow(snapshot);
  usePaymentWake(actor, snapshot.matches('watching') || snapshot.matches('timedOut'));
  const payer: CashierPayer = {
    pay: () => send({ type: 'PAY', cashierOpened: openCashier() }),
    // the model's payment is always followed from its start
    follow: async () => undefined,
    paying: () => snapshot.matches('linking'),
    paid: () => snapshot.matches('paid'),
    subject: ORDER,
    snapshot,
    actor,
  };
  const data = snapshot.context.answer?.payment as Order | undefined;
  useEffect(() => {
    onPage = { send, snapshot };
  });
  return (
    <div data-testid="order-page" data-state={paymentPath(snapshot.value)}>
      <CashierPayWatch
        subject={ORDER}
        payer={payer}
        texts={{ ...m, pay: m.payOrder, paid: format(m.payDone, { policyNo: data?.policyNo ?? '' }) }}
        layout="beside"
        testId="payment-watch"
      />
      {!payer.paid(ORDER) && (
        <button type="button" data-testid="page-pay" disabled={payer.paying(ORDER)} onClick={() => payer.pay(ORDER)}>
          {m.payOrder}
        </button>
      )}
    </div>
  );
}

const watch = () => screen.queryByTestId('payment-watch');
const waitingText = format(m.payWaiting, { amount: formatFen(AMOUNT) });

/** What the page must show in each state of the payment. */
function assertShown(state: string) {
  const last = onPage!.snapshot.context.answer?.status;
  const pagePay = screen.queryByTestId('page-pay');
  if (state === 'paid') {
    expect(watch()).toHaveTextContent(format(m.payDone, { policyNo: POLICY }));
    // Pay is never offered for a paid order
    expect(pagePay).toBeNull();
    expect(screen.queryByRole('button', { name: m.payOrder })).toBeNull();
    return;
  }
  expect(pagePay).not.toBeNull();
  if (state === 'linking') {
    expect(watch()).toBeNull();
    expect(pagePay).toBeDisabled();
  } else if (state.startsWith('watching.')) {
    if (last === 'declined' || state === 'watching.declined') {
      expect(watch()).toHaveTextContent(m.payFailed);
    } else {
      expect(watch()).toHaveTextContent(waitingText);
      expect(within(watch()!).getByRole('button', { name: m.checkPayment })).toBeInTheDocument();
    }
    expect(within(watch()!).getByRole('link', { name: m.openCashier })).toHaveAttribute('href', cashierUrl(LINK));
  } else if (state === 'awaitingPay' || state === 'timedOut') {
    expect(watch()).toHaveTextContent(waitingText);
    expect(within(watch()!).getByRole('link', { name: m.openCashier })).toHaveAttribute('href', cashierUrl(LINK));
  } else if (state === 'expired') {
    expect(watch()).toHaveTextContent(m.payExpired);
    expect(within(watch()!).getByRole('button', { name: m.payOrder })).toBeInTheDocument();
  } else if (state === 'closed') {
    expect(watch()).toHaveTextContent(m.payClosed);
  } else {
    // asked for nothing yet, Pay's link refused (the gateway's sentence is the notifier's), a transfer
    // (an order has none), ended elsewhere: the watch says nothing
    expect(watch()).toBeNull();
  }
  // a window opened by Pay either went to the cashier or was closed: none is left blank
  if (!state.startsWith('linking') && !state.startsWith('transfer.switching'))
    for (const w of windows) expect(w.closed || w.location.href === cashierUrl(LINK)).toBe(true);
}

/** Runs one path through the page. */
async function drive(steps: Step[], input: PaymentInput) {
  const calls = new Calls();
  const clock = new SimulatedClock();
  windows.length = 0;
  blocked = false;
  onPage = null;
  render(<OrderPaymentPage calls={calls} input={input} actorOptions={{ clock, inspect: tracker.inspect }} />);
  const shown = () => screen.getByTestId('order-page').getAttribute('data-state');
  const path = describeSteps(steps);
  try {
    for (const step of steps) {
      const event = step.event as EventObject & { output?: unknown; error?: unknown; cashierOpened?: boolean };
      const settle = async (id: string, how: 'resolve' | 'reject') => {
        await waitFor(() => expect(calls.pending.has(id)).toBe(true));
        const d = calls.pending.get(id)!;
        calls.pending.delete(id);
        await act(async () => (how === 'resolve' ? d.resolve(event.output) : d.reject(event.error)));
      };
      const t = event.type;
      if (t.startsWith('xstate.done.actor.')) await settle(t.slice(18), 'resolve');
      else if (t.startsWith('xstate.error.actor.')) await settle(t.slice(19), 'reject');
      else if (t.startsWith('xstate.after.')) {
        const c = onPage!.snapshot.context;
        const ms = t.includes('.poll.')
          ? Math.min(c.pollBaseMs * 2 ** c.pollAttempt, c.pollMaxMs)
          : t.includes('.giveUp.')
            ? c.pollLimitMs
            : c.transferPollMs;
        await act(async () => clock.increment(ms));
      } else if (t !== 'xstate.init') await act(async () => user(event));
      const expected = paymentPath(step.state.value);
      await waitFor(() => expect({ path, state: shown() }).toEqual({ path, state: expected }));
      assertShown(expected);
    }
  } finally {
    cleanup();
  }
}

/** A user event as a person does it on the page (or as the subject's page would, where an order offers nothing). */
function user(event: EventObject & { cashierOpened?: boolean; payment?: unknown }) {
  const page = screen.getByTestId('order-page');
  switch (event.type) {
    case 'PAY':
      blocked = !event.cashierOpened;
      return fireEvent.click(screen.getByTestId('page-pay'));
    case 'OPEN_CASHIER':
      return fireEvent.click(within(page).getByRole('link', { name: m.openCashier }));
    case 'CHECK': {
      const check = within(page).queryByRole('button', { name: m.checkPayment });
      if (check && !page.getAttribute('data-state')?.startsWith('watching')) return fireEvent.click(check);
      if (page.getAttribute('data-state')?.startsWith('watching')) return fireEvent(window, new Event('focus'));
      return sendDirect(event);
    }
    default:
      // RETRY, PAY_ONLINE, PAYMENT: the correction's payment step offers them; an order has no button for them
      return sendDirect(event);
  }
}

/** The rendered page's machine, for the events an order's page has no button for. */
let onPage: { send: (event: never) => void; snapshot: PaymentSnapshot } | null = null;
const sendDirect = (event: EventObject) => onPage!.send(event as never);

/**
 * The ways a payment starts: Pay with the window opened, Pay with the window blocked (the page offers
 * the cashier's address), and a payment already under way (a declined attempt, an awaited transfer).
 */
const STARTS: Array<{ name: string; input: PaymentInput }> = [
  { name: 'Pay, the window opened', input: { subject: ORDER, cashierOpened: true, ...TIMES } },
  { name: 'Pay, the window blocked', input: { subject: ORDER, cashierOpened: false, ...TIMES } },
  { name: 'under way, declined', input: { subject: ORDER, answer: answers.declined, ...TIMES } },
  { name: 'under way, a transfer', input: { subject: ORDER, answer: answers.transfer, ...TIMES } },
];
const tracker = new CoverageTracker(machine);
// nothing happens after an end (the traversal would still offer Pay's event to a final state)
const live = (steps: Step[]) => !steps.slice(0, -1).some((s) => s.state.status === 'done');
const runs = STARTS.map(({ name, input }) => {
  const paths = modelPaths(machine, EVENTS, input);
  const chosen = withoutPrefixes([...paths.shortest, ...paths.edges].filter(live));
  return { name, input, paths, chosen };
});

describe.each(runs)('the payment machine through an order page ($name), path by path', ({ input, chosen }) => {
  it.each(chosen.map((steps, index) => ({ steps, index, events: describeSteps(steps) })))(
    'path $index: $events',
    async ({ steps }) => {
      await drive(steps, input);
    },
  );
});

describe('the payment machine through an order page', () => {
  it('rendered each state and took each transition from the page', () => {
    const coverage = tracker.report(
      runs.reduce((n, r) => n + r.chosen.length, 0),
      {
        shortest: runs.reduce((n, r) => n + r.paths.shortest.length, 0),
        transitions: runs.reduce((n, r) => n + r.paths.edges.length, 0),
        journeys: 0,
      },
    );
    printCoverage('payment machine (order page)', coverage);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
