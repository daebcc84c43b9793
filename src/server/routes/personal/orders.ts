import type { FastifyInstance } from 'fastify';
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
  defineCall(app, services, 'blocLegal/personal/homeSummary', (c) => orders.homeSummary(individual(c.user), c));
}
