/**
 * The correction flow (employee, employer and insured-person policies alike: the actors call the
 * variant's endpoints), as one machine: the steps as states, every call a named actor whose outcome
 * is a done/error event, every decision a typed guard, every failure a state that says what happened
 * and offers the ways forward.
 *
 *   choosing -> editing -> checking -> underwriting -> preview -> scenario -> submitting
 *     (scenario.waiting instead of choosing while an approver or a second person sends it)
 *     -> approved -> payment (the shared payment machine, invoked as a child: the cashier, its
 *        watch, a declined attempt paid again, a transfer awaited and switched online) -> done on
 *        paid | cancelled on closed | restoring when the payment ended elsewhere (an expired transfer)
 *     -> rejected | pending (polls the decision) ; a refund or zero premium goes straight to done.
 *   restoring puts the machine where the gateway's correctDetail says the correction is (an underwritten
 *   one at its preview, as priced).
 *
 * The insured-person policies' check answers the premium at once (checkInsuredCorrect), so their
 * flow goes from checking straight to the preview.
 */
import { assign, fromPromise, not, setup, type SnapshotFrom } from 'xstate';
import type { Page } from '@contract/envelope';
import type {
  ApprovalResult,
  CheckBeforeResult,
  CorrectionDetail,
  CorrectionItem,
  CorrectionSummary,
  DraftCheckResult,
  FieldRefusal,
  ImportResult,
  OrderScenario,
  PaymentInfo,
  PayStatusResult,
  PersonInput,
  PolicySummary,
  ScenarioResult,
  UnderwritingResult,
} from '@contract/io/correction';
import type { PersonChange } from '@contract/person';
import type { CorrectionKind } from '@contract/states';
import type { GatewayError } from '@client/api/errors';
import { randomKey } from '@client/shared/randomKey';
import {
  paymentMachine,
  type PaymentAnswer,
  type PaymentInput,
  type PaymentOutput,
} from '@client/shared/payment/payment.machine';

export type Flow = 'employee' | 'insured';

/** What the user asks to change in the draft. */
export type EditRequest =
  | { op: 'addSingle'; person: PersonInput }
  | { op: 'addBatch'; file: File | Blob }
  | { op: 'subtract'; personIds: number[] }
  | { op: 'subtractUpload'; file: File | Blob }
  | { op: 'exchange'; personId: number; person: PersonInput }
  | { op: 'exchangeUpload'; file: File | Blob }
  | { op: 'modify'; personId: number; changes: PersonChange }
  | { op: 'removeItems'; itemIds: number[] };

export type FlowStep =
  | 'checkBefore'
  | 'restore'
  | 'edit'
  | 'check'
  | 'underwrite'
  | 'scenario'
  | 'submit'
  | 'payLink'
  | 'payOnline'
  | 'cancel';

/** What went wrong, in the terms the page shows. */
export interface FlowError {
  step: FlowStep;
  /** refused: the gateway said no; timeout: 20 s passed; network: no answer; server: HTTP 5xx or a broken answer. */
  kind: 'refused' | 'timeout' | 'network' | 'server' | 'login';
  /** The gateway's sentence (refused, login). */
  message: string;
  /** A refusal about a person's fields: each field's sentences (shown on the field). */
  fields: FieldRefusal['fields'] | null;
}

/** What an edit answers: the draft as it stands and what this edit added, or an import's result. */
export interface EditOutcome {
  correction: CorrectionSummary | null;
  /** The draft's lines (first page) and their total. */
  draft: Page<CorrectionItem>;
  /** The lines this edit added (empty after a removal). */
  added: CorrectionItem[];
  importResult: ImportResult | null;
}

/**
 * Who sends the correction for approval and pays it: the user (`me`), an approver because the user's role
 * prepares only (`approver`), or a second person because the user prepared it and the company asks for
 * two (`secondPerson`). The page says it as it learns the role and the company's setting.
 */
export type Sender = 'me' | 'approver' | 'secondPerson';

