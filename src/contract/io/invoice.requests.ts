/** Request schemas of the invoice calls (my invoice), decoded at the gateway's door. */
import { Id, IdempotencyKey, paging, Type } from '../fields';

/** How many paid premiums one e-invoice may cover. */
export const MAX_ITEMS_PER_INVOICE = 50;

export const invoiceRequests = {
  'blocLegal/electronicInvoice/electronicInvoiceQueryStatus': Type.Object({
    /** 1 = not invoiced (the default), 2 = invoiced, 0 = both. */
    invoiceStatus: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)])),
    ...paging(),
  }),
  'blocLegal/electronicInvoice/electronicInvoiceListQuery': Type.Object({ ...paging() }),
  'blocLegal/electronicInvoice/electronicInvoiceDownLoad': Type.Object({
    invoiceNo: Type.String({ pattern: '^\\d{20}$', maxLength: 20, errorKey: 'invoice.badNumber' }),
  }),
  'blocLegal/electronicInvoice/electronicInvoiceKJ': Type.Object({
    /** The premium payments to invoice. */
    paymentIds: Type.Array(Id({ errorKey: 'invoice.unreadablePremiums' }), {
      minItems: 1,
      maxItems: MAX_ITEMS_PER_INVOICE,
      errorKey: 'invoice.premiumCount',
    }),
    /** Chosen by the portal once per issuing dialog; a retry with the same key answers the same invoice. */
    idempotencyKey: IdempotencyKey(),
  }),
};
