import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LOCALES, type Locale } from '@common/i18n';
import type { Services } from '../http/context';
import { scriptNonce } from '../http/csp';
import { requestLocale } from '../http/locale';
import { PAY_METHODS, renderCashierPage, type PayMethod } from '../pages/cashierPage';
import { translator } from '../messages/catalogue';
import type { CashierLine, CashierPurpose, CashierView } from '../services/payments/cashier';

/** What the page says after an attempt, by the `done` value of its address (anything else: nothing). */
const DONE = new Set(['paid', 'failed', 'already'] as const);
type Done = 'paid' | 'failed' | 'already';

/** Where the portal shows what a payment paid for (below the router base). */
const RETURN_PAGES: Record<CashierPurpose, string> = {
  correction: 'correctRecord',
  order: 'mypolicy/orderList',
  application: 'mypolicy/applicationList',
  policy: 'myPolicy',
};

const isMethod = (value: unknown): value is PayMethod =>
  typeof value === 'string' && (PAY_METHODS as readonly string[]).includes(value);

/**
 * The embedded cashier (the payment service a real install replaces): GET /cashier/:token shows the
 * order; its form posts back the payment method and the test provider's answer (the sandbox panel),
 * which are turned into a signed notification through the same path as correctInsured/InsuredPayNotify.
 * No session: the unguessable token is the capability. Every payable subject (orders,
 * policies awaiting their premium, corrections) is paid at the same cashier. The page speaks the payer's language
 * (`?lang=`, else the portal's language cookie, else the browser's).
 */
export async function cashierRoutes(app: FastifyInstance, services: Services) {
  const { payments } = services;
  const { portalName, routerBase, defaultLocale } = services.config.portal;

  /** The language asked for in the address, which the page's form and its redirects carry on. */
  const askedLocale = (request: FastifyRequest<{ Querystring: { lang?: string } }>): Locale | null => {
    const asked = request.query.lang;
    return typeof asked === 'string' && (LOCALES as readonly string[]).includes(asked) ? (asked as Locale) : null;
  };
  const localeOf = (request: FastifyRequest<{ Querystring: { lang?: string } }>): Locale =>
    askedLocale(request) ?? requestLocale(request, defaultLocale);

  /** The attempt a token names, whatever it pays for (one table of attempts). */
  const view = async (token: string): Promise<CashierView> => (await payments.cashier(token)).view;

  const send = async (
    reply: FastifyReply,
    token: string,
    shown: CashierView,
    locale: Locale,
    asked: Locale | null,
    done: { outcome: Done; method: PayMethod | null } | null,
  ) => {
    reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
    // the product in the payer's language, by its code
    const named = await services.products.voice({ locale, t: translator(locale) });
    const lines: CashierLine[] = shown.lines.map(([key, value]) =>
      key === 'product' && shown.productCode ? [key, named.product(shown.productCode, value)] : [key, value],
    );
    const query = new URLSearchParams();
    if (done) query.set('done', done.outcome);
    if (done?.method) query.set('method', done.method);
    query.set('lang', locale === 'zh-CN' ? 'en-US' : 'zh-CN');
    const { secret: _secret, ...page } = shown as CashierView & { secret?: string };
    return reply
      .code(page.status === 'missing' ? 404 : 200)
      .type('text/html; charset=utf-8')
      .send(
        renderCashierPage({
          formAction: `/cashier/${encodeURIComponent(token)}/pay${asked ? `?lang=${asked}` : ''}`,
          view: page,
          purpose: page.purpose,
          reference: page.reference ?? '',
          lines,
          done,
          locale,
          portalName: portalName[locale],
          returnHref: `${routerBase}${RETURN_PAGES[page.purpose]}`,
          otherLanguageHref: `/cashier/${encodeURIComponent(token)}?${query.toString()}`,
          scriptNonce: done ? scriptNonce(reply.raw) : '',
        }),
      );
  };

  app.get<{ Params: { token: string }; Querystring: { done?: string; method?: string; lang?: string } }>(
    '/cashier/:token',
    async (request, reply) => {
      const { token } = request.params;
      const asked = request.query.done;
      const outcome = typeof asked === 'string' && DONE.has(asked as Done) ? (asked as Done) : null;
      const method = isMethod(request.query.method) ? request.query.method : null;
      return send(
        reply,
        token,
        await view(token),
        localeOf(request),
        askedLocale(request),
        outcome ? { outcome, method } : null,
      );
    },
  );

  /**
   * Pay: the method chosen and the sandbox's answer (`outcome=decline` is a declined payment).
   * Fail: the test provider's decline on its own, for scripts that drive the cashier.
   */
  for (const action of ['pay', 'fail'] as const) {
    app.post<{
      Params: { token: string };
      Querystring: { lang?: string };
      Body: { method?: unknown; outcome?: unknown } | undefined;
    }>(`/cashier/:token/${action}`, async (request, reply) => {
      const { token } = request.params;
      const body = request.body && typeof request.body === 'object' ? request.body : {};
      const method = isMethod(body.method) ? body.method : null;
      const result = action === 'fail' || body.outcome === 'decline' ? 'failed' : 'paid';
      const asked = askedLocale(request);
      const acted = await payments.cashierAct(token, result);
      if (acted.outcome === 'refused') return send(reply, token, acted.view, localeOf(request), asked, null);
      const query = new URLSearchParams({ done: acted.outcome === 'already_paid' ? 'already' : acted.outcome });
      if (method) query.set('method', method);
      if (asked) query.set('lang', asked);
      return reply.redirect(`/cashier/${encodeURIComponent(token)}?${query.toString()}`, 303);
    });
  }
}
