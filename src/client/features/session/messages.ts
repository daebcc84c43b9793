import { defineMessages } from '@client/shared/i18n';

/** Logging out and closing the privacy authorisation. English uses docs/SPEC.md's sentences word for word. */
export const sessionMessages = defineMessages({
  'en-US': {
    logout: 'Log out',
    closeAuthorisation: 'Close privacy authorisation',
    logoutConfirmTitle: 'Log out?',
    logoutConfirmText: 'You will need to log in again to use the Member Center.',
    closeAuthTitle: 'Close the privacy authorisation?',
    closeAuthText:
      'The insurer will stop processing your personal information for online services, and you will be logged out. You can authorise again when you next log in.',
    confirm: 'Confirm',
    cancel: 'Cancel',
    retry: 'Try again',
    exitSucceeded: 'You have logged out.',
    authorisationClosed: 'The privacy authorisation is closed.',
    logoutFailed: 'Logging out did not succeed; you are still logged in. Please try again.',
    closeAuthFailed: 'The privacy authorisation could not be closed; nothing has changed. Please try again.',
  },
  'zh-CN': {
    logout: '退出',
    closeAuthorisation: '关闭隐私授权',
    logoutConfirmTitle: '确认退出？',
    logoutConfirmText: '退出后需重新登录才能使用会员中心。',
    closeAuthTitle: '确认关闭隐私授权？',
    closeAuthText: '保险公司将停止为线上服务处理您的个人信息，您将被退出登录。下次登录时可重新授权。',
    confirm: '确定',
    cancel: '取消',
    retry: '重试',
    exitSucceeded: '退出成功',
    authorisationClosed: '隐私授权已关闭。',
    logoutFailed: '退出未成功，您仍处于登录状态，请重试。',
    closeAuthFailed: '隐私授权未能关闭，一切保持不变，请重试。',
  },
});
