import type { FastifyInstance } from 'fastify';
import { FileAnswer, PDF } from '@server/http/answers';
import { defineAnonymousCall, defineCall } from '@server/http/call';
import type { Services } from '@server/http/context';
import { individual } from '@server/services/personal/guards';

/** The personal/ calls the specification declares without details, and the home summary. */
export async function personalOrderRoutes(app: FastifyInstance, services: Services) {
  const { orders, orderPayments } = services;
  const member = (user: Parameters<typeof individual>[0]) => individual(user).customer_id;

  defineCall(app, services, 'blocLegal/personal/orderList', (c) => orders.list(member(c.user), c.values, c));
  defineCall(app, services, 'blocLegal/personal/orderDetail', (c) => orders.get(member(c.user), c.values.orderNo, c));
  defineCall(app, services, 'blocLegal/personal/cancelOrder', (c) =>
    orders.cancel(member(c.user), c.values.orderNo, c.values.reason, c),
  );
  defineCall(app, services, 'blocLegal/personal/orderPayLink', (c) =>
    orderPayments.link(member(c.user), c.values.orderNo.toUpperCase()),
  );
  defineCall(app, services, 'blocLegal/personal/orderPayStatus', (c) =>
    orderPayments.status(member(c.user), c.values.orderNo.toUpperCase()),
  );
  // The payment provider's notification: no session, trusted only by its signature (the cashier's own
  // buttons make the same notification inside the gateway).
  defineAnonymousCall(app, services, 'blocLegal/personal/orderPayNotify', async ({ values }) => {
    const { payStatus } = await orderPayments.notify(values);
    return { accepted: true, payStatus };
  });
  defineCall(app, services, 'blocLegal/personal/giftList', (c) => orders.gifts(member(c.user), c));
  defineCall(app, services, 'blocLegal/personal/couponList', (c) => orders.coupons(member(c.user), c.values, c));
  // e-invoices of the member's paid premiums: the corporate invoices' service, numbering and PDF
  const { invoices } = services;
  defineCall(app, services, 'blocLegal/personal/invoiceable', (c) =>
    invoices.invoiceable(member(c.user), c.values.invoiceStatus ?? 1, c.values, c),
  );
  defineCall(app, services, 'blocLegal/personal/requestInvoice', (c) =>
    invoices.issueForMember(
      individual(c.user),
      c.values.paymentId,
      c.values.titleKind === 'company'
        ? { kind: 'company', name: c.values.companyTitle ?? '', taxNo: c.values.taxNo ?? '' }
        : { kind: 'personal' },
      c.values.idempotencyKey,
      c.t,
    ),
  );
  defineCall(app, services, 'blocLegal/personal/invoiceList', (c) => invoices.list(member(c.user), c.values, c.t));
  defineCall(app, services, 'blocLegal/personal/invoiceDownload', async (c) => {
    const { filename, pdf } = await invoices.pdf(member(c.user), c.values.invoiceNo);
    return new FileAnswer(filename, PDF, pdf);
  });
  defineCall(app, services, 'blocLegal/personal/homeSummary', (c) => orders.homeSummary(individual(c.user), c));
}
