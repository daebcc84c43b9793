/**
 * Model test of the shared payment machine at the machine level: xstate/graph traverses it with every
 * answer of every call (each status the subject can answer, a failure of each call) and every user
 * event; every shortest path and one path per transition are driven through a live actor whose calls
 * the path settles and whose timers it fires, from a fresh Pay and from a payment already under way
 * (an awaited transfer, an open link). After each step the state, the context (the last answer, the
 * error's step, the poll attempt, the link's key, how it ended) and the calls are checked; every
 * declared state, transition and possible pair of consecutive transitions is taken or listed with
 * the reason it cannot be.
 */
import type { AnyActorRef } from 'xstate';
import {
  paymentMachine,
  type PaymentAnswer,
  type PaymentContext,
  type PaymentInput,
  type PaymentStatus,
} from '@client/shared/payment/payment.machine';
import { printCoverage, runModel, type Calls } from './support/modelPaths';
import { listedRequirements } from './support/requirements';

const SUBJECT = 'CR-41';
const TIMES = { pollBaseMs: 1000, pollMaxMs: 4000, pollLimitMs: 60 * 60_000, transferPollMs: 30_000 };
const STATUSES: PaymentStatus[] = ['awaiting', 'declined', 'expired', 'closed', 'paid', 'transfer', 'changed'];
const answer = (status: PaymentStatus): PaymentAnswer => ({
  status,
  payUrl: status === 'awaiting' || status === 'declined' ? '/cashier/tok-1' : null,
  payment: { paymentNo: 'PAY-1', status },
});
const networkDown = { kind: 'network' };
const refused = { kind: 'status', status: 'ERR_0003', statusText: 'The payment cannot be changed now.', data: null };
const receipt = { paymentNo: 'PAY-1', receipt: 'transfer.pdf' };

const done = (id: string, status: PaymentStatus) => ({ type: `xstate.done.actor.${id}`, output: answer(status) });
const events = [
  ...STATUSES.map((s) => done('link', s)),
  { type: 'xstate.error.actor.link', error: networkDown },
  ...STATUSES.map((s) => done('status', s)),
  { type: 'xstate.error.actor.status', error: networkDown },
  ...(['paid', 'transfer', 'expired', 'changed'] as const).map((s) => done('transferStatus', s)),
  { type: 'xstate.error.actor.transferStatus', error: networkDown },
  ...STATUSES.map((s) => done('switchOnline', s)),
  { type: 'xstate.error.actor.switchOnline', error: refused },
  { type: 'PAY', cashierOpened: true },
  { type: 'PAY', cashierOpened: false },
  { type: 'CHECK' },
  { type: 'OPEN_CASHIER' },
  { type: 'PAY_ONLINE', cashierOpened: true },
  { type: 'PAY_ONLINE', cashierOpened: false },
  { type: 'PAYMENT', payment: receipt },
  { type: 'RETRY' },
];

/** The call each state waits on (its invoke id). */
const callOf: Record<string, string> = {
  linking: 'link',
  'watching.checking': 'status',
  'transfer.checking': 'transferStatus',
  'transfer.switching': 'switchOnline',
};
const ENDS = ['paid', 'closed', 'changed'];

const input =
  (extra: Partial<PaymentInput> = {}) =>
  (): PaymentInput => ({ subject: SUBJECT, ...TIMES, ...extra });

/** The state each live actor was in before its step. */
const before = new WeakMap<AnyActorRef, string>();

