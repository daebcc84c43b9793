/**
 * The fixed routes of docs/SPEC.md §2 (relative to the router base), each with the registry name of the
 * page it renders. Every other page is reachable only through the user's server menu.
 */
import { paths } from '../shared/paths';

export interface FixedRoute {
  path: string;
  component: string;
  title: string;
  /** false: the page is shown without the left menu. */
  leftMenu: boolean;
}

export const fixedRoutes: FixedRoute[] = [
  { path: paths.counterPolicyDetails.path, component: 'CounterPolicyDetails', title: 'Order details', leftMenu: false },
  {
    path: paths.insuredPolicyDetails.path,
    component: 'InsuredPolicyDetails',
    title: 'Application details',
    leftMenu: true,
  },
  {
    path: paths.legalPolicyDetail.path,
    component: 'LegalPolicyDetail',
    title: 'Property insurance policy details',
    leftMenu: true,
  },
  {
    path: paths.legalinsuranceDetail.path,
    component: 'LegalinsuranceDetail',
    title: 'Application details',
    leftMenu: true,
  },
  {
    path: paths.legalCarPolicyDetail.path,
    component: 'LegalCarPolicyDetail',
    title: 'Motor policy details',
    leftMenu: true,
  },
  { path: paths.lifePolicyDetail.path, component: 'LifePolicyDetail', title: 'Life policy details', leftMenu: true },
  {
    path: paths.healthyPolicyDetail.path,
    component: 'HealthyPolicyDetail',
    title: 'Health policy details',
    leftMenu: true,
  },
  { path: paths.correctRecord.path, component: 'CorrectRecord', title: 'Correction records', leftMenu: true },
  { path: paths.legalAccountChange.path, component: 'LegalAccountChange', title: 'Account change', leftMenu: true },
  {
    path: paths.legalAccountCancel.path,
    component: 'LegalAccountCancel',
    title: 'Account cancellation',
    leftMenu: true,
  },
  { path: paths.legalClaims.path, component: 'LegalClaimList', title: 'Claims query', leftMenu: true },
  {
    path: paths.legalComplaints.path,
    component: 'LegalComplaintList',
    title: 'Complaints and suggestions',
    leftMenu: true,
  },
  { path: paths.claimDetail.path, component: 'MyclaimsQueryDetail', title: 'Claim details', leftMenu: true },
  { path: paths.claimReport.path, component: 'ClaimReport', title: 'Report a claim', leftMenu: true },
  {
    path: paths.myComplaints.path,
    component: 'MyComplaintList',
    title: 'Complaint and suggestion list',
    leftMenu: true,
  },
];
