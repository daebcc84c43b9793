import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LoginForm } from '@contract/io/session.requests';
import { SESSION_COOKIE } from '@contract/cookies';
import type { Locale } from '@common/i18n';
import { decodeValues } from '../http/call';
import type { Services } from '../http/context';
import { formToken, formTokenMatches } from '../http/formToken';
import { crossSiteRefusal } from '../http/hardening';
import { statedOwn } from '../http/sameOrigin';
import { clientErrorKey, clientErrorStatus, LIMIT_PARAMS } from '../http/unreadable';
import { pageLocale, rememberPageLocale } from '../http/locale';
import { clearSessionCookies, setSessionCookies } from '../http/sessionCookies';
import { translator, type MessageKey } from '../messages/catalogue';
import { renderInvitationPage, renderRegisterPage, renderResetPage } from '../pages/accountPages';
import { ROLE_WORDS } from '@common/audit';
import { renderLoginPage, type PageContext } from '../pages/loginPage';
import { DomainError } from '../services/errors';

/** Why the login page was opened: the notice it shows (the portal's reason=..., the gateway's own). */
const REASONS: Record<string, MessageKey> = {
  logout: 'idp.notice.logout',
  authClosed: 'idp.notice.authClosed',
  expired: 'idp.notice.expired',
  registered: 'idp.notice.registered',
  reset: 'idp.notice.reset',
  invited: 'idp.notice.invited',
};

/**
 * The identity provider of the standalone install: login, registration and password reset pages
 * (plain forms: POST, then a redirect on success), logout. Every page speaks the language asked for
 * (`lang`), else the portal's language cookie, else the browser's, and links to itself in the other.
 */
export async function identityRoutes(parent: FastifyInstance, services: Services) {
  await parent.register((scope) => identityPages(scope, services));
}

