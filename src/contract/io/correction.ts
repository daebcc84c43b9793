/**
 * Answers of the correction calls: employee/... (group policies whose roster is an employee list),
 * the ...New calls (group employer policies whose people carry an occupation risk category) and
 * correctInsured/... (policies whose roster is a list of insured persons). Their requests are the
 * schemas of correction.requests.ts. docs/corrections.md describes each call, its states and rules.
 *
 * Money is integer fen (positive = premium due, negative = refund). Dates are YYYY-MM-DD. Every
 * creating call carries an `idempotencyKey`: the same key answers the same result and changes
 * nothing twice. Texts (state names, reasons, problems) are in the request's language.
 */
import type { PersonFields } from '../person';
import { PERSON_FIELD_NAMES, personRecord } from '../person';
import {
  CORRECTION_KINDS,
  CORRECTION_STATES,
  CORRECTION_VARIANTS,
  type CorrectionKind,
  type CorrectionState,
  type CorrectionVariant,
  type InsuredState,
  type PolicyState,
} from '../states';
import {
  XLSX,
  ZIP,
  PDF,
  Bool,
  Code,
  Day,
  FileBody,
  Int,
  List,
  Moment,
  Nullable,
  Obj,
  PageOf,
  Str,
  Type,
  Words,
  type Static,
} from '../answerFields';

export type { CorrectionKind, CorrectionState, CorrectionVariant };
export type { PayNotifyReq } from './correction.requests';
/** A person being added or joining in an exchange: the contract's one person shape. */
export type PersonInput = PersonFields;
const ORDER_SCENARIOS = ['online', 'transfer', 'refund', 'none'] as const;
/** How the correction's money is settled: online / transfer when premium is due, refund, or none. */
export type OrderScenario = (typeof ORDER_SCENARIOS)[number];
const PAY_TYPES = ['online', 'transfer'] as const;
export type PayType = (typeof PAY_TYPES)[number];
/**
 * none: no payment exists yet; not_required: zero premium or a refund (payment skipped);
 * unpaid: a payment link is open; paid; failed: the cashier reported a failure (get a new link);
 * closed: the correction was cancelled; refunded: the refund was booked to the holder's account.
 */
const PAY_STATUSES = ['none', 'not_required', 'unpaid', 'paid', 'failed', 'closed', 'refunded'] as const;
export type PayStatus = (typeof PAY_STATUSES)[number];
/**
 * A correction's refund to the policyholder: processing from the day the correction takes effect until
 * the insurer's bank confirms it (refunded) or it comes back (failed, with why).
 */
export const REFUND_STATES = ['processing', 'refunded', 'failed'] as const;
export type RefundState = (typeof REFUND_STATES)[number];
/** Why a refund failed: no account in the holder's name on file, or what the bank answered. */
export const REFUND_FAILURES = ['noAccount', 'accountClosed', 'nameMismatch', 'bankReturned'] as const;
export type RefundFailure = (typeof REFUND_FAILURES)[number];
const DECISIONS = ['approved', 'rejected', 'pending'] as const;
/** What the portal may do next with a correction (derived from its state). */
const CORRECTION_ACTIONS = [
  'edit',
  'check',
  'underwrite',
  'selectScenario',
  'approve',
  'pay',
  'pollPayment',
  'delete',
  'downloadEndorsement',
] as const;
export type CorrectionAction = (typeof CORRECTION_ACTIONS)[number];

// ---------------------------------------------------------------- shared shapes

export const PolicySummary = Obj({
  policyId: Int(),
  policyNo: Str(),
  productName: Str(),
  kind: Str(),
  variant: Words(CORRECTION_VARIANTS),
  startDate: Day(),
  endDate: Day(),
  state: Code<PolicyState>('only policies in force can be corrected'),
  memberCount: Int(),
  minMembers: Int(),
  minAge: Int(),
  maxAge: Int(),
});
export type PolicySummary = Static<typeof PolicySummary>;

export const RiskCategoryRate = Obj({
  riskCategory: Int('1 (office work) .. 6 (most hazardous)'),
  annualPremiumFen: Int(),
  label: Str(),
});
export type RiskCategoryRate = Static<typeof RiskCategoryRate>;

export const Occupation = Obj({
  code: Str(),
  name: Str(),
  nameZh: Str(),
  riskCategory: Int(),
  allowed: Nullable(Bool('when a policyId was given: whether the policy has a rate for this risk category')),
});
export type Occupation = Static<typeof Occupation>;

