/**
 * The fixed routes of docs/SPEC.md §2 (relative to the router base), each with the registry name of the
 * page it renders. Every other page is reachable only through the user's server menu.
 */
export interface FixedRoute {
  path: string;
  component: string;
  title: string;
  /** false: the page is shown without the left menu. */
  leftMenu: boolean;
}

export const paths = {
  home: '/index',
  notFound: '/404',
  restricted: '/limit/tips1/',
  personalInfo: '/myprofile/personalInfo',
  legalHelpCenter: '/legalHelpCenter/legalHelpCenterList',
} as const;

export const fixedRoutes: FixedRoute[] = [
  { path: '/counterPolicyDetails', component: 'CounterPolicyDetails', title: 'Order details', leftMenu: false },
  { path: '/insuredPolicyDetails', component: 'InsuredPolicyDetails', title: 'Application details', leftMenu: true },
  {
    path: '/legalPolicyDetail',
    component: 'LegalPolicyDetail',
    title: 'Property insurance policy details',
    leftMenu: true,
  },
  { path: '/legalinsuranceDetail', component: 'LegalinsuranceDetail', title: 'Application details', leftMenu: true },
  { path: '/legalCarPolicyDetail', component: 'LegalCarPolicyDetail', title: 'Motor policy details', leftMenu: true },
  { path: '/lifePolicyDetail', component: 'LifePolicyDetail', title: 'Life policy details', leftMenu: true },
  { path: '/healthyPolicyDetail', component: 'HealthyPolicyDetail', title: 'Health policy details', leftMenu: true },
  { path: '/correctRecord', component: 'CorrectRecord', title: 'Endorsement records', leftMenu: true },
  { path: '/legalaccountChange', component: 'LegalAccountChange', title: 'Account change', leftMenu: true },
  { path: '/legalaccountCancel', component: 'LegalAccountCancel', title: 'Account cancellation', leftMenu: true },
  { path: '/legalqueryListClaim', component: 'LegalClaimList', title: 'Claims query', leftMenu: true },
  {
    path: '/legalcomplaintProposalList',
    component: 'LegalComplaintList',
    title: 'Complaints and suggestions',
    leftMenu: true,
  },
  { path: '/myclaimsQueryDetail', component: 'MyclaimsQueryDetail', title: 'Corporate claim details', leftMenu: true },
  { path: '/myComplaintList', component: 'MyComplaintList', title: 'Complaint and suggestion list', leftMenu: true },
];
