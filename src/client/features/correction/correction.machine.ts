/**
 * The correction flow (employee, employer and insured-person policies alike: the actors call the
 * variant's endpoints), as one machine: the steps as states, every call a named actor whose outcome
 * is a done/error event, every decision a typed guard (`correction.guards.ts`), every change of the
 * context a named action (`correction.actions.ts`), every failure a state that says what happened and
 * offers the ways forward. Types: `correction.types.ts`; what the gateway's answers mean:
 * `correction.answers.ts`.
 *
 *   choosing -> open: editing -> checking -> underwriting -> preview -> scenario -> submitting
 *     (scenario.waiting instead of choosing while an approver or a second person sends it)
 *     -> approved -> payment (the shared payment machine, invoked as a child: the cashier, its
 *        watch, a declined attempt paid again, a transfer awaited and switched online) -> done on
 *        paid | cancelled on closed | restoring when the payment ended elsewhere (an expired transfer)
 *     -> rejected | pending (polls the decision) ; a refund or zero premium goes straight to done.
 *   open: the correction on its way (the gateway's open correction); Cancel and Save for later are
 *   declared there once.
 *   restoring reads the correction back (correctDetail) and routes to where the gateway says it is (an
 *   underwritten one at its preview, as priced).
 *
 * The insured-person policies' check answers the premium at once (checkInsuredCorrect), so their
 * flow goes from checking straight to the preview.
 *
 * `meta.requirements` names the sentences of the specification a state or transition implements
 * (docs/requirements.md); the model test shows a checked path through each.
 */
import { assign, fromPromise, not, setup, type SnapshotFrom } from 'xstate';
import type {
  ApprovalResult,
  CheckBeforeResult,
  CorrectionDetail,
  CorrectionSummary,
  PayStatusResult,
  ScenarioResult,
  UnderwritingResult,
} from '@contract/io/correction';
import { paymentMachine, type PaymentInput } from '@client/shared/payment/payment.machine';
import { requirements as req, type RequirementsMeta } from '@client/shared/requirements';
import { correctionChanges as c } from './correction.actions';
import { EMPTY_DRAFT, paymentAnswer } from './correction.answers';
import { correctionGuards } from './correction.guards';
import type {
  ActorInputs,
  CheckOutcome,
  EditOutcome,
  FlowContext,
  FlowEvent,
  FlowInput,
  FlowStep,
} from './correction.types';

export * from './correction.types';
export { flowError, paymentAnswer, problemsOf, statusAnswer } from './correction.answers';

// ---------------------------------------------------------------- actors (the page provides real ones)

const notProvided = <O, I>() =>
  fromPromise<O, I>(async () => {
    throw new Error('actor not provided');
  });

export const flowActors = {
  checkBefore: notProvided<CheckBeforeResult, ActorInputs['checkBefore']>(),
  loadCorrection: notProvided<CorrectionDetail, ActorInputs['loadCorrection']>(),
  edit: notProvided<EditOutcome, ActorInputs['edit']>(),
  check: notProvided<CheckOutcome, ActorInputs['check']>(),
  underwrite: notProvided<UnderwritingResult, ActorInputs['underwrite']>(),
  scenarios: notProvided<ScenarioResult, ActorInputs['scenarios']>(),
  approve: notProvided<ApprovalResult, ActorInputs['approve']>(),
  payStatus: notProvided<PayStatusResult, ActorInputs['payStatus']>(),
  /** The payment (the page provides the machine with the correction's calls: payLink, getPayStatus, updatePayType). */
  payment: paymentMachine,
  remove: notProvided<CorrectionSummary, ActorInputs['remove']>(),
};
export type FlowActors = typeof flowActors;

// ---------------------------------------------------------------- shared pieces of the chart

/** A step's call failed: to its failure state (`failed`, or the one named), the error kept for the page. */
const failsAt = (step: FlowStep, target: 'failed' | 'cancelFailed' = 'failed') => ({
  target,
  actions: {
    type: 'setError' as const,
    params: ({ event }: { event: { error: unknown } }) => ({ step, error: event.error }),
  },
});

/**
 * What the draft takes wherever it rests (at rest, after a refused file, after a failed change): a
 * change (sent with a key of its own), a new effective date (sent with the next change: a new date
 * puts the draft back to draft on the gateway), and the gateway's checks once it holds someone.
 */
