import { defineMessages } from '@common/i18n';

export const auditMessages = defineMessages({
  'en-US': {
    title: 'Activity log',
    intro:
      'Every change made by your company’s users and every login, newest first. Entries cannot be changed or removed.',
    actor: 'User name',
    kind: 'Action',
    subjectKind: 'About',
    subject: 'Number',
    dates: 'Dates',
    exportXlsx: 'Export to Excel',
    exportCsv: 'Export to CSV',
    exported: 'Downloaded {name}.',
    empty: 'Nothing was recorded for these filters.',
  },
  'zh-CN': {
    title: '操作日志',
    intro: '贵公司用户的每一次变更和登录，按时间倒序排列。日志不可修改或删除。',
    actor: '用户名',
    kind: '操作',
    subjectKind: '对象类型',
    subject: '编号',
    dates: '日期',
    exportXlsx: '导出 Excel',
    exportCsv: '导出 CSV',
    exported: '已下载 {name}。',
    empty: '没有符合条件的记录。',
  },
});
