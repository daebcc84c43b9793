import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Menu component names (and the fixed routes' pages) to lazily loaded pages: one route chunk each.
 * A name that is not here is not reachable: the route answers the hidden 404 page.
 */
export const pageRegistry: Record<string, LazyExoticComponent<ComponentType>> = {
  Home: lazy(() => import('./pages/HomePage')),
  MyPolicy: lazy(() => import('../features/policy/pages/MyPolicy')),
  EmployeeView: lazy(() => import('../features/policy/pages/EmployeeView')),
  InsuranceRecord: lazy(() => import('../features/policy/pages/InsuranceRecord')),
  LegalClaimList: lazy(() => import('../features/policy/pages/LegalClaimList')),
  MyclaimsQueryDetail: lazy(() => import('../features/policy/pages/MyclaimsQueryDetail')),
  ClaimReport: lazy(() => import('../features/policy/pages/ClaimReport')),
  LegalPolicyDetail: lazy(() => import('../features/policy/pages/LegalPolicyDetail')),
  LegalCarPolicyDetail: lazy(() => import('../features/policy/pages/LegalCarPolicyDetail')),
  LifePolicyDetail: lazy(() => import('../features/policy/pages/LifePolicyDetail')),
  HealthyPolicyDetail: lazy(() => import('../features/policy/pages/HealthyPolicyDetail')),
  LegalinsuranceDetail: lazy(() => import('../features/policy/pages/LegalinsuranceDetail')),
  InsuredPolicyDetails: lazy(() => import('../features/policy/pages/InsuredPolicyDetails')),
  CounterPolicyDetails: lazy(() => import('../features/policy/pages/CounterPolicyDetails')),
  PersonalPolicyList: lazy(() => import('../features/personal/pages/PersonalPolicyList')),
  OrderList: lazy(() => import('../features/personal/pages/OrderList')),
  ApplicationList: lazy(() => import('../features/personal/pages/ApplicationList')),
  PersonalClaimList: lazy(() => import('../features/policy/pages/PersonalClaimList')),
  MyScore: lazy(() => import('../features/personal/pages/MyScore')),
  IntegralOrder: lazy(() => import('../features/personal/pages/IntegralOrder')),
  ServiceCustom: lazy(() => import('../features/personal/pages/ServiceCustom')),
  ServicePackage: lazy(() => import('../features/personal/pages/ServicePackage')),
  Collect: lazy(() => import('../features/personal/pages/Collect')),
  Activity: lazy(() => import('../features/personal/pages/Activity')),
  TransactionQuery: lazy(() => import('../features/personal/pages/TransactionQuery')),
  AssetsDetails: lazy(() => import('../features/personal/pages/AssetsDetails')),
  BonusRecord: lazy(() => import('../features/personal/pages/BonusRecord')),
  RiskEvaluating: lazy(() => import('../features/personal/pages/RiskEvaluating')),
  InvestmentManagement: lazy(() => import('../features/personal/pages/InvestmentManagement')),
  PersonalInfo: lazy(() => import('../features/personal/pages/PersonalInfo')),
  AccountSecurity: lazy(() => import('../features/personal/pages/AccountSecurity')),
  MyInvoice: lazy(() => import('../features/invoice/pages/MyInvoice')),
  LegalComplaintList: lazy(() => import('../features/opinion/pages/LegalComplaintList')),
  MyComplaintList: lazy(() => import('../features/opinion/pages/MyComplaintList')),
  LegalAccountInfo: lazy(() => import('../features/account/pages/LegalAccountInfo')),
  LegalAccountChange: lazy(() => import('../features/account/pages/LegalAccountChange')),
  LegalAccountCancel: lazy(() => import('../features/account/pages/LegalAccountCancel')),
  EmployeeCorrection: lazy(() => import('../features/correction/pages/EmployeeCorrection')),
  InsuredCorrection: lazy(() => import('../features/correction/pages/InsuredCorrection')),
  CorrectRecord: lazy(() => import('../features/correction/pages/CorrectRecord')),
};

export function hasPage(component: string): boolean {
  return Object.prototype.hasOwnProperty.call(pageRegistry, component);
}
