import { defineMessages } from '@common/i18n';

/** The company's audit trail (操作日志). */
export const auditMessages = defineMessages({
  'en-US': {
    'audit.fromAfterTo': 'The first day must not be after the last.',
    'audit.tooMany': 'More than {limit} entries match: choose fewer days or a narrower filter to export them.',
    'audit.badSubject': 'A number is letters, digits and hyphens.',
  },
  'zh-CN': {
    'audit.fromAfterTo': '开始日期不能晚于结束日期。',
    'audit.tooMany': '符合条件的记录超过 {limit} 条，请缩短日期范围或增加筛选条件后再导出。',
    'audit.badSubject': '编号只能包含字母、数字和连字符。',
  },
});
