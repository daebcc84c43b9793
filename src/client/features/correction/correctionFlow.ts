/**
 * The shared shape of the correction flows (employee and insured): one factory, the steps as states,
 * every call a named actor whose outcome is a done/error event, every failure a state of its own that
 * says what happened and offers the way forward. The two machines (employeeCorrection.machine.ts,
 * insuredCorrection.machine.ts) are this factory with their own actors and check step.
 *
 *   choosing -> editing -> checking -> [underwriting] -> preview -> scenario -> submitting
 *     -> approved -> payment (linking -> awaitingPay -> polling(waiting <-> checking) -> done)
 *     -> rejected | pending (polls the decision) ; a refund or zero premium goes straight to done.
 *   restoring puts the machine back where the gateway's correctDetail says the correction is.
 */
import { randomKey } from '../../shared/randomKey';
import { assign, fromPromise, setup, type ActorLogicFrom } from 'xstate';
import type {
  ApprovalResult,
  BankAccount,
  CheckBeforeResult,
  CorrectionDetail,
  CorrectionItem,
  CorrectionKind,
  CorrectionSummary,
  DraftCheckResult,
  ImportResult,
  OrderScenario,
  PaymentInfo,
  PayStatusResult,
  PayType,
  PayTypeResult,
  PersonInput,
  PolicySummary,
  ScenarioResult,
  UnderwritingResult,
} from '../../../contract/io/correction';
import type { GatewayError } from '../../api/errors';
import type { PersonChange } from '../../../contract/person';

export type Flow = 'employee' | 'insured';

/** What the user asks to change in the draft; each carries the idempotency key of its attempt. */
type EditRequest =
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
  | 'payType'
  | 'cancel';

/** What went wrong, in the terms the page shows. */
export interface FlowError {
  step: FlowStep;
  /** refused: the gateway said no (statusText); timeout: 20 s passed silently; network: no answer; server: HTTP 5xx or a broken answer. */
  kind: 'refused' | 'timeout' | 'network' | 'server' | 'login';
  message: string;
  data?: unknown;
}

export interface EditOutcome {
  correction: CorrectionSummary | null;
  items: CorrectionItem[];
  importResult: ImportResult | null;
}

export interface PayCheck extends PayStatusResult {
  /** When the answer arrived (ms): the time limit of polling is measured with it. */
  checkedAt: number;
}

export interface FlowContext {
  flow: Flow;
  policy: PolicySummary | null;
  policyId: number | null;
  kind: CorrectionKind | null;
  effectiveDate: string | null;
  window: { earliest: string; latest: string } | null;
  openCorrection: CorrectionSummary | null;
  correctionId: number | null;
  correction: CorrectionSummary | null;
  items: CorrectionItem[];
  importResult: ImportResult | null;
  problems: DraftCheckResult['problems'];
  underwriting: UnderwritingResult | null;
  scenarios: OrderScenario[];
  scenario: OrderScenario | null;
  approval: ApprovalResult | null;
  payment: PaymentInfo | null;
  payTo: BankAccount | null;
  payType: PayType | null;
  error: FlowError | null;
  edit: (EditRequest & { key: string }) | null;
  approveKey: string | null;
  payKey: string | null;
  pollStartedAt: number;
  pollAttempt: number;
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
  | { type: 'PAY' }
  | { type: 'OPEN_CASHIER' }
  | { type: 'CHANGE_PAY_TYPE'; payType: PayType }
  | { type: 'CHECK_AGAIN' }
  | { type: 'REFRESH' }
  | { type: 'RETRY' }
  | { type: 'BACK' }
  | { type: 'DISMISS' }
  | { type: 'SAVE_LATER' }
  | { type: 'CANCEL' };

// ---------------------------------------------------------------- actors (the pages provide real ones)

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
  payLink: { policy: PolicySummary; correctionId: number; key: string };
  payStatus: { correctionId: number };
  payType: { policy: PolicySummary; correctionId: number; payType: PayType };
  remove: { policy: PolicySummary | null; flow: Flow; correctionId: number };
}

