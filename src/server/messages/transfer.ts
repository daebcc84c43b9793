import { defineMessages } from '@common/i18n';

/**
 * Paying by bank transfer: the payment notice (PDF), the transfer receipt a payer uploads, the
 * insurer matching an arrived transfer, and a transfer that did not arrive by its deadline.
 * Times are Beijing time and say so.
 */
export const transferMessages = defineMessages({
  'en-US': {
    // ---- refusals
    'transfer.notAwaited': 'No bank transfer is awaited for this payment.',
    'transfer.noSuchReference': 'No payment has the reference {reference}.',
    'transfer.notTransfer': 'Payment {reference} is not paid by bank transfer.',
    'transfer.alreadyMatched': 'The transfer for payment {reference} was already matched on {at} (Beijing time).',
    'transfer.alreadyPaid': 'Payment {reference} is already paid; refund the transfer to the payer.',
    'transfer.lapsed':
      'The transfer for payment {reference} was due by {deadline} (Beijing time); the payment has expired. Refund the transfer to the payer.',
    'transfer.closed': 'Payment {reference} is no longer awaited; refund the transfer to the payer.',
    'transfer.amountDiffers': 'The transfer received ({received}) is not the amount due ({due}); nothing was done.',
    'transfer.receiptOne': 'Upload one file at a time.',
    'transfer.receiptEmpty': 'The file is empty.',
    'transfer.receiptTooLarge': 'The transfer receipt is larger than {mb} MB; upload a smaller picture or PDF.',
    'transfer.receiptType':
      'The transfer receipt must be a picture (JPEG, PNG or WebP) or a PDF; this file is neither, whatever its name says.',
    // ---- a lapsed transfer on the correction record
    'transfer.lapsedReason':
      'The bank transfer for payment {reference} did not arrive by {deadline} (Beijing time), so the correction was cancelled and the policy can be corrected again.',
    // ---- the payment notice
    'transfer.notice.title': 'Payment notice',
    'transfer.notice.subject': 'Bank transfer of payment {reference}',
    'transfer.notice.intro':
      'Please transfer the amount below from your company account to the account of {insurer}, writing the reference in the remarks (附言) of the transfer so that we can match it.',
    'transfer.notice.payer': 'Payer',
    'transfer.notice.for': 'For',
    'transfer.notice.amount': 'Amount',
    'transfer.notice.amountWords': 'Amount in words',
    'transfer.notice.payee': 'Payee (account name)',
    'transfer.notice.bank': 'Bank',
    'transfer.notice.accountNo': 'Account number',
    'transfer.notice.reference': 'Reference to write on the transfer',
    'transfer.notice.deadline': 'Pay by',
    'transfer.notice.issued': 'Issued',
    'transfer.notice.beijing': '{time} (Beijing time)',
    'transfer.notice.lapse':
      'If the transfer has not arrived by the deadline, the payment expires and the correction is cancelled; you can then correct the policy again.',
    'transfer.notice.footer': 'Questions: {insurerShort} hotline {hotline}.',
  },
  'zh-CN': {
    'transfer.notAwaited': '该笔支付没有待到账的银行转账。',
    'transfer.noSuchReference': '没有附言编号为 {reference} 的支付。',
    'transfer.notTransfer': '支付 {reference} 不是银行转账支付。',
    'transfer.alreadyMatched': '支付 {reference} 的转账已于 {at}（北京时间）核销。',
    'transfer.alreadyPaid': '支付 {reference} 已支付，请将该笔转账退回付款人。',
    'transfer.lapsed':
      '支付 {reference} 的转账应于 {deadline}（北京时间）前到账，该笔支付已过期。请将该笔转账退回付款人。',
    'transfer.closed': '支付 {reference} 已不再等待到账，请将该笔转账退回付款人。',
    'transfer.amountDiffers': '到账金额（{received}）与应付金额（{due}）不符，未作任何处理。',
    'transfer.receiptOne': '请一次上传一个文件。',
    'transfer.receiptEmpty': '文件为空。',
    'transfer.receiptTooLarge': '转账凭证超过 {mb} MB，请上传较小的图片或 PDF。',
    'transfer.receiptType': '转账凭证须为图片（JPEG、PNG 或 WebP）或 PDF；无论文件名如何，该文件都不是。',
    'transfer.lapsedReason':
      '支付 {reference} 的银行转账未在 {deadline}（北京时间）前到账，批改已取消，该保单可以重新批改。',
    'transfer.notice.title': '缴费通知书',
    'transfer.notice.subject': '支付 {reference} 的银行转账',
    'transfer.notice.intro':
      '请从贵公司账户将以下金额转入{insurer}账户，并在转账附言中填写附言编号，以便我们核对到账。',
    'transfer.notice.payer': '付款单位',
    'transfer.notice.for': '缴费事项',
    'transfer.notice.amount': '金额',
    'transfer.notice.amountWords': '金额（大写）',
    'transfer.notice.payee': '收款户名',
    'transfer.notice.bank': '开户银行',
    'transfer.notice.accountNo': '收款账号',
    'transfer.notice.reference': '转账附言（编号）',
    'transfer.notice.deadline': '缴费截止',
    'transfer.notice.issued': '开具时间',
    'transfer.notice.beijing': '{time}（北京时间）',
    'transfer.notice.lapse': '如截止时间前未到账，该笔支付将过期、批改将被取消，届时可重新对保单进行批改。',
    'transfer.notice.footer': '如有疑问，请致电{insurerShort}客服热线 {hotline}。',
  },
});