const rosterPerson = {
  ...personRecord(),
  personId: Int(),
  policyId: Int(),
  age: Int(),
  effectiveDate: Day(),
  endDate: Nullable(Day()),
  state: Code<InsuredState>('1 insured, 2 removed'),
};
/** A person on a policy's roster (insured_person). ID number and phone are masked in lists (maskIdNumber). */
export const RosterPerson = Obj(rosterPerson);
export type RosterPerson = Static<typeof RosterPerson>;

export const PersonDetail = Obj({
  ...rosterPerson,
  policyNo: Str(),
  productName: Str(),
  bankName: Nullable(Str()),
  bankAccount: Nullable(Str('masked: only the last four digits shown')),
  claimCount: Int('claims reported for this person'),
  claimPaid: Bool('whether a claim was paid (a paid claim blocks a refund)'),
});
export type PersonDetail = Static<typeof PersonDetail>;

export const BankInfo = Obj({
  personId: Int(),
  name: Str(),
  bankName: Nullable(Str()),
  bankAccount: Nullable(Str()),
});
export type BankInfo = Static<typeof BankInfo>;

export const BankAccount = Obj({
  accountName: Str(),
  bankName: Str(),
  accountNo: Str("masked except the last four digits, unless it is the insurer's own receiving account"),
});
export type BankAccount = Static<typeof BankAccount>;

export const CorrectionSummary = Obj({
  correctionId: Int(),
  correctionNo: Str(),
  policyId: Int(),
  policyNo: Str(),
  productName: Str(),
  variant: Words(CORRECTION_VARIANTS),
  kind: Words(CORRECTION_KINDS),
  state: Words(CORRECTION_STATES),
  stateText: Str(),
  effectiveDate: Day(),
  itemCount: Int(),
  premiumFen: Int('sum of positive item premiums (fen)'),
  refundFen: Int('sum of refunds as a positive number (fen)'),
  netFen: Nullable(
    Int('premiumFen - refundFen: > 0 payment due, < 0 refund, 0 nothing to settle; null until underwritten'),
  ),
  scenario: Nullable(Words(ORDER_SCENARIOS)),
  payType: Nullable(Words(PAY_TYPES)),
  decision: Nullable(Words(DECISIONS)),
  reasons: List(Str(), 'why it was rejected or is pending'),
  reviewDueAt: Nullable(Str('when a pending correction will be decided by the underwriting desk')),
  createdAt: Moment(),
  updatedAt: Moment(),
  submittedAt: Nullable(Moment()),
  inForceAt: Nullable(Moment()),
  refundState: Nullable(Words(REFUND_STATES, 'where the refund to the holder stands; null when there is none')),
  preparedById: Int('the user who prepared it (with two-person approval, another sends it and pays)'),
  preparedBy: Nullable(Str("the preparer's name, in the records list (null elsewhere)")),
  returned: Nullable(
    Obj(
      { reason: Str(), by: Str('the name of who returned it'), at: Moment() },
      'returned to its preparer by a second person',
    ),
  ),
  actions: List(Words(CORRECTION_ACTIONS)),
});
export type CorrectionSummary = Static<typeof CorrectionSummary>;

export const CorrectionItem = Obj({
  ...personRecord(),
  itemId: Int(),
  action: Words(CORRECTION_KINDS),
  personId: Nullable(Int('the roster person removed, exchanged out or modified; null for an addition')),
  age: Int(),
  replaced: Nullable(
    Obj(
      { personId: Int(), name: Str(), idNumber: Str() },
      'exchange: the person leaving; modify: the person as they are before the change',
    ),
  ),
  changes: List(
    Obj({
      field: Type.Unsafe<keyof PersonFields>({ type: 'string', enum: PERSON_FIELD_NAMES }),
      before: Nullable(Str()),
      after: Nullable(Str()),
    }),
    'modify: the fields this line changes, with their value before (old -> new)',
  ),
  premiumFen: Nullable(Int('signed premium of this line (fen): > 0 due, < 0 refund; null before underwriting')),
  refundFen: Nullable(Int("exchange: the leaver's refund (fen, negative)")),
  joinerPremiumFen: Nullable(Int("exchange: the joiner's premium")),
  days: Nullable(Int('days charged or refunded (inclusive), null before underwriting')),
  refundWithheld: Bool('a refund withheld because a claim was paid for the person'),
  problems: List(Str(), "the last check's findings, in the request's language; empty when fine"),
});
export type CorrectionItem = Static<typeof CorrectionItem>;

