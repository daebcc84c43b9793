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
import type { Page } from '../envelope';
import type { PersonFields, PersonRecord } from '../person';
import type { CorrectionKind, CorrectionState, CorrectionVariant, InsuredState, PolicyState } from '../states';

export type { CorrectionKind, CorrectionState, CorrectionVariant };
export type { PayNotifyReq } from './correction.requests';
/** A person being added or joining in an exchange: the contract's one person shape. */
export type PersonInput = PersonFields;
/** How the correction's money is settled: online / transfer when premium is due, refund, or none. */
export type OrderScenario = 'online' | 'transfer' | 'refund' | 'none';
export type PayType = 'online' | 'transfer';
/**
 * none: no payment exists yet; not_required: zero premium or a refund (payment skipped);
 * unpaid: a payment link is open; paid; failed: the cashier reported a failure (get a new link);
 * closed: the correction was cancelled; refunded: the refund was booked to the holder's account.
 */
export type PayStatus = 'none' | 'not_required' | 'unpaid' | 'paid' | 'failed' | 'closed' | 'refunded';
type Decision = 'approved' | 'rejected' | 'pending';
/** What the portal may do next with a correction (derived from its state). */
export type CorrectionAction =
  | 'edit'
  | 'check'
  | 'underwrite'
  | 'selectScenario'
  | 'approve'
  | 'pay'
  | 'pollPayment'
  | 'delete'
  | 'downloadEndorsement';

// ---------------------------------------------------------------- shared shapes

export interface PolicySummary {
  policyId: number;
  policyNo: string;
  productName: string;
  kind: string;
  variant: CorrectionVariant;
  startDate: string;
  endDate: string;
  /** Only policies in force can be corrected. */
  state: PolicyState;
  memberCount: number;
  minMembers: number;
  minAge: number;
  maxAge: number;
}

export interface RiskCategoryRate {
  /** 1 (office work) .. 6 (most hazardous). */
  riskCategory: number;
  annualPremiumFen: number;
  label: string;
}

export interface Occupation {
  code: string;
  name: string;
  nameZh: string;
  riskCategory: number;
  /** When a policyId was given: whether the policy has a rate for this risk category. */
  allowed: boolean | null;
}

/** A person on a policy's roster (insured_person). ID number and phone are masked in lists (maskIdNumber). */
export interface RosterPerson extends PersonRecord {
  personId: number;
  policyId: number;
  age: number;
  effectiveDate: string;
  endDate: string | null;
  state: InsuredState;
}

export interface PersonDetail extends RosterPerson {
  policyNo: string;
  productName: string;
  bankName: string | null;
  /** Masked: only the last four digits shown. */
  bankAccount: string | null;
  /** Claims reported for this person, and whether one was paid (a paid claim blocks a refund). */
  claimCount: number;
  claimPaid: boolean;
}

export interface BankInfo {
  personId: number;
  name: string;
  bankName: string | null;
  bankAccount: string | null;
}

export interface BankAccount {
  accountName: string;
  bankName: string;
  /** Masked except the last four digits, unless it is the insurer's own receiving account. */
  accountNo: string;
}

export interface CorrectionSummary {
  correctionId: number;
  correctionNo: string;
  policyId: number;
  policyNo: string;
  productName: string;
  variant: CorrectionVariant;
  kind: CorrectionKind;
  state: CorrectionState;
  stateText: string;
  effectiveDate: string;
  itemCount: number;
  /** Sum of positive item premiums (fen). */
  premiumFen: number;
  /** Sum of refunds as a positive number (fen). */
  refundFen: number;
  /** premiumFen - refundFen: > 0 payment due, < 0 refund, 0 nothing to settle. null until underwritten. */
  netFen: number | null;
  scenario: OrderScenario | null;
  payType: PayType | null;
  decision: Decision | null;
  /** Why it was rejected or is pending. */
  reasons: string[];
  /** When a pending correction will be decided by the underwriting desk. */
  reviewDueAt: string | null;
  createdAt: string;
  updatedAt: string;
  submittedAt: string | null;
  inForceAt: string | null;
  actions: CorrectionAction[];
}

export interface CorrectionItem extends PersonRecord {
  itemId: number;
  action: CorrectionKind;
  /** The roster person removed, exchanged out or modified; null for an addition. */
  personId: number | null;
  /** The person's fields: added, joining, after the modification, or (subtract) the person leaving. */
  age: number;
  /** Exchange: the person leaving. Modify: the person as they are before the change. */
  replaced: { personId: number; name: string; idNumber: string } | null;
  /** Modify: the fields this line changes, with their value before (old -> new). */
  changes: Array<{ field: keyof PersonFields; before: string | null; after: string | null }>;
  /** Signed premium of this line (fen): > 0 due, < 0 refund; null before underwriting. */
  premiumFen: number | null;
  /** Exchange: the leaver's refund (fen, negative) and the joiner's premium that make premiumFen. */
  refundFen: number | null;
  joinerPremiumFen: number | null;
  /** Days charged or refunded (inclusive), null before underwriting. */
  days: number | null;
  /** A refund withheld because a claim was paid for the person. */
  refundWithheld: boolean;
  /** The last check's findings, in the request's language; empty when fine. */
  problems: string[];
}

