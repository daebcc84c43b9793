import type { Kysely } from 'kysely';
import type {
  AccountState as AccountStateAnswer,
  AnalyticsEvent,
  Area,
  HideMenuSettings,
  LoginInfo,
  LogonCity,
} from '@contract/io/session';
import type { Role } from '@contract/roles';
import { AccountState } from '@contract/states';
import type { DB } from '../db/schema';
import type { Translate } from '../messages/catalogue';
import type { Clock } from './clock';
import { refuse } from './errors';
import type { SessionUser } from './identity';

/** Analytics writes without a session a source may make per minute, counted across gateways. */
const ANONYMOUS_WRITES_PER_MINUTE = 20;

/** What the portal knows of its user: getLoginInfo's answer, also written into index.html (routes/portal.ts). */
export function loginInfoOf(user: SessionUser): LoginInfo {
  return {
    nickName: user.nick_name,
    showApp: user.show_app,
    legalFlag: user.legal_flag,
    userAnk: user.user_ank,
    userName: user.username,
    userId: user.id,
    customerName: user.customer_name,
    ssoId: user.sso_id,
    role: user.role as Role,
  };
}

/** Whether the points entries are hidden: queryHideMyScore's answer. */
export function hideMenuOf(user: SessionUser): HideMenuSettings {
  return { hide_menu: user.hide_menu };
}

/** The common calls' data: account state, unread replies, provinces and cities, analytics events. */
export class CommonData {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {}

  async accountState(user: SessionUser, t: Translate): Promise<AccountStateAnswer> {
    const customer = await this.db
      .selectFrom('customer')
      .select(['state', 'name'])
      .where('id', '=', user.customer_id)
      .executeTakeFirstOrThrow();
    return {
      state: customer.state,
      stateText: t(customer.state === AccountState.active ? 'session.accountActive' : 'session.accountCancelled'),
      legalFlag: user.legal_flag,
      customerName: customer.name,
      privacyAuthorised: user.privacy_authorised,
    };
  }

  /** 2 when the insurer has replied to one of the customer's complaints and the reply is not opened yet. */
  async unreadFlag(customerId: number): Promise<{ userReadFlag: number }> {
    const unread = await this.db
      .selectFrom('opinion_reply')
      .innerJoin('opinion', 'opinion.id', 'opinion_reply.opinion_id')
      .select('opinion_reply.id')
      .where('opinion.customer_id', '=', customerId)
      .where('opinion_reply.author', '=', 'insurer')
      .where('opinion_reply.read_at', 'is', null)
      .limit(1)
      .executeTakeFirst();
    return { userReadFlag: unread ? 2 : 1 };
  }

  /** The provinces, or the cities of one province. */
  async areas(parentCode: string | undefined): Promise<Area[]> {
    let query = this.db.selectFrom('area').select(['code', 'name']).orderBy('code');
    query = parentCode ? query.where('parent_code', '=', parentCode) : query.where('parent_code', 'is', null);
    const rows = await query.execute();
    if (parentCode && rows.length === 0) {
      const exists = await this.db.selectFrom('area').select('code').where('code', '=', parentCode).executeTakeFirst();
      if (!exists) throw refuse('session.noSuchProvince');
    }
    return rows;
  }

  /** The cities with a branch, and the user's own. */
  async logonCity(cityCode: string | null): Promise<LogonCity> {
    const cities = await this.db
      .selectFrom('area')
      .select(['code', 'name'])
      .where('has_branch', '=', 1)
      .where('parent_code', 'is not', null)
      .orderBy('code')
      .execute();
    const current = cityCode
      ? ((await this.db.selectFrom('area').select(['code', 'name']).where('code', '=', cityCode).executeTakeFirst()) ??
        null)
      : null;
    return { current, cities };
  }

  /** Stores a batch of analytics events (checked by the call's schema); writes without a session are rationed per source. */
  async collect(events: AnalyticsEvent[], userId: number | null, source: string): Promise<{ stored: number }> {
    const now = this.clock.now();
    const at = now.toISOString();
    if (userId === null) {
      const minuteAgo = new Date(now.getTime() - 60_000).toISOString();
      const recent = await this.db
        .selectFrom('security_event')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('kind', '=', 'analytics-write')
        .where('source', '=', source)
        .where('at', '>=', minuteAgo)
        .executeTakeFirstOrThrow();
      if (Number(recent.n) >= ANONYMOUS_WRITES_PER_MINUTE) throw refuse('common.tooManyRequests');
      await this.db
        .insertInto('security_event')
        .values({ kind: 'analytics-write', user_id: null, source, at })
        .execute();
    }
    const rows = events.map((e) => ({
      kind: e.kind,
      page: e.page,
      target: e.target ?? null,
      platform: 'PC',
      login_flag: e.loginFlag === 1 ? 1 : 2,
      user_id: userId,
      at,
    }));
    await this.db.insertInto('analytics_event').values(rows).execute();
    return { stored: rows.length };
  }
}