/** An awaited bank transfer: where to, what to write on it, until when, and the receipt uploaded for it. */
export const TransferInfo = Obj({
  payee: BankAccount,
  reference: Str("the number to write in the remarks of the transfer (the payment attempt's number)"),
  deadline: Moment('the transfer must arrive by then, else the payment expires and the correction is cancelled'),
  receipt: Nullable(Obj({ fileName: Str(), size: Int(), uploadedAt: Moment() }, 'the last receipt uploaded')),
});
export type TransferInfo = Static<typeof TransferInfo>;

export const PaymentInfo = Obj({
  paymentNo: Str(),
  amountFen: Int(),
  payStatus: Words(PAY_STATUSES),
  payType: Nullable(Words(PAY_TYPES)),
  payUrl: Nullable(Str("path of the cashier page on the gateway's origin (open in a new window), while unpaid")),
  linkExpiresAt: Nullable(Str('while an online payment is open: until when its cashier link is valid')),
  paidAt: Nullable(Str()),
  transfer: Nullable(TransferInfo),
});
export type PaymentInfo = Static<typeof PaymentInfo>;

export const ImportRowError = Obj({
  row: Int('spreadsheet row number (the header is row 1 of the data sheet)'),
  name: Str(),
  idNumber: Str(),
  reasons: List(Str()),
});
export type ImportRowError = Static<typeof ImportRowError>;

export const ImportResult = Obj({
  importId: Int(),
  fileName: Str(),
  totalRows: Int(),
  errorRows: Int(),
  ok: Bool('true: every row was added to the draft; false: nothing was added, see errors / the error report'),
  errors: List(ImportRowError, 'the first 100 bad rows; the error report (downloadErrorExcel) has them all'),
  correction: Nullable(CorrectionSummary),
});
export type ImportResult = Static<typeof ImportResult>;

/** The refund of a correction whose net effect is a refund, as the holder follows it. */
export const RefundInfo = Obj({
  refundNo: Str(),
  amountFen: Int('the amount refunded (fen, positive)'),
  state: Words(REFUND_STATES),
  requestedAt: Moment('when the correction took effect and the refund was requested'),
  settledAt: Nullable(Moment('when it was refunded, or came back failed')),
  account: Nullable(BankAccount),
  failure: Nullable(Words(REFUND_FAILURES, 'why it failed')),
});
export type RefundInfo = Static<typeof RefundInfo>;

export const CorrectionDetail = Obj({
  correction: CorrectionSummary,
  policy: PolicySummary,
  items: PageOf(CorrectionItem),
  payment: Nullable(PaymentInfo),
  refund: Nullable(RefundInfo),
  lastImport: Nullable(ImportResult),
});
export type CorrectionDetail = Static<typeof CorrectionDetail>;

// ---------------------------------------------------------------- answers of the steps

export const CheckBeforeResult = Obj({
  policy: PolicySummary,
  /** The policy's unfinished correction, if any (only one may be open per policy). */
  openCorrection: Nullable(CorrectionSummary),
  earliestEffectiveDate: Day(),
  latestEffectiveDate: Day(),
  riskCategories: List(RiskCategoryRate),
});
export type CheckBeforeResult = Static<typeof CheckBeforeResult>;

export const DraftCheckResult = Obj({
  ok: Bool(),
  correction: CorrectionSummary,
  problems: List(
    Obj({ itemId: Int(), name: Str(), idNumber: Str(), reasons: List(Str()) }),
    'items with findings (at most 200); when not ok the call answers ERR_0003 with this as data',
  ),
});
export type DraftCheckResult = Static<typeof DraftCheckResult>;

export const UnderwritingResult = Obj({
  correction: CorrectionSummary,
  items: PageOf(CorrectionItem),
  yearDays: Int('days of the policy year'),
  days: Int('days from the effective date to the policy end (inclusive)'),
  rates: List(RiskCategoryRate),
});
export type UnderwritingResult = Static<typeof UnderwritingResult>;

export const ScenarioResult = Obj({
  allowed: List(Words(ORDER_SCENARIOS)),
  selected: Nullable(Words(ORDER_SCENARIOS)),
  correction: CorrectionSummary,
});
export type ScenarioResult = Static<typeof ScenarioResult>;

export const ApprovalResult = Obj({
  decision: Words(DECISIONS),
  reasons: List(Str()),
  correction: CorrectionSummary,
  paymentRequired: Bool('true when premium is due: next getPaymentLink; false: the change is already in force'),
});
export type ApprovalResult = Static<typeof ApprovalResult>;

