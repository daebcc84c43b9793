/**
 * Request and response types of the correction calls (issue 5): employee/... (group policies whose
 * roster is an employee list), the ...New calls (group employer policies whose people carry an
 * occupation risk category) and correctInsured/... (policies whose roster is a list of insured
 * persons). One gateway service serves the three variants; docs/corrections.md describes each call,
 * its states and its rules.
 *
 * Wire rules: form fields are strings on the wire; numbers below are sent as decimal text and
 * `JsonOf<T>` fields as JSON text (JSON.stringify). Money is integer fen (positive = premium due,
 * negative = refund). Dates are YYYY-MM-DD. Every creating call carries an `idempotencyKey`
 * (8-64 characters of A-Z a-z 0-9 _ -): the same key answers the same result and changes nothing twice.
 */
import type { Page } from '../envelope';

/** A JSON value sent as text in a form field. */
type JsonOf<T> = string & { readonly __json?: T };

/** Which calls correct a policy's roster (policy.roster). */
export type CorrectionVariant = 'employee' | 'employeeNew' | 'insured';
/** What a correction does; fixed when the draft is created. */
export type CorrectionKind = 'add' | 'subtract' | 'exchange' | 'modify';
/**
 * draft -> checked -> underwritten -> approved | rejected | pending -> awaiting_payment -> in_force;
 * cancelled from any state before in_force. Editing a draft that is checked, underwritten or rejected
 * puts it back to draft. See docs/corrections.md for the call that makes each move.
 */
export type CorrectionState =
  | 'draft'
  | 'checked'
  | 'underwritten'
  | 'approved'
  | 'rejected'
  | 'pending'
  | 'awaiting_payment'
  | 'in_force'
  | 'cancelled';
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
export type Sex = 'male' | 'female';
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
  /** 1 in force (only in-force policies can be corrected). */
  state: number;
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