export interface FlowContext {
  flow: Flow;
  sender: Sender;
  policy: PolicySummary | null;
  policyId: number | null;
  kind: CorrectionKind | null;
  effectiveDate: string | null;
  window: { earliest: string; latest: string } | null;
  openCorrection: CorrectionSummary | null;
  correctionId: number | null;
  correction: CorrectionSummary | null;
  /** The draft as the gateway last answered it: one meaning, whatever the change was. */
  draft: Page<CorrectionItem>;
  /** The lines the last edit added (the page says so and clears the form). */
  added: CorrectionItem[];
  importResult: ImportResult | null;
  problems: DraftCheckResult['problems'];
  underwriting: UnderwritingResult | null;
  scenarios: OrderScenario[];
  scenario: OrderScenario | null;
  approval: ApprovalResult | null;
  payment: PaymentInfo | null;
  /** The page opened the cashier's window with the Pay click (its address follows when the link arrives). */
  cashierOpened: boolean;
  /** The payment is followed from where the gateway said it is (restored), not asked for with Pay. */
  resumePayment: boolean;
  error: FlowError | null;
  edit: (EditRequest & { key: string }) | null;
  approveKey: string | null;
  pollBaseMs: number;
  pollMaxMs: number;
  pollLimitMs: number;
  pendingPollMs: number;
}

export interface FlowInput {
  flow: Flow;
  /** First wait of pay polling, doubled each time up to pollMaxMs; polling gives up after pollLimitMs. */
  pollBaseMs?: number;
  pollMaxMs?: number;
  pollLimitMs?: number;
  pendingPollMs?: number;
}

export type FlowEvent =
  | { type: 'START'; policyId: number; kind: CorrectionKind; effectiveDate?: string }
  | { type: 'RESUME'; correctionId: number }
  | { type: 'EDIT'; request: EditRequest }
  | { type: 'SET_DATE'; effectiveDate: string }
  | { type: 'CHECK' }
  | { type: 'CONFIRM' }
  | { type: 'SUBMIT'; scenario: OrderScenario }
  /**
   * Pay: the page opens the cashier's window in the same click (`cashierOpened`) when it can; the
   * payment's own events (Pay again, check, pay a transfer online) go to the payment child.
   */
  | { type: 'PAY'; cashierOpened: boolean }
  | { type: 'REFRESH' }
  | { type: 'RETRY' }
  | { type: 'BACK' }
  | { type: 'DISMISS' }
  | { type: 'SAVE_LATER' }
  | { type: 'CANCEL' }
  | { type: 'SENDER'; sender: Sender };

// ---------------------------------------------------------------- actors (the page provides real ones)

export interface ActorInputs {
  checkBefore: { policyId: number; kind: CorrectionKind; effectiveDate?: string };
  loadCorrection: { correctionId: number };
  edit: {
    policy: PolicySummary;
    correctionId: number | null;
    effectiveDate: string | null;
    request: EditRequest;
    key: string;
  };
  check: { policy: PolicySummary; correctionId: number };
  underwrite: { correctionId: number };
  scenarios: { correctionId: number };
  approve: { policy: PolicySummary; correctionId: number; scenario: OrderScenario | null; key: string };
  payStatus: { correctionId: number };
  remove: { flow: Flow; correctionId: number };
}

/** The insured flow's check answers the underwriting figures at once (checkInsuredCorrect). */
export type CheckOutcome = DraftCheckResult | UnderwritingResult;

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

// ---------------------------------------------------------------- helpers

const isGatewayError = (e: unknown): e is GatewayError =>
  typeof e === 'object' && e !== null && typeof (e as { kind?: unknown }).kind === 'string';

const fieldsOf = (data: unknown): FieldRefusal['fields'] | null => {
  if (typeof data !== 'object' || data === null || !('fields' in data)) return null;
  const fields = (data as FieldRefusal).fields;
  return fields && typeof fields === 'object' && Object.keys(fields).length ? fields : null;
};

/** A failed call as the flow shows it. */
export function flowError(step: FlowStep, error: unknown): FlowError {
  const none = { message: '', fields: null };
  if (!isGatewayError(error)) return { step, kind: 'server', ...none };
  switch (error.kind) {
    case 'status':
      if (error.status === 'ERR_1004') return { step, kind: 'login', message: error.statusText, fields: null };
      return { step, kind: 'refused', message: error.statusText, fields: fieldsOf(error.data) };
    case 'timeout':
      return { step, kind: 'timeout', ...none };
    case 'network':
      return { step, kind: 'network', ...none };
    default:
      return { step, kind: 'server', ...none };
  }
}

