import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Services } from '../http/context';
import { renderCashierPage } from '../pages/cashierPage';
import type { CashierView } from '../services/corrections/payments';
import { ORDER_CASHIER_MESSAGES } from '../services/personal/orderPayments';

/**
 * The embedded cashier (the payment service a real install replaces): GET /cashier/:token shows the
 * order; its buttons post back and are turned into a signed notification through the same path as
 * correctInsured/InsuredPayNotify. No script, no session: the unguessable token is the capability.
 */
export async function cashierRoutes(app: FastifyInstance, services: Services) {
  const payments = services.correctionPayments;
  const name = services.config.portal.portalName;

  const send = (reply: FastifyReply, token: string, view: CashierView, notice: string | null) => {
    reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
    return reply
      .code(view.status === 'missing' ? 404 : 200)
      .type('text/html; charset=utf-8')
      .send(renderCashierPage(token, view, notice, name));
  };

  // Orders of the personal centre are paid at the same cashier: their tokens are looked up first.
  const sendOrder = (reply: FastifyReply, token: string, view: CashierView, rows: Array<[string, string]>, notice: string | null) => {
    reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
    return reply.code(200).type('text/html; charset=utf-8').send(renderCashierPage(token, view, notice, name, { rows, messages: ORDER_CASHIER_MESSAGES }));
  };

  app.get<{ Params: { token: string }; Querystring: { done?: string } }>('/cashier/:token', async (request, reply) => {
    const order = await services.orderPayments.cashier(request.params.token);
    if (order) {
      const done = request.query.done;
      const notice = done === 'paid' ? 'Payment received. Thank you: you can close this window.' : done === 'failed' ? 'The payment failed. Nothing was charged; you can try again.' : done === 'already' ? 'This order was already paid; it was not charged again.' : null;
      return sendOrder(reply, request.params.token, order.view, order.rows, notice);
    }
    const { secret: _secret, ...view } = await payments.cashier(request.params.token);
    const done = request.query.done;
    const notice = done === 'paid' ? 'Payment received. Thank you: you can close this window.' : done === 'failed' ? 'The payment failed. Nothing was charged; you can try again.' : done === 'already' ? 'This order was already paid; it was not charged again.' : null;
    return send(reply, request.params.token, view, notice);
  });

  for (const [action, result] of [['pay', 'paid'], ['fail', 'failed']] as const) {
    app.post<{ Params: { token: string } }>(`/cashier/:token/${action}`, async (request, reply) => {
      const token = request.params.token;
      const order = await services.orderPayments.cashierAct(token, result);
      if (order) {
        if (order.outcome === 'refused') return sendOrder(reply, token, order.view, order.rows, null);
        return reply.redirect(`/cashier/${encodeURIComponent(token)}?done=${order.outcome === 'already_paid' ? 'already' : order.outcome}`, 303);
      }
      const { view, outcome } = await payments.cashierAct(token, result);
      if (outcome === 'refused') return send(reply, token, view, null);
      const done = outcome === 'already_paid' ? 'already' : outcome;
      return reply.redirect(`/cashier/${encodeURIComponent(token)}?done=${done}`, 303);
    });
  }
}
