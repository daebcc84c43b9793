/**
 * Request and response types of the policy area: policies (corporate and individual), their
 * documents, insurance records, the insured-person lookup and claims. Money is integer fen; dates
 * are YYYY-MM-DD; codes (kind, state) are translated by the portal's catalogue.
 */
import type { Page } from '../envelope';

export type PolicyKind =
  'property' | 'motor' | 'employer' | 'group_accident' | 'group_health' | 'group_life' | 'life' | 'health';
export const POLICY_KINDS: readonly PolicyKind[] = [
  'property',
  'motor',
  'employer',
  'group_accident',
  'group_health',
  'group_life',
  'life',
  'health',
];
/** Kinds whose people are on a roster (the group and employer policies). */
export const GROUP_KINDS: readonly PolicyKind[] = ['employer', 'group_accident', 'group_health', 'group_life'];
/** Personal-insurance kinds: their e-policy is the life policy download and they have premium receipts. */
export const LIFE_KINDS: readonly PolicyKind[] = ['life', 'health', 'group_life', 'group_health', 'group_accident'];

/** 1 in force, 2 expired, 3 pending payment, 4 cancelled, 5 surrendered. */
export type PolicyStateCode = 1 | 2 | 3 | 4 | 5;
type SortOrder = 'ascend' | 'descend';

/** A page of a paginated list request (numbers travel as form strings). */
interface PageQuery {
  pageNum?: number | string;
  pageSize?: number | string;
}

export interface PolicyRow {
  policyNo: string;
  kind: PolicyKind;
  productCode: string;
  productName: string;
  state: number;
  holderName: string;
  insuredName: string | null;
  issueDate: string;
  startDate: string;
  endDate: string;
  premiumFen: number;
  sumInsuredFen: number;
  /** 1 paid, 2 unpaid. */
  paymentState: number;
  /** 1 renews automatically, 2 does not. */
  autoRenew: number;
  /** 'employee' | 'employeeNew' | 'insured' | null. */
  roster: string | null;
  /** People insured now (group policies; 0 for the others). */
  insuredCount: number;
  /** Days from today to the end of the period (negative once ended). */
  daysToEnd: number;
}

export interface LegalPolicyListQuery extends PageQuery {
  policyNo?: string;
  /** Part of the product name. */
  productName?: string;
  /** One kind or several separated by commas. */
  kind?: string;
  state?: number | string;
  /** The period: policies whose period overlaps [periodFrom, periodTo]. */
  periodFrom?: string;
  periodTo?: string;
  /** Only policies in force that end within this many days. */
  expiringWithinDays?: number | string;
  sortField?: 'policyNo' | 'productName' | 'startDate' | 'endDate' | 'premium' | 'issueDate';
  sortOrder?: SortOrder;
}

export interface LegalPolicyPage extends Page<PolicyRow> {
  /** Policies of the filtered kinds by state (ignoring the state filter), for tabs and the home block. */
  stateCounts: Record<string, number>;
  /** Policies in force ending within 30 days (same kinds). */
  expiringSoon: number;
}

export interface PolicyRisk {
  code: string;
  name: string;
  sumInsuredFen: number;
  premiumFen: number;
  deductible: string | null;
}

export interface PolicyRate {
  riskCategory: number;
  annualPremiumFen: number;
}

export interface PolicyPayment {
  paymentNo: string;
  description: string;
  amountFen: number;
  /** 1 unpaid, 2 paid, 3 failed, 4 closed, 5 refunded. */
  state: number;
  payType: string | null;
  paidAt: string | null;
  invoiced: boolean;
}

/** A document the portal can download for a policy, with the call that produces it. */
export interface PolicyDocument {
  kind: 'ePolicy' | 'lifePolicy' | 'employerCertificate' | 'premiumReceipt';
  call: string;
  name: string;
  /** Extra values the call needs beside policyNo (a receipt's paymentNo). */
  params?: Record<string, string>;
}

interface PolicyHolder {
  name: string;
  /** Unified social credit code of a company, or a masked ID number of a person. */
  creditCode: string | null;
  contactName: string | null;
  contactPhone: string | null;
  address: string | null;
}

export interface PolicyDetail extends PolicyRow {
  holder: PolicyHolder;
  /** Kind-specific details (vehicle, insured address, beneficiaries, limits...). */
  details: Record<string, unknown>;
  risks: PolicyRisk[];
  rates: PolicyRate[];
  payments: PolicyPayment[];
  minMembers: number;
  minAge: number;
  maxAge: number;
  claimCount: number;
  documents: PolicyDocument[];
}

interface Vehicle {
  plateNo: string;
  vin: string;
  engineNo: string;
  brandModel: string;
  vehicleType: string;
  seats: number;
  usage: string;
  registerDate: string;
  purchasePriceFen: number;
  driverScope: string;
  compulsoryPolicyNo: string | null;
}

export interface MotorPolicyDetail extends PolicyDetail {
  vehicle: Vehicle;
  /** No-claim discount: the coefficient applied and the claim-free years behind it. */
  ncd: { coefficient: number; claimFreeYears: number };
}

export interface InsuranceInformation {
  policyNo: string;
  roster: string | null;
  insuredCount: number;
  removedCount: number;
  minMembers: number;
  minAge: number;
  maxAge: number;
  averageAge: number | null;
  maleCount: number;
  femaleCount: number;
  byRiskCategory: Array<{ riskCategory: number; count: number; annualPremiumFen: number | null }>;
  byDepartment: Array<{ department: string; count: number }>;
}

interface PolicyNoQuery {
  policyNo: string;
}

export interface PersonalPolicyQuery extends PageQuery {
  kind?: string;
  state?: number | string;
}

