/**
 * Request schemas of the policy area (decoded at the gateway's door): policies and their documents,
 * insurance records, the insured-person lookup and claims.
 */
import type { Static } from 'typebox';
import { IdempotencyKey, Int, IsoDate, OneOf, StateOf, Text, Type, paging } from '../fields';
import { ClaimState, InsuredState, PolicyState } from '../states';
import { CLAIM_FILE_PURPOSES, CLAIM_KINDS, POLICY_KINDS } from './policy.codes';

/** A policy number as printed on the policy: 6 to 40 letters, digits and hyphens. */
export const PolicyNo = () => Text(40, { pattern: '^[A-Za-z0-9-]+$', errorKey: 'policy.badPolicyNo' });
/** A claim number: letters and digits. */
export const ClaimNo = () => Text(40, { pattern: '^[A-Za-z0-9-]+$', errorKey: 'claim.badClaimNo' });
/** Part of a number typed into a search field. */
const NumberPart = (max = 40) => Type.Optional(Text(max, { pattern: '^[A-Za-z0-9-]+$' }));
const SortOrder = () => Type.Optional(OneOf(['ascend', 'descend'] as const));
/** One kind of policy or several (a JSON list). */
const Kinds = () => Type.Optional(Type.Array(OneOf(POLICY_KINDS), { minItems: 1, maxItems: POLICY_KINDS.length }));
const ByPolicy = () => Type.Object({ policyNo: PolicyNo() });

export const POLICY_SORT_FIELDS = ['policyNo', 'productName', 'startDate', 'endDate', 'premium', 'issueDate'] as const;
export const CLAIM_SORT_FIELDS = ['reportDate', 'accidentDate', 'claimedFen', 'claimNo'] as const;
export const PERSON_SORT_FIELDS = ['name', 'effectiveDate', 'employeeNo'] as const;
export const RECORD_TYPES = ['issue', 'add', 'remove', 'endorsement', 'renewal'] as const;

/** A claim file uploaded beforehand (claim/uploadClaimFile), and which of the claim's documents it is. */
const ClaimFileRef = () =>
  Type.Object(
    { fileId: Int(1, 2_147_483_647), documentCode: Type.Optional(Text(40, { pattern: '^[A-Za-z0-9_-]+$' })) },
    { additionalProperties: false },
  );