const notProvided = <O, I>() =>
  fromPromise<O, I>(async () => {
    throw new Error('actor not provided');
  });

/** The insured flow's check answers the underwriting figures at once (checkInsuredCorrect). */
type CheckOutcome = DraftCheckResult | UnderwritingResult;

const flowActors = {
  checkBefore: notProvided<CheckBeforeResult, ActorInputs['checkBefore']>(),
  loadCorrection: notProvided<CorrectionDetail, ActorInputs['loadCorrection']>(),
  edit: notProvided<EditOutcome, ActorInputs['edit']>(),
  check: notProvided<CheckOutcome, ActorInputs['check']>(),
  underwrite: notProvided<UnderwritingResult, ActorInputs['underwrite']>(),
  scenarios: notProvided<ScenarioResult, ActorInputs['scenarios']>(),
  approve: notProvided<ApprovalResult, ActorInputs['approve']>(),
  payLink: notProvided<PaymentInfo, ActorInputs['payLink']>(),
  payStatus: notProvided<PayCheck, ActorInputs['payStatus']>(),
  payType: notProvided<PayTypeResult, ActorInputs['payType']>(),
  remove: notProvided<CorrectionSummary, ActorInputs['remove']>(),
};
export type FlowActors = { [K in keyof typeof flowActors]: ActorLogicFrom<(typeof flowActors)[K]> };

// ---------------------------------------------------------------- helpers

/** A failed call as the flow shows it. */
function flowError(step: FlowStep, error: unknown): FlowError {
  const e = error as Partial<GatewayError> & { message?: string };
  switch (e?.kind) {
    case 'status':
      if (e.status === 'ERR_1004') return { step, kind: 'login', message: e.statusText || '' };
      return { step, kind: 'refused', message: e.statusText || '', data: e.data };
    case 'timeout':
      return { step, kind: 'timeout', message: '' };
    case 'network':
      return { step, kind: 'network', message: '' };
    case 'http':
    case 'parse':
      return { step, kind: 'server', message: '' };
    default:
      return { step, kind: 'server', message: e?.message ?? '' };
  }
}

const problemsOf = (error: unknown): DraftCheckResult['problems'] => {
  const data = (error as { data?: Partial<DraftCheckResult> })?.data;
  return Array.isArray(data?.problems) ? data.problems : [];
};

const isUnderwriting = (o: CheckOutcome): o is UnderwritingResult => 'yearDays' in o;

function applySummary(correction: CorrectionSummary | null) {
  return correction ? { correction, correctionId: correction.correctionId } : {};
}

// ---------------------------------------------------------------- the machine

export interface FlowOptions {
  id: string;
  /** true: the check step answers the premium too (insured), so there is no separate underwriting step. */
  checkUnderwrites: boolean;
}

