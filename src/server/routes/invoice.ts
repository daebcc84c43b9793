import type { FastifyInstance } from 'fastify';
import { FileAnswer, PDF } from '../http/answers';
import { defineCall } from '../http/call';
import type { Services } from '../http/context';

/**
 * Invoices: the company's paid premiums, issuing an e-invoice for some of them, the list and the PDF.
 * Corporate calls: the door refuses individual members (src/contract/calls.ts audienceOf).
 */
export async function invoiceRoutes(app: FastifyInstance, services: Services) {
  const { invoices } = services;

  defineCall(
    app,
    services,
    'blocLegal/electronicInvoice/electronicInvoiceQueryStatus',
    ({ user, values, locale, t }) => {
      return invoices.invoiceable(user.customer_id, values.invoiceStatus ?? 1, values, { locale, t });
    },
  );

  defineCall(app, services, 'blocLegal/electronicInvoice/electronicInvoiceListQuery', ({ user, values, t }) => {
    return invoices.list(user.customer_id, values, t);
  });

  defineCall(app, services, 'blocLegal/electronicInvoice/electronicInvoiceKJ', ({ user, values, t }) => {
    return invoices.issue(user, values.paymentIds, values.idempotencyKey, t);
  });

  defineCall(app, services, 'blocLegal/electronicInvoice/electronicInvoiceDownLoad', async ({ user, values }) => {
    const { filename, pdf } = await invoices.pdf(user.customer_id, values.invoiceNo);
    return new FileAnswer(filename, PDF, pdf);
  });
}
