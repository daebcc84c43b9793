import { defineMessages } from '@common/i18n';

/** What the gateway says when it holds against a hostile or mistaken client. */
export const securityMessages = defineMessages({
  'en-US': {
    'security.personalOnly':
      'The personal centre is for individual members; corporate accounts use the corporate member centre.',
    'security.corporateOnly': 'This is for corporate accounts; log in with your company account.',
    'security.crossSite':
      'This request came from another website and was refused; nothing was done. Open the member center itself and try again.',
    'security.addressTooLong': 'The address of this request is too long; nothing was done.',
    'security.pictureFailedUseSms':
      "A picture check failed a short while ago: to cancel the account, confirm with the SMS code sent to the administrator's phone instead.",
    'security.bindNoMatch':
      "No policy matches this number, holder's name and ID number. Check them against your policy document.",
    'login.pictureNeeded': 'For your security, also enter the characters shown in the picture.',
    'login.pictureWrong': 'The characters do not match the picture; try again with the new picture.',
    'login.pictureLabel': 'Characters in the picture',
    'login.pictureAlt': 'Picture check: type the characters it shows',
  },
  'zh-CN': {
    'security.personalOnly': '个人中心仅供个人会员使用，企业账户请使用企业会员中心。',
    'security.corporateOnly': '此功能仅供企业账户使用，请使用企业账户登录。',
    'security.crossSite': '该请求来自其他网站，已被拒绝，未作任何处理。请直接打开会员中心后重试。',
    'security.addressTooLong': '请求地址过长，未作任何处理。',
    'security.pictureFailedUseSms': '刚才的图片验证未通过：如需注销账户，请改用发送到管理员手机的短信验证码进行验证。',
    'security.bindNoMatch': '没有与该保单号、投保人姓名和身份证号相符的保单，请对照保单核对后重试。',
    'login.pictureNeeded': '为保障账户安全，请同时输入图片中的字符。',
    'login.pictureWrong': '输入的字符与图片不符，请根据新图片重新输入。',
    'login.pictureLabel': '图片中的字符',
    'login.pictureAlt': '图片验证：请输入图片中显示的字符',
  },
});