async function identityPages(app: FastifyInstance, services: Services) {
  const { config, identity, memberAccounts } = services;
  const base = config.portal.routerBase;
  const limited = { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } };

  /** Only paths inside the portal are followed after login: no open redirects. */
  const safeRedirect = (value: unknown, corporate: boolean) => {
    const fallback = `${base}index${corporate ? '?flag=legal' : ''}`;
    if (typeof value !== 'string' || !value.startsWith(base) || value.startsWith('//') || value.length > 500)
      return fallback;
    return value;
  };

  const withFlag = (path: string, corporate: boolean) => `${path}${corporate ? '?flag=legal' : ''}`;

  /** Language, links, form token and the other language's address of a page at `path` (its query kept, lang set). */
  const pageContext = (
    request: FastifyRequest,
    reply: FastifyReply,
    locale: Locale,
    path: string,
    corporate: boolean,
  ): PageContext => {
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries((request.query ?? {}) as Record<string, unknown>))
      if (typeof v === 'string' && k !== 'lang') query.set(k, v);
    if (corporate) query.set('flag', 'legal');
    query.set('lang', locale === 'zh-CN' ? 'en-US' : 'zh-CN');
    return {
      t: translator(locale),
      locale,
      portalName: config.portal.portalName[locale],
      switchHref: `${path}?${query}`,
      formToken: formToken(request, reply, config.secureCookies),
      links: {
        privacy: config.portal.links.privacy,
        register: config.portal.links.register,
        reset: withFlag('/idprovider/reset', corporate),
        login: withFlag('/idprovider/login', corporate),
      },
    };
  };

  const html = (reply: FastifyReply) => reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8');
  const password = (raw: Record<string, unknown>, name: string) =>
    // As typed: the door trims text fields, and a password may begin or end with a space.
    typeof raw[name] === 'string' ? raw[name] : '';

  // A browser that states neither Sec-Fetch-Site nor Origin posts the page's own form, with its token.
  const refuseCrossSite = crossSiteRefusal(config);
  app.addHook('preHandler', async (request, reply) => {
    if (request.method === 'POST' && !statedOwn(request) && !formTokenMatches(request))
      return refuseCrossSite(request, reply);
  });

  // A request the page cannot take (its own request limit, a body that cannot be read) answers the
  // page again with the reason, in the page's language.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = clientErrorStatus(request, error);
    const locale = pageLocale(request, config.portal.defaultLocale);
    const t = translator(locale);
    if (status === null) request.log.error({ err: error }, 'request failed');
    else request.log.info({ err: { code: error.code, message: error.message } }, 'request refused');
    const text = status === null ? t('common.serviceProblem') : t(clientErrorKey(error, status), LIMIT_PARAMS);
    const path = request.url.split('?')[0];
    const corporate = (request.query as Record<string, unknown> | undefined)?.flag === 'legal';
    html(reply).code(status ?? 500);
    if (path === '/idprovider/register')
      return reply.send(
        renderRegisterPage(pageContext(request, reply, locale, path, false), {
          mobile: '',
          consent: false,
          error: text,
          notice: null,
        }),
      );
    if (path === '/idprovider/reset')
      return reply.send(
        renderResetPage(pageContext(request, reply, locale, path, corporate), {
          account: '',
          codeStep: false,
          corporate,
          error: text,
          notice: null,
        }),
      );
    return reply.send(loginPage(request, reply, locale, corporate, { error: text }));
  });

  // ---- login

  const loginPage = (
    request: FastifyRequest,
    reply: FastifyReply,
    locale: Locale,
    corporate: boolean,
    extra: {
      username?: string;
      error?: string | null;
      notice?: string | null;
      redirect?: unknown;
      /** The SMS code's field, with what was wrong with the code. */
      code?: { error: string | null } | null;
    },
  ) =>
    renderLoginPage(pageContext(request, reply, locale, '/idprovider/login', corporate), {
      corporate,
      username: extra.username ?? '',
      error: extra.error ?? null,
      notice: extra.notice ?? null,
      redirect: safeRedirect(extra.redirect, corporate),
      code: extra.code ?? null,
    });

  app.get('/idprovider/login', async (request, reply) => {
    const locale = pageLocale(request, config.portal.defaultLocale);
    rememberPageLocale(request, reply, locale, config.secureCookies);
    const t = translator(locale);
    const q = request.query as Record<string, string | undefined>;
    const corporate = q.flag === 'legal';
    const reason = q.reason ?? (q.loggedOut ? 'logout' : q.expired ? 'expired' : undefined);
    const notice = reason && Object.hasOwn(REASONS, reason) ? t(REASONS[reason]!) : null;
    html(reply);
    return loginPage(request, reply, locale, corporate, { notice, redirect: q.redirect });
  });

  app.post('/idprovider/login', limited, async (request, reply) => {
    const raw = (request.body ?? {}) as Record<string, unknown>;
    const locale = pageLocale(request, config.portal.defaultLocale, raw.lang);
    const t = translator(locale);
    html(reply);
    const corporateTab = raw.flag === 'legal';
    let form: LoginForm;
    try {
      form = decodeValues('idprovider/login', request.body);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return loginPage(request, reply, locale, corporateTab, { error: error.text(locale), redirect: raw.redirect });
    }
    const corporate = form.flag === 'legal';
    const username = form.username ?? '';
    if (form.action === 'send') {
      // Only a login that needs it is sent a code (services/identity.ts): whether it needs one says
      // nothing about the name, and the sentence is the same whether or not a code went out.
      if (!(await identity.codeNeeded(username, request.ip)))
        return loginPage(request, reply, locale, corporate, { username, redirect: form.redirect });
      try {
        await memberAccounts.sendLoginCode(username, corporate, request.ip, locale);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        return loginPage(request, reply, locale, corporate, {
          username,
          redirect: form.redirect,
          code: { error: error.text(locale) },
        });
      }
      return loginPage(request, reply, locale, corporate, {
        username,
        redirect: form.redirect,
        notice: t('login.codeSent', { account: username }),
        code: { error: null },
      });
    }
    if (form.privacy !== '1') {
      return loginPage(request, reply, locale, corporate, {
        username,
        redirect: form.redirect,
        error: t('login.privacy'),
        code: (await identity.codeNeeded(username, request.ip)) ? { error: null } : null,
      });
    }
    const outcome = await identity.login({
      username,
      password: password(raw, 'password'),
      corporate,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      locale,
      code: form.code,
      checkCode: (userId, code) => memberAccounts.checkLoginCode(userId, code),
    });
    if (corporate) await services.audit.recordLogin(username, outcome.ok && !!outcome.token, request.ip);
    if (!outcome.ok || !outcome.token || !outcome.user) {
      request.log.info({ username, corporate, codeNeeded: outcome.codeNeeded === true }, 'login refused');
      const message = t(outcome.message ?? 'login.wrong');
      return loginPage(request, reply, locale, corporate, {
        username,
        redirect: form.redirect,
        error: outcome.codeNeeded && outcome.aboutCode ? null : message,
        code: outcome.codeNeeded ? { error: outcome.aboutCode ? message : null } : null,
      });
    }
    if (outcome.user.privacy_authorised !== 1) await identity.recordConsent(outcome.user.id);
    setSessionCookies(reply, config, outcome.token, outcome.user);
    request.log.info({ userId: outcome.user.id }, 'login');
    return reply.redirect(safeRedirect(form.redirect, corporate), 303);
  });

  app.get('/idprovider/logout', async (request, reply) => {
    const corporate = request.cookies.islegal === '1';
    await identity.logout(request.cookies[SESSION_COOKIE]);
    clearSessionCookies(reply);
    reply.header('Cache-Control', 'no-store');
    return reply.redirect(`/idprovider/login?${corporate ? 'flag=legal&' : ''}reason=logout`, 303);
  });

  // ---- registration (personal members)

  app.get('/idprovider/register', async (request, reply) => {
    const locale = pageLocale(request, config.portal.defaultLocale);
    rememberPageLocale(request, reply, locale, config.secureCookies);
    html(reply);
    return renderRegisterPage(pageContext(request, reply, locale, '/idprovider/register', false), {
      mobile: '',
      consent: false,
      error: null,
      notice: null,
    });
  });

  app.post('/idprovider/register', limited, async (request, reply) => {
    const raw = (request.body ?? {}) as Record<string, unknown>;
    const locale = pageLocale(request, config.portal.defaultLocale, raw.lang);
    const t = translator(locale);
    const context = pageContext(request, reply, locale, '/idprovider/register', false);
    html(reply);
    const page = (mobile: string, consent: boolean, error: string | null, notice: string | null = null) =>
      renderRegisterPage(context, { mobile, consent, error, notice });
    let form;
    try {
      form = decodeValues('idprovider/register', request.body);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return page(typeof raw.mobile === 'string' ? raw.mobile.slice(0, 20) : '', false, error.text(locale));
    }
    const mobile = (form.mobile ?? '').replace(/[\s-]/g, '');
    const consent = form.privacy === '1';
    try {
      if (form.action === 'send') {
        const sent = await memberAccounts.sendRegistrationCode(mobile, request.ip, locale);
        return page(mobile, consent, null, t('idp.notice.codeSent', { phone: sent.phoneMasked }));
      }
      const { username } = await memberAccounts.register(
        {
          mobile,
          code: form.code ?? '',
          password: password(raw, 'password'),
          confirm: password(raw, 'confirm'),
          consent,
        },
        request.ip,
      );
      request.log.info({ username }, 'registered');
      return reply.redirect('/idprovider/login?reason=registered', 303);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      request.log.info({ reason: error.key }, 'registration refused');
      return page(mobile, consent, error.text(locale));
    }
  });

  // ---- password reset (personal and corporate)

  app.get('/idprovider/reset', async (request, reply) => {
    const locale = pageLocale(request, config.portal.defaultLocale);
    rememberPageLocale(request, reply, locale, config.secureCookies);
    const corporate = (request.query as Record<string, unknown>).flag === 'legal';
    html(reply);
    return renderResetPage(pageContext(request, reply, locale, '/idprovider/reset', corporate), {
      account: '',
      codeStep: false,
      corporate,
      error: null,
      notice: null,
    });
  });

  app.post('/idprovider/reset', limited, async (request, reply) => {
    const raw = (request.body ?? {}) as Record<string, unknown>;
    const locale = pageLocale(request, config.portal.defaultLocale, raw.lang);
    const t = translator(locale);
    const corporateTab = raw.flag === 'legal';
    html(reply);
    const page = (corporate: boolean, account: string, codeStep: boolean, error: string | null, notice?: string) =>
      renderResetPage(pageContext(request, reply, locale, '/idprovider/reset', corporate), {
        account,
        codeStep,
        corporate,
        error,
        notice: notice ?? null,
      });
    let form;
    try {
      form = decodeValues('idprovider/reset', request.body);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return page(corporateTab, '', false, error.text(locale));
    }
    const corporate = form.flag === 'legal';
    const account = form.account ?? '';
    try {
      if (form.action === 'send') {
        await memberAccounts.sendResetCode(account, request.ip, locale);
        return page(corporate, account, true, null, t('idp.notice.resetCodeSent', { account }));
      }
      const done = await memberAccounts.resetPassword(
        { account, code: form.code ?? '', password: password(raw, 'password'), confirm: password(raw, 'confirm') },
        request.ip,
      );
      request.log.info({ username: done.username }, 'password reset');
      return reply.redirect(`/idprovider/login?${done.corporate ? 'flag=legal&' : ''}reason=reset`, 303);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      request.log.info({ reason: error.key }, 'password reset refused');
      const codeStep = form.action !== 'send' && account !== '' && error.key !== 'reset.enterAccount';
      return page(corporate, account, codeStep, error.text(locale));
    }
  });

  // ---- a company's invitation (services/invitations.ts): the colleague sets a user name and password

  const invitationPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    locale: Locale,
    token: string,
    form: { userName: string; error: string | null },
  ) => {
    html(reply);
    const context = pageContext(request, reply, locale, '/idprovider/invitation', true);
    try {
      const open = await services.invitations.check(token);
      return renderInvitationPage(context, {
        invitation: { company: open.company, name: open.name, role: ROLE_WORDS[open.role][locale] },
        token,
        ...form,
      });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      reply.code(410);
      return renderInvitationPage(context, { invitation: null, token: '', userName: '', error: error.text(locale) });
    }
  };

  app.get('/idprovider/invitation', limited, async (request, reply) => {
    const locale = pageLocale(request, config.portal.defaultLocale);
    rememberPageLocale(request, reply, locale, config.secureCookies);
    const token = (request.query as Record<string, unknown>).token;
    return invitationPage(request, reply, locale, typeof token === 'string' ? token.slice(0, 100) : '', {
      userName: '',
      error: null,
    });
  });

  app.post('/idprovider/invitation', limited, async (request, reply) => {
    const raw = (request.body ?? {}) as Record<string, unknown>;
    const locale = pageLocale(request, config.portal.defaultLocale, raw.lang);
    const token = typeof raw.token === 'string' ? raw.token.slice(0, 100) : '';
    const userName = typeof raw.userName === 'string' ? raw.userName.trim().slice(0, 64) : '';
    try {
      const done = await services.invitations.accept(token, {
        userName,
        password: password(raw, 'password'),
        confirm: password(raw, 'confirm'),
      });
      await services.audit.record(
        { customer_id: done.customerId, id: done.userId, username: done.userName, name: done.name, source: request.ip },
        {
          kind: 'invitationAccepted',
          subjectKind: 'account',
          subject: null,
          after: { userName: done.userName, role: done.role },
        },
      );
      request.log.info({ userId: done.userId }, 'invitation accepted');
      return reply.redirect(`/idprovider/login?flag=legal&reason=invited&lang=${locale}`, 303);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      request.log.info({ reason: error.key }, 'invitation refused');
      return invitationPage(request, reply, locale, token, { userName, error: error.text(locale) });
    }
  });
}
