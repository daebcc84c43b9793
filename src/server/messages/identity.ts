import { defineMessages } from '../../common/i18n';

/** Accounts of the identity provider: password rules, registration and password reset. */
export const identityMessages = defineMessages({
  'en-US': {
    'password.length': 'The new password must be 8 to 32 characters.',
    'password.lettersAndDigits': 'The new password must contain both letters and digits.',
    'password.spaces': 'The new password must not contain spaces.',
    'password.containsUserName': 'The new password must not contain your user name.',
  },
  'zh-CN': {
    'password.length': '新密码长度应为 8 至 32 个字符。',
    'password.lettersAndDigits': '新密码必须同时包含字母和数字。',
    'password.spaces': '新密码不能包含空格。',
    'password.containsUserName': '新密码不能包含您的用户名。',
  },
});
