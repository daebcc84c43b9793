import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Menu component names (and the fixed routes' pages) to lazily loaded pages: one route chunk each.
 * A name that is not here is not reachable: the route answers the hidden 404 page. Each chunk is
 * named page-<name>: the build lists its files in dist/pages.json and the gateway preloads them
 * with index.html for that page's path.
 */
export const pageRegistry: Record<string, LazyExoticComponent<ComponentType>> = {
  Home: lazy(() => import(/* webpackChunkName: "page-Home" */ './pages/HomePage')),
  MyPolicy: lazy(() => import(/* webpackChunkName: "page-MyPolicy" */ '../features/policy/pages/MyPolicy')),
  EmployeeView: lazy(
    () => import(/* webpackChunkName: "page-EmployeeView" */ '../features/correction/pages/EmployeeView'),
  ),
  InsuranceRecord: lazy(
    () => import(/* webpackChunkName: "page-InsuranceRecord" */ '../features/policy/pages/InsuranceRecord'),
  ),
  LegalClaimList: lazy(
    () => import(/* webpackChunkName: "page-LegalClaimList" */ '../features/policy/pages/LegalClaimList'),
  ),
  MyclaimsQueryDetail: lazy(
    () => import(/* webpackChunkName: "page-MyclaimsQueryDetail" */ '../features/policy/pages/MyclaimsQueryDetail'),
  ),
  ClaimReport: lazy(() => import(/* webpackChunkName: "page-ClaimReport" */ '../features/policy/pages/ClaimReport')),
  LegalPolicyDetail: lazy(
    () => import(/* webpackChunkName: "page-LegalPolicyDetail" */ '../features/policy/pages/LegalPolicyDetail'),
  ),
  LegalCarPolicyDetail: lazy(
    () => import(/* webpackChunkName: "page-LegalCarPolicyDetail" */ '../features/policy/pages/LegalCarPolicyDetail'),
  ),
  LifePolicyDetail: lazy(
    () => import(/* webpackChunkName: "page-LifePolicyDetail" */ '../features/policy/pages/LifePolicyDetail'),
  ),
  HealthyPolicyDetail: lazy(
    () => import(/* webpackChunkName: "page-HealthyPolicyDetail" */ '../features/policy/pages/HealthyPolicyDetail'),
  ),
  LegalinsuranceDetail: lazy(
    () => import(/* webpackChunkName: "page-LegalinsuranceDetail" */ '../features/policy/pages/LegalinsuranceDetail'),
  ),
  InsuredPolicyDetails: lazy(
    () => import(/* webpackChunkName: "page-InsuredPolicyDetails" */ '../features/policy/pages/InsuredPolicyDetails'),
  ),
  CounterPolicyDetails: lazy(
    () => import(/* webpackChunkName: "page-CounterPolicyDetails" */ '../features/policy/pages/CounterPolicyDetails'),
  ),
  PersonalPolicyList: lazy(
    () => import(/* webpackChunkName: "page-PersonalPolicyList" */ '../features/personal/pages/PersonalPolicyList'),
  ),
  OrderList: lazy(() => import(/* webpackChunkName: "page-OrderList" */ '../features/personal/pages/OrderList')),
  PersonalInvoiceList: lazy(
    () => import(/* webpackChunkName: "page-PersonalInvoiceList" */ '../features/personal/pages/PersonalInvoiceList'),
  ),
  ApplicationList: lazy(
    () => import(/* webpackChunkName: "page-ApplicationList" */ '../features/personal/pages/ApplicationList'),
  ),
  PersonalClaimList: lazy(
    () => import(/* webpackChunkName: "page-PersonalClaimList" */ '../features/policy/pages/PersonalClaimList'),
  ),
  MyScore: lazy(() => import(/* webpackChunkName: "page-MyScore" */ '../features/personal/pages/MyScore')),
  IntegralOrder: lazy(
    () => import(/* webpackChunkName: "page-IntegralOrder" */ '../features/personal/pages/IntegralOrder'),
  ),
  ServiceCustom: lazy(
    () => import(/* webpackChunkName: "page-ServiceCustom" */ '../features/personal/pages/ServiceCustom'),
  ),
  ServicePackage: lazy(
    () => import(/* webpackChunkName: "page-ServicePackage" */ '../features/personal/pages/ServicePackage'),
  ),
  Collect: lazy(() => import(/* webpackChunkName: "page-Collect" */ '../features/personal/pages/Collect')),
  Activity: lazy(() => import(/* webpackChunkName: "page-Activity" */ '../features/personal/pages/Activity')),
  TransactionQuery: lazy(
    () => import(/* webpackChunkName: "page-TransactionQuery" */ '../features/personal/pages/TransactionQuery'),
  ),
  AssetsDetails: lazy(
    () => import(/* webpackChunkName: "page-AssetsDetails" */ '../features/personal/pages/AssetsDetails'),
  ),
  BonusRecord: lazy(() => import(/* webpackChunkName: "page-BonusRecord" */ '../features/personal/pages/BonusRecord')),
  RiskEvaluating: lazy(
    () => import(/* webpackChunkName: "page-RiskEvaluating" */ '../features/personal/pages/RiskEvaluating'),
  ),
  InvestmentManagement: lazy(
    () => import(/* webpackChunkName: "page-InvestmentManagement" */ '../features/personal/pages/InvestmentManagement'),
  ),
  PersonalInfo: lazy(
    () => import(/* webpackChunkName: "page-PersonalInfo" */ '../features/personal/pages/PersonalInfo'),
  ),
  AccountSecurity: lazy(
    () => import(/* webpackChunkName: "page-AccountSecurity" */ '../features/personal/pages/AccountSecurity'),
  ),
  MyInvoice: lazy(() => import(/* webpackChunkName: "page-MyInvoice" */ '../features/invoice/pages/MyInvoice')),
  LegalComplaintList: lazy(
    () => import(/* webpackChunkName: "page-LegalComplaintList" */ '../features/opinion/pages/LegalComplaintList'),
  ),
  MyComplaintList: lazy(
    () => import(/* webpackChunkName: "page-MyComplaintList" */ '../features/opinion/pages/MyComplaintList'),
  ),
  CompanyUsers: lazy(
    () => import(/* webpackChunkName: "page-CompanyUsers" */ '../features/account/pages/CompanyUsers'),
  ),
  AuditTrail: lazy(() => import(/* webpackChunkName: "page-AuditTrail" */ '../features/audit/pages/AuditTrail')),
  LegalAccountInfo: lazy(
    () => import(/* webpackChunkName: "page-LegalAccountInfo" */ '../features/account/pages/LegalAccountInfo'),
  ),
  LegalAccountChange: lazy(
    () => import(/* webpackChunkName: "page-LegalAccountChange" */ '../features/account/pages/LegalAccountChange'),
  ),
  LegalAccountCancel: lazy(
    () => import(/* webpackChunkName: "page-LegalAccountCancel" */ '../features/account/pages/LegalAccountCancel'),
  ),
  EmployeeCorrection: lazy(
    () => import(/* webpackChunkName: "page-EmployeeCorrection" */ '../features/correction/pages/EmployeeCorrection'),
  ),
  InsuredCorrection: lazy(
    () => import(/* webpackChunkName: "page-InsuredCorrection" */ '../features/correction/pages/InsuredCorrection'),
  ),
  EmployeeChanges: lazy(
    () => import(/* webpackChunkName: "page-EmployeeChanges" */ '../features/correction/pages/EmployeeChanges'),
  ),
  GroupRenewal: lazy(() => import(/* webpackChunkName: "page-GroupRenewal" */ '../features/policy/pages/GroupRenewal')),
  RosterReconcile: lazy(
    () => import(/* webpackChunkName: "page-RosterReconcile" */ '../features/correction/pages/RosterReconcile'),
  ),
  CorrectRecord: lazy(
    () => import(/* webpackChunkName: "page-CorrectRecord" */ '../features/correction/pages/CorrectRecord'),
  ),
};

export function hasPage(component: string): boolean {
  return Object.prototype.hasOwnProperty.call(pageRegistry, component);
}
