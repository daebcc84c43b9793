import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../db/schema';
import type { UserTable } from '../db/tables/foundation';
import type { MessageKey } from '../messages/catalogue';
import { AccountState } from '../../contract/states';
import { systemClock, type Clock } from './clock';
import { verifyPassword } from './passwords';

export type SessionUser = Selectable<UserTable> & { sso_id: string; customer_name: string; customer_kind: string };

export interface LoginOutcome {
  ok: boolean;
  /** Why a login failed: the catalogue's sentence for the login page. */
  message?: MessageKey;
  token?: string;
  user?: SessionUser;
}

const WINDOW_MINUTES = 15;
const MAX_FAILURES_PER_USER = 5;
const MAX_FAILURES_PER_IP = 30;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const minutesAgo = (m: number, now: Date) => new Date(now.getTime() - m * 60_000).toISOString();

/** Users, passwords and sessions. Sessions live in the database so that gateways can be many. */
export class Identity {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly idleMinutes: number,
    private readonly clock: Clock = systemClock,
  ) {}

  async login(input: {
    username: string;
    password: string;
    corporate: boolean;
    ip: string;
    userAgent?: string;
  }): Promise<LoginOutcome> {
    const now = this.clock.now();
    const username = input.username.trim();
    if (!username || !input.password) return { ok: false, message: 'login.enterBoth' };
    if (username.length > 64 || input.password.length > 128) return { ok: false, message: 'login.wrong' };

    const since = minutesAgo(WINDOW_MINUTES, now);
    const [byUser, byIp] = await Promise.all([
      this.db
        .selectFrom('login_attempt')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('username', '=', username)
        .where('succeeded', '=', 0)
        .where('at', '>=', since)
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('login_attempt')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('ip', '=', input.ip)
        .where('succeeded', '=', 0)
        .where('at', '>=', since)
        .executeTakeFirstOrThrow(),
    ]);
    if (Number(byUser.n) >= MAX_FAILURES_PER_USER || Number(byIp.n) >= MAX_FAILURES_PER_IP) {
      return { ok: false, message: 'login.paused' };
    }

    const user = await this.db.selectFrom('app_user').selectAll().where('username', '=', username).executeTakeFirst();
    const passwordOk = user ? await verifyPassword(input.password, user.password_hash) : false;
    const record = (succeeded: boolean) =>
      this.db
        .insertInto('login_attempt')
        .values({ username, ip: input.ip, succeeded: succeeded ? 1 : 0, at: now.toISOString() })
        .execute();
    if (!user || !passwordOk) {
      await record(false);
      return { ok: false, message: 'login.wrong' };
    }
    if (user.state !== AccountState.active) {
      await record(false);
      return { ok: false, message: 'login.cancelled' };
    }
    if (input.corporate !== (user.legal_flag === 1)) {
      return {
        ok: false,
        message: input.corporate ? 'login.personalOnCorporateTab' : 'login.corporateOnPersonalTab',
      };
    }
    await record(true);

    const token = randomBytes(32).toString('base64url');
    const ssoId = randomBytes(12).toString('base64url');
    await this.db
      .insertInto('session')
      .values({
        token_hash: sha256(token),
        sso_id: ssoId,
        user_id: user.id,
        created_at: now.toISOString(),
        last_seen_at: now.toISOString(),
        expires_at: new Date(now.getTime() + this.idleMinutes * 60_000).toISOString(),
        ip: input.ip,
        user_agent: input.userAgent?.slice(0, 255) ?? null,
      })
      .execute();
    const resolved = await this.resolve(token);
    return { ok: true, token, user: resolved ?? undefined };
  }

  /** The user behind a session cookie, or null; extends the idle expiry at most once a minute. */
  async resolve(token: string | undefined): Promise<SessionUser | null> {
    if (!token || token.length > 100) return null;
    const now = this.clock.now();
    const row = await this.db
      .selectFrom('session')
      .innerJoin('app_user', 'app_user.id', 'session.user_id')
      .innerJoin('customer', 'customer.id', 'app_user.customer_id')
      .selectAll('app_user')
      .select([
        'session.sso_id',
        'session.expires_at',
        'session.last_seen_at',
        'session.token_hash',
        'customer.name as customer_name',
        'customer.kind as customer_kind',
      ])
      .where('session.token_hash', '=', sha256(token))
      .executeTakeFirst();
    if (!row || row.expires_at <= now.toISOString() || row.state !== AccountState.active) return null;
    if (now.getTime() - Date.parse(row.last_seen_at) > 60_000) {
      await this.db
        .updateTable('session')
        .set({
          last_seen_at: now.toISOString(),
          expires_at: new Date(now.getTime() + this.idleMinutes * 60_000).toISOString(),
        })
        .where('token_hash', '=', row.token_hash)
        .execute();
    }
    const { expires_at: _e, last_seen_at: _l, token_hash: _t, ...user } = row;
    return user;
  }

  async logout(token: string | undefined): Promise<void> {
    if (!token) return;
    await this.db.deleteFrom('session').where('token_hash', '=', sha256(token)).execute();
  }

  /** The user agreed to the privacy policy when logging in. */
  async recordConsent(userId: number): Promise<void> {
    await this.db
      .updateTable('app_user')
      .set({ privacy_authorised: 1 })
      .where('id', '=', userId)
      .where('privacy_authorised', '!=', 1)
      .execute();
  }

  /** The user closes the privacy authorisation: it is recorded and every session of the user ends. */
  async closeAuthorisation(userId: number): Promise<void> {
    await this.db.updateTable('app_user').set({ privacy_authorised: 2 }).where('id', '=', userId).execute();
    await this.endAllSessions(userId);
  }

  /** Ends every session of a user (account cancelled or administrator changed). */
  async endAllSessions(userId: number): Promise<void> {
    await this.db.deleteFrom('session').where('user_id', '=', userId).execute();
  }
}
