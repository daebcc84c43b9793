import type { FastifyInstance } from 'fastify';
import type { AnalyticsEvent, MenuEntry } from '../../contract/io/session';
import { defineAnonymousCall, defineCall } from '../http/call';
import type { Services } from '../http/context';
import { clearSessionCookies } from '../http/sessionCookies';
import { refuseText } from '../services/errors';
import { json, text } from '../http/input';
import { SESSION_COOKIE } from '../../contract/cookies';

/** Session, menu and common calls: login info, account state, menu, settings, unread, areas, analytics. */
export async function commonRoutes(app: FastifyInstance, services: Services) {
  const { db } = services;

  defineCall(app, services, 'blocLegal/login/getLoginInfo', ({ user }) => ({
    nickName: user.nick_name,
    showApp: user.show_app,
    legalFlag: user.legal_flag,
    userAnk: user.user_ank,
    userName: user.username,
    customerName: user.customer_name,
    ssoId: user.sso_id,
  }));

  defineCall(app, services, 'blocLegal/login/logout', async ({ request, reply }) => {
    await services.identity.logout(request.cookies[SESSION_COOKIE]);
    clearSessionCookies(reply);
    return null;
  });

  defineCall(app, services, 'blocLegal/login/cancleAuth', async ({ user, reply }) => {
    await db.updateTable('app_user').set({ privacy_authorised: 2 }).where('id', '=', user.id).execute();
    await services.identity.endAllSessions(user.id);
    clearSessionCookies(reply);
    return null;
  });

  defineCall(app, services, 'blocLegal/account/state', async ({ user }) => {
    const customer = await db
      .selectFrom('customer')
      .select(['state', 'name'])
      .where('id', '=', user.customer_id)
      .executeTakeFirstOrThrow();
    return {
      state: customer.state,
      stateText: customer.state === 1 ? 'Active' : 'Cancelled',
      legalFlag: user.legal_flag,
      customerName: customer.name,
      privacyAuthorised: user.privacy_authorised,
    };
  });

  defineCall(app, services, 'blocLegal/menu/getEcenterMenus', async ({ user }) => {
    const rows = await db
      .selectFrom('menu_entry')
      .selectAll()
      .where('audience', '=', user.legal_flag === 1 ? 'legal' : 'personal')
      .orderBy('parent_id')
      .orderBy('sort')
      .execute();
    const byParent = new Map<number | null, typeof rows>();
    for (const row of rows) byParent.set(row.parent_id, [...(byParent.get(row.parent_id) ?? []), row]);
    const build = (parentId: number | null): MenuEntry[] =>
      (byParent.get(parentId) ?? [])
        .sort((a, b) => a.sort - b.sort)
        .map((row) => ({
          name: row.name,
          path: row.path,
          component: row.component,
          hidden: row.hidden === 1,
          meta: {
            title: row.title,
            icon: row.icon,
            requireAuth: row.require_auth === 1,
            leftMenu: row.left_menu === 1,
          },
          children: build(row.id),
        }));
    return build(null);
  });

  defineCall(app, services, 'blocLegal/menu/queryHideMyScore', ({ user }) => ({ hide_menu: user.hide_menu }));

  defineCall(app, services, 'blocLegal/opinions/searchUserNoReadList', async ({ user }) => {
    const unread = await db
      .selectFrom('opinion_reply')
      .innerJoin('opinion', 'opinion.id', 'opinion_reply.opinion_id')
      .select('opinion_reply.id')
      .where('opinion.customer_id', '=', user.customer_id)
      .where('opinion_reply.author', '=', 'insurer')
      .where('opinion_reply.read_at', 'is', null)
      .limit(1)
      .executeTakeFirst();
    return { userReadFlag: unread ? 2 : 1 };
  });

  defineCall(app, services, 'blocLegal/common/getAreaInfo', async ({ input }) => {
    const parentCode = text(input, 'parentCode', 'Province code', {
      max: 12,
      pattern: /^\d{6}$/,
      patternText: 'Province code must be six digits.',
    });
    let query = db.selectFrom('area').select(['code', 'name']).orderBy('code');
    query = parentCode ? query.where('parent_code', '=', parentCode) : query.where('parent_code', 'is', null);
    const rows = await query.execute();
    if (parentCode && rows.length === 0) {
      const exists = await db.selectFrom('area').select('code').where('code', '=', parentCode).executeTakeFirst();
      if (!exists) throw refuseText('There is no province with that code.');
    }
    return rows;
  });

  defineCall(app, services, 'blocLegal/common/queryLogonCity', async ({ user }) => {
    const cities = await db
      .selectFrom('area')
      .select(['code', 'name'])
      .where('has_branch', '=', 1)
      .where('parent_code', 'is not', null)
      .orderBy('code')
      .execute();
    const current = user.city_code
      ? ((await db.selectFrom('area').select(['code', 'name']).where('code', '=', user.city_code).executeTakeFirst()) ??
        null)
      : null;
    return { current, cities };
  });

  defineAnonymousCall(app, services, 'blocLegal/analytics/collect', async ({ input, user }) => {
    const events = json<AnalyticsEvent[]>(input, 'events', 'Events');
    if (!Array.isArray(events) || events.length === 0 || events.length > 50)
      throw refuseText('Send between 1 and 50 events at a time.');
    const kinds = new Set(['page', 'exposure', 'click']);
    const at = new Date().toISOString();
    const rows = events.map((e) => {
      if (!e || typeof e !== 'object' || !kinds.has(e.kind) || typeof e.page !== 'string' || e.page.length > 300) {
        throw refuseText('An event was not in the expected form; nothing was stored.');
      }
      return {
        kind: e.kind,
        page: e.page,
        target: typeof e.target === 'string' ? e.target.slice(0, 200) : null,
        platform: 'PC',
        login_flag: e.loginFlag === 1 ? 1 : 2,
        user_id: user?.id ?? null,
        at,
      };
    });
    await db.insertInto('analytics_event').values(rows).execute();
    return { stored: rows.length };
  });

  defineAnonymousCall(app, services, 'blocLegal/security/publicKey', async () => {
    const pair = await services.crypto.keyPair();
    return { publicKey: pair.publicPem, keyId: pair.keyId };
  });
}
