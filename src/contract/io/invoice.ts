/** Response types of the invoice calls (my invoice; requests: invoice.requests.ts). Money is integer fen. */
import type { Page } from '../envelope';

/** A paid premium and whether it has been invoiced. */
export interface InvoiceableItem {
  paymentId: number;
  paymentNo: string;
  policyNo: string;
  productName: string;
  description: string;
  amountFen: number;
  paidAt: string | null;
  /** 1 = not invoiced yet (selectable), 2 = invoiced. */
  invoiceStatus: number;
  invoiceNo: string | null;
}

interface InvoiceLine {
  paymentNo: string;
  policyNo: string;
  description: string;
  amountFen: number;
  taxFen: number;
  totalFen: number;
}

export interface InvoiceSummary {
  invoiceNo: string;
  issueDate: string;
  buyerName: string;
  buyerTaxNo: string;
  sellerName: string;
  amountFen: number;
  taxFen: number;
  totalFen: number;
  /** Tax rate in per cent, e.g. 6. */
  taxRate: number;
  /** 1 issued, 2 voided. */
  state: number;
  stateText: string;
  itemCount: number;
}

export interface InvoiceIssued extends InvoiceSummary {
  items: InvoiceLine[];
  /** true when this request repeated an earlier one (same idempotency key) and nothing new was issued. */
  repeated: boolean;
}

export interface InvoiceIO {
  'blocLegal/electronicInvoice/electronicInvoiceQueryStatus': { res: Page<InvoiceableItem> };
  'blocLegal/electronicInvoice/electronicInvoiceListQuery': { res: Page<InvoiceSummary> };
  'blocLegal/electronicInvoice/electronicInvoiceDownLoad': { res: Blob };
  'blocLegal/electronicInvoice/electronicInvoiceKJ': { res: InvoiceIssued };
}
