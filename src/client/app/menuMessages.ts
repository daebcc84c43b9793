import { useCallback } from 'react';
import { useSelector } from 'react-redux';
import { defineMessages, useMessages } from '../shared/i18n';
import { isCorporate } from '../state/session';
import type { RootState } from './store';

/**
 * The server menu's titles in both languages, by entry name. The menu keeps its server-driven
 * structure; a name this catalogue does not know shows the server's own title. The two homes share
 * the name `index`, so an audience-qualified key ('legal.index', 'personal.index') comes first.
 */
export const menuMessages = defineMessages({
  'en-US': {
    home: 'Home',
    'legal.index': 'Corporate customer home',
    'personal.index': 'Personal center',
    policyManage: 'My policy',
    myPolicy: 'My policy',
    employeeChanges: 'Employee changes',
    correctRecord: 'Correction records',
    insuranceRecord: 'Insurance records',
    employeeView: 'Insured employees',
    employeeCorrection: 'Employee correction',
    insuredCorrection: 'Insured correction',
    claimManage: 'Claims query',
    legalqueryListClaim: 'Claims query',
    invoiceManage: 'My invoice',
    myInvoice: 'My invoice',
    complaintManage: 'Complaints and suggestions',
    legalcomplaintProposalList: 'Complaints and suggestions',
    accountManage: 'Corporate account',
    legalAccountInfo: 'Account information',
    auditTrail: 'Activity log',
    companyUsers: 'Users and roles',
    legalaccountChange: 'Account change',
    legalaccountCancel: 'Account cancellation',
    mypolicy: 'My policies',
    policyList: 'My policies',
    orderList: 'My orders',
    invoiceList: 'My e-invoices',
    applicationList: 'Insurance applications',
    newcarno: 'Car insurance value-added services',
    myclaims: 'My claims',
    claimList: 'My claims',
    complaint: 'Complaints and suggestions',
    myComplaintList: 'Complaints and suggestions',
    assets: 'My assets',
    transactionQuery: 'Transaction query',
    assetsDetails: 'Asset details',
    bonusRecord: 'Bonus records',
    riskEvaluating: 'Risk evaluation',
    investmentManagement: 'Investment management',
    myclub: 'My club',
    serviceCustom: 'Custom services',
    servicePackage: 'Service packages',
    myScore: 'My points',
    integralOrder: 'Points orders',
    collect: 'My favourites',
    activity: 'Activities',
    myprofile: 'Personal info',
    personalInfo: 'Personal information',
    accountSecurity: 'Account security',
  },
  'zh-CN': {
    home: '首页',
    'legal.index': '企业客户首页',
    'personal.index': '个人中心',
    policyManage: '我的保单',
    myPolicy: '我的保单',
    employeeChanges: '员工变更',
    correctRecord: '批改记录',
    insuranceRecord: '投保记录',
    employeeView: '在保员工',
    employeeCorrection: '员工批改',
    insuredCorrection: '被保险人批改',
    claimManage: '理赔查询',
    legalqueryListClaim: '理赔查询',
    invoiceManage: '我的发票',
    myInvoice: '我的发票',
    complaintManage: '投诉建议',
    legalcomplaintProposalList: '投诉建议',
    accountManage: '企业账户',
    legalAccountInfo: '账户信息',
    auditTrail: '操作日志',
    companyUsers: '用户与权限',
    legalaccountChange: '账户变更',
    legalaccountCancel: '账户注销',
    mypolicy: '我的保单',
    policyList: '我的保单',
    orderList: '我的订单',
    invoiceList: '我的电子发票',
    applicationList: '投保单',
    newcarno: '车险增值服务',
    myclaims: '我的理赔',
    claimList: '我的理赔',
    complaint: '投诉建议',
    myComplaintList: '投诉建议',
    assets: '我的资产',
    transactionQuery: '交易查询',
    assetsDetails: '资产明细',
    bonusRecord: '分红记录',
    riskEvaluating: '风险测评',
    investmentManagement: '投资管理',
    myclub: '会员俱乐部',
    serviceCustom: '定制服务',
    servicePackage: '服务包',
    myScore: '我的积分',
    integralOrder: '积分订单',
    collect: '我的收藏',
    activity: '会员活动',
    myprofile: '个人信息',
    personalInfo: '个人信息',
    accountSecurity: '账户安全',
  },
});

/** A menu entry's title in the user's language: by audience and name, by name, else the server's title. */
export function useMenuTitle(): (entry: { name: string; meta: { title: string } }) => string {
  const titles: Partial<Record<string, string>> = useMessages(menuMessages);
  // The selector runs on every action: it reads the store only (isCorporate also reads a cookie).
  const info = useSelector((s: RootState) => s.session.info);
  const audience = isCorporate(info) ? 'legal' : 'personal';
  return useCallback(
    (entry) => titles[`${audience}.${entry.name}`] ?? titles[entry.name] ?? entry.meta.title,
    [titles, audience],
  );
}
