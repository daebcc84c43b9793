import { defineMessages } from '@common/i18n';

/** Refunds to a policyholder, as the insurer's staff settle them (scripts/settle-refund.ts). */
export const refundMessages = defineMessages({
  'en-US': {
    'refund.noSuchRefund': 'No refund has the number {refundNo}.',
    'refund.alreadySettled': 'Refund {refundNo} is already {state} (on {at}, Beijing time); nothing changed.',
    'refund.noAccount': 'Refund {refundNo} has no account to pay to; it can only fail (noAccount).',
  },
  'zh-CN': {
    'refund.noSuchRefund': '没有编号为 {refundNo} 的退费。',
    'refund.alreadySettled': '退费 {refundNo} 已于 {at}（北京时间）{state}，未做任何更改。',
    'refund.noAccount': '退费 {refundNo} 没有收款账户，只能标记为失败（noAccount）。',
  },
});
