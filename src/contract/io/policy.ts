/**
 * Answers of the policy area: policies (corporate and individual), their documents, insurance
 * records, the insured-person lookup and claims (requests: policy.requests.ts). Money is integer
 * fen; dates are YYYY-MM-DD; codes (kind, state) are translated by the portal's catalogue.
 */
import type { PaymentState } from '../states';
import { type CASHIER_PAY_STATUSES, cashierPaymentFields, PayStatus } from './payment';
import { CLAIM_FILE_PURPOSES, CLAIM_KINDS, POLICY_KINDS } from './policy.codes';
import {
  IMAGES,
  PDF,
  Bool,
  Code,
  Day,
  Dict,
  FileBody,
  Int,
  List,
  Moment,
  Nullable,
  Num,
  Obj,
  PageOf,
  Str,
  Type,
  Words,
  pageFields,
  type Static,
} from '../answerFields';

export {
  CLAIM_FILE_MAX_BYTES,
  CLAIM_FILE_PURPOSES,
  CLAIM_KINDS,
  GROUP_KINDS,
  LIFE_KINDS,
  POLICY_KINDS,
  type ClaimFilePurpose,
  type ClaimKind,
  type PolicyKind,
} from './policy.codes';

const Kind = () => Words(POLICY_KINDS);

/** Where a member's policy stands for its online renewal (personal/renewalQuote, personal/renewPolicy). */
export const PolicyRenewal = Obj({
  state: Words(
    ['due', 'ordered', 'renewed'] as const,
    "'due': the member may renew it now; 'ordered': its renewal order awaits payment; 'renewed': renewed",
  ),
  lapsed: Bool('its period has ended (a renewal starts the day after it is ordered)'),
  until: Nullable(Day('the last day it may be renewed online (due and ordered)')),
  orderNo: Nullable(Str('the renewal order awaiting payment (ordered)')),
  policyNo: Nullable(Str('the policy that renewed it (renewed)')),
});
export type PolicyRenewal = Static<typeof PolicyRenewal>;

const policyRow = {
  policyNo: Str(),
  kind: Kind(),
  productCode: Str(),
  productName: Str(),
  state: Int(),
  holderName: Str(),
  insuredName: Nullable(Str()),
  issueDate: Day(),
  startDate: Day(),
  endDate: Day(),
  premiumFen: Int(),
  sumInsuredFen: Int(),
  paymentState: Code<PaymentState>('1 paid, 2 unpaid'),
  autoRenew: Int('1 renews automatically, 2 does not'),
  roster: Nullable(Str("'employee' | 'employeeNew' | 'insured' | null")),
  insuredCount: Int('people insured now (group policies; 0 for the others)'),
  daysToEnd: Int('days from today to the end of the period (negative once ended)'),
  /** A member's policy that may be, is being or was renewed online; null otherwise. */
  renewal: Nullable(PolicyRenewal),
};
export const PolicyRow = Obj(policyRow);
export type PolicyRow = Static<typeof PolicyRow>;

export const LegalPolicyPage = Obj({
  ...pageFields(PolicyRow),
  stateCounts: Dict(Int()),
  expiringSoon: Int('policies in force ending within 30 days (same kinds)'),
});
export type LegalPolicyPage = Static<typeof LegalPolicyPage>;

export const PolicyRisk = Obj({
  code: Str(),
  name: Str(),
  sumInsuredFen: Int(),
  premiumFen: Int(),
  deductible: Nullable(Str()),
});
export type PolicyRisk = Static<typeof PolicyRisk>;

export const PolicyRate = Obj({ riskCategory: Int(), annualPremiumFen: Int() });
export type PolicyRate = Static<typeof PolicyRate>;

export const PolicyPayment = Obj({
  paymentNo: Str(),
  description: Str(),
  amountFen: Int(),
  state: Int('1 unpaid, 2 paid, 3 failed, 4 closed, 5 refunded'),
  payType: Nullable(Str()),
  paidAt: Nullable(Str()),
  invoiced: Bool(),
});
export type PolicyPayment = Static<typeof PolicyPayment>;

