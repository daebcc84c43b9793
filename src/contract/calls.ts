/**
 * Every call between the portal and the gateway, declared once.
 *
 * The key of each entry is its path below the gateway prefix (`blocLegal/<module>/<call>`,
 * `blocOther/...`) or, for the identity provider, below the site root (`idprovider/...`).
 * The client builds every request from this table and the gateway registers every route from it,
 * so a call cannot exist on one side only.
 */

type HttpMethod = 'GET' | 'POST';
/** How the request carries its values: form-urlencoded body, multipart body, or the query string. */
type Encoding = 'form' | 'multipart' | 'query';
/** 'correction' calls (docs/SPEC.md §9) time out at 20 s and do so silently; everything else at 30 s. */
type TimeoutClass = 'standard' | 'correction';
/** 'json' answers the envelope; 'file' answers a document (or the envelope on failure); 'image' an image. */
type ResponseKind = 'json' | 'file' | 'image' | 'page';
type Base = 'gateway' | 'idprovider';

export interface CallSpec {
  readonly base: Base;
  readonly method: HttpMethod;
  readonly encoding: Encoding;
  readonly timeout: TimeoutClass;
  /** false for calls that must never raise the loading overlay (pay-status polling, analytics). */
  readonly overlay: boolean;
  readonly response: ResponseKind;
  /** true when the call works without a session (identity pages, captcha, analytics). */
  readonly anonymous: boolean;
  /** Named by the specification (calls.txt) or by this contract where the specification shows no path. */
  readonly origin: 'spec' | 'contract';
}

const TIMEOUT_MS: Record<TimeoutClass, number> = { standard: 30_000, correction: 20_000 };

type Options = Partial<Omit<CallSpec, 'origin'>>;
const post = (o: Options = {}): CallSpec => ({
  base: 'gateway',
  method: 'POST',
  encoding: 'form',
  timeout: 'standard',
  overlay: true,
  response: 'json',
  anonymous: false,
  origin: 'spec',
  ...o,
});
const get = (o: Options = {}): CallSpec => post({ method: 'GET', encoding: 'query', ...o });
const correction = (o: Options = {}): CallSpec => post({ timeout: 'correction', ...o });
const upload = (o: Options = {}): CallSpec => post({ encoding: 'multipart', ...o });
const file = (o: Options = {}): CallSpec => post({ response: 'file', ...o });
const ours = (spec: CallSpec): CallSpec => ({ ...spec, origin: 'contract' });