/** The findings of a refused check (the refusal carries the check's result as its data). */
export function problemsOf(error: unknown): DraftCheckResult['problems'] {
  if (!isGatewayError(error) || error.kind !== 'status') return [];
  const data = error.data as Partial<DraftCheckResult> | null;
  return Array.isArray(data?.problems) ? data.problems : [];
}

/** A correction's payment as the shared payment machine reads it. */
export function paymentAnswer(payment: PaymentInfo, state?: PayStatusResult['state']): PaymentAnswer {
  const status: PaymentAnswer['status'] =
    payment.payStatus === 'paid' || state === 'in_force'
      ? 'paid'
      : payment.payStatus === 'closed' || state === 'cancelled'
        ? 'closed'
        : payment.payStatus === 'failed'
          ? 'declined'
          : state && state !== 'awaiting_payment' && state !== 'approved'
            ? 'changed'
            : payment.payType === 'transfer'
              ? 'transfer'
              : 'awaiting';
  return { status, payUrl: payment.payUrl, payment };
}

/** A pay status as the payment machine reads it (no payment: the correction's state says it all). */
export function statusAnswer(r: PayStatusResult): PaymentAnswer {
  if (r.payment) return paymentAnswer(r.payment, r.state);
  const status = r.state === 'in_force' ? 'paid' : r.state === 'cancelled' ? 'closed' : 'changed';
  return { status, payUrl: null, payment: null };
}

const EMPTY_DRAFT: Page<CorrectionItem> = { list: [], total: 0, pageNum: 1, pageSize: 100 };
const isUnderwriting = (o: CheckOutcome): o is UnderwritingResult => 'yearDays' in o;

// ---------------------------------------------------------------- the machine

