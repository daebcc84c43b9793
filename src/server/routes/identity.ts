import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { callPath } from '../../contract/calls';
import type { LoginForm } from '../../contract/io/session.requests';
import { SESSION_COOKIE } from '../../contract/cookies';
import { decodeValues } from '../http/call';
import type { Services } from '../http/context';
import { requestLocale } from '../http/locale';
import { clearSessionCookies, setSessionCookies } from '../http/sessionCookies';
import { translator, type Translate } from '../messages/catalogue';
import { renderLoginPage } from '../pages/loginPage';
import { DomainError } from '../services/errors';

/** The identity provider of the standalone install: login page, login, logout. */
export async function identityRoutes(app: FastifyInstance, services: Services) {
  const { config, identity } = services;
  const base = config.portal.routerBase;

  /** Only paths inside the portal are followed after login: no open redirects. */
  const safeRedirect = (value: unknown, corporate: boolean) => {
    const fallback = `${base}index${corporate ? '?flag=legal' : ''}`;
    if (typeof value !== 'string' || !value.startsWith(base) || value.startsWith('//') || value.length > 500)
      return fallback;
    return value;
  };

  /** A new picture check for the login page (its own random name, drawn when the page loads it). */
  const picture = (t: Translate) => {
    const randName = randomBytes(12).toString('base64url');
    const src = `${callPath('blocOther/checkCode/createCode', config.portal.gatewayPrefix)}?channelType=1&randName=${randName}`;
    return { randName, src, label: t('login.pictureLabel'), alt: t('login.pictureAlt') };
  };

  const page = (
    corporate: boolean,
    extra: {
      username?: string;
      error?: string | null;
      notice?: string | null;
      redirect?: unknown;
      picture?: ReturnType<typeof picture> | null;
    },
  ) =>
    renderLoginPage({
      corporate,
      username: extra.username ?? '',
      error: extra.error ?? null,
      notice: extra.notice ?? null,
      redirect: safeRedirect(extra.redirect, corporate),
      portalName: config.portal.portalName['en-US'],
      picture: extra.picture ?? null,
    });

  app.get('/idprovider/login', async (request, reply) => {
    const t = translator(requestLocale(request, config.portal.defaultLocale));
    const q = request.query as Record<string, string | undefined>;
    const corporate = q.flag === 'legal';
    const notice = q.loggedOut ? t('login.loggedOut') : q.expired ? t('login.expired') : null;
    reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8');
    return page(corporate, { notice, redirect: q.redirect });
  });

  app.post(
    '/idprovider/login',
    { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const locale = requestLocale(request, config.portal.defaultLocale);
      const t = translator(locale);
      reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8');
      const raw = (request.body ?? {}) as Record<string, unknown>;
      const corporateTab = raw.flag === 'legal';
      let form: LoginForm;
      try {
        form = decodeValues('idprovider/login', request.body);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        return page(corporateTab, { error: error.text(locale), redirect: raw.redirect });
      }
      const corporate = form.flag === 'legal';
      const username = form.username ?? '';
      if (form.privacy !== '1') {
        return page(corporate, { username, redirect: form.redirect, error: t('login.privacy') });
      }
      const outcome = await identity.login({
        username,
        // As typed: the door trims text fields, and a password may begin or end with a space.
        password: typeof raw.password === 'string' ? raw.password : '',
        corporate,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        picture: { randName: form.randName, answer: form.captcha },
        checkPicture: (randName, answer) => services.captcha.check(randName, answer),
      });
      if (!outcome.ok || !outcome.token || !outcome.user) {
        request.log.info({ username, corporate, picture: outcome.picture === true }, 'login refused');
        return page(corporate, {
          username,
          redirect: form.redirect,
          error: t(outcome.message ?? 'login.wrong'),
          picture: outcome.picture ? picture(t) : null,
        });
      }
      if (outcome.user.privacy_authorised !== 1) await identity.recordConsent(outcome.user.id);
      setSessionCookies(reply, config, outcome.token, outcome.user);
      request.log.info({ userId: outcome.user.id }, 'login');
      return reply.redirect(safeRedirect(form.redirect, corporate), 303);
    },
  );

  app.get('/idprovider/logout', async (request, reply) => {
    const corporate = request.cookies.islegal === '1';
    await identity.logout(request.cookies[SESSION_COOKIE]);
    clearSessionCookies(reply);
    reply.header('Cache-Control', 'no-store');
    return reply.redirect(`/idprovider/login?${corporate ? 'flag=legal&' : ''}loggedOut=1`, 303);
  });
}