export const PayTypeResult = Obj({
  payment: Nullable(PaymentInfo),
  payType: Words(PAY_TYPES),
  payTo: Nullable(BankAccount),
});
export type PayTypeResult = Static<typeof PayTypeResult>;

export const PayStatusResult = Obj({
  payStatus: Words(PAY_STATUSES),
  state: Words(CORRECTION_STATES),
  payment: Nullable(PaymentInfo),
});
export type PayStatusResult = Static<typeof PayStatusResult>;

export const PayNotifyResult = Obj({ accepted: Bool(), payStatus: Words(PAY_STATUSES) });
export type PayNotifyResult = Static<typeof PayNotifyResult>;

/** The data of a refusal about a person's fields: each field's sentences, to show on the field. */
export interface FieldRefusal {
  fields: Partial<Record<keyof PersonFields, string[]>>;
}

/** The answer of every call that changes a draft's lines. */
export const ItemChange = Obj({
  correction: CorrectionSummary,
  added: List(CorrectionItem, 'the lines this call added (at most 100; empty after a removal)'),
  draft: PageOf(CorrectionItem),
});
export type ItemChange = Static<typeof ItemChange>;

export const AccountInfo = Obj({
  holderName: Str(),
  refundAccount: Nullable(BankAccount),
  receivingAccount: BankAccount,
});
export type AccountInfo = Static<typeof AccountInfo>;

/** A field a reconciliation compares, with its value on the roster and in the file. */
export const FieldChange = Obj({
  field: Type.Unsafe<keyof PersonFields>({ type: 'string', enum: PERSON_FIELD_NAMES }),
  before: Nullable(Str()),
  after: Nullable(Str()),
});
export type FieldChange = Static<typeof FieldChange>;

const reconciledPerson = {
  name: Str(),
  idType: Str('the ID document type (residentId, passport, ...)'),
  idNumber: Str('masked'),
  department: Nullable(Str()),
  occupation: Nullable(Str("the occupation's name in the reader's language")),
  riskCategory: Nullable(Int()),
  premiumFen: Int('signed premium of the line as at the effective date (fen): > 0 due, < 0 refund'),
};

/** The company's whole roster compared with a policy's insured list (employee/reconcileRoster). */
export const Reconciliation = Obj({
  reconciliationId: Int(),
  policyId: Int(),
  policyNo: Str(),
  variant: Words(CORRECTION_VARIANTS),
  fileName: Str(),
  totalRows: Int('data rows read from the file'),
  effectiveDate: Day('the date the premiums are counted from, and the correction takes effect'),
  joiners: List(Obj({ row: Int('the row in the file'), ...reconciledPerson }), 'in the file, not insured'),
  leavers: List(
    Obj({
      personId: Int(),
      ...reconciledPerson,
      refundWithheld: Bool('a claim was paid for the person: no refund'),
    }),
    'insured, not in the file',
  ),
  changes: List(
    Obj({ personId: Int(), row: Int(), ...reconciledPerson, fields: List(FieldChange) }),
    'in both, with details that differ (fields compared only where the file has a value)',
  ),
  unchanged: Int('people in both whose details are the same'),
  errors: List(ImportRowError, 'rows that could not be compared or could not join, with the reasons (every row)'),
  openCorrection: Nullable(CorrectionSummary),
});
export type Reconciliation = Static<typeof Reconciliation>;

const xlsx = (what: string) => FileBody(what, [XLSX]);

