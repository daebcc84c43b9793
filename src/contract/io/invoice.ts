/** Answers of the invoice calls (my invoice; requests: invoice.requests.ts). Money is integer fen. */
import { PDF, Bool, Day, FileBody, Int, List, Nullable, Obj, PageOf, Str, type Static } from '../answerFields';

/** A paid premium and whether it has been invoiced. */
export const InvoiceableItem = Obj({
  paymentId: Int(),
  paymentNo: Str(),
  policyNo: Str(),
  productName: Str(),
  description: Str(),
  amountFen: Int(),
  paidAt: Nullable(Str()),
  invoiceStatus: Int('1 = not invoiced yet (selectable), 2 = invoiced'),
  invoiceNo: Nullable(Str()),
});
export type InvoiceableItem = Static<typeof InvoiceableItem>;

const InvoiceLine = Obj({
  paymentNo: Str(),
  policyNo: Str(),
  description: Str(),
  amountFen: Int(),
  taxFen: Int(),
  totalFen: Int(),
});

const invoiceSummary = {
  invoiceNo: Str(),
  issueDate: Day(),
  buyerName: Str(),
  buyerTaxNo: Str(),
  sellerName: Str(),
  amountFen: Int(),
  taxFen: Int(),
  totalFen: Int(),
  taxRate: Int('tax rate in per cent, e.g. 6'),
  state: Int('1 issued, 2 voided'),
  stateText: Str(),
  itemCount: Int(),
};
export const InvoiceSummary = Obj(invoiceSummary);
export type InvoiceSummary = Static<typeof InvoiceSummary>;

export const InvoiceIssued = Obj({
  ...invoiceSummary,
  items: List(InvoiceLine),
  repeated: Bool('true when this request repeated an earlier one (same idempotency key) and nothing new was issued'),
});
export type InvoiceIssued = Static<typeof InvoiceIssued>;

export const invoiceAnswers = {
  'blocLegal/electronicInvoice/electronicInvoiceQueryStatus': PageOf(InvoiceableItem),
  'blocLegal/electronicInvoice/electronicInvoiceListQuery': PageOf(InvoiceSummary),
  'blocLegal/electronicInvoice/electronicInvoiceDownLoad': FileBody('the invoice', [PDF]),
  'blocLegal/electronicInvoice/electronicInvoiceKJ': InvoiceIssued,
};