export interface PremiumReceipt {
  paymentNo: string;
  description: string;
  amountFen: number;
  paidAt: string;
  payType: string | null;
  invoiced: boolean;
}

export interface InsuranceRecordRow {
  recordNo: string;
  policyNo: string;
  productName: string;
  kind: PolicyKind;
  /** 'issue' | 'add' | 'remove' | 'endorsement' | 'renewal'. */
  recordType: string;
  title: string;
  description: string;
  headcountChange: number;
  premiumChangeFen: number;
  effectiveDate: string;
  /** 1 effective, 2 pending. */
  state: number;
}

export interface InsuranceRecordQuery extends PageQuery {
  policyNo?: string;
  recordType?: string;
  dateFrom?: string;
  dateTo?: string;
  sortOrder?: SortOrder;
}

export interface InsuranceRecordItem {
  action: string;
  name: string;
  /** Masked: the first 6 and last 4 characters. */
  idNumber: string;
  premiumFen: number;
}

export interface InsuranceRecordInfo extends InsuranceRecordRow {
  createdAt: string;
  items: Page<InsuranceRecordItem>;
}

export interface InsuranceRecordInfoQuery extends PageQuery {
  recordNo: string;
}

export interface InsuredPersonRow {
  id: number;
  name: string;
  /** Masked unless the search was by this very number. */
  idNumber: string;
  sex: string;
  birthdate: string;
  age: number;
  employeeNo: string | null;
  department: string | null;
  occupationName: string | null;
  riskCategory: number | null;
  policyNo: string;
  productName: string;
  kind: PolicyKind;
  effectiveDate: string;
  endDate: string | null;
  /** 1 insured, 2 removed. */
  state: number;
}

export interface InsuredPersonQuery extends PageQuery {
  /** A name (its beginning) or an ID number (its beginning, at least 6 characters). */
  keyword?: string;
  name?: string;
  idNumber?: string;
  policyNo?: string;
  state?: number | string;
  sortField?: 'name' | 'effectiveDate' | 'employeeNo';
  sortOrder?: SortOrder;
}

export interface ClaimRow {
  claimNo: string;
  policyNo: string;
  productName: string;
  kind: PolicyKind;
  claimantName: string;
  accidentDate: string;
  reportDate: string;
  /** 1 reported, 2 under review, 3 approved, 4 paid, 5 rejected, 6 closed. */
  state: number;
  cause: string;
  claimedFen: number;
  approvedFen: number;
  paidFen: number;
}

export interface ClaimListQuery extends PageQuery {
  claimNo?: string;
  policyNo?: string;
  claimantName?: string;
  state?: number | string;
  reportFrom?: string;
  reportTo?: string;
  sortField?: 'reportDate' | 'accidentDate' | 'claimedFen' | 'claimNo';
  sortOrder?: SortOrder;
}

export interface ClaimPage extends Page<ClaimRow> {
  stateCounts: Record<string, number>;
}

interface ClaimEvent {
  at: string;
  state: number;
  title: string;
  text: string;
}

interface ClaimDocument {
  name: string;
  /** 1 received, 2 outstanding. */
  state: number;
  receivedAt: string | null;
}

export interface ClaimDetail extends ClaimRow {
  description: string;
  policy: {
    policyNo: string;
    productName: string;
    kind: PolicyKind;
    startDate: string;
    endDate: string;
    holderName: string;
  };
  insured: { name: string; idNumber: string; department: string | null; employeeNo: string | null } | null;
  timeline: ClaimEvent[];
  documents: ClaimDocument[];
  updatedAt: string;
}

interface ClaimNoQuery {
  claimNo: string;
}

export interface PolicyIO {
  'blocLegal/legalPolicy/getLegalPolicyList': { req: LegalPolicyListQuery; res: LegalPolicyPage };
  'blocLegal/legalPolicy/getLegalPolicyInfo': { req: PolicyNoQuery; res: PolicyDetail };
  'blocLegal/legalPolicy/getRisk': {
    req: PolicyNoQuery;
    res: { policyNo: string; risks: PolicyRisk[]; rates: PolicyRate[] };
  };
  'blocLegal/legalPolicy/getInsuranceInformation': { req: PolicyNoQuery; res: InsuranceInformation };
  'blocLegal/policy/policyList': { req: PersonalPolicyQuery; res: Page<PolicyRow> };
  'blocLegal/policy/carPolicyQuery': { req: PolicyNoQuery; res: MotorPolicyDetail };
  'blocLegal/policy/noCarPolicyQueryEcenter': { req: PolicyNoQuery; res: PolicyDetail };
  'blocLegal/policyDownload/download': { req: PolicyNoQuery; res: Blob };
  'blocLegal/electronicDocuments/lifePolicyDownload': { req: PolicyNoQuery; res: Blob };
  'blocLegal/electronicDocuments/queryInvoice': { req: PolicyNoQuery; res: PremiumReceipt[] };
  'blocLegal/electronicDocuments/downloadLifeInvoice': { req: PolicyNoQuery & { paymentNo: string }; res: Blob };
  'blocLegal/electronicDocuments/generateForEmployer': { req: PolicyNoQuery; res: Blob };
  'blocLegal/insuranceRecord/queryInsuranceRecordList': { req: InsuranceRecordQuery; res: Page<InsuranceRecordRow> };
  'blocLegal/insuranceRecord/queryInsuranceRecordInfo': { req: InsuranceRecordInfoQuery; res: InsuranceRecordInfo };
  'blocLegal/insuredPersonAndEmployee/queryInsuredPerson': { req: InsuredPersonQuery; res: Page<InsuredPersonRow> };
  'blocLegal/claim/queryClaimList': { req: ClaimListQuery; res: ClaimPage };
  'blocLegal/claim/queryClaimDetail': { req: ClaimNoQuery; res: ClaimDetail };
}