export const policyRequests = {
  'blocLegal/legalPolicy/getLegalPolicyList': Type.Object({
    ...paging(),
    policyNo: NumberPart(),
    productName: Type.Optional(Text(60)),
    kind: Kinds(),
    state: Type.Optional(StateOf(PolicyState)),
    periodFrom: Type.Optional(IsoDate()),
    periodTo: Type.Optional(IsoDate()),
    expiringWithinDays: Type.Optional(Int(0, 3650)),
    sortField: Type.Optional(OneOf(POLICY_SORT_FIELDS)),
    sortOrder: SortOrder(),
  }),
  'blocLegal/legalPolicy/getLegalPolicyInfo': ByPolicy(),
  'blocLegal/legalPolicy/getRisk': ByPolicy(),
  'blocLegal/legalPolicy/getInsuranceInformation': ByPolicy(),
  /** The open payment of a policy awaiting its premium, or a new one (one per policy). */
  'blocLegal/legalPolicy/policyPayLink': ByPolicy(),
  'blocLegal/legalPolicy/policyPayStatus': ByPolicy(),
  'blocLegal/legalPolicy/groupRenewals': Type.Object({}),
  'blocLegal/legalPolicy/groupRenewal': ByPolicy(),
  /** Accepts the quote the page showed (premiumFen): a premium changed since is refused, saying so. */
  'blocLegal/legalPolicy/acceptGroupRenewal': Type.Object({
    policyNo: PolicyNo(),
    premiumFen: Int(0, 1_000_000_000_000),
  }),
  'blocLegal/legalPolicy/groupRenewalPayLink': ByPolicy(),
  'blocLegal/legalPolicy/groupRenewalPayStatus': ByPolicy(),
  'blocLegal/legalPolicy/setAutoRenew': Type.Object({ policyNo: PolicyNo(), autoRenew: Int(1, 2) }),
  /** The payment provider's notification (no session; trusted by its signature). */
  'blocLegal/legalPolicy/policyPayNotify': Type.Object({
    paymentNo: Text(40, { pattern: '^[A-Za-z0-9-]+$' }),
    result: OneOf(['paid', 'failed'] as const),
    amountFen: Int(0, 1_000_000_000_000),
    /** A unique id of this notification from the provider. */
    notifyId: Text(64),
    /** hex HMAC-SHA256 of `${paymentNo}|${result}|${amountFen}|${notifyId}` under the payment's secret. */
    sign: Text(128),
  }),
  'blocLegal/policy/policyList': Type.Object({
    ...paging(),
    kind: Kinds(),
    state: Type.Optional(StateOf(PolicyState)),
    /** One policy by its number, wherever the list's pages put it (a renewal link opens its dialog). */
    policyNo: Type.Optional(PolicyNo()),
  }),
  'blocLegal/policy/carPolicyQuery': ByPolicy(),
  'blocLegal/policy/noCarPolicyQueryEcenter': ByPolicy(),
  'blocLegal/policyDownload/download': ByPolicy(),
  'blocLegal/electronicDocuments/lifePolicyDownload': ByPolicy(),
  'blocLegal/electronicDocuments/queryInvoice': ByPolicy(),
  'blocLegal/electronicDocuments/downloadLifeInvoice': Type.Object({
    policyNo: PolicyNo(),
    paymentNo: Text(40, { pattern: '^[A-Za-z0-9-]+$' }),
  }),
  'blocLegal/electronicDocuments/generateForEmployer': ByPolicy(),
  'blocLegal/insuranceRecord/queryInsuranceRecordList': Type.Object({
    ...paging(),
    policyNo: Type.Optional(PolicyNo()),
    recordType: Type.Optional(OneOf(RECORD_TYPES)),
    dateFrom: Type.Optional(IsoDate()),
    dateTo: Type.Optional(IsoDate()),
    sortOrder: SortOrder(),
  }),
  'blocLegal/insuranceRecord/queryInsuranceRecordInfo': Type.Object({
    ...paging(),
    recordNo: Text(40, { pattern: '^[A-Za-z0-9-]+$' }),
  }),
  'blocLegal/insuredPersonAndEmployee/queryInsuredPerson': Type.Object({
    ...paging(),
    /** A name (its beginning) or an ID number (its beginning, at least 6 characters). */
    keyword: Type.Optional(Text(30)),
    name: Type.Optional(Text(30)),
    idNumber: Type.Optional(Text(18, { pattern: '^[0-9]{1,17}[0-9Xx]?$', errorKey: 'record.badIdNumber' })),
    policyNo: Type.Optional(PolicyNo()),
    state: Type.Optional(StateOf(InsuredState)),
    sortField: Type.Optional(OneOf(PERSON_SORT_FIELDS)),
    sortOrder: SortOrder(),
  }),
  'blocLegal/claim/queryClaimList': Type.Object({
    ...paging(),
    claimNo: NumberPart(),
    policyNo: Type.Optional(PolicyNo()),
    claimantName: Type.Optional(Text(60)),
    state: Type.Optional(StateOf(ClaimState)),
    reportFrom: Type.Optional(IsoDate()),
    reportTo: Type.Optional(IsoDate()),
    sortField: Type.Optional(OneOf(CLAIM_SORT_FIELDS)),
    sortOrder: SortOrder(),
  }),
  'blocLegal/claim/queryClaimDetail': Type.Object({ claimNo: ClaimNo() }),
  /** The policies a claim of a kind can be reported on, with the documents such a claim needs. */
  'blocLegal/claim/claimablePolicies': Type.Object({ kind: OneOf(CLAIM_KINDS) }),
  /** A picture or document for a claim (the file itself travels beside the fields). */
  'blocLegal/claim/uploadClaimFile': Type.Object({ purpose: OneOf(CLAIM_FILE_PURPOSES) }),
  'blocLegal/claim/reportClaim': Type.Object({
    kind: OneOf(CLAIM_KINDS),
    policyNo: PolicyNo(),
    /** Policies with a roster: the insured person the claim is for; others: the policy's insured. */
    insuredPersonId: Type.Optional(Int(1, 2_147_483_647)),
    accidentDate: IsoDate(),
    place: Text(100),
    cause: Text(60),
    description: Text(1000),
    claimedFen: Type.Optional(Int(0, 100_000_000_000)),
    contactName: Text(30),
    contactPhone: Text(11, { pattern: '^1[3-9]\\d{9}$', errorKey: 'sms.badPhone' }),
    files: Type.Optional(Type.Array(ClaimFileRef(), { maxItems: 20 })),
    /** Made once per report: the same report sent twice is one claim. */
    requestKey: IdempotencyKey(),
  }),
  /** Outstanding documents sent to an open claim. */
  'blocLegal/claim/submitClaimDocuments': Type.Object({
    claimNo: ClaimNo(),
    files: Type.Array(ClaimFileRef(), { minItems: 1, maxItems: 20 }),
  }),
  'blocLegal/claim/claimFile': Type.Object({ claimNo: ClaimNo(), fileId: Int(1, 2_147_483_647) }),
};

export type PolicyRequests = typeof policyRequests;
export type LegalPolicyListQuery = Static<PolicyRequests['blocLegal/legalPolicy/getLegalPolicyList']>;
export type ClaimListQuery = Static<PolicyRequests['blocLegal/claim/queryClaimList']>;
export type InsuranceRecordQuery = Static<PolicyRequests['blocLegal/insuranceRecord/queryInsuranceRecordList']>;
export type InsuredPersonQuery = Static<PolicyRequests['blocLegal/insuredPersonAndEmployee/queryInsuredPerson']>;
export type ReportClaimRequest = Static<PolicyRequests['blocLegal/claim/reportClaim']>;
export type ClaimFileReference = Static<ReturnType<typeof ClaimFileRef>>;
