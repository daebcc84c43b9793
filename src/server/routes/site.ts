import { INSURER } from '@common/insurer';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LOCALES, type Locale } from '@common/i18n';
import { insurerToday } from '@common/correction';
import { SESSION_COOKIE } from '@contract/cookies';
import type { Services } from '../http/context';
import { requestLocale } from '../http/locale';
import { translator } from '../messages/catalogue';
import { renderSitePage, type SiteContext, type SitePage } from '../pages/site/frame';
import {
  aboutBody,
  assistantBody,
  claimsBody,
  contactBody,
  helpBody,
  homeBody,
  privacyBody,
  productsBody,
  questionnaireBody,
  serviceBody,
  thanksBody,
  wealthBody,
  type SurveyModel,
} from '../pages/site/pages';
import { SURVEY_COMMENT_MAX, type SurveyForm } from '../services/site';
import { verifyBody } from '../pages/site/verify';

/** Codes one source may check a minute on the verify page. */
export const VERIFY_PER_MINUTE = 30;

type Query = { lang?: unknown; q?: unknown; code?: unknown };

/**
 * The standalone install's own main-portal pages under /site/ (the insurer's home, products, wealth,
 * service and claims centres, about, help, privacy policy, contact, the intelligent customer service
 * and the satisfaction questionnaire): server-rendered, no script, in the language the `lang` query
 * names, else the portal's language cookie, else Accept-Language. Each is what a LINK_* variable
 * points at by default (config.ts), so an install with its own main portal replaces them one by one.
 */