/** A document the portal can download for a policy, with the call that produces it. */
export const PolicyDocument = Obj({
  kind: Words(['ePolicy', 'lifePolicy', 'employerCertificate', 'premiumReceipt'] as const),
  call: Str(),
  name: Str(),
  params: Type.Optional(Dict(Str("extra values the call needs beside policyNo (a receipt's paymentNo)"))),
});
export type PolicyDocument = Static<typeof PolicyDocument>;

const PolicyHolder = Obj({
  name: Str(),
  creditCode: Nullable(Str('unified social credit code of a company, or a masked ID number of a person')),
  contactName: Nullable(Str()),
  contactPhone: Nullable(Str()),
  address: Nullable(Str()),
});

const policyDetail = {
  ...policyRow,
  holder: PolicyHolder,
  details: Dict(
    Type.Unknown({ description: 'kind-specific details (vehicle, insured address, beneficiaries, limits...)' }),
  ),
  risks: List(PolicyRisk),
  rates: List(PolicyRate),
  payments: List(PolicyPayment),
  minMembers: Int(),
  minAge: Int(),
  maxAge: Int(),
  claimCount: Int(),
  documents: List(PolicyDocument),
  autoRenewChangeable: Bool(
    'a group policy in force whose product lets the company change its automatic renewal (legalPolicy/setAutoRenew)',
  ),
};
export const PolicyDetail = Obj(policyDetail);
export type PolicyDetail = Static<typeof PolicyDetail>;

const Vehicle = Obj({
  plateNo: Str(),
  vin: Str(),
  engineNo: Str(),
  brandModel: Str(),
  vehicleType: Str(),
  seats: Int(),
  usage: Str(),
  registerDate: Day(),
  purchasePriceFen: Int(),
  driverScope: Str(),
  compulsoryPolicyNo: Nullable(Str()),
});

export const MotorPolicyDetail = Obj({
  ...policyDetail,
  vehicle: Vehicle,
  ncd: Obj(
    { coefficient: Num(), claimFreeYears: Int() },
    'no-claim discount: the coefficient applied and the claim-free years behind it',
  ),
});
export type MotorPolicyDetail = Static<typeof MotorPolicyDetail>;

export const InsuranceInformation = Obj({
  policyNo: Str(),
  roster: Nullable(Str()),
  insuredCount: Int(),
  removedCount: Int(),
  minMembers: Int(),
  minAge: Int(),
  maxAge: Int(),
  averageAge: Nullable(Num()),
  maleCount: Int(),
  femaleCount: Int(),
  byRiskCategory: List(Obj({ riskCategory: Int(), count: Int(), annualPremiumFen: Nullable(Int()) })),
  byDepartment: List(Obj({ department: Str(), count: Int() })),
});
export type InsuranceInformation = Static<typeof InsuranceInformation>;

export const PremiumReceipt = Obj({
  paymentNo: Str(),
  description: Str(),
  amountFen: Int(),
  paidAt: Str(),
  payType: Nullable(Str()),
  invoiced: Bool(),
});
export type PremiumReceipt = Static<typeof PremiumReceipt>;

const insuranceRecordRow = {
  recordNo: Str(),
  policyNo: Str(),
  productName: Str(),
  kind: Kind(),
  recordType: Str("'issue' | 'add' | 'remove' | 'endorsement' | 'renewal'"),
  title: Str(),
  description: Str(),
  headcountChange: Int(),
  premiumChangeFen: Int(),
  effectiveDate: Day(),
  state: Int('1 effective, 2 pending'),
};
export const InsuranceRecordRow = Obj(insuranceRecordRow);
export type InsuranceRecordRow = Static<typeof InsuranceRecordRow>;

export const InsuranceRecordItem = Obj({
  action: Str(),
  name: Str(),
  idNumber: Str('masked: the first 6 and last 4 characters'),
  premiumFen: Int(),
});
export type InsuranceRecordItem = Static<typeof InsuranceRecordItem>;

export const InsuranceRecordInfo = Obj({
  ...insuranceRecordRow,
  createdAt: Moment(),
  items: PageOf(InsuranceRecordItem),
});
export type InsuranceRecordInfo = Static<typeof InsuranceRecordInfo>;

