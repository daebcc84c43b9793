import type { PaymentState } from '../states';
/**
 * Request and response types of the policy area: policies (corporate and individual), their
 * documents, insurance records, the insured-person lookup and claims. Money is integer fen; dates
 * are YYYY-MM-DD; codes (kind, state) are translated by the portal's catalogue.
 */
import type { Page } from '../envelope';
import type { CashierPayStatus } from './payment';

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
/** Kinds of claim a customer reports: motor (car) and everything else. */
export const CLAIM_KINDS = ['car', 'nonCar'] as const;
export type ClaimKind = (typeof CLAIM_KINDS)[number];
/** What a claim file shows: a picture (of the damage, the scene) or a document the claim needs. */
export const CLAIM_FILE_PURPOSES = ['picture', 'document'] as const;
export type ClaimFilePurpose = (typeof CLAIM_FILE_PURPOSES)[number];
/** Pictures and documents of a claim: at most this large each (bytes). */
export const CLAIM_FILE_MAX_BYTES = 8 * 1024 * 1024;

/** Personal-insurance kinds: their e-policy is the life policy download and they have premium receipts. */
export const LIFE_KINDS: readonly PolicyKind[] = ['life', 'health', 'group_life', 'group_health', 'group_accident'];

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
  paymentState: PaymentState;
  /** 1 renews automatically, 2 does not. */
  autoRenew: number;
  /** 'employee' | 'employeeNew' | 'insured' | null. */
  roster: string | null;
  /** People insured now (group policies; 0 for the others). */
  insuredCount: number;
  /** Days from today to the end of the period (negative once ended). */
  daysToEnd: number;
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
  /** The kind of document ('claim.doc.<code>' of the gateway's catalogue); null for one named as written. */
  code: string | null;
  name: string;
  /** ClaimDocumentState: 1 received, 2 outstanding. */
  state: number;
  receivedAt: string | null;
  /** The file that delivered it through the portal (claim/claimFile). */
  fileId: number | null;
}

/** A picture or document sent with a claim. */
export interface ClaimFile {
  fileId: number;
  purpose: ClaimFilePurpose;
  fileName: string;
  contentType: string;
  size: number;
  createdAt: string;
  /** The claim document it delivered, when it is one. */
  documentName: string | null;
}

/** Whom to call about a claim: the adjuster once assigned, always the hotline of the claim's line. */
export interface ClaimContact {
  line: 'property' | 'life' | 'health';
  hotline: string;
  adjusterName: string | null;
  adjusterPhone: string | null;
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
  /** Reported in the portal: car or non-car; null for claims reported otherwise. */
  claimKind: ClaimKind | null;
  place: string | null;
  reporter: { name: string; phone: string } | null;
  contact: ClaimContact;
  files: ClaimFile[];
  /** The claim still takes documents (reported or under review). */
  open: boolean;
}

/** A document a claim on a policy needs. */
export interface ClaimDocumentKind {
  code: string;
  name: string;
}

/** A policy a claim can be reported on, and what such a claim needs. */
export interface ClaimablePolicy {
  policyNo: string;
  productName: string;
  kind: PolicyKind;
  startDate: string;
  endDate: string;
  /** The insured person of an individual policy; null for a policy with a roster (pick one). */
  insuredName: string | null;
  /** The policy has a roster: the claim names one of its people (insuredPerson lookup). */
  roster: boolean;
  documents: ClaimDocumentKind[];
  /** Suggestions for what happened, in the reader's language. */
  causes: string[];
}

export interface UploadedClaimFile {
  fileId: number;
  fileName: string;
  contentType: string;
  size: number;
}

export interface ReportedClaim {
  claimNo: string;
  /** The documents still to send. */
  outstanding: ClaimDocumentKind[];
}

/** Where a policy's premium payment stands: 'none' before the first link, 'paid' once the policy is paid. */
export type PolicyPayStatus = CashierPayStatus;

/** A policy's premium payment (legalPolicy/policyPayLink and legalPolicy/policyPayStatus). */
export interface PolicyPayLink {
  policyNo: string;
  /** The policy's state (PolicyState: 3 pending payment, 1 in force once paid). */
  state: number;
  /** The policy's payment state (PaymentState: 1 unpaid, 2 paid). */
  paymentState: number;
  payStatus: PolicyPayStatus;
  paymentNo: string | null;
  amountFen: number;
  /** Path of the cashier page on the gateway's origin (open in a new window) while the link is open. */
  payUrl: string | null;
  linkExpiresAt: string | null;
  paidAt: string | null;
  /** The first day of cover (the policy is in force from then on once paid). */
  startDate: string;
}

export interface PolicyIO {
  'blocLegal/legalPolicy/getLegalPolicyList': { res: LegalPolicyPage };
  'blocLegal/legalPolicy/policyPayLink': { res: PolicyPayLink };
  'blocLegal/legalPolicy/policyPayStatus': { res: PolicyPayLink };
  'blocLegal/legalPolicy/policyPayNotify': { res: { accepted: boolean; payStatus: PolicyPayStatus } };
  'blocLegal/legalPolicy/getLegalPolicyInfo': { res: PolicyDetail };
  'blocLegal/legalPolicy/getRisk': { res: { policyNo: string; risks: PolicyRisk[]; rates: PolicyRate[] } };
  'blocLegal/legalPolicy/getInsuranceInformation': { res: InsuranceInformation };
  'blocLegal/policy/policyList': { res: Page<PolicyRow> };
  'blocLegal/policy/carPolicyQuery': { res: MotorPolicyDetail };
  'blocLegal/policy/noCarPolicyQueryEcenter': { res: PolicyDetail };
  'blocLegal/policyDownload/download': { res: Blob };
  'blocLegal/electronicDocuments/lifePolicyDownload': { res: Blob };
  'blocLegal/electronicDocuments/queryInvoice': { res: PremiumReceipt[] };
  'blocLegal/electronicDocuments/downloadLifeInvoice': { res: Blob };
  'blocLegal/electronicDocuments/generateForEmployer': { res: Blob };
  'blocLegal/insuranceRecord/queryInsuranceRecordList': { res: Page<InsuranceRecordRow> };
  'blocLegal/insuranceRecord/queryInsuranceRecordInfo': { res: InsuranceRecordInfo };
  'blocLegal/insuredPersonAndEmployee/queryInsuredPerson': { res: Page<InsuredPersonRow> };
  'blocLegal/claim/queryClaimList': { res: ClaimPage };
  'blocLegal/claim/queryClaimDetail': { res: ClaimDetail };
  'blocLegal/claim/claimablePolicies': { res: ClaimablePolicy[] };
  'blocLegal/claim/uploadClaimFile': { res: UploadedClaimFile };
  'blocLegal/claim/reportClaim': { res: ReportedClaim };
  'blocLegal/claim/submitClaimDocuments': { res: ClaimDetail };
  'blocLegal/claim/claimFile': { res: Blob };
}