export interface PaymentInfo {
  paymentNo: string;
  amountFen: number;
  payStatus: PayStatus;
  payType: PayType | null;
  /** Path of the cashier page on the gateway's origin (open in a new window), while unpaid. */
  payUrl: string | null;
  linkExpiresAt: string | null;
  paidAt: string | null;
}

export interface ImportRowError {
  /** Spreadsheet row number (the header is row 1 of the data sheet). */
  row: number;
  name: string;
  idNumber: string;
  reasons: string[];
}

export interface ImportResult {
  importId: number;
  fileName: string;
  totalRows: number;
  errorRows: number;
  /** true: every row was added to the draft; false: nothing was added, see errors / the error report. */
  ok: boolean;
  /** The first 100 bad rows; the error report (downloadErrorExcel) has them all. */
  errors: ImportRowError[];
  correction: CorrectionSummary | null;
}

export interface CorrectionDetail {
  correction: CorrectionSummary;
  policy: PolicySummary;
  items: Page<CorrectionItem>;
  payment: PaymentInfo | null;
  lastImport: ImportResult | null;
}

// ---------------------------------------------------------------- answers of the steps

export interface CheckBeforeResult {
  policy: PolicySummary;
  /** The policy's unfinished correction, if any (only one may be open per policy). */
  openCorrection: CorrectionSummary | null;
  earliestEffectiveDate: string;
  latestEffectiveDate: string;
  riskCategories: RiskCategoryRate[];
}

export interface DraftCheckResult {
  ok: boolean;
  correction: CorrectionSummary;
  /** Items with findings (at most 200). When not ok the call answers ERR_0003 with this as data. */
  problems: Array<{ itemId: number; name: string; idNumber: string; reasons: string[] }>;
}

export interface UnderwritingResult {
  correction: CorrectionSummary;
  /** Per-person figures (page of the items). */
  items: Page<CorrectionItem>;
  /** Days of the policy year and days from the effective date to the policy end (inclusive). */
  yearDays: number;
  days: number;
  rates: RiskCategoryRate[];
}

export interface ScenarioResult {
  allowed: OrderScenario[];
  selected: OrderScenario | null;
  correction: CorrectionSummary;
}

export interface ApprovalResult {
  decision: Decision;
  reasons: string[];
  correction: CorrectionSummary;
  /** true when premium is due: next getPaymentLink; false: the change is already in force. */
  paymentRequired: boolean;
}

export interface PayTypeResult {
  /** The open payment, or null before getPaymentLink (the choice is kept for it). */
  payment: PaymentInfo | null;
  payType: PayType;
  /** For 'transfer': the insurer's account to transfer to, quoting the payment number. */
  payTo: BankAccount | null;
}

export interface PayStatusResult {
  payStatus: PayStatus;
  state: CorrectionState;
  payment: PaymentInfo | null;
}

export interface PayNotifyResult {
  accepted: boolean;
  payStatus: PayStatus;
}

/** The data of a refusal about a person's fields: each field's sentences, to show on the field. */
export interface FieldRefusal {
  fields: Partial<Record<keyof PersonFields, string[]>>;
}

/** The answer of every call that changes a draft's lines. */
export interface ItemChange {
  correction: CorrectionSummary;
  /** The lines this call added (at most 100; empty after a removal). */
  added: CorrectionItem[];
  /** The draft as it stands after the call: its first page of lines (up to 100) and their total. */
  draft: Page<CorrectionItem>;
}

export interface AccountInfo {
  holderName: string;
  /** Where refunds go (the holder's account on file), or null when none is on file. */
  refundAccount: BankAccount | null;
  /** Where a transfer pays the premium to. */
  receivingAccount: BankAccount;
}

/** A call's answer (its request is the schema's: correction.requests.ts). */
type Call<S> = { res: S };