/** A person on a policy's roster (insured_person). */
export interface RosterPerson {
  personId: number;
  policyId: number;
  name: string;
  /** Masked in lists (first 4 and last 4 characters); full in the detail. */
  idNumber: string;
  sex: Sex;
  birthdate: string;
  age: number;
  /** Masked in lists (middle four digits). */
  phone: string | null;
  employeeNo: string | null;
  department: string | null;
  occupationCode: string | null;
  occupationName: string | null;
  riskCategory: number | null;
  effectiveDate: string;
  endDate: string | null;
  /** 1 insured, 2 removed. */
  state: number;
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

/** The data of a person being added (or joining in an exchange). */
export interface PersonInput {
  name: string;
  idNumber: string;
  /** Optional; when given they must agree with the ID number. */
  sex?: Sex;
  birthdate?: string;
  /** Mainland mobile number, 11 digits starting with 1[3-9]. */
  phone?: string;
  employeeNo?: string;
  department?: string;
  /** Required for employeeNew policies; optional otherwise. From likeOccupation / likeProfession. */
  occupationCode?: string;
  bankName?: string;
  bankAccount?: string;
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

export interface CorrectionItem {
  itemId: number;
  action: CorrectionKind;
  /** The roster person removed, exchanged out or modified; null for an addition. */
  personId: number | null;
  /** The person added / joining / after modification (for subtract: the person leaving). */
  name: string;
  idNumber: string;
  sex: Sex;
  birthdate: string;
  age: number;
  phone: string | null;
  employeeNo: string | null;
  department: string | null;
  occupationCode: string | null;
  occupationName: string | null;
  riskCategory: number | null;
  /** Exchange: the person leaving. */
  replaced: { personId: number; name: string; idNumber: string } | null;
  /** Signed premium of this line (fen): > 0 due, < 0 refund; null before underwriting. */
  premiumFen: number | null;
  /** Days charged or refunded (inclusive), null before underwriting. */
  days: number | null;
  /** A refund withheld because a claim was paid for the person. */
  refundWithheld: boolean;
  /** The last check's findings; empty when fine. */
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

// ---------------------------------------------------------------- requests

/** Fields of every call that creates or changes a correction. */
interface CreateBase {
  policyId: number;
  /** Continue this draft; omit to start a new one (refused when the policy has an open correction). */
  correctionId?: number;
  /** Required when a draft is created; when given later it changes the draft's date (back to draft). */
  effectiveDate?: string;
  idempotencyKey: string;
}

interface UploadReq extends CreateBase {
  /** The .xlsx file (multipart field `file`), at most 10 MB and 10,000 data rows. */
  file: Blob;
}

interface RosterQuery {
  policyId: number;
  /** Name, ID number or employee number (contains). */
  keyword?: string;
  /** 1 insured (default), 2 removed. */
  state?: number;
  /** employeeListNew / getInsuranceList: only this risk category. */
  riskCategory?: number;
  pageNum?: number;
  pageSize?: number;
}

interface CorrectionRef {
  correctionId: number;
}

interface DetailQuery extends CorrectionRef {
  /** Page of the items (default 1, size 50, at most 500). */
  pageNum?: number;
  pageSize?: number;
}

interface CheckBeforeReq {
  policyId: number;
  kind: CorrectionKind;
  effectiveDate?: string;
}

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

interface ScenarioReq extends CorrectionRef {
  /** Omit to ask which scenarios are allowed. */
  scenario?: OrderScenario;
}

export interface ScenarioResult {
  allowed: OrderScenario[];
  selected: OrderScenario | null;
  correction: CorrectionSummary;
}

interface ApprovalReq extends CorrectionRef {
  idempotencyKey: string;
}

export interface ApprovalResult {
  decision: Decision;
  reasons: string[];
  correction: CorrectionSummary;
  /** true when premium is due: next getPaymentLink; false: the change is already in force. */
  paymentRequired: boolean;
}

interface PayLinkReq extends CorrectionRef {
  idempotencyKey: string;
}

interface PayTypeReq extends CorrectionRef {
  payType: PayType;
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

/** The cashier's notification (anonymous; authenticated by the payment's signature). */
export interface PayNotifyReq {
  paymentNo: string;
  result: 'paid' | 'failed';
  amountFen: number;
  /** A unique id of this notification from the cashier. */
  notifyId: string;
  /** hex HMAC-SHA256 of `${paymentNo}|${result}|${amountFen}|${notifyId}` under the payment's secret. */
  sign: string;
}

export interface PayNotifyResult {
  accepted: boolean;
  payStatus: PayStatus;
}

interface RecordQuery {
  policyId?: number;
  state?: CorrectionState;
  variant?: CorrectionVariant;
  pageNum?: number;
  pageSize?: number;
}

interface SubtractReq extends CreateBase {
  personIds: JsonOf<number[]>;
}

interface ExchangeReq extends CreateBase, PersonInput {
  /** The roster person leaving. */
  personId: number;
}

export interface ModifyReq extends CreateBase {
  personId: number;
  name?: string;
  phone?: string;
  employeeNo?: string;
  department?: string;
  occupationCode?: string;
  bankName?: string;
  bankAccount?: string;
}

interface RemoveItemsReq extends CorrectionRef {
  itemIds: JsonOf<number[]>;
}

export interface ItemChange {
  correction: CorrectionSummary;
  items: CorrectionItem[];
}

interface TemplateQuery {
  /** The template's columns follow this policy's roster (occupation column for employeeNew). */
  policyId?: number;
  /** Without a policy: 1 = the employer (New) template. */
  newFlag?: number;
}

interface ImportRef {
  importId: number;
}

interface OccupationQuery {
  keyword: string;
  policyId?: number;
  limit?: number;
}

export interface AccountInfo {
  holderName: string;
  /** Where refunds go (the holder's account on file), or null when none is on file. */
  refundAccount: BankAccount | null;
  /** Where a transfer pays the premium to. */
  receivingAccount: BankAccount;
}

type Call<Q, S> = { req: Q; res: S };

export interface CorrectionIO {
  // ---- policies and rosters
  'blocLegal/employee/correctablePolicies': Call<{ variant?: CorrectionVariant }, PolicySummary[]>;
  'blocLegal/employee/employeeList': Call<RosterQuery, Page<RosterPerson>>;
  'blocLegal/employee/employeeListNew': Call<RosterQuery, Page<RosterPerson>>;
  'blocLegal/employee/employeeDetailNew': Call<{ personId: number }, PersonDetail>;
  'blocLegal/employee/bankInfo': Call<{ personId: number }, BankInfo>;
  'blocLegal/employee/getRiskCategories': Call<{ policyId: number }, RiskCategoryRate[]>;
  'blocLegal/employee/likeOccupation': Call<OccupationQuery, Occupation[]>;
  'blocLegal/employee/downloadEmployeeListExcel': Call<RosterQuery, Blob>;
  'blocLegal/correctInsured/getInsuranceList': Call<RosterQuery, Page<RosterPerson>>;
  'blocLegal/correctInsured/getInsuranceDetail': Call<{ personId: number }, PersonDetail>;
  'blocLegal/correctInsured/insuredBankInfo': Call<{ personId: number }, BankInfo>;
  'blocLegal/correctInsured/insuredAccountInfo': Call<{ policyId: number }, AccountInfo>;
  'blocLegal/correctInsured/getInsuranceRiskCategories': Call<{ policyId: number }, RiskCategoryRate[]>;
  'blocLegal/correctInsured/likeProfession': Call<OccupationQuery, Occupation[]>;