export const calls = {
  // ---- session, menu, common ----
  'blocLegal/login/getLoginInfo': ours(get()),
  'blocLegal/login/logout': ours(post()),
  'blocLegal/login/reauthenticate': ours(post()),
  'blocLegal/login/cancleAuth': post(),
  'blocLegal/account/state': post(),
  'blocLegal/menu/getEcenterMenus': post(),
  'blocLegal/menu/queryHideMyScore': post(),
  'blocLegal/common/getAreaInfo': post(),
  'blocLegal/common/queryLogonCity': post(),
  'blocLegal/analytics/collect': ours(post({ overlay: false, anonymous: true })),
  'blocLegal/security/publicKey': ours(get({ overlay: false, anonymous: true })),
  'blocOther/checkCode/createCode': get({ response: 'image', anonymous: true, overlay: false }),
  'idprovider/login': ours(post({ base: 'idprovider', response: 'page', anonymous: true })),
  'idprovider/logout': get({ base: 'idprovider', response: 'page', anonymous: true }),
  'idprovider/register': ours(post({ base: 'idprovider', response: 'page', anonymous: true })),
  'idprovider/reset': ours(post({ base: 'idprovider', response: 'page', anonymous: true })),

  // ---- policies ----
  'blocLegal/policy/policyList': post(),
  'blocLegal/policy/addPolicy': post(),
  'blocLegal/policy/cancelRenew': post(),
  'blocLegal/policy/carPolicyQuery': post(),
  'blocLegal/policy/noCarPolicyQueryEcenter': post(),
  'blocLegal/legalPolicy/getLegalPolicyList': post(),
  'blocLegal/legalPolicy/getLegalPolicyInfo': post(),
  'blocLegal/legalPolicy/getRisk': post(),
  'blocLegal/legalPolicy/getInsuranceInformation': post(),
  'blocLegal/legalPolicy/policyPayLink': ours(post()),
  'blocLegal/legalPolicy/policyPayStatus': ours(post({ overlay: false })),
  'blocLegal/legalPolicy/policyPayNotify': ours(post({ anonymous: true, overlay: false })),
  // a group policy's renewal for its next policy year (docs/group-renewal.md)
  'blocLegal/legalPolicy/groupRenewals': ours(post({ overlay: false })),
  'blocLegal/legalPolicy/groupRenewal': ours(post()),
  'blocLegal/legalPolicy/acceptGroupRenewal': ours(post()),
  'blocLegal/legalPolicy/groupRenewalPayLink': ours(post()),
  'blocLegal/legalPolicy/groupRenewalPayStatus': ours(post({ overlay: false })),
  'blocLegal/legalPolicy/setAutoRenew': ours(post()),
  'blocLegal/policyDownload/download': file(),
  'blocLegal/electronicDocuments/lifePolicyDownload': file(),
  'blocLegal/electronicDocuments/queryInvoice': post(),
  'blocLegal/electronicDocuments/downloadLifeInvoice': file(),
  'blocLegal/electronicDocuments/generateForEmployer': file(),

  // ---- employees (group policy corrections) ----
  'blocLegal/employee/employeeList': post(),
  'blocLegal/employee/employeeListNew': post(),
  'blocLegal/employee/employeeDetailNew': post(),
  'blocLegal/employee/applyBusinessApprove': correction(),
  'blocLegal/employee/groupApplyBusinessApprove': correction(),
  'blocLegal/employee/addSingleEmployee': correction(),
  'blocLegal/employee/addSingleEmployeeNew': correction(),
  'blocLegal/employee/addBatchEmployee': correction({ encoding: 'multipart', overlay: false }),
  'blocLegal/employee/addBatchEmployeeNew': correction({ encoding: 'multipart', overlay: false }),
  'blocLegal/employee/subtractEmployee': correction(),
  'blocLegal/employee/exchangeEmployee': correction(),
  'blocLegal/employee/exchangeEmployeeNew': correction(),
  'blocLegal/employee/downloadEmployeeListExcel': file(),
  'blocLegal/employee/downloadErrorExcel': file(),
  'blocLegal/employee/downloadErrorExcelNew': file(),
  'blocLegal/employee/downImportEmployeeExcel': file(),
  'blocLegal/employee/getPaymentLink': post(),
  'blocLegal/employee/getPayStatus': post({ overlay: false }),
  'blocLegal/employee/updatePayType': post(),
  'blocLegal/employee/downloadPaymentNotice': ours(file()),
  'blocLegal/employee/uploadTransferReceipt': ours(upload({ overlay: false })),
  'blocLegal/employee/bankInfo': post(),
  'blocLegal/employee/correctRecordList': post(),
  'blocLegal/employee/delCorrectRecord': post(),
  'blocLegal/employee/returnCorrection': ours(post()),
  'blocLegal/employee/correctDetail': post(),
  'blocLegal/employee/checkBeforeCorrect': post(),
  'blocLegal/employee/checkGroupEmployeeCorrect': post(),
  'blocLegal/employee/underwriting': post(),
  'blocLegal/employee/selectOrderScenario': post(),
  'blocLegal/employee/getRiskCategories': post(),
  'blocLegal/employee/likeOccupation': post({ overlay: false }),
  'blocLegal/employee/groupExchangeUpload': ours(upload({ timeout: 'correction', overlay: false })),
  'blocLegal/employee/groupSubtractUpload': ours(upload({ timeout: 'correction', overlay: false })),
  'blocLegal/employee/downloadGroupExchangeTemplate': ours(file()),
  'blocLegal/employee/downloadGroupSubtractTemplate': ours(file()),
  'blocLegal/employee/downloadEndorsement': ours(file()),
  'blocLegal/employee/correctablePolicies': ours(post()),
  'blocLegal/employee/removeCorrectItem': ours(post()),
  'blocLegal/employee/reconcileRoster': ours(upload({ timeout: 'correction', overlay: false })),
  'blocLegal/employee/reconcileCorrect': ours(correction()),
  'blocLegal/employee/certificate': ours(file()),
  'blocLegal/employee/certificates': ours(file()),

  // ---- insured persons (corrections of non-employee policies) ----
  'blocLegal/correctInsured/getInsuranceList': post(),
  'blocLegal/correctInsured/getInsuranceDetail': post(),
  'blocLegal/correctInsured/downloadExcelTemplate': file(),
  'blocLegal/correctInsured/checkInsuredCorrect': post(),
  'blocLegal/correctInsured/addSingleInsured': correction(),
  'blocLegal/correctInsured/addBatchInsured': correction({ encoding: 'multipart', overlay: false }),
  'blocLegal/correctInsured/subtractInsured': correction(),
  'blocLegal/correctInsured/exchangeInsured': correction(),
  'blocLegal/correctInsured/insuredDownErrorExcel': file(),
  'blocLegal/correctInsured/insuredApplyBusinessApprove': correction(),
  'blocLegal/correctInsured/getInsuranceRiskCategories': post(),
  'blocLegal/correctInsured/likeProfession': post({ overlay: false }),
  'blocLegal/correctInsured/modifyInsured': post(),
  'blocLegal/correctInsured/getInsuredPayLink': post(),
  'blocLegal/correctInsured/InsuredPayNotify': post({ anonymous: true, overlay: false }),
  'blocLegal/correctInsured/updateInsuredPayType': post(),
  'blocLegal/correctInsured/insuredAccountInfo': post(),
  'blocLegal/correctInsured/insuredBankInfo': post(),
  'blocLegal/correctInsured/delInsuredCorrectRecord': post(),
  'blocLegal/correctInsured/exchangeInsuredUpload': ours(upload({ timeout: 'correction', overlay: false })),
  'blocLegal/correctInsured/subtractInsuredUpload': ours(upload({ timeout: 'correction', overlay: false })),

  // ---- claims and records ----
  'blocLegal/claim/queryClaimList': post(),
  'blocLegal/claim/queryClaimDetail': post(),
  'blocLegal/claim/claimablePolicies': ours(post()),
  'blocLegal/claim/uploadClaimFile': ours(upload({ overlay: false })),
  'blocLegal/claim/reportClaim': ours(post()),
  'blocLegal/claim/submitClaimDocuments': ours(post()),
  'blocLegal/claim/claimFile': ours(get({ response: 'image', overlay: false })),
  'blocLegal/insuranceRecord/queryInsuranceRecordList': post(),
  'blocLegal/insuranceRecord/queryInsuranceRecordInfo': post(),
  'blocLegal/insuredPersonAndEmployee/queryInsuredPerson': post(),

  // ---- invoices ----
  'blocLegal/electronicInvoice/electronicInvoiceQueryStatus': post(),
  'blocLegal/electronicInvoice/electronicInvoiceListQuery': post(),
  'blocLegal/electronicInvoice/electronicInvoiceDownLoad': file(),
  'blocLegal/electronicInvoice/electronicInvoiceKJ': post(),

  // ---- corporate account ----
  'blocLegal/account/getLegalInfo': post(),
  'blocLegal/account/cancleAccount': post(),
  'blocLegal/account/checkPicture': post(),
  'blocLegal/account/judgeCancleLegal': post(),
  'blocLegal/account/checkLegalChange': post(),
  'blocLegal/account/checkCode': post(),
  'blocLegal/account/sendSMSCodeForChangeAccount': post(),
  'blocLegal/account/checkSMSCode': post(),
  'blocLegal/account/changeLegalAccount': post(),
  'blocLegal/sendMsg/sendSms': post(),
  'blocLegal/sendMsg/checkSms': ours(post()),

  // ---- complaints and suggestions ----
  'blocLegal/opinions/updateOpinions': post(),
  'blocLegal/opinions/getUserOpinionNum': post(),
  'blocLegal/opinions/searchUserNoReadList': post({ overlay: false }),
  'blocLegal/opinions/queryOpinionTypes': post(),
  'blocLegal/opinions/uploadPicture': upload(),
  'blocLegal/opinions/searchList': post(),
  'blocLegal/opinions/searchDetail': post(),
  'blocLegal/opinions/picture': ours(get({ response: 'image', overlay: false })),

  // ---- the company's audit trail (操作日志, docs/audit.md) ----
  'blocLegal/audit/list': ours(get()),
  'blocLegal/audit/export': ours(get({ response: 'file' })),

  // ---- the company's users and their roles (用户与权限, docs/roles.md) ----
  'blocLegal/users/list': ours(get()),
  'blocLegal/users/update': ours(post()),
  'blocLegal/users/remove': ours(post()),
  'blocLegal/users/invitations': ours(get()),
  'blocLegal/users/invite': ours(post()),
  'blocLegal/users/withdrawInvitation': ours(post()),
  'blocLegal/users/resendInvitation': ours(post()),
  'blocLegal/users/settings': ours(get()),
  'blocLegal/users/updateSettings': ours(post()),

  // ---- personal centre (the specification declares these without details) ----
  'blocLegal/personal/orderList': ours(post()),
  'blocLegal/personal/orderDetail': ours(post()),
  'blocLegal/personal/cancelOrder': ours(post()),
  'blocLegal/personal/orderPayLink': ours(post()),
  'blocLegal/personal/orderPayStatus': ours(post({ overlay: false })),
  'blocLegal/personal/orderPayNotify': ours(post({ anonymous: true, overlay: false })),
  'blocLegal/personal/renewalQuote': ours(post()),
  'blocLegal/personal/invoiceable': ours(post()),
  'blocLegal/personal/requestInvoice': ours(post()),
  'blocLegal/personal/invoiceList': ours(post()),
  'blocLegal/personal/invoiceDownload': ours(file()),
  'blocLegal/personal/renewPolicy': ours(post()),
  'blocLegal/personal/giftList': ours(post()),
  'blocLegal/personal/couponList': ours(post()),
  'blocLegal/personal/fundList': ours(post()),
  'blocLegal/personal/riskReview': ours(post()),
  'blocLegal/personal/homeSummary': ours(post()),
  'blocLegal/club/myScore': ours(post()),
  'blocLegal/club/integralOrder': ours(post()),
  'blocLegal/club/redeemGift': ours(post()),
  'blocLegal/club/servicePackage': ours(post()),
  'blocLegal/club/serviceCustom': ours(post()),
  'blocLegal/club/bookService': ours(post()),
  'blocLegal/club/cancelBooking': ours(post()),
  'blocLegal/club/collect': ours(post()),
  'blocLegal/club/removeCollect': ours(post()),
  'blocLegal/club/activity': ours(post()),
  'blocLegal/club/joinActivity': ours(post()),
  'blocLegal/club/quitActivity': ours(post()),
  'blocLegal/assets/transactionQuery': ours(post()),
  'blocLegal/assets/assetsDetails': ours(post()),
  'blocLegal/assets/bonusRecord': ours(post()),
  'blocLegal/assets/riskQuestionnaire': ours(post()),
  'blocLegal/assets/riskEvaluating': ours(post()),
  'blocLegal/assets/investmentManagement': ours(post()),
  'blocLegal/profile/personalInfo': ours(post()),
  'blocLegal/profile/updatePersonalInfo': ours(post()),
  'blocLegal/profile/realNameVerify': ours(post()),
  'blocLegal/profile/changePassword': ours(post()),
  'blocLegal/profile/changePhone': ours(post()),
} as const satisfies Record<string, CallSpec>;