export async function siteRoutes(app: FastifyInstance, services: Services) {
  const { config } = services;
  const { site } = services;

  const localeOf = (request: FastifyRequest<{ Querystring: Query }>, form?: { lang?: unknown }): Locale => {
    const asked = form?.lang ?? request.query.lang;
    if (typeof asked === 'string' && (LOCALES as readonly string[]).includes(asked)) return asked as Locale;
    return requestLocale(request, config.portal.defaultLocale);
  };

  const context = (locale: Locale): SiteContext => {
    const content = site.content();
    const zh = locale === 'zh-CN';
    return {
      locale,
      t: translator(locale),
      insurerName: INSURER.shortName[locale],
      insurerLegalName: INSURER.name[locale],
      portalName: config.portal.portalName[locale],
      memberCenter: config.portal.links.memberCenter,
      routerBase: config.portal.routerBase,
      legalHelpCenter: config.portal.links.legalHelpCenter,
      hotlines: content.hotlines.map((h) => ({ name: zh ? h.nameZh : h.nameEn, number: h.number })),
      year: Number(insurerToday(services.clock.now()).slice(0, 4)),
    };
  };

  const send = (
    reply: FastifyReply,
    c: SiteContext,
    page: SitePage,
    content: { title: string; body: string; keep?: Record<string, string> },
    code = 200,
  ) =>
    reply
      .code(code)
      .header('Content-Language', c.locale)
      .header('Vary', 'Cookie, Accept-Language')
      .type('text/html; charset=utf-8')
      .send(renderSitePage(c, page, content));

  const title = (c: SiteContext, page: SitePage) => c.t(`site.nav.${page}`);

  app.get('/site', (request, reply) => {
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    return reply.redirect(`/site/${query}`, 301);
  });

  app.get<{ Querystring: Query }>('/site/', async (request, reply) => {
    const c = context(localeOf(request));
    const groups = await site.productsByCategory();
    const featured = groups.map((g) => g.products[0]).slice(0, 6);
    return send(reply, c, 'home', { title: c.insurerName, body: homeBody(c, site.content(), featured) });
  });

  app.get<{ Querystring: Query }>('/site/products', async (request, reply) => {
    const c = context(localeOf(request));
    return send(reply, c, 'products', {
      title: title(c, 'products'),
      body: productsBody(c, site.content(), await site.productsByCategory()),
    });
  });

  app.get<{ Querystring: Query }>('/site/wealth', async (request, reply) => {
    const c = context(localeOf(request));
    const groups = await site.productsByCategory();
    const life = groups.find((g) => g.code === 'life')?.products ?? [];
    // Savings products: the participating whole life and the annuity (term life saves nothing).
    const savings = life.filter((p) => p.coverages.length > 1);
    return send(reply, c, 'wealth', {
      title: title(c, 'wealth'),
      body: wealthBody(c, site.content(), await site.funds(), savings),
    });
  });

  app.get<{ Querystring: Query }>('/site/service', async (request, reply) => {
    const c = context(localeOf(request));
    return send(reply, c, 'service', {
      title: title(c, 'service'),
      body: serviceBody(c, site.content(), await site.branches()),
    });
  });

  for (const [page, body] of [
    ['claims', claimsBody],
    ['about', aboutBody],
    ['privacy', privacyBody],
    ['contact', contactBody],
  ] as const) {
    app.get<{ Querystring: Query }>(`/site/${page}`, async (request, reply) => {
      const c = context(localeOf(request));
      return send(reply, c, page, { title: title(c, page), body: body(c, site.content()) });
    });
  }

  app.get<{ Querystring: Query }>('/site/help', async (request, reply) => {
    const c = context(localeOf(request));
    return send(reply, c, 'help', { title: title(c, 'help'), body: helpBody(c, await site.faq()) });
  });

  app.get<{ Querystring: Query }>('/site/assistant', async (request, reply) => {
    const c = context(localeOf(request));
    const q = typeof request.query.q === 'string' ? request.query.q.slice(0, 200) : '';
    const results = q.trim() ? await site.search(q) : null;
    const common = (await site.faq()).filter((f) => !results?.some((r) => r.id === f.id)).slice(0, 8);
    return send(reply, c, 'assistant', {
      title: title(c, 'assistant'),
      body: assistantBody(c, q, results, common),
      keep: q.trim() ? { q } : {},
    });
  });

  /**
   * Checks a certificate of insurance by its code, for anyone: rate limited per source like the other
   * public calls, and a source over its limit is told so on the page itself.
   */
  app.get<{ Querystring: Query }>(
    '/site/verify',
    {
      config: { rateLimit: { max: VERIFY_PER_MINUTE, timeWindow: '1 minute' } },
      errorHandler: (error, request, reply) => {
        if (error.statusCode !== 429) throw error;
        const c = context(localeOf(request));
        reply.header('Cache-Control', 'no-store');
        return send(reply, c, 'verify', { title: title(c, 'verify'), body: verifyBody(c, '', null, true) }, 429);
      },
    },
    async (request, reply) => {
      const c = context(localeOf(request));
      reply.header('Cache-Control', 'no-store');
      const typed = typeof request.query.code === 'string' ? request.query.code.trim().slice(0, 40) : '';
      const result = typed ? await services.certificates.verify(typed, c.locale) : null;
      return send(reply, c, 'verify', {
        title: title(c, 'verify'),
        body: verifyBody(c, typed, result),
        keep: typed ? { code: typed } : {},
      });
    },
  );

  /** The questionnaire for whoever is logged in (its answers are kept with the account). */
  const survey = async (
    request: FastifyRequest<{ Querystring: Query }>,
    reply: FastifyReply,
    locale: Locale,
    form: SurveyForm | null,
  ) => {
    reply.header('Cache-Control', 'no-store');
    const c = context(locale);
    const user = await services.identity.resolve(request.cookies[SESSION_COOKIE]);
    const answeredAt = user ? await site.answeredAt(user.id) : null;
    const model: SurveyModel = {
      loggedIn: user !== null,
      loginHref: config.portal.links.identityProvider,
      answeredAt: answeredAt ? insurerToday(new Date(answeredAt)) : null,
      values: {},
      errors: {},
      commentMax: SURVEY_COMMENT_MAX,
    };
    let code = 200;
    if (form && user && !answeredAt) {
      const errors = site.checkSurvey(form);
      if (Object.keys(errors).length === 0) {
        const saved = await site.saveSurvey(user, form);
        if (saved) return reply.redirect(`/site/questionnaire/thanks?lang=${locale}`, 303);
        model.answeredAt = insurerToday(services.clock.now());
      } else {
        code = 422;
        model.errors = errors;
        model.values = Object.fromEntries(
          Object.entries(form).filter((e): e is [string, string] => typeof e[1] === 'string'),
        );
      }
    } else if (form && !user) code = 401;
    return send(
      reply,
      c,
      'questionnaire',
      { title: title(c, 'questionnaire'), body: questionnaireBody(c, site.content(), model) },
      code,
    );
  };

  app.get<{ Querystring: Query }>('/site/questionnaire', (request, reply) =>
    survey(request, reply, localeOf(request), null),
  );

  app.post<{ Querystring: Query; Body: SurveyForm }>('/site/questionnaire', (request, reply) => {
    const form = request.body && typeof request.body === 'object' ? request.body : {};
    return survey(request, reply, localeOf(request, form), form);
  });

  app.get<{ Querystring: Query }>('/site/questionnaire/thanks', async (request, reply) => {
    const c = context(localeOf(request));
    reply.header('Cache-Control', 'no-store');
    return send(reply, c, 'questionnaire', { title: c.t('site.survey.thanks'), body: thanksBody(c) });
  });
}
