import { defineMessages } from '@common/i18n';

/** What the gateway says when it holds against a hostile or mistaken client. */
export const securityMessages = defineMessages({
  'en-US': {
    'security.personalOnly':
      'The personal centre is for individual members; corporate accounts use the corporate member centre.',
    'security.corporateOnly': 'This is for corporate accounts; log in with your company account.',
    'security.role': 'Your role ({role}) does not allow this. Ask your company’s administrator.',
    'role.administrator': 'Administrator',
    'role.approver': 'Approver',
    'role.clerk': 'Clerk',
    'role.viewer': 'Viewer',
    'security.crossSite':
      'This request came from another website and was refused; nothing was done. Open the member center itself and try again.',
    'security.addressTooLong': 'The address of this request is too long; nothing was done.',
    'security.pictureFailedUseSms':
      "A picture check failed a short while ago: to cancel the account, confirm with the SMS code sent to the administrator's phone instead.",
    'security.bindNoMatch':
      "No policy matches this number, holder's name and ID number. Check them against your policy document.",
    'reauth.needed':
      'For your security, enter your password again: binding a phone, changing the e-mail or the administrator and cancelling the account need it within the last {minutes, plural, one {# minute} other {# minutes}}. Nothing was changed.',
    'reauth.wrongPassword': 'The password is wrong; nothing was changed.',
    'reauth.paused':
      'Too many wrong passwords. For your security, confirming with the password is paused for {minutes, plural, one {# minute} other {# minutes}}.',
    'reauth.enterOne': 'Enter your password, or the code sent to your bound phone.',
    'sms.phoneChanged':
      '[Member Center] The phone bound to your account {account} was changed to {phone} on {day}. If this was not you, call 95518 at once: until {holdDay} a password reset sends its code to this phone.',
    'sms.phoneChangedByAdministratorChange':
      '[Member Center] The administrator of the corporate account {account} was changed on {day}; this phone is no longer bound to it. If this was not you, call 95518 at once.',
    'sms.resetHeld':
      '[Member Center] A password reset of your account {account} was asked. This phone was bound less than {days, plural, one {# day} other {# days}} ago, so the reset works from {holdDay}{previous}.',
    'sms.resetHeld.previous': ', or at once with the code sent to the phone bound before',
    'sms.purpose.login': 'logging in to the member center',
    'login.enterUsername': 'Enter your user name first: the code goes to the mobile bound to that account.',
    'login.codeHint':
      "For your security, logging in now also needs a code sent by SMS to the mobile bound to the account (a company's: its administrator's). Press Send code.",
    'login.codeNeeded': 'Enter the SMS code as well: press Send code to receive it.',
    'login.codeWrong':
      'The SMS code is not right or no longer valid (a code works once, for 5 minutes). Check it, or press Send code for a new one, and enter the password again.',
    'login.codeSent':
      'If {account} is an account with a bound mobile number, a code has been sent to that mobile. It is valid for 5 minutes; you can ask for a new one after a minute.',
    'login.codeTooMany':
      'Too many codes asked from your network or for this account. Please wait 15 minutes and try again, or call {hotline}.',
  },
  'zh-CN': {
    'security.personalOnly': '个人中心仅供个人会员使用，企业账户请使用企业会员中心。',
    'security.corporateOnly': '此功能仅供企业账户使用，请使用企业账户登录。',
    'security.role': '您的角色（{role}）无权进行此操作，请联系贵公司的管理员。',
    'role.administrator': '管理员',
    'role.approver': '审批人',
    'role.clerk': '经办人',
    'role.viewer': '查看者',
    'security.crossSite': '该请求来自其他网站，已被拒绝，未作任何处理。请直接打开会员中心后重试。',
    'security.addressTooLong': '请求地址过长，未作任何处理。',
    'security.pictureFailedUseSms': '刚才的图片验证未通过：如需注销账户，请改用发送到管理员手机的短信验证码进行验证。',
    'security.bindNoMatch': '没有与该保单号、投保人姓名和身份证号相符的保单，请对照保单核对后重试。',
    'reauth.needed':
      '为保障账户安全，请重新输入登录密码：绑定手机、修改邮箱、变更管理员和注销账户须在 {minutes} 分钟内验证过密码。未作任何更改。',
    'reauth.wrongPassword': '密码错误，未作任何更改。',
    'reauth.paused': '密码错误次数过多。为保障您的账户安全，密码验证暂停 {minutes} 分钟。',
    'reauth.enterOne': '请输入登录密码，或发送到已绑定手机的验证码。',
    'sms.phoneChanged':
      '【会员中心】您的账户 {account} 绑定的手机已于 {day} 更换为 {phone}。如非本人操作，请立即致电 95518：{holdDay} 前重置密码的验证码仍发送到本手机。',
    'sms.phoneChangedByAdministratorChange':
      '【会员中心】企业账户 {account} 的管理员已于 {day} 变更，本手机不再绑定该账户。如非本人操作，请立即致电 95518。',
    'sms.resetHeld':
      '【会员中心】有人申请重置您的账户 {account} 的密码。本手机绑定不足 {days} 天，{holdDay} 起方可通过本手机重置{previous}。',
    'sms.resetHeld.previous': '；原绑定手机可立即接收验证码',
    'sms.purpose.login': '登录会员中心',
    'login.enterUsername': '请先输入用户名：验证码将发送到该账户绑定的手机。',
    'login.codeHint':
      '为保障账户安全，现在登录还需输入发送到账户绑定手机（企业账户为管理员手机）的短信验证码。请点击“发送验证码”。',
    'login.codeNeeded': '请同时输入短信验证码：点击“发送验证码”获取。',
    'login.codeWrong':
      '短信验证码不正确或已失效（每个验证码 5 分钟内有效，只能使用一次）。请核对，或点击“发送验证码”重新获取，并重新输入密码。',
    'login.codeSent': '如果 {account} 是已绑定手机的账户，验证码已发送至该手机，5 分钟内有效；一分钟后可重新获取。',
    'login.codeTooMany': '您所在网络或该账户获取验证码的次数过多，请 15 分钟后再试，或致电 {hotline}。',
  },
});
