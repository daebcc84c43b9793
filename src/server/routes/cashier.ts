import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Services } from '../http/context';
import { requestLocale } from '../http/locale';
import { translate, type MessageKey } from '../messages/catalogue';
import { renderCashierPage } from '../pages/cashierPage';
import type { CashierView } from '../services/corrections/payments';
import { ORDER_CASHIER_MESSAGES } from '../services/personal/orderPayments';
import { POLICY_CASHIER_MESSAGES } from '../services/policy/policyPayments';

/** What the page says after an attempt, by the `done` value of its address (anything else: nothing). */
const NOTICES = new Map<string, MessageKey>([
  ['paid', 'cashier.notice.paid'],
  ['failed', 'cashier.notice.failed'],
  ['already', 'cashier.notice.already'],
]);

/**
 * The embedded cashier (the payment service a real install replaces): GET /cashier/:token shows the
 * order; its buttons post back and are turned into a signed notification through the same path as
 * correctInsured/InsuredPayNotify. No script, no session: the unguessable token is the capability.
 * Orders of the personal centre and policies awaiting their premium are paid at the same cashier:
 * their tokens are looked up first.
 */
export async function cashierRoutes(app: FastifyInstance, services: Services) {
  const payments = services.corrections.payments;
  const name = services.config.portal.portalName['en-US'];

  /** The page; an order's or a policy's payment also shows its rows and wording. */
  const send = (
    reply: FastifyReply,
    token: string,
    view: CashierView,
    notice: string | null,
    orderRows?: Array<[string, string]>,
    messages = ORDER_CASHIER_MESSAGES,
  ) => {
    reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
    const order = orderRows ? { rows: orderRows, messages } : undefined;
    return reply
      .code(view.status === 'missing' && !order ? 404 : 200)
      .type('text/html; charset=utf-8')
      .send(renderCashierPage(token, view, notice, name, order));
  };
  const afterAct = (reply: FastifyReply, token: string, outcome: string) =>
    reply.redirect(
      `/cashier/${encodeURIComponent(token)}?done=${outcome === 'already_paid' ? 'already' : outcome}`,
      303,
    );

  app.get<{ Params: { token: string }; Querystring: { done?: string } }>('/cashier/:token', async (request, reply) => {
    const { token } = request.params;
    const done = typeof request.query.done === 'string' ? NOTICES.get(request.query.done) : undefined;
    const notice = done ? translate(requestLocale(request, services.config.portal.defaultLocale), done) : null;
    const order = await services.orderPayments.cashier(token);
    if (order) return send(reply, token, order.view, notice, order.rows);
    const policy = await services.policyPayments.cashier(token);
    if (policy) return send(reply, token, policy.view, notice, policy.rows, POLICY_CASHIER_MESSAGES);
    const { secret: _secret, ...view } = await payments.cashier(token);
    return send(reply, token, view, notice);
  });

  for (const [action, result] of [
    ['pay', 'paid'],
    ['fail', 'failed'],
  ] as const) {
    app.post<{ Params: { token: string } }>(`/cashier/:token/${action}`, async (request, reply) => {
      const { token } = request.params;
      const order = await services.orderPayments.cashierAct(token, result);
      if (order)
        return order.outcome === 'refused'
          ? send(reply, token, order.view, null, order.rows)
          : afterAct(reply, token, order.outcome);
      const policy = await services.policyPayments.cashierAct(token, result);
      if (policy)
        return policy.outcome === 'refused'
          ? send(reply, token, policy.view, null, policy.rows, POLICY_CASHIER_MESSAGES)
          : afterAct(reply, token, policy.outcome);
      const { view, outcome } = await payments.cashierAct(token, result);
      return outcome === 'refused' ? send(reply, token, view, null) : afterAct(reply, token, outcome);
    });
  }
}
