import { defineMessages } from '@common/i18n';

/** The company's audit trail (操作日志) and its users (用户与权限). */
export const auditMessages = defineMessages({
  'en-US': {
    'audit.fromAfterTo': 'The first day must not be after the last.',
    'audit.tooMany': 'More than {limit} entries match: choose fewer days or a narrower filter to export them.',
    'audit.badSubject': 'A number is letters, digits and hyphens.',
    'users.noSuchUser': 'There is no such user in your company.',
    'users.lastAdministrator': 'Your company must keep an active administrator: make another user administrator first.',
    'users.notYourself': 'You cannot remove yourself; another administrator can.',
  },
  'zh-CN': {
    'audit.fromAfterTo': '开始日期不能晚于结束日期。',
    'audit.tooMany': '符合条件的记录超过 {limit} 条，请缩短日期范围或增加筛选条件后再导出。',
    'audit.badSubject': '编号只能包含字母、数字和连字符。',
    'users.noSuchUser': '贵公司没有此用户。',
    'users.lastAdministrator': '贵公司必须保留一位正常使用的管理员：请先将其他用户设为管理员。',
    'users.notYourself': '不能删除自己，可由其他管理员删除。',
  },
});
