import { defineMessages } from '../../common/i18n';

/** The embedded cashier: what the page says after a payment attempt, and its notifications' refusals. */
export const cashierMessages = defineMessages({
  'en-US': {
    'cashier.notice.paid': 'Payment received. Thank you: you can close this window.',
    'cashier.notice.failed': 'The payment failed. Nothing was charged; you can try again.',
    'cashier.notice.already': 'This order was already paid; it was not charged again.',
    'cashier.badSignature': 'The notification signature is not valid; nothing was done.',
  },
  'zh-CN': {
    'cashier.notice.paid': '已收到付款，谢谢！您可以关闭此窗口。',
    'cashier.notice.failed': '支付失败，未产生任何扣款，您可以重试。',
    'cashier.notice.already': '该订单已支付，本次未重复扣款。',
    'cashier.badSignature': '支付通知的签名无效，未做任何处理。',
  },
});
