import { audienceOf, calls, type CallName } from '@contract/calls';
import type { AuditKind, AuditSubject } from '@contract/io/audit.codes';
import type { Right } from '@contract/roles';
import { maskIdNumber } from '@common/mask';
import type { AuditEntry } from '../services/audit';
import type { UploadedFile } from './context';

/**
 * What each corporate call writes to the company's audit trail (docs/audit.md): the kind of write it
 * is, or 'read' for a call that changes nothing (a list, a detail, a download, a check). Every
 * corporate call has its line: the test of this table fails on a call that has none.
 */
export const AUDITED = {
  'blocLegal/login/getLoginInfo': 'read',
  'blocLegal/login/logout': 'logout',
  'blocLegal/login/reauthenticate': 'reauthenticated',
  'blocLegal/login/cancleAuth': 'authorisationClosed',
  'blocLegal/account/state': 'read',
  'blocLegal/menu/getEcenterMenus': 'read',
  'blocLegal/menu/queryHideMyScore': 'read',
  'blocLegal/common/getAreaInfo': 'read',
  'blocLegal/common/queryLogonCity': 'read',
  'blocLegal/policy/policyList': 'read',
  'blocLegal/policy/carPolicyQuery': 'read',
  'blocLegal/policy/noCarPolicyQueryEcenter': 'read',
  'blocLegal/legalPolicy/getLegalPolicyList': 'read',
  'blocLegal/legalPolicy/getLegalPolicyInfo': 'read',
  'blocLegal/legalPolicy/getRisk': 'read',
  'blocLegal/legalPolicy/getInsuranceInformation': 'read',
  'blocLegal/legalPolicy/policyPayLink': 'paymentStarted',
  'blocLegal/legalPolicy/policyPayStatus': 'read',
  'blocLegal/legalPolicy/groupRenewals': 'read',
  'blocLegal/legalPolicy/groupRenewal': 'read',
  'blocLegal/legalPolicy/acceptGroupRenewal': 'renewalAccepted',
  'blocLegal/legalPolicy/groupRenewalPayLink': 'paymentStarted',
  'blocLegal/legalPolicy/groupRenewalPayStatus': 'read',
  'blocLegal/legalPolicy/setAutoRenew': 'autoRenewChanged',
  'blocLegal/policyDownload/download': 'read',
  'blocLegal/electronicDocuments/lifePolicyDownload': 'read',
  'blocLegal/electronicDocuments/queryInvoice': 'read',
  'blocLegal/electronicDocuments/downloadLifeInvoice': 'read',
  'blocLegal/electronicDocuments/generateForEmployer': 'read',
  'blocLegal/employee/employeeList': 'read',
  'blocLegal/employee/employeeListNew': 'read',
  'blocLegal/employee/employeeDetailNew': 'read',
  'blocLegal/employee/applyBusinessApprove': 'correctionSubmitted',
  'blocLegal/employee/groupApplyBusinessApprove': 'correctionSubmitted',
  'blocLegal/employee/addSingleEmployee': 'personAdded',
  'blocLegal/employee/addSingleEmployeeNew': 'personAdded',
  'blocLegal/employee/addBatchEmployee': 'rosterImported',
  'blocLegal/employee/addBatchEmployeeNew': 'rosterImported',
  'blocLegal/employee/subtractEmployee': 'personRemoved',
  'blocLegal/employee/exchangeEmployee': 'personExchanged',
  'blocLegal/employee/exchangeEmployeeNew': 'personExchanged',
  'blocLegal/employee/downloadEmployeeListExcel': 'read',
  'blocLegal/employee/downloadErrorExcel': 'read',
  'blocLegal/employee/downloadErrorExcelNew': 'read',
  'blocLegal/employee/downImportEmployeeExcel': 'read',
  'blocLegal/employee/getPaymentLink': 'paymentStarted',
  'blocLegal/employee/getPayStatus': 'read',
  'blocLegal/employee/updatePayType': 'payTypeChanged',
  'blocLegal/employee/downloadPaymentNotice': 'read',
  'blocLegal/employee/uploadTransferReceipt': 'transferReceiptUploaded',
  'blocLegal/employee/bankInfo': 'read',
  'blocLegal/employee/correctRecordList': 'read',
  'blocLegal/employee/delCorrectRecord': 'correctionCancelled',
  'blocLegal/employee/returnCorrection': 'correctionReturned',
  'blocLegal/employee/correctDetail': 'read',
  'blocLegal/employee/checkBeforeCorrect': 'read',
  'blocLegal/employee/checkGroupEmployeeCorrect': 'read',
  'blocLegal/employee/underwriting': 'correctionChecked',
  'blocLegal/employee/selectOrderScenario': 'correctionScenario',
  'blocLegal/employee/getRiskCategories': 'read',
  'blocLegal/employee/likeOccupation': 'read',
  'blocLegal/employee/groupExchangeUpload': 'rosterImported',
  'blocLegal/employee/groupSubtractUpload': 'rosterImported',
  'blocLegal/employee/downloadGroupExchangeTemplate': 'read',
  'blocLegal/employee/downloadGroupSubtractTemplate': 'read',
  'blocLegal/employee/downloadEndorsement': 'read',
  'blocLegal/employee/correctablePolicies': 'read',
  'blocLegal/employee/removeCorrectItem': 'lineRemoved',
  'blocLegal/employee/reconcileRoster': 'rosterCompared',
  'blocLegal/employee/reconcileCorrect': 'rosterReconciled',
  'blocLegal/employee/certificate': 'certificateIssued',
  'blocLegal/employee/certificates': 'certificateIssued',
  'blocLegal/correctInsured/getInsuranceList': 'read',
  'blocLegal/correctInsured/getInsuranceDetail': 'read',
  'blocLegal/correctInsured/downloadExcelTemplate': 'read',
  'blocLegal/correctInsured/checkInsuredCorrect': 'read',
  'blocLegal/correctInsured/addSingleInsured': 'personAdded',
  'blocLegal/correctInsured/addBatchInsured': 'rosterImported',
  'blocLegal/correctInsured/subtractInsured': 'personRemoved',
  'blocLegal/correctInsured/exchangeInsured': 'personExchanged',
  'blocLegal/correctInsured/insuredDownErrorExcel': 'read',
  'blocLegal/correctInsured/insuredApplyBusinessApprove': 'correctionSubmitted',
  'blocLegal/correctInsured/getInsuranceRiskCategories': 'read',
  'blocLegal/correctInsured/likeProfession': 'read',
  'blocLegal/correctInsured/modifyInsured': 'personChanged',
  'blocLegal/correctInsured/getInsuredPayLink': 'paymentStarted',
  'blocLegal/correctInsured/updateInsuredPayType': 'payTypeChanged',
  'blocLegal/correctInsured/insuredAccountInfo': 'read',
  'blocLegal/correctInsured/insuredBankInfo': 'read',
  'blocLegal/correctInsured/delInsuredCorrectRecord': 'correctionCancelled',
  'blocLegal/correctInsured/exchangeInsuredUpload': 'rosterImported',
  'blocLegal/correctInsured/subtractInsuredUpload': 'rosterImported',
  'blocLegal/claim/queryClaimList': 'read',
  'blocLegal/claim/queryClaimDetail': 'read',
  'blocLegal/claim/claimablePolicies': 'read',
  'blocLegal/claim/uploadClaimFile': 'claimFileUploaded',
  'blocLegal/claim/reportClaim': 'claimReported',
  'blocLegal/claim/submitClaimDocuments': 'claimDocumentsSent',
  'blocLegal/claim/claimFile': 'read',
  'blocLegal/insuranceRecord/queryInsuranceRecordList': 'read',
  'blocLegal/insuranceRecord/queryInsuranceRecordInfo': 'read',
  'blocLegal/insuredPersonAndEmployee/queryInsuredPerson': 'read',
  'blocLegal/electronicInvoice/electronicInvoiceQueryStatus': 'read',
  'blocLegal/electronicInvoice/electronicInvoiceListQuery': 'read',
  'blocLegal/electronicInvoice/electronicInvoiceDownLoad': 'read',
  'blocLegal/electronicInvoice/electronicInvoiceKJ': 'invoiceRequested',
  'blocLegal/account/getLegalInfo': 'read',
  'blocLegal/account/cancleAccount': 'accountCancelled',
  'blocLegal/account/checkPicture': 'read',
  'blocLegal/account/judgeCancleLegal': 'read',
  'blocLegal/account/checkLegalChange': 'read',
  'blocLegal/account/checkCode': 'read',
  'blocLegal/account/sendSMSCodeForChangeAccount': 'verificationCodeSent',
  'blocLegal/account/checkSMSCode': 'read',
  'blocLegal/account/changeLegalAccount': 'administratorChanged',
  'blocLegal/opinions/updateOpinions': 'complaintFiled',
  'blocLegal/opinions/getUserOpinionNum': 'read',
  'blocLegal/opinions/searchUserNoReadList': 'read',
  'blocLegal/opinions/queryOpinionTypes': 'read',
  'blocLegal/opinions/uploadPicture': 'complaintPictureUploaded',
  'blocLegal/opinions/searchList': 'read',
  'blocLegal/opinions/searchDetail': 'read',
  'blocLegal/opinions/picture': 'read',
  'blocLegal/audit/list': 'read',
  'blocLegal/audit/export': 'read',
  'blocLegal/users/list': 'read',
  'blocLegal/users/update': 'userChanged',
  'blocLegal/users/remove': 'userRemoved',
  'blocLegal/users/invitations': 'read',
  'blocLegal/users/invite': 'userInvited',
  'blocLegal/users/withdrawInvitation': 'invitationWithdrawn',
  'blocLegal/users/resendInvitation': 'userInvited',
  'blocLegal/users/settings': 'read',
  'blocLegal/users/updateSettings': 'settingsChanged',
} as const satisfies Partial<Record<CallName, AuditKind | 'read'>>;