export const InsuredPersonRow = Obj({
  id: Int(),
  name: Str(),
  idNumber: Str('masked unless the search was by this very number'),
  sex: Str(),
  birthdate: Day(),
  age: Int(),
  employeeNo: Nullable(Str()),
  department: Nullable(Str()),
  occupationName: Nullable(Str()),
  riskCategory: Nullable(Int()),
  policyNo: Str(),
  productName: Str(),
  kind: Kind(),
  effectiveDate: Day(),
  endDate: Nullable(Day()),
  state: Int('1 insured, 2 removed'),
});
export type InsuredPersonRow = Static<typeof InsuredPersonRow>;

const claimRow = {
  claimNo: Str(),
  policyNo: Str(),
  productName: Str(),
  kind: Kind(),
  claimantName: Str(),
  accidentDate: Day(),
  reportDate: Day(),
  state: Int('1 reported, 2 under review, 3 approved, 4 paid, 5 rejected, 6 closed'),
  cause: Str(),
  claimedFen: Int(),
  approvedFen: Int(),
  paidFen: Int(),
};
export const ClaimRow = Obj(claimRow);
export type ClaimRow = Static<typeof ClaimRow>;

export const ClaimPage = Obj({ ...pageFields(ClaimRow), stateCounts: Dict(Int()) });
export type ClaimPage = Static<typeof ClaimPage>;

const ClaimEvent = Obj({ at: Moment(), state: Int(), title: Str(), text: Str() });

const ClaimDocument = Obj({
  code: Nullable(
    Str("the kind of document ('claim.doc.<code>' of the gateway's catalogue); null for one named as written"),
  ),
  name: Str(),
  state: Int('ClaimDocumentState: 1 received, 2 outstanding'),
  receivedAt: Nullable(Str()),
  fileId: Nullable(Int('the file that delivered it through the portal (claim/claimFile)')),
});

/** A picture or document sent with a claim. */
export const ClaimFile = Obj({
  fileId: Int(),
  purpose: Words(CLAIM_FILE_PURPOSES),
  fileName: Str(),
  contentType: Str(),
  size: Int(),
  createdAt: Moment(),
  documentName: Nullable(Str('the claim document it delivered, when it is one')),
});
export type ClaimFile = Static<typeof ClaimFile>;

/** Whom to call about a claim: the adjuster once assigned, always the hotline of the claim's line. */
export const ClaimContact = Obj({
  line: Words(['property', 'life', 'health'] as const),
  hotline: Str(),
  adjusterName: Nullable(Str()),
  adjusterPhone: Nullable(Str()),
});
export type ClaimContact = Static<typeof ClaimContact>;

export const ClaimDetail = Obj({
  ...claimRow,
  description: Str(),
  policy: Obj({
    policyNo: Str(),
    productName: Str(),
    kind: Kind(),
    startDate: Day(),
    endDate: Day(),
    holderName: Str(),
  }),
  insured: Nullable(Obj({ name: Str(), idNumber: Str(), department: Nullable(Str()), employeeNo: Nullable(Str()) })),
  timeline: List(ClaimEvent),
  documents: List(ClaimDocument),
  updatedAt: Moment(),
  claimKind: Nullable(Words(CLAIM_KINDS, 'reported in the portal: car or non-car; null for claims reported otherwise')),
  place: Nullable(Str()),
  reporter: Nullable(Obj({ name: Str(), phone: Str() })),
  contact: ClaimContact,
  files: List(ClaimFile),
  open: Bool('the claim still takes documents (reported or under review)'),
});
export type ClaimDetail = Static<typeof ClaimDetail>;

/** A document a claim on a policy needs. */
export const ClaimDocumentKind = Obj({ code: Str(), name: Str() });
export type ClaimDocumentKind = Static<typeof ClaimDocumentKind>;

/** A policy a claim can be reported on, and what such a claim needs. */
export const ClaimablePolicy = Obj({
  policyNo: Str(),
  productName: Str(),
  kind: Kind(),
  startDate: Day(),
  endDate: Day(),
  insuredName: Nullable(Str('the insured person of an individual policy; null for a policy with a roster (pick one)')),
  roster: Bool('the policy has a roster: the claim names one of its people (insuredPerson lookup)'),
  documents: List(ClaimDocumentKind),
  causes: List(Str(), "suggestions for what happened, in the reader's language"),
});
export type ClaimablePolicy = Static<typeof ClaimablePolicy>;

