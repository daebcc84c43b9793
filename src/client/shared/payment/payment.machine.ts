/**
 * One payment of one subject (a member's order, a policy's premium, a correction's premium), as the
 * portal follows it, whatever pays for what:
 *
 *   linking -> watching(waiting <-> checking, declined) -> paid | closed | changed
 *                         -> awaitingPay (the browser did not open the cashier's window) --OPEN_CASHIER--> watching
 *                         -> transfer(waiting <-> checking, switching --> watching) -> paid | changed
 *                         -> expired --PAY--> linking ; linkFailed --RETRY--> linking
 *   watching gives up after pollLimitMs (timedOut --CHECK--> watching).
 *
 * Watching asks the subject's status with back-off (pollBaseMs doubled each time up to pollMaxMs) and
 * at once on CHECK (a button, the portal's window coming back into focus, the cashier's tab reporting
 * its result). A declined attempt is still watched: the payer may pay again in the same cashier tab.
 * The subject's calls are actors the page provides (`link`, `status`, `switchOnline`); each answers a
 * PaymentAnswer, the subject's own answer (`payment`) with what it means for the payment (`status`).
 * The machine ends in paid (the page refreshes every view of the subject), closed or changed.
 *
 * `meta.requirements` names the sentences of the specification a state or transition implements
 * (docs/requirements.md); the model test shows a checked path through each.
 */
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { randomKey } from '../randomKey';
import { requirements as req, type RequirementsMeta } from '../requirements';

/** What an answer of the gateway means for the payment. */
export type PaymentStatus =
  /** A cashier link is open, nothing paid yet. */
  | 'awaiting'
  /** The last attempt at the cashier was declined (the link can be tried again). */
  | 'declined'
  /** The link ran out: Pay asks for a new one. */
  | 'expired'
  /** The payment was closed (its subject cancelled, no longer payable). */
  | 'closed'
  | 'paid'
  /** A bank transfer is awaited. */
  | 'transfer'
  /** The subject moved elsewhere (its page reads it back). */
  | 'changed';

export interface PaymentAnswer {
  status: PaymentStatus;
  /** Path of the cashier page on the gateway's origin while a link is open. */
  payUrl: string | null;
  /** The subject's own answer (the page shows it: amount, numbers, the transfer's payee). */
  payment: unknown;
}

/** Which call failed: asking for the link, or switching an awaited transfer to the cashier. */
export interface PaymentError {
  step: 'link' | 'switch';
  cause: unknown;
}

export interface PaymentContext {
  /** The subject's number (an order, a policy, a correction). */
  subject: string;
  /** The idempotency key of the current link request (a fresh one for each Pay). */
  key: string;
  /** The Pay click opened the cashier's window (its address follows when the link arrives). */
  cashierOpened: boolean;
  answer: PaymentAnswer | null;
  error: PaymentError | null;
  /** How the payment ended (its final state). */
  end: PaymentOutput['status'] | null;
  pollAttempt: number;
  pollBaseMs: number;
  pollMaxMs: number;
  pollLimitMs: number;
  transferPollMs: number;
}

export interface PaymentInput {
  subject: string;
  cashierOpened?: boolean;
  /** A payment already under way (a restored transfer): followed from this answer, no link asked. */
  answer?: PaymentAnswer | null;
  pollBaseMs?: number;
  pollMaxMs?: number;
  pollLimitMs?: number;
  transferPollMs?: number;
}

export type PaymentEvent =
  /** Pay again: a fresh link for the subject; the page opened the cashier's window in the click when it could. */
  | { type: 'PAY'; cashierOpened: boolean }
  /** The cashier's address offered by the page was followed. */
  | { type: 'OPEN_CASHIER' }
  /** Ask now: a button, the window back in focus, the cashier's tab reporting its result. */
  | { type: 'CHECK' }
  /** Pay an awaited transfer online instead. */
  | { type: 'PAY_ONLINE'; cashierOpened: boolean }
  /** The payment as a call outside the machine answered it (a transfer receipt uploaded). */
  | { type: 'PAYMENT'; payment: unknown }
  | { type: 'RETRY' };

export interface PaymentOutput {
  status: 'paid' | 'closed' | 'changed';
  answer: PaymentAnswer | null;
}

