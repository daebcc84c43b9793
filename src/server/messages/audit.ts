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
    'users.badName': 'Enter the colleague’s name: 2 to 30 Chinese or Latin letters.',
    'users.phoneTaken': 'One of your company’s users already has this mobile number.',
    'users.noSuchInvitation': 'This invitation is no longer open: it was taken, withdrawn or has run out.',
    'users.invitationClosed':
      'This invitation link is no longer valid: it was used, withdrawn or is older than {hours} hours. Ask your company’s administrator for a new one.',
    'users.badUserName':
      'A user name is 4 to 32 letters, digits, dots, hyphens or underscores, beginning with a letter.',
    'users.userNameTaken': 'This user name is taken: choose another.',
    'users.invitationSms':
      '[{insurerShort}] {company} invites you to its corporate account at the Member Center as {role}. Set your password within {hours} hours: {link}',
  },
  'zh-CN': {
    'audit.fromAfterTo': '开始日期不能晚于结束日期。',
    'audit.tooMany': '符合条件的记录超过 {limit} 条，请缩短日期范围或增加筛选条件后再导出。',
    'audit.badSubject': '编号只能包含字母、数字和连字符。',
    'users.noSuchUser': '贵公司没有此用户。',
    'users.lastAdministrator': '贵公司必须保留一位正常使用的管理员：请先将其他用户设为管理员。',
    'users.notYourself': '不能删除自己，可由其他管理员删除。',
    'users.badName': '请输入同事的姓名：2 至 30 个汉字或英文字母。',
    'users.phoneTaken': '贵公司已有用户使用此手机号码。',
    'users.noSuchInvitation': '此邀请已不可用：已被接受、已撤回或已过期。',
    'users.invitationClosed': '此邀请链接已失效：已被使用、已撤回或已超过 {hours} 小时。请联系贵公司的管理员重新邀请。',
    'users.badUserName': '用户名为 4 至 32 位字母、数字、点、连字符或下划线，以字母开头。',
    'users.userNameTaken': '此用户名已被使用，请另选一个。',
    'users.invitationSms':
      '【{insurerShort}】{company}邀请您以“{role}”身份使用会员中心企业账户，请在 {hours} 小时内设置密码：{link}',
  },
});
