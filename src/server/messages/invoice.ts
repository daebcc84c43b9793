import { defineMessages } from '@common/i18n';

/** My invoice: the paid premiums, issuing an e-invoice, the invoice list and its PDF. */
export const invoiceMessages = defineMessages({
  'en-US': {
    'invoice.state.issued': 'Issued',
    'invoice.state.voided': 'Voided',
    'invoice.premiumCount': 'Choose at least one paid premium to invoice; one invoice can cover at most 50 premiums.',
    'invoice.unreadablePremiums': 'The premiums to invoice could not be read.',
    'invoice.keyReused':
      'This request was already used to issue a different invoice; reopen the invoice dialog and try again.',
    'invoice.inactive': 'Invoices can only be issued to an active corporate account.',
    'invoice.badCreditCode':
      "Your company's unified social credit code on file is not valid, so no invoice can be issued; call {hotline} to correct it.",
    'invoice.notYours': 'Some of the chosen premiums are not in your account; refresh the list and choose again.',
    'invoice.notPaid': 'Only paid premiums can be invoiced; refresh the list and choose again.',
    'invoice.alreadyInvoiced':
      'Some of the chosen premiums have already been invoiced; refresh the list and choose again.',
    'invoice.noSuch': 'There is no such invoice in your account.',
    'invoice.badNumber': 'The invoice number has 20 digits.',
    'field.invoiceStatus': 'The invoice status',
    'field.invoiceNo': 'The invoice number',
    'field.paymentIds': 'The premiums to invoice',
  },
  'zh-CN': {
    'invoice.state.issued': '已开具',
    'invoice.state.voided': '已作废',
    'invoice.premiumCount': '请至少选择一笔已支付的保费开票；一张发票最多包含 50 笔保费。',
    'invoice.unreadablePremiums': '无法读取所选的开票保费。',
    'invoice.keyReused': '该请求已用于开具另一张发票，请重新打开开票窗口后再试。',
    'invoice.inactive': '仅可向状态正常的企业账户开具发票。',
    'invoice.badCreditCode': '贵公司登记的统一社会信用代码无效，暂无法开票；请致电 {hotline} 更正。',
    'invoice.notYours': '所选保费中有不属于您账户的记录，请刷新列表后重新选择。',
    'invoice.notPaid': '仅已支付的保费可以开票，请刷新列表后重新选择。',
    'invoice.alreadyInvoiced': '所选保费中有已开票的记录，请刷新列表后重新选择。',
    'invoice.noSuch': '您的账户中没有这张发票。',
    'invoice.badNumber': '发票号码应为 20 位数字。',
    'field.invoiceStatus': '开票状态',
    'field.invoiceNo': '发票号码',
    'field.paymentIds': '开票保费',
  },
});