export interface PaymentActorInputs {
  link: { subject: string; key: string };
  status: { subject: string };
  switchOnline: { subject: string };
}

const notProvided = <I>() =>
  fromPromise<PaymentAnswer, I>(async () => {
    throw new Error('actor not provided');
  });

export const paymentActors = {
  link: notProvided<PaymentActorInputs['link']>(),
  status: notProvided<PaymentActorInputs['status']>(),
  switchOnline: notProvided<PaymentActorInputs['switchOnline']>(),
};

/** Guard: the last answer (in the context) means `status`. */
const is = (status: PaymentStatus) => ({ type: 'answerIs' as const, params: { status } });

export const paymentMachine = setup({
  types: {} as {
    context: PaymentContext;
    events: PaymentEvent;
    input: PaymentInput;
    output: PaymentOutput;
    meta: RequirementsMeta;
  },
  actors: paymentActors,
  delays: {
    poll: ({ context }) => Math.min(context.pollBaseMs * 2 ** context.pollAttempt, context.pollMaxMs),
    /** Watching gives up this long after it started (the payment may still arrive: check again later). */
    giveUp: ({ context }) => context.pollLimitMs,
    /** An awaited transfer arrives in hours, not seconds: it is checked slowly. */
    transferPoll: ({ context }) => context.transferPollMs,
  },
  guards: {
    answerIs: ({ context }, p: { status: PaymentStatus }) => context.answer?.status === p.status,
    hasAnswer: ({ context }) => context.answer !== null,
    cashierOpened: ({ context }) => context.cashierOpened,
  },
  actions: {
    pay: assign((_, p: { cashierOpened: boolean }) => ({
      cashierOpened: p.cashierOpened,
      key: randomKey('k'),
      answer: null,
      error: null,
    })),
    /** The gateway's answer becomes the last one. */
    keep: assign((_, answer: PaymentAnswer) => ({ answer, error: null })),
    startPolling: assign({ pollAttempt: 0 }),
    nextPoll: assign(({ context }) => ({ pollAttempt: context.pollAttempt + 1 })),
  },
}).createMachine({
  id: 'payment',
  context: ({ input }) => ({
    subject: input.subject,
    key: randomKey('k'),
    cashierOpened: input.cashierOpened ?? false,
    answer: input.answer ?? null,
    error: null,
    end: null,
    pollAttempt: 0,
    pollBaseMs: input.pollBaseMs ?? 2000,
    pollMaxMs: input.pollMaxMs ?? 15_000,
    pollLimitMs: input.pollLimitMs ?? 10 * 60_000,
    transferPollMs: input.transferPollMs ?? 15_000,
  }),
  initial: 'starting',
  output: ({ context }) => ({ status: context.end ?? 'changed', answer: context.answer }),
  on: {
    // Pay again (a declined or expired attempt, a watch given up): a fresh link.
    PAY: { target: '.linking', meta: req('COR-5', 'PAY-3'), actions: { type: 'pay', params: ({ event }) => event } },
  },
  states: {
    starting: {
      always: [{ guard: 'hasAnswer', target: 'following' }, { target: 'linking' }],
    },
    // a payment already under way, as the subject's page found it: followed without asking for a link
    following: { always: [{ guard: is('transfer'), target: 'transfer' }, { target: 'watching' }] },
    linking: {
      invoke: {
        id: 'link',
        src: 'link',
        input: ({ context }) => ({ subject: context.subject, key: context.key }),
        onDone: { target: 'linked', actions: { type: 'keep', params: ({ event }) => event.output } },
        onError: {
          target: 'linkFailed',
          actions: assign(({ event }) => ({ error: { step: 'link' as const, cause: event.error } })),
        },
      },
    },
    // where the answer to Pay (or to paying a transfer online) leads
    linked: {
      always: [
        { guard: is('paid'), target: 'paid' },
        { guard: is('closed'), target: 'closed' },
        { guard: is('changed'), target: 'changed' },
        { guard: is('transfer'), target: 'transfer' },
        { guard: is('expired'), target: 'expired' },
        // the cashier's window opened in the click is sent to the link
        { guard: 'cashierOpened', target: 'watching', meta: req('PAY-1') },
        { target: 'awaitingPay' },
      ],
    },
    linkFailed: { on: { RETRY: { target: 'linking', meta: req('COR-5') } } },
    // the browser did not open the cashier's window with the click: the page offers its address
    awaitingPay: { meta: req('PAY-1'), on: { OPEN_CASHIER: 'watching' } },
    watching: {
      initial: 'answered',
      entry: 'startPolling',
      after: { giveUp: 'timedOut' },
      on: { CHECK: { target: '.checking', meta: req('PAY-2') } },
      states: {
        // where the last answer leaves the watch
        answered: {
          always: [
            { guard: is('paid'), target: '#payment.paid' },
            { guard: is('closed'), target: '#payment.closed' },
            { guard: is('changed'), target: '#payment.changed' },
            { guard: is('transfer'), target: '#payment.transfer' },
            { guard: is('expired'), target: '#payment.expired' },
            { guard: is('declined'), target: 'declined' },
            { target: 'waiting' },
          ],
        },
        waiting: { meta: req('PAY-2'), after: { poll: { target: 'checking', meta: req('COR-14') } } },
        // the last attempt was declined: still watched, the payer may pay again in the same cashier tab
        declined: { meta: req('PAY-3'), after: { poll: 'checking' } },
        checking: {
          invoke: {
            id: 'status',
            src: 'status',
            input: ({ context }) => ({ subject: context.subject }),
            onDone: {
              target: 'answered',
              actions: [{ type: 'keep', params: ({ event }) => event.output }, 'nextPoll'],
            },
            // no answer this time: the last one stands, asked again later
            onError: { target: 'answered', actions: 'nextPoll' },
          },
        },
      },
    },
    timedOut: { on: { CHECK: 'watching', OPEN_CASHIER: 'watching' } },
    expired: { meta: req('PAY-4') },
    // a bank transfer: its payee, reference and deadline while it is awaited; its arrival is watched slowly
    transfer: {
      initial: 'waiting',
      on: {
        PAYMENT: {
          actions: assign(({ context, event }) => ({
            answer: { status: 'transfer' as const, payUrl: context.answer?.payUrl ?? null, payment: event.payment },
          })),
        },
      },
      states: {
        waiting: {
          after: { transferPoll: { target: 'checking', meta: req('COR-14') } },
          on: {
            CHECK: 'checking',
            PAY_ONLINE: {
              target: 'switching',
              actions: assign(({ event }) => ({ cashierOpened: event.cashierOpened, error: null })),
            },
          },
        },
        checking: {
          invoke: {
            id: 'transferStatus',
            src: 'status',
            input: ({ context }) => ({ subject: context.subject }),
            onDone: [
              {
                guard: ({ event }) => event.output.status === 'paid',
                target: '#payment.paid',
                actions: { type: 'keep', params: ({ event }) => event.output },
              },
              {
                guard: ({ event }) => event.output.status === 'transfer',
                target: 'waiting',
                actions: { type: 'keep', params: ({ event }) => event.output },
              },
              // expired (the subject is released with its reason) or changed elsewhere: read it back
              {
                target: '#payment.changed',
                meta: req('PAY-6'),
                actions: { type: 'keep', params: ({ event }) => event.output },
              },
            ],
            onError: { target: 'waiting' },
          },
        },
        // paying online instead: the same payment moves to the cashier
        switching: {
          meta: req('PAY-5'),
          invoke: {
            id: 'switchOnline',
            src: 'switchOnline',
            input: ({ context }) => ({ subject: context.subject }),
            onDone: { target: '#payment.linked', actions: { type: 'keep', params: ({ event }) => event.output } },
            onError: {
              target: 'waiting',
              actions: assign(({ event }) => ({ error: { step: 'switch' as const, cause: event.error } })),
            },
          },
        },
      },
    },
    paid: { type: 'final', meta: req('PAY-7'), entry: assign({ end: 'paid' as const }) },
    closed: { type: 'final', entry: assign({ end: 'closed' as const }) },
    changed: { type: 'final', entry: assign({ end: 'changed' as const }) },
  },
});

export type PaymentSnapshot = SnapshotFrom<typeof paymentMachine>;
export type PaymentActor = ActorRefFrom<typeof paymentMachine>;

/** The subject's own last answer (the page that provided the actors knows its type). */
export const paymentOf = <P>(snapshot: PaymentSnapshot): P | null =>
  (snapshot.context.answer?.payment as P | undefined) ?? null;