export interface CorrectionIO {
  // ---- policies and rosters
  'blocLegal/employee/correctablePolicies': Call<PolicySummary[]>;
  'blocLegal/employee/employeeList': Call<Page<RosterPerson>>;
  'blocLegal/employee/employeeListNew': Call<Page<RosterPerson>>;
  'blocLegal/employee/employeeDetailNew': Call<PersonDetail>;
  'blocLegal/employee/bankInfo': Call<BankInfo>;
  'blocLegal/employee/getRiskCategories': Call<RiskCategoryRate[]>;
  'blocLegal/employee/likeOccupation': Call<Occupation[]>;
  'blocLegal/employee/downloadEmployeeListExcel': Call<Blob>;
  'blocLegal/correctInsured/getInsuranceList': Call<Page<RosterPerson>>;
  'blocLegal/correctInsured/getInsuranceDetail': Call<PersonDetail>;
  'blocLegal/correctInsured/insuredBankInfo': Call<BankInfo>;
  'blocLegal/correctInsured/insuredAccountInfo': Call<AccountInfo>;
  'blocLegal/correctInsured/getInsuranceRiskCategories': Call<RiskCategoryRate[]>;
  'blocLegal/correctInsured/likeProfession': Call<Occupation[]>;

  // ---- checks
  'blocLegal/employee/checkBeforeCorrect': Call<CheckBeforeResult>;
  'blocLegal/employee/checkGroupEmployeeCorrect': Call<DraftCheckResult>;
  /** With correctionId: the draft checks and, when fine, underwriting (answers UnderwritingResult); without: as checkBeforeCorrect. */
  'blocLegal/correctInsured/checkInsuredCorrect': Call<CheckBeforeResult | UnderwritingResult>;

  // ---- editing the draft
  'blocLegal/employee/addSingleEmployee': Call<ItemChange>;
  'blocLegal/employee/addSingleEmployeeNew': Call<ItemChange>;
  'blocLegal/employee/addBatchEmployee': Call<ImportResult>;
  'blocLegal/employee/addBatchEmployeeNew': Call<ImportResult>;
  'blocLegal/employee/subtractEmployee': Call<ItemChange>;
  'blocLegal/employee/exchangeEmployee': Call<ItemChange>;
  'blocLegal/employee/exchangeEmployeeNew': Call<ItemChange>;
  'blocLegal/employee/groupSubtractUpload': Call<ImportResult>;
  'blocLegal/employee/groupExchangeUpload': Call<ImportResult>;
  'blocLegal/employee/removeCorrectItem': Call<ItemChange>;
  'blocLegal/correctInsured/addSingleInsured': Call<ItemChange>;
  'blocLegal/correctInsured/addBatchInsured': Call<ImportResult>;
  'blocLegal/correctInsured/subtractInsured': Call<ItemChange>;
  'blocLegal/correctInsured/exchangeInsured': Call<ItemChange>;
  'blocLegal/correctInsured/modifyInsured': Call<ItemChange>;
  'blocLegal/correctInsured/subtractInsuredUpload': Call<ImportResult>;
  'blocLegal/correctInsured/exchangeInsuredUpload': Call<ImportResult>;

  // ---- files
  'blocLegal/employee/downImportEmployeeExcel': Call<Blob>;
  'blocLegal/employee/downloadGroupSubtractTemplate': Call<Blob>;
  'blocLegal/employee/downloadGroupExchangeTemplate': Call<Blob>;
  'blocLegal/employee/downloadErrorExcel': Call<Blob>;
  'blocLegal/employee/downloadErrorExcelNew': Call<Blob>;
  'blocLegal/employee/downloadEndorsement': Call<Blob>;
  'blocLegal/correctInsured/downloadExcelTemplate': Call<Blob>;
  'blocLegal/correctInsured/insuredDownErrorExcel': Call<Blob>;

  // ---- underwriting, approval, records
  'blocLegal/employee/underwriting': Call<UnderwritingResult>;
  'blocLegal/employee/selectOrderScenario': Call<ScenarioResult>;
  'blocLegal/employee/applyBusinessApprove': Call<ApprovalResult>;
  'blocLegal/employee/groupApplyBusinessApprove': Call<ApprovalResult>;
  'blocLegal/correctInsured/insuredApplyBusinessApprove': Call<ApprovalResult>;
  'blocLegal/employee/correctRecordList': Call<Page<CorrectionSummary>>;
  'blocLegal/employee/correctDetail': Call<CorrectionDetail>;
  'blocLegal/employee/delCorrectRecord': Call<CorrectionSummary>;
  'blocLegal/correctInsured/delInsuredCorrectRecord': Call<CorrectionSummary>;

  // ---- payment
  'blocLegal/employee/getPaymentLink': Call<PaymentInfo>;
  'blocLegal/correctInsured/getInsuredPayLink': Call<PaymentInfo>;
  'blocLegal/employee/getPayStatus': Call<PayStatusResult>;
  'blocLegal/employee/updatePayType': Call<PayTypeResult>;
  'blocLegal/correctInsured/updateInsuredPayType': Call<PayTypeResult>;
  'blocLegal/correctInsured/InsuredPayNotify': Call<PayNotifyResult>;
}
