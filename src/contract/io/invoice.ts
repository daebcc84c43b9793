/** Request and response types of the invoice calls (my invoice). Money is integer fen. */
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

export interface InvoiceableQuery {
  /** 1 = not invoiced (the default), 2 = invoiced, 0 = both. */
  invoiceStatus?: number | string;
  pageNum?: number | string;
  pageSize?: number | string;
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

interface IssueInvoiceRequest {
  /** JSON array of premium payment ids, e.g. "[12,13]". */
  paymentIds: string;
  /** Chosen by the portal once per issuing dialog; a retry with the same key answers the same invoice. */
  idempotencyKey: string;
}

export interface InvoiceIO {
  'blocLegal/electronicInvoice/electronicInvoiceQueryStatus': { req: InvoiceableQuery; res: Page<InvoiceableItem> };
  'blocLegal/electronicInvoice/electronicInvoiceListQuery': {
    req: { pageNum?: number | string; pageSize?: number | string };
    res: Page<InvoiceSummary>;
  };
  'blocLegal/electronicInvoice/electronicInvoiceDownLoad': { req: { invoiceNo: string }; res: Blob };
  'blocLegal/electronicInvoice/electronicInvoiceKJ': { req: IssueInvoiceRequest; res: InvoiceIssued };
}
