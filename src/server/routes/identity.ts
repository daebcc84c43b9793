import type { FastifyInstance } from 'fastify';
import type { Services } from '../http/context';
import { SESSION_COOKIE } from '../../contract/cookies';
import { clearSessionCookies, setSessionCookies } from '../http/sessionCookies';
import { renderLoginPage } from '../pages/loginPage';

/** The identity provider of the standalone install: login page, login, logout. */
export async function identityRoutes(app: FastifyInstance, services: Services) {
  const { config, identity, db } = services;
  const base = config.portal.routerBase;

  /** Only paths inside the portal are followed after login: no open redirects. */
  const safeRedirect = (value: unknown, corporate: boolean) => {
    const fallback = `${base}index${corporate ? '?flag=legal' : ''}`;
    if (typeof value !== 'string' || !value.startsWith(base) || value.startsWith('//') || value.length > 500)
      return fallback;
    return value;
  };

  const page = (
    corporate: boolean,
    extra: { username?: string; error?: string | null; notice?: string | null; redirect?: unknown },
  ) =>
    renderLoginPage({
      corporate,
      username: extra.username ?? '',
      error: extra.error ?? null,
      notice: extra.notice ?? null,
      redirect: safeRedirect(extra.redirect, corporate),
      portalName: config.portal.portalName['en-US'],
    });

  app.get('/idprovider/login', async (request, reply) => {
    const q = request.query as Record<string, string | undefined>;
    const corporate = q.flag === 'legal';
    const notice = q.loggedOut
      ? 'You have logged out.'
      : q.expired
        ? 'Your session has ended; please log in again.'
        : null;
    reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8');
    return page(corporate, { notice, redirect: q.redirect });
  });

  app.post(
    '/idprovider/login',
    { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, string | undefined>;
      const corporate = body.flag === 'legal';
      const username = String(body.username ?? '').slice(0, 64);
      reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8');
      if (body.privacy !== '1') {
        return page(corporate, {
          username,
          redirect: body.redirect,
          error: 'Please read and agree to the privacy policy to log in.',
        });
      }
      const outcome = await identity.login({
        username,
        password: String(body.password ?? ''),
        corporate,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      if (!outcome.ok || !outcome.token || !outcome.user) {
        request.log.info({ username, corporate }, 'login refused');
        return page(corporate, {
          username,
          redirect: body.redirect,
          error: outcome.message ?? 'Wrong user name or password.',
        });
      }
      if (outcome.user.privacy_authorised !== 1) {
        await db.updateTable('app_user').set({ privacy_authorised: 1 }).where('id', '=', outcome.user.id).execute();
      }
      setSessionCookies(reply, config, outcome.token, outcome.user);
      request.log.info({ userId: outcome.user.id }, 'login');
      return reply.redirect(safeRedirect(body.redirect, corporate), 303);
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
