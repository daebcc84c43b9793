/**
 * The correction machine's decisions, each a typed guard: what the context says (who sends it, a draft
 * on the gateway, lines in it, where a restored correction is) or what a call answered (its output or
 * error, given as the guard's params by the transition that reads it).
 */
import type { ApprovalResult, CheckBeforeResult, CorrectionSummary, PayStatusResult } from '@contract/io/correction';
import type { PaymentOutput } from '@client/shared/payment/payment.machine';
import { isUnderwriting, problemsOf } from './correction.answers';
import type { CheckOutcome, EditOutcome, FlowContext } from './correction.types';

type Args = { context: FlowContext };

export const correctionGuards = {
  // ---- the context
  /** An approver or a second person sends it: the scenario step waits. */
  sentByAnother: ({ context }: Args) => context.sender !== 'me',
  /** The draft exists on the gateway (Cancel deletes it there). */
  hasDraft: ({ context }: Args) => context.correctionId !== null,
  /** The draft has lines (a draft without any is not checked). */
  hasItems: ({ context }: Args) => (context.correction?.itemCount ?? context.draft.total) > 0,
  /** Where the gateway says a restored correction is (its state, kept by `restore`). */
  restoredAt: ({ context }: Args, p: { state: CorrectionSummary['state'] }) => context.correction?.state === p.state,

  // ---- a call's answer
  hasOpenCorrection: (_: unknown, p: { result: CheckBeforeResult }) => p.result.openCorrection !== null,
  importRefused: (_: unknown, p: { result: EditOutcome }) => p.result.importResult?.ok === false,
  /** A refused check with findings about the draft's lines. */
  hasProblems: (_: unknown, p: { error: unknown }) => problemsOf(p.error).length > 0,
  /** The insured flow's check priced the draft at once. */
  checkAnsweredPremium: (_: unknown, p: { result: CheckOutcome }) => isUnderwriting(p.result),
  needsPayment: (_: unknown, p: { result: ApprovalResult }) =>
    p.result.decision === 'approved' && p.result.paymentRequired,
  /** Approved with a refund or nothing to pay: in force at once. */
  settled: (_: unknown, p: { result: ApprovalResult }) => p.result.decision === 'approved' && !p.result.paymentRequired,
  decided: (_: unknown, p: { result: ApprovalResult; decision: ApprovalResult['decision'] }) =>
    p.result.decision === p.decision,
  /** How the payment child ended. */
  paymentEnded: (_: unknown, p: { output: PaymentOutput; status: PaymentOutput['status'] }) =>
    p.output.status === p.status,
  /** The pay status's answer while the decision is pending. */
  stateIs: (_: unknown, p: { status: PayStatusResult; states: Array<PayStatusResult['state']> }) =>
    p.states.includes(p.status.state),
};