export const correctionMachine = setup({
  types: {} as {
    context: FlowContext;
    events: FlowEvent;
    input: FlowInput;
    children: { payment: 'payment' };
  },
  actors: flowActors,
  delays: {
    pendingPoll: ({ context }) => context.pendingPollMs,
  },
  guards: {
    sentByAnother: ({ context }) => context.sender !== 'me',
    hasDraft: ({ context }) => context.correctionId !== null,
    hasItems: ({ context }) => (context.correction?.itemCount ?? context.draft.total) > 0,
    hasOpenCorrection: (_, p: { result: CheckBeforeResult }) => p.result.openCorrection !== null,
    importRefused: (_, p: { result: EditOutcome }) => p.result.importResult?.ok === false,
    hasProblems: (_, p: { error: unknown }) => problemsOf(p.error).length > 0,
    checkAnsweredPremium: (_, p: { result: CheckOutcome }) => isUnderwriting(p.result),
    needsPayment: (_, p: { result: ApprovalResult }) => p.result.decision === 'approved' && p.result.paymentRequired,
    settled: (_, p: { result: ApprovalResult }) => p.result.decision === 'approved' && !p.result.paymentRequired,
    decided: (_, p: { result: ApprovalResult; decision: ApprovalResult['decision'] }) =>
      p.result.decision === p.decision,
    /** Where the gateway says the correction is. */
    restoredAt: (_, p: { detail: CorrectionDetail; states: Array<CorrectionSummary['state']> }) =>
      p.states.includes(p.detail.correction.state),
    paymentEnded: (_, p: { output: PaymentOutput; status: PaymentOutput['status'] }) => p.output.status === p.status,
    stateIs: (_, p: { status: PayStatusResult; states: Array<PayStatusResult['state']> }) =>
      p.states.includes(p.status.state),
  },
  actions: {
    setError: assign((_, p: { step: FlowStep; error: unknown }) => ({ error: flowError(p.step, p.error) })),
    clearError: assign({ error: null }),
    newEditKey: assign((_, p: { request: EditRequest }) => ({ edit: { ...p.request, key: randomKey('k') } })),
    newApproveKey: assign((_, p: { scenario: OrderScenario }) => ({
      approveKey: randomKey('k'),
      scenario: p.scenario,
    })),
    pay: assign((_, p: { cashierOpened: boolean }) => ({ cashierOpened: p.cashierOpened, resumePayment: false })),
    /** The payment ended (paid, closed): the page reads every view of the correction and its policy again. */
    paymentSettled: () => undefined,
    /** The payment child's last answer, kept for the end (the payment number on the record). */
    paymentEnded: assign(({ context }, p: { output: PaymentOutput }) => ({
      payment: (p.output.answer?.payment as PaymentInfo | null | undefined) ?? context.payment,
    })),
    summary: assign((_, p: { correction: CorrectionSummary }) => ({ correction: p.correction })),
    approval: assign((_, p: { result: ApprovalResult }) => ({ approval: p.result, correction: p.result.correction })),
    payment: assign((_, p: { payment: PaymentInfo | null }) => (p.payment ? { payment: p.payment } : {})),
    restore: assign((_, { detail: d }: { detail: CorrectionDetail }) => ({
      policy: d.policy,
      policyId: d.policy.policyId,
      kind: d.correction.kind,
      correctionId: d.correction.correctionId,
      correction: d.correction,
      effectiveDate: d.correction.effectiveDate,
      draft: d.items,
      added: [],
      importResult: d.lastImport,
      payment: d.payment,
      scenario: d.correction.scenario,
      approval: d.correction.decision
        ? {
            decision: d.correction.decision,
            reasons: d.correction.reasons,
            correction: d.correction,
            paymentRequired: (d.correction.netFen ?? 0) > 0,
          }
        : null,
      resumePayment: true,
      error: null,
    })),
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
  on: { SENDER: { actions: assign(({ event }) => ({ sender: event.sender })) } },
  states: {
    // ---- the policy and the kind of change; the gateway checks them first
    choosing: {
      initial: 'idle',
      on: {
        RESUME: { target: 'restoring', actions: assign(({ event }) => ({ correctionId: event.correctionId })) },
      },
      states: {
        idle: {
          on: {
            START: {
              target: 'checking',
              actions: assign(({ event }) => ({
                policyId: event.policyId,
                kind: event.kind,
                effectiveDate: event.effectiveDate ?? null,
                error: null,
              })),
            },
          },
        },
        checking: {
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
                actions: assign(({ event }) => ({
                  policy: event.output.policy,
                  openCorrection: event.output.openCorrection,
                })),
              },
              {
                target: '#correction.editing',
                actions: assign(({ context, event }) => ({
                  policy: event.output.policy,
                  window: { earliest: event.output.earliestEffectiveDate, latest: event.output.latestEffectiveDate },
                  effectiveDate: context.effectiveDate ?? event.output.earliestEffectiveDate,
                  openCorrection: null,
                })),
              },
            ],
            onError: {
              target: 'failed',
              actions: { type: 'setError', params: ({ event }) => ({ step: 'checkBefore', error: event.error }) },
            },
          },
        },
        openExists: { on: { BACK: 'idle' } },
        failed: { on: { RETRY: 'checking', BACK: 'idle' } },
      },
    },

    // ---- an unfinished correction, read back from the gateway
    restoring: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadCorrection',
            src: 'loadCorrection',
            input: ({ context }) => ({ correctionId: context.correctionId! }),
            onDone: [
              {
                guard: { type: 'restoredAt', params: ({ event }) => ({ detail: event.output, states: ['cancelled'] }) },
                target: '#correction.cancelled',
                actions: { type: 'restore', params: ({ event }) => ({ detail: event.output }) },
              },
              {
                guard: { type: 'restoredAt', params: ({ event }) => ({ detail: event.output, states: ['in_force'] }) },
                target: '#correction.done',
                actions: { type: 'restore', params: ({ event }) => ({ detail: event.output }) },
              },
              {
                guard: { type: 'restoredAt', params: ({ event }) => ({ detail: event.output, states: ['approved'] }) },
                target: '#correction.approved',
                actions: { type: 'restore', params: ({ event }) => ({ detail: event.output }) },
              },
              {
                guard: { type: 'restoredAt', params: ({ event }) => ({ detail: event.output, states: ['pending'] }) },
                target: '#correction.pending',
                actions: { type: 'restore', params: ({ event }) => ({ detail: event.output }) },
              },
              {
                guard: { type: 'restoredAt', params: ({ event }) => ({ detail: event.output, states: ['rejected'] }) },
                target: '#correction.rejected',
                actions: { type: 'restore', params: ({ event }) => ({ detail: event.output }) },
              },
              {
                guard: {
                  type: 'restoredAt',
                  params: ({ event }) => ({ detail: event.output, states: ['underwritten'] }),
                },
                // at its premium as the gateway keeps it: whoever opens it (a second person, an approver who
                // does not prepare) reads what was priced; the preparer changes it from there
                target: '#correction.preview',
                actions: { type: 'restore', params: ({ event }) => ({ detail: event.output }) },
              },
              {
                guard: {
                  type: 'restoredAt',
                  params: ({ event }) => ({ detail: event.output, states: ['awaiting_payment'] }),
                },
                target: '#correction.payment',
                actions: { type: 'restore', params: ({ event }) => ({ detail: event.output }) },
              },
              {
                target: '#correction.editing',
                actions: { type: 'restore', params: ({ event }) => ({ detail: event.output }) },
              },
            ],
            onError: {
              target: 'failed',
              actions: { type: 'setError', params: ({ event }) => ({ step: 'restore', error: event.error }) },
            },
          },
        },
        failed: { on: { RETRY: 'loading', BACK: '#correction.choosing' } },
      },
    },

    // ---- the draft: a form, a file, or a selection from the roster
    editing: {
      initial: 'idle',
      // "X was added" speaks of the last add: coming back from the preview it would be a stale message.
      exit: assign({ added: [] }),
      on: {
        CANCEL: [{ guard: 'hasDraft', target: 'cancelling' }, { target: 'cancelled' }],
        SAVE_LATER: 'saved',
      },
      states: {
        idle: {
          on: {
            EDIT: {
              target: 'saving',
              actions: [{ type: 'newEditKey', params: ({ event }) => ({ request: event.request }) }, 'clearError'],
            },
            // sent with the next change (a new date puts the draft back to draft on the gateway)
            SET_DATE: { actions: assign(({ event }) => ({ effectiveDate: event.effectiveDate })) },
            CHECK: { guard: 'hasItems', target: '#correction.checking' },
          },
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
                actions: assign(({ event }) => ({
                  importResult: event.output.importResult,
                  added: [],
                })),
              },
              {
                target: 'idle',
                actions: assign(({ context, event }) => ({
                  ...(event.output.correction
                    ? { correction: event.output.correction, correctionId: event.output.correction.correctionId }
                    : {}),
                  draft: event.output.draft,
                  added: event.output.added,
                  importResult: event.output.importResult,
                  effectiveDate: event.output.correction?.effectiveDate ?? context.effectiveDate,
                  underwriting: null,
                  problems: [],
                })),
              },
            ],
            onError: {
              target: 'failed',
              actions: [
                { type: 'setError', params: ({ event }) => ({ step: 'edit', error: event.error }) },
                assign({ added: [] }),
              ],
            },
          },
        },
        // A refused file: its rows and the error report are shown; the draft is as it was.
        importRejected: {
          on: {
            EDIT: {
              target: 'saving',
              actions: [{ type: 'newEditKey', params: ({ event }) => ({ request: event.request }) }, 'clearError'],
            },
            DISMISS: 'idle',
            SET_DATE: { actions: assign(({ event }) => ({ effectiveDate: event.effectiveDate })) },
            CHECK: { guard: 'hasItems', target: '#correction.checking' },
          },
        },
        // A change that failed: the draft stays usable; a new change clears the old error; RETRY resends
        // the same change with its key (a call that went through but whose answer was lost is not done twice).
        failed: {
          on: {
            RETRY: 'saving',
            DISMISS: { target: 'idle', actions: 'clearError' },
            EDIT: {
              target: 'saving',
              actions: [{ type: 'newEditKey', params: ({ event }) => ({ request: event.request }) }, 'clearError'],
            },
            SET_DATE: { actions: assign(({ event }) => ({ effectiveDate: event.effectiveDate })) },
            CHECK: { guard: 'hasItems', target: '#correction.checking' },
          },
        },
      },
    },

    // ---- the gateway's checks of the draft (the insured policies' check prices it too)
    checking: {
      initial: 'running',
      on: { CANCEL: 'cancelling', SAVE_LATER: 'saved' },
      states: {
        running: {
          // a new check (from the draft, or again after a failure) forgets the last one's error
          entry: 'clearError',
          invoke: {
            id: 'check',
            src: 'check',
            input: ({ context }) => ({ policy: context.policy!, correctionId: context.correctionId! }),
            onDone: [
              {
                guard: { type: 'checkAnsweredPremium', params: ({ event }) => ({ result: event.output }) },
                target: '#correction.preview',
                actions: assign(({ event }) => {
                  const u = event.output as UnderwritingResult;
                  return { underwriting: u, correction: u.correction, draft: u.items, problems: [] };
                }),
              },
              { target: '#correction.underwriting', actions: assign({ problems: [] }) },
            ],
            onError: [
              {
                guard: { type: 'hasProblems', params: ({ event }) => ({ error: event.error }) },
                target: 'problems',
                actions: assign(({ event }) => ({ problems: problemsOf(event.error) })),
              },
              {
                target: 'failed',
                actions: { type: 'setError', params: ({ event }) => ({ step: 'check', error: event.error }) },
              },
            ],
          },
        },
        problems: { on: { BACK: '#correction.editing' } },
        failed: { on: { RETRY: 'running', BACK: '#correction.editing' } },
      },
    },

    // ---- risk check and premium
    underwriting: {
      initial: 'running',
      on: { CANCEL: 'cancelling', SAVE_LATER: 'saved' },
      states: {
        running: {
          invoke: {
            id: 'underwrite',
            src: 'underwrite',
            input: ({ context }) => ({ correctionId: context.correctionId! }),
            onDone: {
              target: '#correction.preview',
              actions: assign(({ event }) => ({
                underwriting: event.output,
                correction: event.output.correction,
                draft: event.output.items,
              })),
            },
            onError: {
              target: 'failed',
              actions: { type: 'setError', params: ({ event }) => ({ step: 'underwrite', error: event.error }) },
            },
          },
        },
        failed: { on: { RETRY: 'running', BACK: '#correction.editing' } },
      },
    },

    // ---- per-person and total premium before anything is submitted
    preview: {
      on: { CONFIRM: 'scenario', BACK: 'editing', CANCEL: 'cancelling', SAVE_LATER: 'saved' },
    },

    // ---- how the money is settled (asked once), then the summary to confirm
    scenario: {
      initial: 'loading',
      on: { CANCEL: 'cancelling', SAVE_LATER: 'saved' },
      states: {
        loading: {
          invoke: {
            id: 'scenarios',
            src: 'scenarios',
            input: ({ context }) => ({ correctionId: context.correctionId! }),
            onDone: {
              target: 'choosing',
              actions: assign(({ event }) => ({
                scenarios: event.output.allowed,
                scenario: event.output.selected ?? event.output.allowed[0] ?? null,
              })),
            },
            onError: {
              target: 'failed',
              actions: { type: 'setError', params: ({ event }) => ({ step: 'scenario', error: event.error }) },
            },
          },
        },
        choosing: {
          always: { guard: 'sentByAnother', target: 'waiting' },
          on: {
            SUBMIT: {
              target: '#correction.submitting',
              actions: [{ type: 'newApproveKey', params: ({ event }) => ({ scenario: event.scenario }) }, 'clearError'],
            },
            BACK: '#correction.preview',
          },
        },
        // ready, and waiting for an approver or a second person to send it (the gateway refuses the user's Submit)
        waiting: {
          always: { guard: not('sentByAnother'), target: 'choosing' },
          on: { BACK: '#correction.preview' },
        },
        failed: { on: { RETRY: 'loading', BACK: '#correction.preview' } },
      },
    },

    // ---- business approval (apply / groupApply / insuredApply)
    submitting: {
      initial: 'running',
      on: { CANCEL: 'cancelling', SAVE_LATER: 'saved' },
      states: {
        running: {
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
                target: '#correction.approved',
                actions: { type: 'approval', params: ({ event }) => ({ result: event.output }) },
              },
              {
                guard: { type: 'settled', params: ({ event }) => ({ result: event.output }) },
                target: '#correction.done',
                actions: { type: 'approval', params: ({ event }) => ({ result: event.output }) },
              },
              {
                guard: { type: 'decided', params: ({ event }) => ({ result: event.output, decision: 'rejected' }) },
                target: '#correction.rejected',
                actions: { type: 'approval', params: ({ event }) => ({ result: event.output }) },
              },
              {
                target: '#correction.pending',
                actions: { type: 'approval', params: ({ event }) => ({ result: event.output }) },
              },
            ],
            onError: {
              target: 'failed',
              actions: { type: 'setError', params: ({ event }) => ({ step: 'submit', error: event.error }) },
            },
          },
        },
        failed: { on: { RETRY: 'running', BACK: '#correction.preview' } },
      },
    },

    // ---- the decision
    rejected: { on: { BACK: 'editing', CANCEL: 'cancelling', SAVE_LATER: 'saved' } },
    pending: {
      initial: 'waiting',
      on: { CANCEL: 'cancelling', SAVE_LATER: 'saved' },
      states: {
        waiting: { after: { pendingPoll: 'checking' }, on: { REFRESH: 'checking' } },
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
                target: '#correction.approved',
                actions: assign(({ context, event }) => ({
                  correction: context.correction ? { ...context.correction, state: event.output.state } : null,
                })),
              },
              {
                guard: { type: 'stateIs', params: ({ event }) => ({ status: event.output, states: ['in_force'] }) },
                target: '#correction.done',
              },
              {
                guard: { type: 'stateIs', params: ({ event }) => ({ status: event.output, states: ['cancelled'] }) },
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
      on: {
        PAY: {
          target: 'payment',
          actions: { type: 'pay', params: ({ event }) => ({ cashierOpened: event.cashierOpened }) },
        },
        CANCEL: 'cancelling',
        SAVE_LATER: 'saved',
      },
    },

    // ---- the payment: the shared payment machine as a child (Pay's link, the cashier, its watch, a transfer)
    payment: {
      on: { CANCEL: 'cancelling', SAVE_LATER: 'saved' },
      invoke: {
        id: 'payment',
        src: 'payment',
        input: ({ context }): PaymentInput => ({
          subject: String(context.correctionId),
          cashierOpened: context.cashierOpened,
          answer:
            context.resumePayment && context.payment ? paymentAnswer(context.payment, context.correction?.state) : null,
          pollBaseMs: context.pollBaseMs,
          pollMaxMs: context.pollMaxMs,
          pollLimitMs: context.pollLimitMs,
          transferPollMs: context.pendingPollMs,
        }),
        onDone: [
          {
            guard: { type: 'paymentEnded', params: ({ event }) => ({ output: event.output, status: 'paid' }) },
            target: 'done',
            actions: [{ type: 'paymentEnded', params: ({ event }) => ({ output: event.output }) }, 'paymentSettled'],
          },
          {
            guard: { type: 'paymentEnded', params: ({ event }) => ({ output: event.output, status: 'closed' }) },
            target: 'cancelled',
            actions: [{ type: 'paymentEnded', params: ({ event }) => ({ output: event.output }) }, 'paymentSettled'],
          },
          // ended elsewhere (an awaited transfer expired, the correction changed): read it back
          { target: 'restoring', actions: { type: 'paymentEnded', params: ({ event }) => ({ output: event.output }) } },
        ],
      },
    },

    // ---- ends
    done: { type: 'final' },
    saved: { type: 'final' },
    cancelling: {
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ context }) => ({ flow: context.flow, correctionId: context.correctionId! }),
        onDone: {
          target: 'cancelled',
          actions: { type: 'summary', params: ({ event }) => ({ correction: event.output }) },
        },
        onError: {
          target: 'cancelFailed',
          actions: { type: 'setError', params: ({ event }) => ({ step: 'cancel', error: event.error }) },
        },
      },
    },
    cancelFailed: { on: { RETRY: 'cancelling', BACK: 'restoring' } },
    cancelled: { type: 'final' },
  },
});

export type CorrectionSnapshot = SnapshotFrom<typeof correctionMachine>;