/** The right (contract/roles.ts) each kind of write needs of a company's user. */
const KIND_RIGHTS: Record<AuditKind, Right> = {
  login: 'self',
  loginFailed: 'self',
  logout: 'self',
  reauthenticated: 'self',
  authorisationClosed: 'self',
  personAdded: 'prepare',
  personRemoved: 'prepare',
  personExchanged: 'prepare',
  personChanged: 'prepare',
  rosterImported: 'prepare',
  lineRemoved: 'prepare',
  correctionChecked: 'prepare',
  correctionScenario: 'settle',
  correctionCancelled: 'prepare',
  claimReported: 'prepare',
  claimFileUploaded: 'prepare',
  claimDocumentsSent: 'prepare',
  correctionSubmitted: 'approve',
  paymentStarted: 'approve',
  payTypeChanged: 'approve',
  transferReceiptUploaded: 'approve',
  invoiceRequested: 'invoice',
  complaintFiled: 'complain',
  complaintPictureUploaded: 'complain',
  verificationCodeSent: 'account',
  administratorChanged: 'account',
  accountCancelled: 'account',
  userChanged: 'account',
  userRemoved: 'account',
  userInvited: 'account',
  invitationWithdrawn: 'account',
  invitationAccepted: 'self',
  paymentReceived: 'read',
  transferMatched: 'read',
  refundRequested: 'read',
  refundSettled: 'read',
  settingsChanged: 'account',
  correctionReturned: 'approve',
  certificateIssued: 'read',
  rosterCompared: 'prepare',
  rosterReconciled: 'prepare',
  renewalAccepted: 'approve',
  renewalIssued: 'read',
  renewalLapsed: 'read',
  autoRenewChanged: 'approve',
};

