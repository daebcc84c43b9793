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
    'invoice.realNameFirst':
      'An invoice in your name needs your verified true name: verify it in Personal information first, or invoice to a company.',
    'invoice.badCompanyTitle': 'Enter the company’s full name as registered (2 to 100 characters).',
    'invoice.badTaxNo':
      'The tax number is the company’s unified social credit code: 18 letters and digits whose last one checks the others. Check it and enter it again.',
    'invoice.badTitleKind': 'Choose whether the invoice is in your name or a company’s.',
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
    'invoice.realNameFirst':
      '以个人名义开票需要您已实名认证的姓名：请先在“个人信息”中完成实名认证，或改为开具企业抬头发票。',
    'invoice.badCompanyTitle': '请输入企业登记的完整名称（2 至 100 个字）。',
    'invoice.badTaxNo': '税号即企业的统一社会信用代码：18 位字母和数字，最后一位为校验码。请核对后重新输入。',
    'invoice.badTitleKind': '请选择以个人还是企业名义开票。',
    'field.invoiceStatus': '开票状态',
    'field.invoiceNo': '发票号码',
    'field.paymentIds': '开票保费',
  },
});
