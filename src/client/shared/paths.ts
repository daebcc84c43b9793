/**
 * Every portal address a page links to, relative to the router base: one table instead of path
 * strings scattered through components. `path` is what the router matches (a fixed route of
 * docs/SPEC.md §2 or a server menu entry's path), `href(...)` the address with its query.
 */
import type { PolicyKind } from '@contract/io/policy';

const query = (values: Record<string, string | number | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
};

interface Route<A extends unknown[] = []> {
  readonly path: string;
  href(...args: A): string;
}
const route = (path: string): Route => ({ path, href: () => path });
const byPolicy = (path: string): Route<[policyNo: string]> => ({
  path,
  href: (policyNo) => `${path}${query({ policyNo })}`,
});

export const paths = {
  // ---- the frame (docs/SPEC.md §2)
  home: route('/index'),
  notFound: route('/404'),
  restricted: route('/limit/tips1/'),
  legalHelpCenter: route('/legalHelpCenter/legalHelpCenterList'),

  // ---- policy details (fixed routes)
  counterPolicyDetails: {
    path: '/counterPolicyDetails',
    href: (orderNo: string) => `/counterPolicyDetails${query({ orderNo })}`,
  },
  insuredPolicyDetails: byPolicy('/insuredPolicyDetails'),
  legalPolicyDetail: byPolicy('/legalPolicyDetail'),
  legalinsuranceDetail: byPolicy('/legalinsuranceDetail'),
  legalCarPolicyDetail: byPolicy('/legalCarPolicyDetail'),
  lifePolicyDetail: byPolicy('/lifePolicyDetail'),
  healthyPolicyDetail: byPolicy('/healthyPolicyDetail'),

  // ---- corporate pages
  myPolicy: {
    path: '/myPolicy',
    /** A tab of My policy (group, employer, health, life, property or all), optionally one state of policies. */
    href: (o: { tab?: string; state?: number } = {}) => `/myPolicy${query(o)}`,
  },
  employeeView: byPolicy('/employeeView'),
  correctRecord: route('/correctRecord'),
  /** Employee changes: choose a policy, then what changes (the menu's way into the correction flows). */
  employeeChanges: route('/employeeChanges'),
  employeeCorrection: {
    path: '/employeeCorrection',
    href: (policyNo?: string, correctionId?: number) => `/employeeCorrection${query({ policyNo, correctionId })}`,
  },
  /** The whole roster of a policy compared with its insured list, made a correction. */
  rosterReconcile: byPolicy('/rosterReconcile'),
  /** A group policy's renewal for its next policy year: the quote, its roster, accepting and paying it. */
  groupRenewal: byPolicy('/groupRenewal'),
  insuredCorrection: {
    path: '/insuredCorrection',
    href: (policyNo?: string, correctionId?: number) => `/insuredCorrection${query({ policyNo, correctionId })}`,
  },
  insuranceRecord: route('/insuranceRecord'),
  legalClaims: route('/legalqueryListClaim'),
  claimDetail: {
    path: '/myclaimsQueryDetail',
    href: (claimNo: string) => `/myclaimsQueryDetail${query({ claimNo })}`,
  },
  claimReport: {
    path: '/claimReport',
    href: (kind: 'car' | 'nonCar' = 'nonCar') => `/claimReport${query({ kind })}`,
  },
  myInvoice: route('/myInvoice'),
  legalComplaints: route('/legalcomplaintProposalList'),
  legalAccountInfo: route('/legalAccountInfo'),
  auditTrail: route('/auditTrail'),
  companyUsers: route('/companyUsers'),
  legalAccountChange: route('/legalaccountChange'),
  legalAccountCancel: route('/legalaccountCancel'),

  // ---- personal centre
  personalPolicies: route('/mypolicy/policyList'),
  /** My policies with the dialog that binds a policy bought elsewhere open. */
  bindPolicy: { path: '/mypolicy/policyList', href: () => `/mypolicy/policyList${query({ bind: 1 })}` },
  /** My policies with the renewal dialog of one policy open. */
  renewPolicy: {
    path: '/mypolicy/policyList',
    href: (policyNo: string) => `/mypolicy/policyList${query({ renew: policyNo })}`,
  },
  orders: route('/mypolicy/orderList'),
  /** A member's paid premiums and their e-invoices. */
  personalInvoices: route('/mypolicy/invoiceList'),
  applications: route('/mypolicy/applicationList'),
  personalClaims: route('/myclaims/claimList'),
  myComplaints: route('/myComplaintList'),
  myScore: route('/myclub/myScore'),
  riskEvaluating: route('/assets/riskEvaluating'),
  personalInfo: route('/myprofile/personalInfo'),
  accountSecurity: route('/myprofile/accountSecurity'),
} as const;

/** A change of a policy's roster: who joins, leaves, is exchanged or has their details changed. */
export type RosterChange = 'add' | 'subtract' | 'exchange' | 'modify';

/**
 * The correction page of a policy, picked by the policy's roster kind (employee lists and employer
 * policies: employeeCorrection; insured persons: insuredCorrection), starting the given change, with
 * roster people already chosen (removed or exchanged), or continuing an open correction.
 */
export function correctionHref(
  roster: string | null,
  policyNo: string,
  o: { kind?: RosterChange; personIds?: number[]; correctionId?: number } = {},
): string {
  const path = roster === 'insured' ? paths.insuredCorrection.path : paths.employeeCorrection.path;
  return `${path}${query({
    policyNo,
    kind: o.kind,
    personIds: o.personIds?.length ? o.personIds.join(',') : undefined,
    correctionId: o.correctionId,
  })}`;
}

/** The changes a policy's roster allows (details are changed on insured-person policies). */
export const rosterChanges = (roster: string | null): RosterChange[] =>
  roster === 'insured' ? ['add', 'subtract', 'exchange', 'modify'] : roster ? ['add', 'subtract', 'exchange'] : [];

/** The detail page that shows a policy of a kind (one map for every list and link). */
export function policyDetailHref(kind: PolicyKind | string, policyNo: string): string {
  switch (kind) {
    case 'property':
      return paths.legalPolicyDetail.href(policyNo);
    case 'motor':
      return paths.legalCarPolicyDetail.href(policyNo);
    case 'life':
    case 'group_life':
      return paths.lifePolicyDetail.href(policyNo);
    case 'health':
    case 'group_health':
      return paths.healthyPolicyDetail.href(policyNo);
    default:
      return paths.legalinsuranceDetail.href(policyNo);
  }
}