const draftEvents = {
  EDIT: {
    target: 'saving',
    meta: req('COR-5'),
    actions: [
      { type: 'newEditKey' as const, params: ({ event }: { event: Extract<FlowEvent, { type: 'EDIT' }> }) => event },
      'clearError' as const,
    ],
  },
  SET_DATE: {
    actions: {
      type: 'setDate' as const,
      params: ({ event }: { event: Extract<FlowEvent, { type: 'SET_DATE' }> }) => event,
    },
  },
  CHECK: { guard: 'hasItems' as const, target: '#correction.open.checking' },
};

// ---------------------------------------------------------------- the machine

export const correctionMachine = setup({
  types: {} as {
    context: FlowContext;
    events: FlowEvent;
    input: FlowInput;
    children: { payment: 'payment' };
    meta: RequirementsMeta;
  },
  actors: flowActors,
  delays: {
    pendingPoll: ({ context }) => context.pendingPollMs,
  },
  guards: correctionGuards,
  actions: {
    sender: assign(c.sender),
    start: assign(c.start),
    resume: assign(c.resume),
    newEditKey: assign(c.newEditKey),
    setDate: assign(c.setDate),
    newApproveKey: assign(c.newApproveKey),
    pay: assign(c.pay),
    setError: assign(c.setError),
    clearError: assign(c.clearError),
    forgetAdded: assign(c.forgetAdded),
    openFound: assign(c.openFound),
    checkedBefore: assign(c.checkedBefore),
    restore: assign(c.restore),
    importRefused: assign(c.importRefused),
    draftSaved: assign(c.draftSaved),
    findings: assign(c.findings),
    clearProblems: assign(c.clearProblems),
    priced: assign(c.priced),
    scenarios: assign(c.scenarios),
    approval: assign(c.approval),
    decidedMeanwhile: assign(c.decidedMeanwhile),
    paymentEnded: assign(c.paymentEnded),
    summary: assign(c.summary),
    /** The payment ended (paid, closed): the page reads every view of the correction and its policy again. */
    paymentSettled: () => undefined,
  },
}).createMachine({
  id: 'correction',
  context: ({ input }) => ({
    flow: input.flow,
    sender: 'me',
    policy: null,
    policyId: null,
    kind: null,
    effectiveDate: null,
    window: null,
    openCorrection: null,
    correctionId: null,
    correction: null,
    draft: EMPTY_DRAFT,
    added: [],
    importResult: null,
    problems: [],
    underwriting: null,
    scenarios: [],
    scenario: null,
    approval: null,
    payment: null,
    cashierOpened: false,
    resumePayment: false,
    error: null,
    edit: null,
    approveKey: null,
    pollBaseMs: input.pollBaseMs ?? 2000,
    pollMaxMs: input.pollMaxMs ?? 15_000,
    pollLimitMs: input.pollLimitMs ?? 10 * 60_000,
    pendingPollMs: input.pendingPollMs ?? 15_000,
  }),
  initial: 'choosing',
  on: { SENDER: { actions: { type: 'sender', params: ({ event }) => event } } },
  states: {
    // ---- the policy and the kind of change; the gateway checks them first
    choosing: {
      initial: 'idle',
      on: {
        RESUME: { target: 'restoring', actions: { type: 'resume', params: ({ event }) => event } },
      },
      states: {
        idle: {
          on: { START: { target: 'checking', actions: { type: 'start', params: ({ event }) => event } } },
        },
        checking: {
          meta: req('COR-1'),
          invoke: {
            id: 'checkBefore',
            src: 'checkBefore',
            input: ({ context }) => ({
              policyId: context.policyId!,
              kind: context.kind!,
              effectiveDate: context.effectiveDate ?? undefined,
            }),
            onDone: [
              {
                guard: { type: 'hasOpenCorrection', params: ({ event }) => ({ result: event.output }) },
                target: 'openExists',
                actions: { type: 'openFound', params: ({ event }) => ({ result: event.output }) },
              },
              {
                target: '#correction.open.editing',
                actions: { type: 'checkedBefore', params: ({ event }) => ({ result: event.output }) },
              },
            ],
            onError: failsAt('checkBefore'),
          },
        },
        openExists: { meta: req('COR-2'), on: { BACK: 'idle' } },
        failed: { meta: req('COR-7'), on: { RETRY: 'checking', BACK: 'idle' } },
      },
    },

    // ---- an unfinished correction, read back from the gateway and put where it says it is
    restoring: {
      initial: 'loading',
      meta: req('COR-12'),
      states: {
        loading: {
          invoke: {
            id: 'loadCorrection',
            src: 'loadCorrection',
            input: ({ context }) => ({ correctionId: context.correctionId! }),
            onDone: {
              target: 'routing',
              actions: { type: 'restore', params: ({ event }) => ({ detail: event.output }) },
            },
            onError: failsAt('restore'),
          },
        },
        routing: {
          always: [
            { guard: { type: 'restoredAt', params: { state: 'cancelled' } }, target: '#correction.cancelled' },
            { guard: { type: 'restoredAt', params: { state: 'in_force' } }, target: '#correction.done' },
            { guard: { type: 'restoredAt', params: { state: 'approved' } }, target: '#correction.open.approved' },
            { guard: { type: 'restoredAt', params: { state: 'pending' } }, target: '#correction.open.pending' },
            { guard: { type: 'restoredAt', params: { state: 'rejected' } }, target: '#correction.open.rejected' },
            // at its premium as the gateway keeps it: whoever opens it (a second person, an approver who
            // does not prepare) reads what was priced; the preparer changes it from there
            { guard: { type: 'restoredAt', params: { state: 'underwritten' } }, target: '#correction.open.preview' },
            // followed from the gateway's answer, without asking for a new link
            {
              guard: { type: 'restoredAt', params: { state: 'awaiting_payment' } },
              target: '#correction.open.payment',
            },
            { target: '#correction.open.editing' },
          ],
        },
        failed: { meta: req('COR-7'), on: { RETRY: 'loading', BACK: '#correction.choosing' } },
      },
    },

    // ---- the correction on its way: Cancel deletes the draft on the gateway (none yet: nothing to delete)
    open: {
      initial: 'editing',
      on: {
        CANCEL: [{ guard: 'hasDraft', target: 'cancelling', meta: req('COR-13') }, { target: 'cancelled' }],
        SAVE_LATER: 'saved',
      },
      states: {
        // ---- the draft: a form, a file, or a selection from the roster
        editing: {
          initial: 'idle',
          meta: req('COR-6'),
          // "X was added" speaks of the last add: coming back from the preview it would be a stale message.
          exit: 'forgetAdded',
          states: {
            idle: {
              on: draftEvents,
            },
            saving: {
              invoke: {
                id: 'edit',
                src: 'edit',
                input: ({ context }) => ({
                  policy: context.policy!,
                  correctionId: context.correctionId,
                  effectiveDate: context.effectiveDate,
                  request: context.edit!,
                  key: context.edit!.key,
                }),
                onDone: [
                  {
                    guard: { type: 'importRefused', params: ({ event }) => ({ result: event.output }) },
                    target: 'importRejected',
                    actions: { type: 'importRefused', params: ({ event }) => ({ result: event.output }) },
                  },
                  {
                    target: 'idle',
                    actions: { type: 'draftSaved', params: ({ event }) => ({ result: event.output }) },
                  },
                ],
                onError: {
                  target: 'failed',
                  actions: [
                    { type: 'setError', params: ({ event }) => ({ step: 'edit', error: event.error }) },
                    'forgetAdded',
                  ],
                },
              },
            },
            // A refused file: its rows and the error report are shown; the draft is as it was.
            importRejected: {
              meta: req('COR-3'),
              on: { ...draftEvents, DISMISS: 'idle' },
            },
            // A change that failed: the draft stays usable; a new change clears the old error; RETRY resends
            // the same change with its key (a call that went through but whose answer was lost is not done twice).
            failed: {
              meta: req('COR-4', 'COR-7'),
              on: {
                RETRY: { target: 'saving', meta: req('COR-5') },
                DISMISS: { target: 'idle', actions: 'clearError' },
                ...draftEvents,
              },
            },
          },
        },

        // ---- the gateway's checks of the draft (the insured policies' check prices it too)
        checking: {
          initial: 'running',
          states: {
            running: {
              meta: req('COR-1'),
              // a new check (from the draft, or again after a failure) forgets the last one's error
              entry: 'clearError',
              invoke: {
                id: 'check',
                src: 'check',
                input: ({ context }) => ({ policy: context.policy!, correctionId: context.correctionId! }),
                onDone: [
                  {
                    guard: { type: 'checkAnsweredPremium', params: ({ event }) => ({ result: event.output }) },
                    target: '#correction.open.preview',
                    actions: [
                      { type: 'priced', params: ({ event }) => ({ result: event.output as UnderwritingResult }) },
                      'clearProblems',
                    ],
                  },
                  { target: '#correction.open.underwriting', actions: 'clearProblems' },
                ],
                onError: [
                  {
                    guard: { type: 'hasProblems', params: ({ event }) => ({ error: event.error }) },
                    target: 'problems',
                    actions: { type: 'findings', params: ({ event }) => ({ error: event.error }) },
                  },
                  failsAt('check'),
                ],
              },
            },
            problems: { on: { BACK: { target: '#correction.open.editing', meta: req('COR-6') } } },
            failed: { meta: req('COR-7'), on: { RETRY: 'running', BACK: '#correction.open.editing' } },
          },
        },

        // ---- risk check and premium
        underwriting: {
          initial: 'running',
          states: {
            running: {
              invoke: {
                id: 'underwrite',
                src: 'underwrite',
                input: ({ context }) => ({ correctionId: context.correctionId! }),
                onDone: {
                  target: '#correction.open.preview',
                  actions: { type: 'priced', params: ({ event }) => ({ result: event.output }) },
                },
                onError: failsAt('underwrite'),
              },
            },
            failed: { meta: req('COR-7'), on: { RETRY: 'running', BACK: '#correction.open.editing' } },
          },
        },

        // ---- per-person and total premium before anything is submitted
        preview: {
          meta: req('COR-15'),
          on: { CONFIRM: 'scenario', BACK: { target: 'editing', meta: req('COR-6') } },
        },

        // ---- how the money is settled (asked once), then the summary to confirm
        scenario: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'scenarios',
                src: 'scenarios',
                input: ({ context }) => ({ correctionId: context.correctionId! }),
                onDone: {
                  target: 'choosing',
                  actions: { type: 'scenarios', params: ({ event }) => ({ result: event.output }) },
                },
                onError: failsAt('scenario'),
              },
            },
            choosing: {
              always: { guard: 'sentByAnother', target: 'waiting' },
              on: {
                SUBMIT: {
                  target: '#correction.open.submitting',
                  meta: req('COR-5'),
                  actions: [{ type: 'newApproveKey', params: ({ event }) => event }, 'clearError'],
                },
                BACK: '#correction.open.preview',
              },
            },
            // ready, and waiting for an approver or a second person to send it (the gateway refuses the user's Submit)
            waiting: {
              always: { guard: not('sentByAnother'), target: 'choosing' },
              on: { BACK: '#correction.open.preview' },
            },
            failed: { meta: req('COR-7'), on: { RETRY: 'loading', BACK: '#correction.open.preview' } },
          },
        },

        // ---- business approval (apply / groupApply / insuredApply)
        submitting: {
          initial: 'running',
          states: {
            running: {
              meta: req('COR-8'),
              invoke: {
                id: 'approve',
                src: 'approve',
                input: ({ context }) => ({
                  policy: context.policy!,
                  correctionId: context.correctionId!,
                  scenario: context.scenario,
                  key: context.approveKey!,
                }),
                onDone: [
                  {
                    guard: { type: 'needsPayment', params: ({ event }) => ({ result: event.output }) },
                    target: '#correction.open.approved',
                    actions: { type: 'approval', params: ({ event }) => ({ result: event.output }) },
                  },
                  {
                    guard: { type: 'settled', params: ({ event }) => ({ result: event.output }) },
                    target: '#correction.done',
                    meta: req('COR-11'),
                    actions: { type: 'approval', params: ({ event }) => ({ result: event.output }) },
                  },
                  {
                    guard: {
                      type: 'decided',
                      params: ({ event }) => ({ result: event.output, decision: 'rejected' }),
                    },
                    target: '#correction.open.rejected',
                    actions: { type: 'approval', params: ({ event }) => ({ result: event.output }) },
                  },
                  {
                    target: '#correction.open.pending',
                    actions: { type: 'approval', params: ({ event }) => ({ result: event.output }) },
                  },
                ],
                onError: failsAt('submit'),
              },
            },
            failed: {
              meta: req('COR-7'),
              on: { RETRY: { target: 'running', meta: req('COR-5') }, BACK: '#correction.open.preview' },
            },
          },
        },

        // ---- the decision
        rejected: { meta: req('COR-9'), on: { BACK: { target: 'editing', meta: req('COR-6') } } },
        pending: {
          initial: 'waiting',
          meta: req('COR-10'),
          states: {
            waiting: {
              after: { pendingPoll: { target: 'checking', meta: req('COR-14') } },
              on: { REFRESH: 'checking' },
            },
            checking: {
              invoke: {
                id: 'pendingStatus',
                src: 'payStatus',
                input: ({ context }) => ({ correctionId: context.correctionId! }),
                onDone: [
                  {
                    guard: { type: 'stateIs', params: ({ event }) => ({ status: event.output, states: ['pending'] }) },
                    target: 'waiting',
                  },
                  {
                    guard: {
                      type: 'stateIs',
                      params: ({ event }) => ({ status: event.output, states: ['approved', 'awaiting_payment'] }),
                    },
                    target: '#correction.open.approved',
                    actions: { type: 'decidedMeanwhile', params: ({ event }) => ({ status: event.output }) },
                  },
                  {
                    guard: {
                      type: 'stateIs',
                      params: ({ event }) => ({ status: event.output, states: ['in_force'] }),
                    },
                    target: '#correction.done',
                  },
                  {
                    guard: {
                      type: 'stateIs',
                      params: ({ event }) => ({ status: event.output, states: ['cancelled'] }),
                    },
                    target: '#correction.cancelled',
                  },
                  // rejected (its reasons are in the detail) or changed elsewhere: read it back
                  { target: '#correction.restoring' },
                ],
                onError: { target: 'waiting' },
              },
            },
          },
        },
        approved: {
          meta: req('COR-11'),
          on: {
            PAY: {
              target: 'payment',
              meta: req('PAY-1'),
              actions: { type: 'pay', params: ({ event }) => event },
            },
          },
        },

        // ---- the payment: the shared payment machine as a child (Pay's link, the cashier, its watch, a transfer)
        payment: {
          invoke: {
            id: 'payment',
            src: 'payment',
            input: ({ context }): PaymentInput => ({
              subject: String(context.correctionId),
              cashierOpened: context.cashierOpened,
              answer:
                context.resumePayment && context.payment
                  ? paymentAnswer(context.payment, context.correction?.state)
                  : null,
              pollBaseMs: context.pollBaseMs,
              pollMaxMs: context.pollMaxMs,
              pollLimitMs: context.pollLimitMs,
              transferPollMs: context.pendingPollMs,
            }),
            onDone: [
              {
                guard: { type: 'paymentEnded', params: ({ event }) => ({ output: event.output, status: 'paid' }) },
                target: '#correction.done',
                meta: req('PAY-7'),
                actions: [
                  { type: 'paymentEnded', params: ({ event }) => ({ output: event.output }) },
                  'paymentSettled',
                ],
              },
              {
                guard: { type: 'paymentEnded', params: ({ event }) => ({ output: event.output, status: 'closed' }) },
                target: '#correction.cancelled',
                actions: [
                  { type: 'paymentEnded', params: ({ event }) => ({ output: event.output }) },
                  'paymentSettled',
                ],
              },
              // ended elsewhere (an awaited transfer expired, the correction changed): read it back
              {
                target: '#correction.restoring',
                meta: req('PAY-6'),
                actions: { type: 'paymentEnded', params: ({ event }) => ({ output: event.output }) },
              },
            ],
          },
        },
      },
    },

    // ---- ends
    done: { type: 'final' },
    saved: { type: 'final' },
    cancelling: {
      meta: req('COR-13'),
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ context }) => ({ flow: context.flow, correctionId: context.correctionId! }),
        onDone: {
          target: 'cancelled',
          actions: { type: 'summary', params: ({ event }) => ({ correction: event.output }) },
        },
        onError: failsAt('cancel', 'cancelFailed'),
      },
    },
    cancelFailed: { meta: req('COR-7'), on: { RETRY: 'cancelling', BACK: 'restoring' } },
    cancelled: { type: 'final' },
  },
});

export type CorrectionSnapshot = SnapshotFrom<typeof correctionMachine>;
