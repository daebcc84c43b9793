/**
 * What each step of the correction machine changes in its context, as functions of the context and the
 * action's params (the machine's `setup` makes each an `assign`). The params are what the transition
 * read from its event: a user's request, a call's output or error.
 */
import type {
  ApprovalResult,
  CheckBeforeResult,
  CorrectionDetail,
  CorrectionSummary,
  OrderScenario,
  PaymentInfo,
  PayStatusResult,
  ScenarioResult,
  UnderwritingResult,
} from '@contract/io/correction';
import type { CorrectionKind } from '@contract/states';
import { randomKey } from '@client/shared/randomKey';
import type { PaymentOutput } from '@client/shared/payment/payment.machine';
import { flowError, problemsOf } from './correction.answers';
import type { EditOutcome, EditRequest, FlowContext, FlowStep, Sender } from './correction.types';

type Args = { context: FlowContext };
type Change = Partial<FlowContext>;

export const correctionChanges = {
  // ---- the user's events
  /** Who sends the correction, as the page learns it. */
  sender: (_: unknown, p: { sender: Sender }): Change => ({ sender: p.sender }),
  start: (_: unknown, p: { policyId: number; kind: CorrectionKind; effectiveDate?: string }): Change => ({
    policyId: p.policyId,
    kind: p.kind,
    effectiveDate: p.effectiveDate ?? null,
    error: null,
  }),
  resume: (_: unknown, p: { correctionId: number }): Change => ({ correctionId: p.correctionId }),
  /** A change of the draft, with a key of its own (RETRY resends it with the same key). */
  newEditKey: (_: unknown, p: { request: EditRequest }): Change => ({ edit: { ...p.request, key: randomKey('k') } }),
  /** Sent with the next change (a new date puts the draft back to draft on the gateway). */
  setDate: (_: unknown, p: { effectiveDate: string }): Change => ({ effectiveDate: p.effectiveDate }),
  /** A submission with a key of its own, and the scenario chosen. */
  newApproveKey: (_: unknown, p: { scenario: OrderScenario }): Change => ({
    approveKey: randomKey('k'),
    scenario: p.scenario,
  }),
  /** Pay: the page opened the cashier's window in the click, or not; the payment starts with a new link. */
  pay: (_: unknown, p: { cashierOpened: boolean }): Change => ({
    cashierOpened: p.cashierOpened,
    resumePayment: false,
  }),

  // ---- the calls' answers
  setError: (_: unknown, p: { step: FlowStep; error: unknown }): Change => ({ error: flowError(p.step, p.error) }),
  clearError: (): Change => ({ error: null }),
  /** "X was added" speaks of the last add only. */
  forgetAdded: (): Change => ({ added: [] }),
  openFound: (_: unknown, p: { result: CheckBeforeResult }): Change => ({
    policy: p.result.policy,
    openCorrection: p.result.openCorrection,
  }),
  checkedBefore: ({ context }: Args, p: { result: CheckBeforeResult }): Change => ({
    policy: p.result.policy,
    window: { earliest: p.result.earliestEffectiveDate, latest: p.result.latestEffectiveDate },
    effectiveDate: context.effectiveDate ?? p.result.earliestEffectiveDate,
    openCorrection: null,
  }),
  /** A correction read back from the gateway (correctDetail), whatever its state. */
  restore: (_: unknown, { detail: d }: { detail: CorrectionDetail }): Change => ({
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
  }),
  /** A refused file: its rows and report are shown, the draft is as it was. */
  importRefused: (_: unknown, p: { result: EditOutcome }): Change => ({
    importResult: p.result.importResult,
    added: [],
  }),
  /** A change that went through: the draft as the gateway answered it; its premium and findings are gone. */
  draftSaved: ({ context }: Args, { result: r }: { result: EditOutcome }): Change => ({
    ...(r.correction ? { correction: r.correction, correctionId: r.correction.correctionId } : {}),
    draft: r.draft,
    added: r.added,
    importResult: r.importResult,
    effectiveDate: r.correction?.effectiveDate ?? context.effectiveDate,
    underwriting: null,
    problems: [],
  }),
  /** The findings of a refused check. */
  findings: (_: unknown, p: { error: unknown }): Change => ({ problems: problemsOf(p.error) }),
  clearProblems: (): Change => ({ problems: [] }),
  /** The premium per line and in total. */
  priced: (_: unknown, { result: u }: { result: UnderwritingResult }): Change => ({
    underwriting: u,
    correction: u.correction,
    draft: u.items,
  }),
  scenarios: (_: unknown, { result: r }: { result: ScenarioResult }): Change => ({
    scenarios: r.allowed,
    scenario: r.selected ?? r.allowed[0] ?? null,
  }),
  approval: (_: unknown, p: { result: ApprovalResult }): Change => ({
    approval: p.result,
    correction: p.result.correction,
  }),
  /** A pending decision answered by the pay status: the correction's state as it said. */
  decidedMeanwhile: ({ context }: Args, p: { status: PayStatusResult }): Change => ({
    correction: context.correction ? { ...context.correction, state: p.status.state } : null,
  }),
  /** The payment child's last answer, kept for the end (the payment number on the record). */
  paymentEnded: ({ context }: Args, p: { output: PaymentOutput }): Change => ({
    payment: (p.output.answer?.payment as PaymentInfo | null | undefined) ?? context.payment,
  }),
  summary: (_: unknown, p: { correction: CorrectionSummary }): Change => ({ correction: p.correction }),
};