export const correctionAnswers = {
  // ---- policies and rosters
  'blocLegal/employee/correctablePolicies': List(PolicySummary),
  'blocLegal/employee/employeeList': PageOf(RosterPerson),
  'blocLegal/employee/employeeListNew': PageOf(RosterPerson),
  'blocLegal/employee/employeeDetailNew': PersonDetail,
  'blocLegal/employee/bankInfo': BankInfo,
  'blocLegal/employee/getRiskCategories': List(RiskCategoryRate),
  'blocLegal/employee/likeOccupation': List(Occupation),
  'blocLegal/employee/downloadEmployeeListExcel': xlsx('the roster'),
  'blocLegal/correctInsured/getInsuranceList': PageOf(RosterPerson),
  'blocLegal/correctInsured/getInsuranceDetail': PersonDetail,
  'blocLegal/correctInsured/insuredBankInfo': BankInfo,
  'blocLegal/correctInsured/insuredAccountInfo': AccountInfo,
  'blocLegal/correctInsured/getInsuranceRiskCategories': List(RiskCategoryRate),
  'blocLegal/correctInsured/likeProfession': List(Occupation),

  // ---- checks
  'blocLegal/employee/checkBeforeCorrect': CheckBeforeResult,
  'blocLegal/employee/checkGroupEmployeeCorrect': DraftCheckResult,
  /** With correctionId: the draft checks and, when fine, underwriting; without: as checkBeforeCorrect. */
  'blocLegal/correctInsured/checkInsuredCorrect': Type.Union([CheckBeforeResult, UnderwritingResult]),

  // ---- editing the draft
  'blocLegal/employee/addSingleEmployee': ItemChange,
  'blocLegal/employee/addSingleEmployeeNew': ItemChange,
  'blocLegal/employee/addBatchEmployee': ImportResult,
  'blocLegal/employee/addBatchEmployeeNew': ImportResult,
  'blocLegal/employee/subtractEmployee': ItemChange,
  'blocLegal/employee/exchangeEmployee': ItemChange,
  'blocLegal/employee/exchangeEmployeeNew': ItemChange,
  'blocLegal/employee/groupSubtractUpload': ImportResult,
  'blocLegal/employee/groupExchangeUpload': ImportResult,
  'blocLegal/employee/removeCorrectItem': ItemChange,
  'blocLegal/employee/certificate': FileBody('the certificate of insurance of an insured person', [PDF]),
  'blocLegal/employee/certificates': FileBody('certificates of insurance, one PDF per person, in one zip', [ZIP]),
  'blocLegal/correctInsured/addSingleInsured': ItemChange,
  'blocLegal/correctInsured/addBatchInsured': ImportResult,
  'blocLegal/correctInsured/subtractInsured': ItemChange,
  'blocLegal/correctInsured/exchangeInsured': ItemChange,
  'blocLegal/correctInsured/modifyInsured': ItemChange,
  'blocLegal/correctInsured/subtractInsuredUpload': ImportResult,
  'blocLegal/correctInsured/exchangeInsuredUpload': ImportResult,
  'blocLegal/employee/reconcileRoster': Reconciliation,
  'blocLegal/employee/reconcileCorrect': ItemChange,

  // ---- files
  'blocLegal/employee/downImportEmployeeExcel': xlsx('the import template'),
  'blocLegal/employee/downloadGroupSubtractTemplate': xlsx('the removal template'),
  'blocLegal/employee/downloadGroupExchangeTemplate': xlsx('the exchange template'),
  'blocLegal/employee/downloadErrorExcel': xlsx("the import's error report"),
  'blocLegal/employee/downloadErrorExcelNew': xlsx("the import's error report"),
  'blocLegal/employee/downloadEndorsement': FileBody('the endorsement', [PDF]),
  'blocLegal/correctInsured/downloadExcelTemplate': xlsx('the import template'),
  'blocLegal/correctInsured/insuredDownErrorExcel': xlsx("the import's error report"),

  // ---- underwriting, approval, records
  'blocLegal/employee/underwriting': UnderwritingResult,
  'blocLegal/employee/selectOrderScenario': ScenarioResult,
  'blocLegal/employee/applyBusinessApprove': ApprovalResult,
  'blocLegal/employee/groupApplyBusinessApprove': ApprovalResult,
  'blocLegal/correctInsured/insuredApplyBusinessApprove': ApprovalResult,
  'blocLegal/employee/correctRecordList': PageOf(CorrectionSummary),
  'blocLegal/employee/correctDetail': CorrectionDetail,
  'blocLegal/employee/delCorrectRecord': CorrectionSummary,
  'blocLegal/employee/returnCorrection': CorrectionSummary,
  'blocLegal/correctInsured/delInsuredCorrectRecord': CorrectionSummary,

  // ---- payment
  'blocLegal/employee/getPaymentLink': PaymentInfo,
  'blocLegal/correctInsured/getInsuredPayLink': PaymentInfo,
  'blocLegal/employee/getPayStatus': PayStatusResult,
  'blocLegal/employee/updatePayType': PayTypeResult,
  'blocLegal/employee/downloadPaymentNotice': FileBody('the payment notice of an awaited transfer', [PDF]),
  'blocLegal/employee/uploadTransferReceipt': PaymentInfo,
  'blocLegal/correctInsured/updateInsuredPayType': PayTypeResult,
  'blocLegal/correctInsured/InsuredPayNotify': PayNotifyResult,
};