export const UploadedClaimFile = Obj({ fileId: Int(), fileName: Str(), contentType: Str(), size: Int() });
export type UploadedClaimFile = Static<typeof UploadedClaimFile>;

export const ReportedClaim = Obj({
  claimNo: Str(),
  outstanding: List(ClaimDocumentKind, 'the documents still to send'),
});
export type ReportedClaim = Static<typeof ReportedClaim>;

/** Where a policy's premium payment stands: 'none' before the first link, 'paid' once the policy is paid. */
export type PolicyPayStatus = (typeof CASHIER_PAY_STATUSES)[number];

/** A policy's premium payment (legalPolicy/policyPayLink and legalPolicy/policyPayStatus). */
export const PolicyPayLink = Obj({
  policyNo: Str(),
  state: Int("the policy's state (PolicyState: 3 pending payment, 1 in force once paid)"),
  paymentState: Int("the policy's payment state (PaymentState: 1 unpaid, 2 paid)"),
  ...cashierPaymentFields(),
  startDate: Day('the first day of cover (the policy is in force from then on once paid)'),
});
export type PolicyPayLink = Static<typeof PolicyPayLink>;

/** Where a group policy's renewal for its next policy year stands. */
export const GROUP_RENEWAL_STATES = ['prepared', 'accepted', 'paid', 'lapsed'] as const;
export type GroupRenewalState = (typeof GROUP_RENEWAL_STATES)[number];

/** A group policy's renewal as the home page and the policy page mention it (legalPolicy/groupRenewals). */
const groupRenewalBrief = {
  renewalNo: Str(),
  policyNo: Str('the policy renewed'),
  kind: Kind(),
  productName: Str(),
  state: Words(
    GROUP_RENEWAL_STATES,
    "'prepared': awaiting the company; 'accepted': quote accepted, awaiting payment; 'paid': the next year's policy is issued; 'lapsed': not paid by the policy's end",
  ),
  policyEndDate: Day('the last day of the policy renewed'),
  startDate: Day("the next year's first day (the day after the policy's end)"),
  endDate: Day("the next year's last day"),
  daysLeft: Int("days from the insurer's today to the policy's end (0 on the end day, negative after)"),
  headcount: Int('people insured now (carried to the next year when it is paid), or carried (paid)'),
  premiumFen: Int("the next year's premium: headcount times the next year's rates (paid: what was paid)"),
  newPolicyNo: Nullable(Str("the next year's policy (paid)")),
};
export const GroupRenewalBrief = Obj(groupRenewalBrief);
export type GroupRenewalBrief = Static<typeof GroupRenewalBrief>;

/** The next year's premium by rate: one line per rate (risk category, or the one per-head rate). */
export const GroupRenewalRate = Obj({
  riskCategory: Nullable(Int('the occupation risk category (policies priced by category), else null')),
  annualPremiumFen: Int("the next year's premium per person"),
  headcount: Int(),
  premiumFen: Int(),
});
export type GroupRenewalRate = Static<typeof GroupRenewalRate>;

/** One person of the roster carried to the next year (ID number masked). */
export const GroupRenewalPerson = Obj({
  name: Str(),
  idNumber: Str('masked'),
  employeeNo: Nullable(Str()),
  department: Nullable(Str()),
  riskCategory: Nullable(Int()),
  annualPremiumFen: Int(),
});
export type GroupRenewalPerson = Static<typeof GroupRenewalPerson>;

/** A group renewal's payment (legalPolicy/groupRenewalPayLink, groupRenewalPayStatus). */
export const GroupRenewalPay = Obj({
  policyNo: Str('the policy renewed'),
  state: Words(GROUP_RENEWAL_STATES),
  ...cashierPaymentFields(),
  newPolicyNo: Nullable(Str("the next year's policy once paid")),
  startDate: Day("the next year's first day"),
});
export type GroupRenewalPay = Static<typeof GroupRenewalPay>;