/** Reads that belong to the administrator's own work: the account change's and cancellation's steps. */
const ACCOUNT_READS: readonly CallName[] = [
  'blocLegal/account/checkPicture',
  'blocLegal/account/judgeCancleLegal',
  'blocLegal/account/checkLegalChange',
  'blocLegal/account/checkCode',
  'blocLegal/account/checkSMSCode',
  'blocLegal/users/list',
  'blocLegal/users/invitations',
];

/** What a corporate call needs of its user's role; null for a call that is not a corporate one. */
export function rightOf(name: CallName): Right | null {
  const kind = (AUDITED as Partial<Record<CallName, AuditKind | 'read'>>)[name];
  if (!kind) return null;
  if (ACCOUNT_READS.includes(name)) return 'account';
  return kind === 'read' ? 'read' : KIND_RIGHTS[kind];
}

/** The calls a company's users make with a session (the ones AUDITED must list). */
export const corporateCalls = (): CallName[] =>
  (Object.keys(calls) as CallName[]).filter(
    (n) => calls[n].base === 'gateway' && !calls[n].anonymous && audienceOf(n) !== 'personal',
  );

const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
const num = (v: unknown) => (typeof v === 'number' ? v : undefined);
const obj = (v: unknown) => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});

/** What a write was about: a number in the request or the answer, or an id the trail resolves. */
function subjectOf(values: Record<string, unknown>, answer: Record<string, unknown>): Partial<AuditEntry> {
  const correction = obj(answer.correction);
  const pick = (kind: AuditSubject, no: unknown, id?: unknown): Partial<AuditEntry> | null =>
    text(no) ? { subjectKind: kind, subject: text(no) } : num(id) ? { subjectKind: kind, subjectId: num(id) } : null;
  return (
    pick('correction', correction.correctionNo ?? answer.correctionNo, values.correctionId) ??
    pick('claim', answer.claimNo ?? values.claimNo) ??
    pick('complaint', answer.opinionNo ?? values.opinionNo) ??
    pick('invoice', answer.invoiceNo ?? values.invoiceNo) ??
    pick('policy', values.policyNo ?? answer.policyNo ?? correction.policyNo, values.policyId) ??
    {}
  );
}

