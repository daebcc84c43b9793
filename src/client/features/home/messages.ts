import { defineMessages } from '@client/shared/i18n';

export const homeMessages = defineMessages({
  'en-US': {
    corporateTitle: 'Corporate customer home',
    personalTitle: 'Personal center',
    company: 'Company',
    account: 'User name',
    member: 'Member',
    memberLevel: 'Membership',
    senior: 'Senior member',
    basic: 'Member (information incomplete)',
    loggedInAs: 'Logged in as {name}',
  },
  'zh-CN': {
    corporateTitle: '企业客户首页',
    personalTitle: '个人中心',
    company: '企业名称',
    account: '用户名',
    member: '会员',
    memberLevel: '会员等级',
    senior: '高级会员',
    basic: '会员（信息未完善）',
    loggedInAs: '当前登录：{name}',
  },
});
