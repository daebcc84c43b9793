/**
 * The fixed routes of docs/SPEC.md §2 (relative to the router base), each with the registry name of the
 * page it renders. Every other page is reachable only through the user's server menu.
 */
import type { Right } from '@contract/roles';
import { paths } from '../shared/paths';
import type { routeTitleMessages } from './messages';

export interface FixedRoute {
  path: string;
  component: string;
  /** The route title's key in the route title catalogue (app/messages.ts). */
  title: keyof (typeof routeTitleMessages)['en-US'];
  /** false: the page is shown without the left menu. */
  leftMenu: boolean;
  /** The right a company user's role needs for the page (contract/roles.ts); none: every role. */
  right?: Right;
}

export const fixedRoutes: FixedRoute[] = [
  {
    path: paths.counterPolicyDetails.path,
    component: 'CounterPolicyDetails',
    title: 'counterPolicyDetails',
    leftMenu: false,
  },
  {
    path: paths.insuredPolicyDetails.path,
    component: 'InsuredPolicyDetails',
    title: 'insuredPolicyDetails',
    leftMenu: true,
  },
  {
    path: paths.legalPolicyDetail.path,
    component: 'LegalPolicyDetail',
    title: 'legalPolicyDetail',
    leftMenu: true,
  },
  {
    path: paths.legalinsuranceDetail.path,
    component: 'LegalinsuranceDetail',
    title: 'legalinsuranceDetail',
    leftMenu: true,
  },
  {
    path: paths.legalCarPolicyDetail.path,
    component: 'LegalCarPolicyDetail',
    title: 'legalCarPolicyDetail',
    leftMenu: true,
  },
  { path: paths.lifePolicyDetail.path, component: 'LifePolicyDetail', title: 'lifePolicyDetail', leftMenu: true },
  {
    path: paths.healthyPolicyDetail.path,
    component: 'HealthyPolicyDetail',
    title: 'healthyPolicyDetail',
    leftMenu: true,
  },
  { path: paths.correctRecord.path, component: 'CorrectRecord', title: 'correctRecord', leftMenu: true },
  {
    path: paths.rosterReconcile.path,
    component: 'RosterReconcile',
    title: 'rosterReconcile',
    leftMenu: true,
    right: 'prepare',
  },
  { path: paths.groupRenewal.path, component: 'GroupRenewal', title: 'groupRenewal', leftMenu: true },
  {
    path: paths.legalAccountChange.path,
    component: 'LegalAccountChange',
    title: 'legalAccountChange',
    leftMenu: true,
    right: 'account',
  },
  {
    path: paths.legalAccountCancel.path,
    component: 'LegalAccountCancel',
    title: 'legalAccountCancel',
    leftMenu: true,
    right: 'account',
  },
  { path: paths.legalClaims.path, component: 'LegalClaimList', title: 'legalClaims', leftMenu: true },
  {
    path: paths.legalComplaints.path,
    component: 'LegalComplaintList',
    title: 'legalComplaints',
    leftMenu: true,
  },
  { path: paths.claimDetail.path, component: 'MyclaimsQueryDetail', title: 'claimDetail', leftMenu: true },
  { path: paths.claimReport.path, component: 'ClaimReport', title: 'claimReport', leftMenu: true },
  {
    path: paths.myComplaints.path,
    component: 'MyComplaintList',
    title: 'myComplaints',
    leftMenu: true,
  },
];