export type CallName = keyof typeof calls;

/** The URL path of a call, given the gateway prefix (default `/gateway`). */
export function callPath(name: CallName, gatewayPrefix = '/gateway'): string {
  const spec: CallSpec = calls[name];
  return spec.base === 'idprovider' ? `/${name}` : `${gatewayPrefix}/${name}`;
}

/** Who may make a call: corporate users only, individual members only, or either. */
export type Audience = 'corporate' | 'personal' | 'any';

/** The personal centre's modules, and the corporate member centre's. */
const PERSONAL_MODULES = new Set(['personal', 'club', 'assets', 'profile', 'sendMsg']);
const CORPORATE_MODULES = new Set([
  'account',
  'audit',
  'users',
  'electronicInvoice',
  'employee',
  'correctInsured',
  'insuranceRecord',
  'insuredPersonAndEmployee',
]);
/** Calls that differ from their module. */
const AUDIENCE_OF_CALL: Partial<Record<CallName, Audience>> = {
  'blocLegal/account/state': 'any',
  'blocLegal/policy/addPolicy': 'personal',
  'blocLegal/policy/cancelRenew': 'personal',
};

/**
 * Who may make a call. The gateway refuses a corporate session on a personal-centre call and an
 * individual member's session on a corporate call before the call's handler runs.
 */
export function audienceOf(name: CallName): Audience {
  const own = AUDIENCE_OF_CALL[name];
  if (own) return own;
  const module = name.split('/')[1] ?? '';
  if (PERSONAL_MODULES.has(module)) return 'personal';
  if (CORPORATE_MODULES.has(module)) return 'corporate';
  return 'any';
}

export function timeoutOf(name: CallName): number {
  return TIMEOUT_MS[calls[name].timeout];
}
