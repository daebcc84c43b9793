import type { FastifyInstance } from 'fastify';
import { defineAnonymousCall, defineCall } from '../http/call';
import type { Services } from '../http/context';
import { clearSessionCookies } from '../http/sessionCookies';
import { SESSION_COOKIE } from '@contract/cookies';
import { refuse } from '../services/errors';
import { hideMenuOf, loginInfoOf } from '../services/common';

/** Session, menu and common calls: login info, account state, menu, settings, unread, areas, analytics. */
export async function commonRoutes(app: FastifyInstance, services: Services) {
  const { common, identity } = services;

  defineCall(app, services, 'blocLegal/login/getLoginInfo', ({ user }) => loginInfoOf(user));

  defineCall(app, services, 'blocLegal/login/logout', async ({ request, reply }) => {
    await identity.logout(request.cookies[SESSION_COOKIE]);
    clearSessionCookies(reply);
    return null;
  });

  // The password asked again, or a code sent to the bound phone, before what takes an account.
  defineCall(app, services, 'blocLegal/login/reauthenticate', async ({ user, values, request }) => {
    if (values.code) await services.sms.verify(user.id, 'verify-identity', values.code);
    else if (values.password) {
      let password: string;
      try {
        password = await services.crypto.reveal(values.password);
      } catch {
        throw refuse('profile.undecryptable', { field: { key: 'field.password', fallback: 'password' } });
      }
      await identity.confirmPassword(user, password, request.ip);
    } else throw refuse('reauth.enterOne');
    return identity.stampReauthentication(request.cookies[SESSION_COOKIE]);
  });

  defineCall(app, services, 'blocLegal/login/cancleAuth', async ({ user, reply }) => {
    await identity.closeAuthorisation(user.id);
    clearSessionCookies(reply);
    return null;
  });

  defineCall(app, services, 'blocLegal/account/state', ({ user, t }) => common.accountState(user, t));

  defineCall(app, services, 'blocLegal/menu/getEcenterMenus', ({ user }) => services.menus.forUser(user));

  defineCall(app, services, 'blocLegal/menu/queryHideMyScore', ({ user }) => hideMenuOf(user));

  defineCall(app, services, 'blocLegal/opinions/searchUserNoReadList', ({ user }) =>
    common.unreadFlag(user.customer_id),
  );

  defineCall(app, services, 'blocLegal/common/getAreaInfo', ({ values }) => common.areas(values.parentCode));

  defineCall(app, services, 'blocLegal/common/queryLogonCity', ({ user }) => common.logonCity(user.city_code));

  // Anyone may write analytics, so writes are bounded: 50 events of bounded size per request (the
  // schema), 64 KB per body, 120 requests a minute per source here and fewer without a session.
  defineAnonymousCall(
    app,
    services,
    'blocLegal/analytics/collect',
    ({ values, user, request }) => common.collect(values.events, user?.id ?? null, request.ip),
    { bodyLimit: 64 * 1024, rateLimit: { max: 120, timeWindow: '1 minute' } },
  );

  defineAnonymousCall(app, services, 'blocLegal/security/publicKey', async () => {
    const pair = await services.crypto.keyPair();
    return { publicKey: pair.publicPem, keyId: pair.keyId };
  });
}
