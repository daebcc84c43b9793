/**
 * The correction flow's types: what the machine keeps (context), what it is told (events), what it is
 * given (input), what the user asks of the draft, what its calls are given and what a failure reads as.
 */
import type { Page } from '@contract/envelope';
import type {
  ApprovalResult,
  CorrectionItem,
  CorrectionSummary,
  DraftCheckResult,
  FieldRefusal,
  ImportResult,
  OrderScenario,
  PaymentInfo,
  PersonInput,
  PolicySummary,
  UnderwritingResult,
} from '@contract/io/correction';
import type { PersonChange } from '@contract/person';
import type { CorrectionKind } from '@contract/states';

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

/** What each call of the flow is given (the page provides the calls: `actors.ts`). */
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
