import { defineMessages } from '@common/i18n';

/** A company's group policy renewed for its next policy year (docs/group-renewal.md). */
export const groupRenewalMessages = defineMessages({
  'en-US': {
    'groupRenewal.notGroup': 'Policy {policyNo} is not a group policy with a roster: it is not renewed here.',
    'groupRenewal.notYet': 'The renewal of policy {policyNo} is not prepared yet: it will be on {from}.',
    'groupRenewal.lapsed':
      "The renewal of policy {policyNo} lapsed on {date}: it was not paid by the policy's end. Call {hotline} to insure your people again.",
    'groupRenewal.paid': "The renewal of policy {policyNo} is paid: the next year's policy is {newPolicyNo}.",
    'groupRenewal.nobody': 'Nobody is insured on policy {policyNo}: a renewal needs at least one person.',
    'groupRenewal.premiumChanged':
      'The renewal premium of policy {policyNo} has changed since you saw it (its roster changed). Check the new quote and accept it again.',
    'groupRenewal.acceptFirst': 'Accept the renewal quote of policy {policyNo} before paying it.',
    'groupRenewal.payClosed':
      'This payment of the renewal of policy {policyNo} is closed (a newer link replaced it or the renewal no longer awaits payment); nothing was charged.',
    'groupRenewal.paymentDescription': 'Renewal premium of policy {policyNo} for {startDate} ~ {endDate}',
    'groupRenewal.autoRenewFixed':
      'The automatic renewal of policy {policyNo} cannot be changed online: its product does not allow it. Call {hotline}.',
    'groupRenewal.autoRenewEnded': 'Policy {policyNo} is no longer in force: its automatic renewal cannot be changed.',
  },
  'zh-CN': {
    'groupRenewal.notGroup': '保单 {policyNo} 不是有员工清单的团体保单，无法在此续保。',
    'groupRenewal.notYet': '保单 {policyNo} 的续保尚未准备，将于 {from} 准备。',
    'groupRenewal.lapsed':
      '保单 {policyNo} 的续保已于 {date} 失效：保单到期前未缴费。如需继续为员工投保，请致电 {hotline}。',
    'groupRenewal.paid': '保单 {policyNo} 的续保已缴费，新一年度保单号为 {newPolicyNo}。',
    'groupRenewal.nobody': '保单 {policyNo} 当前无在保员工，续保至少需要一人。',
    'groupRenewal.premiumChanged':
      '保单 {policyNo} 的续保保费自您查看后已变化（员工清单有变动）。请查看新的报价后再次确认。',
    'groupRenewal.acceptFirst': '请先确认保单 {policyNo} 的续保报价，再缴费。',
    'groupRenewal.payClosed':
      '保单 {policyNo} 续保的本次支付已关闭（已有新的支付链接，或续保已不在待缴费状态），未扣款。',
    'groupRenewal.paymentDescription': '保单 {policyNo} 续保保费（{startDate} ~ {endDate}）',
    'groupRenewal.autoRenewFixed': '保单 {policyNo} 的自动续保无法在线修改：该产品不支持。请致电 {hotline}。',
    'groupRenewal.autoRenewEnded': '保单 {policyNo} 已不在保障中，无法修改自动续保。',
  },
});
