import { defineMessages } from '@client/shared/i18n';

/** The password dialog before what takes an account (binding a phone, a new e-mail, the administrator, cancelling). */
export const reauthMessages = defineMessages({
  'en-US': {
    title: 'Confirm it is you',
    text: 'For your security, enter your login password to continue. It is asked again after five minutes.',
    password: 'Login password',
    enterPassword: 'Enter your login password.',
    continue: 'Continue',
    cancel: 'Cancel',
  },
  'zh-CN': {
    title: '验证身份',
    text: '为保障账户安全，请输入登录密码后继续。5 分钟后需重新验证。',
    password: '登录密码',
    enterPassword: '请输入登录密码。',
    continue: '继续',
    cancel: '取消',
  },
});