describe('the payment machine, path by path', () => {
  it('walks every shortest path, every transition and every possible pair of transitions, checking state and context at each step', async () => {
    const coverage = await runModel<PaymentInput>({
      machine: paymentMachine,
      events,
      input: input(),
      // a payment already under way, as its subject's page found it, in each of its answers
      starts: Object.fromEntries(
        STATUSES.map((s) => [`followed from ${s}`, input({ answer: answer(s), cashierOpened: s === 'awaiting' })]),
      ),
      live: (calls: Calls) =>
        paymentMachine.provide({
          actors: {
            link: calls.actor() as never,
            status: calls.actor() as never,
            switchOnline: calls.actor() as never,
          },
        }),
      traversal: {
        // the guards read the last answer and whether the cashier's window was opened
        key: (c: PaymentContext) => ({ a: c.answer?.status ?? null, o: c.cashierOpened }),
      },
      delayOf(event, context) {
        const c = context as unknown as PaymentContext;
        if (event.type.startsWith('xstate.after.giveUp.')) return c.pollLimitMs;
        if (event.type.startsWith('xstate.after.transferPoll.')) return c.transferPollMs;
        return Math.min(c.pollBaseMs * 2 ** c.pollAttempt, c.pollMaxMs);
      },
      assertStep({ state, event, context, previous, actor, calls }) {
        const c = context as unknown as PaymentContext;
        const p = previous as unknown as PaymentContext;
        const e = event as { type: string; output?: PaymentAnswer; error?: unknown; cashierOpened?: boolean };
        expect(c.subject).toBe(SUBJECT);
        // the call the state waits on is running, with what the context says
        const call = callOf[state];
        if (call) {
          expect(calls.pending.has(call)).toBe(true);
          expect(calls.inputs.filter((x) => x.id === call).at(-1)?.input).toEqual(
            call === 'link' ? { subject: SUBJECT, key: c.key } : { subject: SUBJECT },
          );
        }
        // an end says how it ended, with the last answer, as the machine's output
        if (ENDS.includes(state)) {
          expect(c.end).toBe(state);
          expect(actor.getSnapshot().output).toEqual({ status: state, answer: c.answer });
        } else expect(c.end).toBeNull();
        if (state === 'expired') expect(c.answer?.status).toBe('expired');
        if (state === 'watching.declined') expect(c.answer?.status).toBe('declined');
        if (state === 'awaitingPay') {
          expect(['awaiting', 'declined']).toContain(c.answer?.status);
          expect(c.cashierOpened).toBe(false);
        }
        if (state.startsWith('transfer.') && !e.type.includes('switchOnline'))
          expect(c.answer?.status).toBe('transfer');

        if (e.type === 'PAY') {
          // a fresh link: a new key, nothing answered yet
          expect(state).toBe('linking');
          expect(c.key).not.toBe(p.key);
          expect([c.answer, c.error, c.cashierOpened]).toEqual([null, null, e.cashierOpened]);
        } else expect(c.key).toBe(p.key);
        if (e.type.startsWith('xstate.done.actor.')) {
          expect([c.answer, c.error]).toEqual([e.output, null]);
        }
        if (e.type === 'xstate.error.actor.link') {
          expect(state).toBe('linkFailed');
          expect(c.error).toEqual({ step: 'link', cause: networkDown });
          expect(c.answer).toBe(p.answer);
        }
        if (e.type === 'xstate.error.actor.switchOnline') {
          expect(state).toBe('transfer.waiting');
          expect(c.error).toEqual({ step: 'switch', cause: refused });
          expect(c.answer).toBe(p.answer);
        }
        if (e.type === 'xstate.error.actor.status' || e.type === 'xstate.error.actor.transferStatus') {
          // no answer this time: the last one stands
          expect([c.answer, c.error]).toEqual([p.answer, p.error]);
        }
        // each answer of the watch (or its failure) counts an attempt; entering the watch starts again
        const was = before.get(actor) ?? '';
        before.set(actor, state);
        if (e.type.endsWith('.actor.status')) expect(c.pollAttempt).toBe(p.pollAttempt + 1);
        else if (state.startsWith('watching.') && !was.startsWith('watching.')) expect(c.pollAttempt).toBe(0);
        else expect(c.pollAttempt).toBe(p.pollAttempt);
        if (e.type === 'PAY_ONLINE') {
          expect(state).toBe('transfer.switching');
          expect([c.cashierOpened, c.error]).toEqual([e.cashierOpened, null]);
        }
        if (e.type === 'PAYMENT')
          expect(c.answer).toEqual({ status: 'transfer', payUrl: p.answer?.payUrl ?? null, payment: receipt });
        if (e.type === 'OPEN_CASHIER' || e.type === 'RETRY') expect([c.answer, c.error]).toEqual([p.answer, p.error]);
        if (e.type.startsWith('xstate.after.giveUp')) expect(state).toBe('timedOut');
      },
      requirements: listedRequirements('payment'),
      // what each answer of the gateway means for the payment
      eventNote: (e) => (e.type.startsWith('xstate.done.actor.') ? (e.output as { status: string }).status : undefined),
      pairs: true,
      unreachablePairs: {
        'payment.following --always#1 => payment.watching.answered --always#3':
          "following's first branch takes an awaited transfer",
        'payment.linked --always#5 => payment.watching.answered --always#{0,1,2,3,4}':
          "linked's earlier branches take a paid, closed, changed, transfer or expired answer before its cashier's",
        'payment.{awaitingPay --OPEN_CASHIER#0,watching.checking --xstate.error.actor.status#0,timedOut --CHECK#0,timedOut --OPEN_CASHIER#0} => payment.watching.answered --always#{0,1,2,3,4}':
          'the last answer there is awaiting or declined (any other left the watch or never reached it) and this step keeps it',
      },
    });
    printCoverage('payment', coverage);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
    expect(coverage.pairs?.missing).toEqual([]);
    // every sentence docs/requirements.md lists for the machine is carried and taken by a checked path
    expect(coverage.requirements?.missing).toEqual([]);
    expect(coverage.requirements?.unlisted).toEqual([]);
  });
});