/** The renewal page (legalPolicy/groupRenewal): the quote, its roster and rates, and where it stands. */
export const GroupRenewal = Obj({
  ...groupRenewalBrief,
  productCode: Str(),
  holderName: Str(),
  roster: Str("how its roster is corrected: 'employee' | 'employeeNew' | 'insured'"),
  preparedOn: Day(),
  previousPremiumFen: Int("this year's premium"),
  rates: List(GroupRenewalRate),
  people: List(GroupRenewalPerson),
  acceptedAt: Nullable(Moment()),
  acceptedBy: Nullable(Str('who accepted the quote')),
  acceptedFen: Nullable(Int('the premium quoted when it was accepted')),
  paidAt: Nullable(Moment()),
  lapsedOn: Nullable(Day()),
  autoRenew: Int('1 renews automatically, 2 does not'),
  autoRenewChangeable: Bool("the product lets the company change the policy's automatic renewal"),
  payment: Nullable(GroupRenewalPay),
});
export type GroupRenewal = Static<typeof GroupRenewal>;

/** A group policy's automatic renewal (legalPolicy/setAutoRenew). */
export const AutoRenewSetting = Obj({ policyNo: Str(), autoRenew: Int('1 renews automatically, 2 does not') });
export type AutoRenewSetting = Static<typeof AutoRenewSetting>;

export const policyAnswers = {
  'blocLegal/legalPolicy/getLegalPolicyList': LegalPolicyPage,
  'blocLegal/legalPolicy/policyPayLink': PolicyPayLink,
  'blocLegal/legalPolicy/policyPayStatus': PolicyPayLink,
  'blocLegal/legalPolicy/policyPayNotify': Obj({ accepted: Bool(), payStatus: PayStatus() }),
  'blocLegal/legalPolicy/groupRenewals': List(GroupRenewalBrief),
  'blocLegal/legalPolicy/groupRenewal': GroupRenewal,
  'blocLegal/legalPolicy/acceptGroupRenewal': GroupRenewal,
  'blocLegal/legalPolicy/groupRenewalPayLink': GroupRenewalPay,
  'blocLegal/legalPolicy/groupRenewalPayStatus': GroupRenewalPay,
  'blocLegal/legalPolicy/setAutoRenew': AutoRenewSetting,
  'blocLegal/legalPolicy/getLegalPolicyInfo': PolicyDetail,
  'blocLegal/legalPolicy/getRisk': Obj({ policyNo: Str(), risks: List(PolicyRisk), rates: List(PolicyRate) }),
  'blocLegal/legalPolicy/getInsuranceInformation': InsuranceInformation,
  'blocLegal/policy/policyList': PageOf(PolicyRow),
  'blocLegal/policy/carPolicyQuery': MotorPolicyDetail,
  'blocLegal/policy/noCarPolicyQueryEcenter': PolicyDetail,
  'blocLegal/policyDownload/download': FileBody('the e-policy', [PDF]),
  'blocLegal/electronicDocuments/lifePolicyDownload': FileBody('the life e-policy', [PDF]),
  'blocLegal/electronicDocuments/queryInvoice': List(PremiumReceipt),
  'blocLegal/electronicDocuments/downloadLifeInvoice': FileBody('the premium receipt', [PDF]),
  'blocLegal/electronicDocuments/generateForEmployer': FileBody("the employer's certificate", [PDF]),
  'blocLegal/insuranceRecord/queryInsuranceRecordList': PageOf(InsuranceRecordRow),
  'blocLegal/insuranceRecord/queryInsuranceRecordInfo': InsuranceRecordInfo,
  'blocLegal/insuredPersonAndEmployee/queryInsuredPerson': PageOf(InsuredPersonRow),
  'blocLegal/claim/queryClaimList': ClaimPage,
  'blocLegal/claim/queryClaimDetail': ClaimDetail,
  'blocLegal/claim/claimablePolicies': List(ClaimablePolicy),
  'blocLegal/claim/uploadClaimFile': UploadedClaimFile,
  'blocLegal/claim/reportClaim': ReportedClaim,
  'blocLegal/claim/submitClaimDocuments': ClaimDetail,
  'blocLegal/claim/claimFile': FileBody('the picture or document', [...IMAGES, PDF]),
};
