import { defineMessages } from '@client/shared/i18n';
import { FIRST_HEADINGS } from '@common/firstScreen';

export const homeMessages = defineMessages({
  'en-US': {
    corporateTitle: FIRST_HEADINGS.Home.legal['en-US'],
    personalTitle: FIRST_HEADINGS.Home.personal['en-US'],
    company: 'Company',
    account: 'User name',
    member: 'Member',
    memberLevel: 'Membership',
    senior: 'Senior member',
    basic: 'Member (information incomplete)',
    loggedInAs: 'Logged in as {name}',
  },
  'zh-CN': {
    corporateTitle: FIRST_HEADINGS.Home.legal['zh-CN'],
    personalTitle: FIRST_HEADINGS.Home.personal['zh-CN'],
    company: '企业名称',
    account: '用户名',
    member: '会员',
    memberLevel: '会员等级',
    senior: '高级会员',
    basic: '会员（信息未完善）',
    loggedInAs: '当前登录：{name}',
  },
});