export function createCorrectionMachine({ id, checkUnderwrites }: FlowOptions) {
  const root = `#${id}`;
  // Before the first change there is no draft to delete; after it, cancelling deletes it.
  const cancel = [{ guard: 'hasDraft' as const, target: `${root}.cancelling` }, { target: `${root}.cancelled` }];
  const cancelDraft = { target: `${root}.cancelling` };
  const saveLater = { target: `${root}.saved` };

  return setup({
    types: {} as { context: FlowContext; events: FlowEvent; input: FlowInput },
    actors: flowActors,
    delays: {
      payPoll: ({ context }) => Math.min(context.pollBaseMs * 2 ** context.pollAttempt, context.pollMaxMs),
      pendingPoll: ({ context }) => context.pendingPollMs,
    },
    guards: {
      hasDraft: ({ context }) => context.correctionId !== null,
      hasItems: ({ context }) => (context.correction?.itemCount ?? context.items.length) > 0,
      hasOpenCorrection: ({ event }) =>
        Boolean((event as unknown as { output: CheckBeforeResult }).output.openCorrection),
      importRefused: ({ event }) => (event as unknown as { output: EditOutcome }).output.importResult?.ok === false,
      hasProblems: ({ event }) => problemsOf((event as unknown as { error: unknown }).error).length > 0,
      checkAnsweredPremium: ({ event }) => isUnderwriting((event as unknown as { output: CheckOutcome }).output),
      needsPayment: ({ event }) => {
        const r = (event as unknown as { output: ApprovalResult }).output;
        return r.decision === 'approved' && r.paymentRequired;
      },
      settled: ({ event }) => {
        const r = (event as unknown as { output: ApprovalResult }).output;
        return r.decision === 'approved' && !r.paymentRequired;
      },
      rejected: ({ event }) => (event as unknown as { output: ApprovalResult }).output.decision === 'rejected',
      // restoring: where the gateway says the correction is
      restoredCancelled: ({ event }) =>
        (event as unknown as { output: CorrectionDetail }).output.correction.state === 'cancelled',
      restoredInForce: ({ event }) =>
        (event as unknown as { output: CorrectionDetail }).output.correction.state === 'in_force',
      restoredAwaitingPayment: ({ event }) =>
        (event as unknown as { output: CorrectionDetail }).output.correction.state === 'awaiting_payment',
      restoredApproved: ({ event }) =>
        (event as unknown as { output: CorrectionDetail }).output.correction.state === 'approved',
      restoredPending: ({ event }) =>
        (event as unknown as { output: CorrectionDetail }).output.correction.state === 'pending',
      restoredRejected: ({ event }) =>
        (event as unknown as { output: CorrectionDetail }).output.correction.state === 'rejected',
      restoredUnderwritten: ({ event }) =>
        (event as unknown as { output: CorrectionDetail }).output.correction.state === 'underwritten',
      // polling
      paid: ({ event }) => {
        const r = (event as unknown as { output: PayCheck }).output;
        return r.payStatus === 'paid' || r.state === 'in_force';
      },
      payFailed: ({ event }) => (event as unknown as { output: PayCheck }).output.payStatus === 'failed',
      payClosed: ({ event }) => {
        const r = (event as unknown as { output: PayCheck }).output;
        return r.payStatus === 'closed' || r.state === 'cancelled';
      },
      pollExpired: ({ context, event }) =>
        (event as unknown as { output: PayCheck }).output.checkedAt - context.pollStartedAt >= context.pollLimitMs,
      pollErrorExpired: ({ context, event }) =>
        ((event as unknown as { error: { checkedAt?: number } }).error?.checkedAt ?? 0) - context.pollStartedAt >=
        context.pollLimitMs,
      stillPending: ({ event }) => (event as unknown as { output: PayCheck }).output.state === 'pending',
      decidedApproved: ({ event }) =>
        ['approved', 'awaiting_payment'].includes((event as unknown as { output: PayCheck }).output.state),
      decidedInForce: ({ event }) => (event as unknown as { output: PayCheck }).output.state === 'in_force',
      decidedCancelled: ({ event }) => (event as unknown as { output: PayCheck }).output.state === 'cancelled',
      isTransfer: ({ event }) => (event as unknown as { output: PayTypeResult }).output.payType === 'transfer',
    },
    actions: {
      setError: assign(({ event }, step: FlowStep) => ({
        error: flowError(step, (event as unknown as { error: unknown }).error),
      })),
      clearError: assign({ error: null }),
      newEditKey: assign(({ event }) =>
        event.type === 'EDIT' ? { edit: { ...event.request, key: randomKey('k') } } : {},
      ),
      newApproveKey: assign(({ event }) => ({
        approveKey: randomKey('k'),
        scenario: event.type === 'SUBMIT' ? event.scenario : null,
      })),
      newPayKey: assign(() => ({ payKey: randomKey('k') })),
      startPolling: assign(() => ({ pollStartedAt: Date.now(), pollAttempt: 0 })),
      nextPoll: assign(({ context }) => ({ pollAttempt: context.pollAttempt + 1 })),
      restore: assign(({ event }) => {
        const d = (event as unknown as { output: CorrectionDetail }).output;
        return {
          policy: d.policy,
          policyId: d.policy.policyId,
          kind: d.correction.kind,
          correctionId: d.correction.correctionId,
          correction: d.correction,
          effectiveDate: d.correction.effectiveDate,
          items: d.items.list,
          importResult: d.lastImport,
          payment: d.payment,
          payType: d.payment?.payType ?? d.correction.payType ?? null,
          scenario: d.correction.scenario,
          approval: d.correction.decision
            ? {
                decision: d.correction.decision,
                reasons: d.correction.reasons,
                correction: d.correction,
                paymentRequired: (d.correction.netFen ?? 0) > 0,
              }
            : null,
          error: null,
        };
      }),
    },
  }).createMachine({
    id,
    context: ({ input }) => ({
      flow: input.flow,
      policy: null,
      policyId: null,
      kind: null,
      effectiveDate: null,
      window: null,
      openCorrection: null,
      correctionId: null,
      correction: null,
      items: [],
      importResult: null,
      problems: [],
      underwriting: null,
      scenarios: [],
      scenario: null,
      approval: null,
      payment: null,
      payTo: null,
      payType: null,
      error: null,
      edit: null,
      approveKey: null,
      payKey: null,
      pollStartedAt: 0,
      pollAttempt: 0,
      pollBaseMs: input.pollBaseMs ?? 2000,
      pollMaxMs: input.pollMaxMs ?? 15_000,
      pollLimitMs: input.pollLimitMs ?? 10 * 60_000,
      pendingPollMs: input.pendingPollMs ?? 15_000,
    }),
    initial: 'choosing',
    states: {
      // ---- choose the policy and the kind of correction; the gateway checks them first
      choosing: {
        initial: 'idle',
        on: { RESUME: { target: 'restoring', actions: assign(({ event }) => ({ correctionId: event.correctionId })) } },
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
                  guard: 'hasOpenCorrection',
                  target: 'openExists',
                  actions: assign(({ event }) => ({
                    policy: event.output.policy,
                    openCorrection: event.output.openCorrection,
                  })),
                },
                {
                  target: `${root}.editing`,
                  actions: assign(({ context, event }) => ({
                    policy: event.output.policy,
                    window: { earliest: event.output.earliestEffectiveDate, latest: event.output.latestEffectiveDate },
                    effectiveDate: context.effectiveDate ?? event.output.earliestEffectiveDate,
                    openCorrection: null,
                  })),
                },
              ],
              onError: { target: 'failed', actions: { type: 'setError', params: 'checkBefore' } },
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
                { guard: 'restoredCancelled', target: `${root}.cancelled`, actions: 'restore' },
                { guard: 'restoredInForce', target: `${root}.done`, actions: 'restore' },
                { guard: 'restoredAwaitingPayment', target: `${root}.payment.polling`, actions: 'restore' },
                { guard: 'restoredApproved', target: `${root}.approved`, actions: 'restore' },
                { guard: 'restoredPending', target: `${root}.pending`, actions: 'restore' },
                { guard: 'restoredRejected', target: `${root}.rejected`, actions: 'restore' },
                {
                  guard: 'restoredUnderwritten',
                  target: `${root}.${checkUnderwrites ? 'checking' : 'underwriting'}`,
                  actions: 'restore',
                },
                { target: `${root}.editing`, actions: 'restore' },
              ],
              onError: { target: 'failed', actions: { type: 'setError', params: 'restore' } },
            },
          },
          failed: { on: { RETRY: 'loading', BACK: `${root}.choosing` } },
        },
      },

      // ---- edit the draft: form, file, or a selection from the roster
      editing: {
        initial: 'idle',
        states: {
          idle: {
            on: {
              EDIT: { target: 'saving', actions: ['newEditKey', 'clearError'] },
              // sent with the next change (a new date puts the draft back to draft on the gateway)
              SET_DATE: { actions: assign(({ event }) => ({ effectiveDate: event.effectiveDate })) },
              CHECK: { guard: 'hasItems', target: `${root}.checking` },
              CANCEL: cancel,
              SAVE_LATER: saveLater,
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
                  guard: 'importRefused',
                  target: 'importRejected',
                  actions: assign(({ event }) => ({
                    importResult: event.output.importResult,
                    ...applySummary(event.output.correction),
                  })),
                },
                {
                  target: 'idle',
                  actions: assign(({ context, event }) => ({
                    ...applySummary(event.output.correction),
                    items: event.output.items,
                    importResult: event.output.importResult,
                    effectiveDate: event.output.correction?.effectiveDate ?? context.effectiveDate,
                    underwriting: null,
                    problems: [],
                  })),
                },
              ],
              onError: { target: 'failed', actions: { type: 'setError', params: 'edit' } },
            },
          },
          importRejected: {
            on: {
              EDIT: { target: 'saving', actions: ['newEditKey', 'clearError'] },
              DISMISS: 'idle',
              CANCEL: cancel,
              SAVE_LATER: saveLater,
            },
          },
          // fix and retry (the same key: a call that timed out but went through is not done twice)
          failed: {
            on: {
              RETRY: 'saving',
              DISMISS: 'idle',
              EDIT: { target: 'saving', actions: ['newEditKey', 'clearError'] },
              CANCEL: cancel,
              SAVE_LATER: saveLater,
            },
          },
        },
      },

      // ---- the gateway's checks of the draft
      checking: {
        initial: 'running',
        states: {
          running: {
            invoke: {
              id: 'check',
              src: 'check',
              input: ({ context }) => ({ policy: context.policy!, correctionId: context.correctionId! }),
              onDone: checkUnderwrites
                ? [
                    {
                      guard: 'checkAnsweredPremium',
                      target: `${root}.preview`,
                      actions: assign(({ event }) => {
                        const u = event.output as UnderwritingResult;
                        return { underwriting: u, correction: u.correction, problems: [] };
                      }),
                    },
                    { target: `${root}.editing` },
                  ]
                : [{ target: `${root}.underwriting`, actions: assign({ problems: [] }) }],
              onError: [
                {
                  guard: 'hasProblems',
                  target: 'problems',
                  actions: assign(({ event }) => ({ problems: problemsOf(event.error) })),
                },
                { target: 'failed', actions: { type: 'setError', params: 'check' } },
              ],
            },
          },
          problems: { on: { BACK: `${root}.editing`, CANCEL: cancelDraft, SAVE_LATER: saveLater } },
          failed: { on: { RETRY: 'running', BACK: `${root}.editing`, CANCEL: cancelDraft, SAVE_LATER: saveLater } },
        },
      },

      // ---- risk check and premium (employee flows; the insured check answers it itself)
      ...(checkUnderwrites
        ? {}
        : {
            underwriting: {
              initial: 'running',
              states: {
                running: {
                  invoke: {
                    id: 'underwrite',
                    src: 'underwrite',
                    input: ({ context }) => ({ correctionId: context.correctionId! }),
                    onDone: {
                      target: `${root}.preview`,
                      actions: assign(({ event }) => ({
                        underwriting: event.output,
                        correction: event.output.correction,
                      })),
                    },
                    onError: { target: 'failed', actions: { type: 'setError', params: 'underwrite' } },
                  },
                },
                failed: {
                  on: { RETRY: 'running', BACK: `${root}.editing`, CANCEL: cancelDraft, SAVE_LATER: saveLater },
                },
              },
            },
          }),

      // ---- per-person and total premium before anything is submitted
      preview: {
        on: { CONFIRM: 'scenario', BACK: 'editing', CANCEL: cancelDraft, SAVE_LATER: saveLater },
      },

      // ---- how the money is settled (selectOrderScenario)
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
                actions: assign(({ event }) => ({
                  scenarios: event.output.allowed,
                  scenario: event.output.selected ?? event.output.allowed[0] ?? null,
                })),
              },
              onError: { target: 'failed', actions: { type: 'setError', params: 'scenario' } },
            },
          },
          choosing: {
            on: {
              SUBMIT: { target: `${root}.submitting`, actions: ['newApproveKey', 'clearError'] },
              BACK: `${root}.preview`,
              CANCEL: cancelDraft,
              SAVE_LATER: saveLater,
            },
          },
          failed: { on: { RETRY: 'loading', BACK: `${root}.preview`, CANCEL: cancelDraft, SAVE_LATER: saveLater } },
        },
      },

      // ---- business approval (apply / groupApply / insuredApply)
      submitting: {
        initial: 'running',
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
                  guard: 'needsPayment',
                  target: `${root}.approved`,
                  actions: assign(({ event }) => ({ approval: event.output, correction: event.output.correction })),
                },
                {
                  guard: 'settled',
                  target: `${root}.done`,
                  actions: assign(({ event }) => ({ approval: event.output, correction: event.output.correction })),
                },
                {
                  guard: 'rejected',
                  target: `${root}.rejected`,
                  actions: assign(({ event }) => ({ approval: event.output, correction: event.output.correction })),
                },
                {
                  target: `${root}.pending`,
                  actions: assign(({ event }) => ({ approval: event.output, correction: event.output.correction })),
                },
              ],
              onError: { target: 'failed', actions: { type: 'setError', params: 'submit' } },
            },
          },
          failed: { on: { RETRY: 'running', BACK: `${root}.preview`, CANCEL: cancelDraft, SAVE_LATER: saveLater } },
        },
      },

      // ---- the decision
      rejected: { on: { BACK: 'editing', CANCEL: cancelDraft, SAVE_LATER: saveLater } },
      pending: {
        initial: 'waiting',
        on: { CANCEL: cancelDraft, SAVE_LATER: saveLater },
        states: {
          waiting: { after: { pendingPoll: 'checking' }, on: { REFRESH: 'checking' } },
          checking: {
            invoke: {
              id: 'pendingStatus',
              src: 'payStatus',
              input: ({ context }) => ({ correctionId: context.correctionId! }),
              onDone: [
                { guard: 'stillPending', target: 'waiting' },
                {
                  guard: 'decidedApproved',
                  target: `${root}.approved`,
                  actions: assign(({ context, event }) => ({
                    correction: context.correction ? { ...context.correction, state: event.output.state } : null,
                  })),
                },
                { guard: 'decidedInForce', target: `${root}.done` },
                { guard: 'decidedCancelled', target: `${root}.cancelled` },
                // rejected (its reasons are in the detail) or changed elsewhere: read it back
                { target: `${root}.restoring` },
              ],
              onError: { target: 'waiting' },
            },
          },
        },
      },
      approved: {
        on: { PAY: { target: 'payment', actions: 'newPayKey' }, CANCEL: cancelDraft, SAVE_LATER: saveLater },
      },

      // ---- the payment: link -> cashier (new tab) -> pay-status polling
      payment: {
        initial: 'linking',
        on: { CANCEL: cancelDraft, SAVE_LATER: saveLater },
        states: {
          linking: {
            invoke: {
              id: 'payLink',
              src: 'payLink',
              input: ({ context }) => ({
                policy: context.policy!,
                correctionId: context.correctionId!,
                key: context.payKey!,
              }),
              onDone: {
                target: 'awaitingPay',
                actions: assign(({ event }) => ({
                  payment: event.output,
                  payType: event.output.payType ?? 'online',
                  error: null,
                })),
              },
              onError: { target: 'linkFailed', actions: { type: 'setError', params: 'payLink' } },
            },
          },
          linkFailed: { on: { RETRY: 'linking' } },
          awaitingPay: {
            on: {
              OPEN_CASHIER: 'polling',
              CHANGE_PAY_TYPE: {
                target: 'changingPayType',
                actions: assign(({ event }) => ({ payType: event.payType })),
              },
            },
          },
          polling: {
            initial: 'waiting',
            entry: 'startPolling',
            on: {
              CHANGE_PAY_TYPE: {
                target: 'changingPayType',
                actions: assign(({ event }) => ({ payType: event.payType })),
              },
              PAY: { target: 'linking', actions: 'newPayKey' },
            },
            states: {
              waiting: { after: { payPoll: 'checking' } },
              checking: {
                invoke: {
                  id: 'payStatus',
                  src: 'payStatus',
                  input: ({ context }) => ({ correctionId: context.correctionId! }),
                  onDone: [
                    {
                      guard: 'paid',
                      target: `${root}.done`,
                      actions: assign(({ event }) => ({ payment: event.output.payment })),
                    },
                    {
                      guard: 'payFailed',
                      target: `${root}.payment.payFailed`,
                      actions: assign(({ event }) => ({ payment: event.output.payment })),
                    },
                    { guard: 'payClosed', target: `${root}.cancelled` },
                    { guard: 'pollExpired', target: `${root}.payment.timedOut` },
                    {
                      target: 'waiting',
                      actions: ['nextPoll', assign(({ event }) => ({ payment: event.output.payment ?? null }))],
                    },
                  ],
                  onError: [
                    { guard: 'pollErrorExpired', target: `${root}.payment.timedOut` },
                    { target: 'waiting', actions: 'nextPoll' },
                  ],
                },
              },
            },
          },
          timedOut: {
            on: {
              CHECK_AGAIN: 'polling',
              OPEN_CASHIER: 'polling',
              PAY: { target: 'linking', actions: 'newPayKey' },
              CHANGE_PAY_TYPE: {
                target: 'changingPayType',
                actions: assign(({ event }) => ({ payType: event.payType })),
              },
            },
          },
          payFailed: {
            on: {
              RETRY: { target: 'linking', actions: 'newPayKey' },
              CHANGE_PAY_TYPE: {
                target: 'changingPayType',
                actions: assign(({ event }) => ({ payType: event.payType })),
              },
            },
          },
          changingPayType: {
            invoke: {
              id: 'payType',
              src: 'payType',
              input: ({ context }) => ({
                policy: context.policy!,
                correctionId: context.correctionId!,
                payType: context.payType ?? 'online',
              }),
              onDone: [
                {
                  guard: 'isTransfer',
                  target: 'transfer',
                  actions: assign(({ context, event }) => ({
                    payTo: event.output.payTo,
                    payment: event.output.payment ?? context.payment,
                  })),
                },
                {
                  target: 'awaitingPay',
                  actions: assign(({ context, event }) => ({
                    payTo: null,
                    payment: event.output.payment ?? context.payment,
                  })),
                },
              ],
              onError: { target: 'payTypeFailed', actions: { type: 'setError', params: 'payType' } },
            },
          },
          payTypeFailed: { on: { RETRY: 'changingPayType', BACK: 'awaitingPay' } },
          transfer: {
            on: {
              CHECK_AGAIN: 'polling',
              CHANGE_PAY_TYPE: {
                target: 'changingPayType',
                actions: assign(({ event }) => ({ payType: event.payType })),
              },
            },
          },
        },
      },

      // ---- ends
      done: {},
      saved: {},
      cancelling: {
        invoke: {
          id: 'remove',
          src: 'remove',
          input: ({ context }) => ({ policy: context.policy, flow: context.flow, correctionId: context.correctionId! }),
          onDone: { target: 'cancelled', actions: assign(({ event }) => ({ correction: event.output })) },
          onError: { target: 'cancelFailed', actions: { type: 'setError', params: 'cancel' } },
        },
      },
      cancelFailed: { on: { RETRY: 'cancelling', BACK: 'restoring' } },
      cancelled: {},
    },
  });
}