/** The audit entry of a corporate call that answered, or null for a read. */
export function auditEntryOf(
  name: CallName,
  values: unknown,
  answer: unknown,
  files: readonly UploadedFile[],
  actorName: string,
): AuditEntry | null {
  const kind = (AUDITED as Partial<Record<CallName, AuditKind | 'read'>>)[name];
  if (!kind || kind === 'read') return null;
  const v = obj(values);
  const a = obj(answer);
  const idNumber = text(v.idNumber);
  const entry: AuditEntry = {
    kind,
    call: name,
    ...subjectOf(v, a),
    after: {
      name: text(v.name),
      idNumber: idNumber ? maskIdNumber(idNumber) : undefined,
      department: text(v.department),
      effectiveDate: text(v.effectiveDate),
      fileName: files[0]?.filename,
      rows: num(a.totalRows),
      errorRows: num(a.errorRows),
      title: text(v.title),
    },
  };
  if (kind === 'administratorChanged') {
    entry.subjectKind = 'account';
    entry.before = { administrator: actorName };
    entry.after = { administrator: text(v.administratorName) };
  }
  if (kind === 'accountCancelled') entry.subjectKind = 'account';
  // The premium the company accepted for the next year; the automatic renewal as it is now.
  if (kind === 'renewalAccepted') entry.after = { amountFen: num(a.acceptedFen), rows: num(a.headcount) };
  if (kind === 'autoRenewChanged') entry.after = { state: a.autoRenew === 1 ? 'on' : 'off' };
  if (kind === 'userInvited' || kind === 'invitationWithdrawn') {
    entry.subjectKind = 'account';
    entry.after = { name: text(a.name), role: text(a.role), state: kind === 'userInvited' ? 'invited' : 'withdrawn' };
  }
  if (kind === 'userChanged' || kind === 'userRemoved') {
    entry.subjectKind = 'account';
    entry.after = {
      userName: text(a.userName),
      role: text(a.role),
      state: kind === 'userRemoved' ? 'removed' : text(a.state),
    };
  }
  // A document's facts (FileAnswer.facts): the policy, the one person (ID number masked) or how many.
  if (kind === 'certificateIssued')
    entry.after = { name: text(a.name), idNumber: text(a.idNumber), rows: num(a.count) };
  return entry;
}