  // ---- checks
  'blocLegal/employee/checkBeforeCorrect': Call<CheckBeforeReq, CheckBeforeResult>;
  'blocLegal/employee/checkGroupEmployeeCorrect': Call<CorrectionRef, DraftCheckResult>;
  /** With correctionId: the draft checks and, when fine, underwriting (answers UnderwritingResult); without: as checkBeforeCorrect. */
  'blocLegal/correctInsured/checkInsuredCorrect': Call<
    Partial<CorrectionRef> & Partial<CheckBeforeReq>,
    CheckBeforeResult | UnderwritingResult
  >;

  // ---- editing the draft
  'blocLegal/employee/addSingleEmployee': Call<CreateBase & PersonInput, ItemChange>;
  'blocLegal/employee/addSingleEmployeeNew': Call<CreateBase & PersonInput, ItemChange>;
  'blocLegal/employee/addBatchEmployee': Call<UploadReq, ImportResult>;
  'blocLegal/employee/addBatchEmployeeNew': Call<UploadReq, ImportResult>;
  'blocLegal/employee/subtractEmployee': Call<SubtractReq, ItemChange>;
  'blocLegal/employee/exchangeEmployee': Call<ExchangeReq, ItemChange>;
  'blocLegal/employee/exchangeEmployeeNew': Call<ExchangeReq, ItemChange>;
  'blocLegal/employee/groupSubtractUpload': Call<UploadReq, ImportResult>;
  'blocLegal/employee/groupExchangeUpload': Call<UploadReq, ImportResult>;
  'blocLegal/employee/removeCorrectItem': Call<RemoveItemsReq, ItemChange>;
  'blocLegal/correctInsured/addSingleInsured': Call<CreateBase & PersonInput, ItemChange>;
  'blocLegal/correctInsured/addBatchInsured': Call<UploadReq, ImportResult>;
  'blocLegal/correctInsured/subtractInsured': Call<SubtractReq, ItemChange>;
  'blocLegal/correctInsured/exchangeInsured': Call<ExchangeReq, ItemChange>;
  'blocLegal/correctInsured/modifyInsured': Call<ModifyReq, ItemChange>;
  'blocLegal/correctInsured/subtractInsuredUpload': Call<UploadReq, ImportResult>;
  'blocLegal/correctInsured/exchangeInsuredUpload': Call<UploadReq, ImportResult>;

  // ---- files
  'blocLegal/employee/downImportEmployeeExcel': Call<TemplateQuery, Blob>;
  'blocLegal/employee/downloadGroupSubtractTemplate': Call<TemplateQuery, Blob>;
  'blocLegal/employee/downloadGroupExchangeTemplate': Call<TemplateQuery, Blob>;
  'blocLegal/employee/downloadErrorExcel': Call<ImportRef, Blob>;
  'blocLegal/employee/downloadErrorExcelNew': Call<ImportRef, Blob>;
  'blocLegal/employee/downloadEndorsement': Call<CorrectionRef, Blob>;
  'blocLegal/correctInsured/downloadExcelTemplate': Call<TemplateQuery, Blob>;
  'blocLegal/correctInsured/insuredDownErrorExcel': Call<ImportRef, Blob>;

  // ---- underwriting, approval, records
  'blocLegal/employee/underwriting': Call<DetailQuery, UnderwritingResult>;
  'blocLegal/employee/selectOrderScenario': Call<ScenarioReq, ScenarioResult>;
  'blocLegal/employee/applyBusinessApprove': Call<ApprovalReq, ApprovalResult>;
  'blocLegal/employee/groupApplyBusinessApprove': Call<ApprovalReq, ApprovalResult>;
  'blocLegal/correctInsured/insuredApplyBusinessApprove': Call<ApprovalReq, ApprovalResult>;
  'blocLegal/employee/correctRecordList': Call<RecordQuery, Page<CorrectionSummary>>;
  'blocLegal/employee/correctDetail': Call<DetailQuery, CorrectionDetail>;
  'blocLegal/employee/delCorrectRecord': Call<CorrectionRef, CorrectionSummary>;
  'blocLegal/correctInsured/delInsuredCorrectRecord': Call<CorrectionRef, CorrectionSummary>;

  // ---- payment
  'blocLegal/employee/getPaymentLink': Call<PayLinkReq, PaymentInfo>;
  'blocLegal/correctInsured/getInsuredPayLink': Call<PayLinkReq, PaymentInfo>;
  'blocLegal/employee/getPayStatus': Call<CorrectionRef, PayStatusResult>;
  'blocLegal/employee/updatePayType': Call<PayTypeReq, PayTypeResult>;
  'blocLegal/correctInsured/updateInsuredPayType': Call<PayTypeReq, PayTypeResult>;
  'blocLegal/correctInsured/InsuredPayNotify': Call<PayNotifyReq, PayNotifyResult>;
}
