import { createHash, randomBytes } from 'node:crypto';
import type { CompiledQuery, Kysely, Selectable } from 'kysely';
import type { DB } from '../db/schema';
import type { UserTable } from '../db/tables/foundation';
import { verifyPassword } from './passwords';

export type SessionUser = Selectable<UserTable> & { sso_id: string; customer_name: string; customer_kind: string };

export interface LoginOutcome {
  ok: boolean;
  /** Why a login failed, as a sentence for the login page. */
  message?: string;
  token?: string;
  user?: SessionUser;
}

const WINDOW_MINUTES = 15;
const MAX_FAILURES_PER_USER = 5;
const MAX_FAILURES_PER_IP = 30;
/** A session's idle expiry moves on at most this often (a write per call would cost every call). */
const TOUCH_EVERY_MS = 60_000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const minutesAgo = (m: number, now: Date) => new Date(now.getTime() - m * 60_000).toISOString();

/** The session lookup every call makes, compiled once (the token's hash is its one parameter). */
function sessionLookup(db: Kysely<DB>) {
  return db
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
    .where('session.token_hash', '=', '')
    .compile();
}

type SessionRow = ReturnType<typeof sessionLookup> extends CompiledQuery<infer R> ? R : never;

/** Users, passwords and sessions. Sessions live in the database so that gateways can be many. */
export class Identity {
  private readonly lookup: ReturnType<typeof sessionLookup>;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly idleMinutes: number,
  ) {
    this.lookup = sessionLookup(db);
  }

  async login(input: {
    username: string;
    password: string;
    corporate: boolean;
    ip: string;
    userAgent?: string;
  }): Promise<LoginOutcome> {
    const now = new Date();
    const username = input.username.trim();
    if (!username || !input.password) return { ok: false, message: 'Enter your user name and password.' };
    if (username.length > 64 || input.password.length > 128)
      return { ok: false, message: 'Wrong user name or password.' };

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
      return {
        ok: false,
        message: `Too many failed attempts. For your security, logging in is paused for ${WINDOW_MINUTES} minutes; try again later or call 95518.`,
      };
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
      return { ok: false, message: 'Wrong user name or password.' };
    }
    if (user.state !== 1) {
      await record(false);
      return { ok: false, message: 'This account has been cancelled. Call 95518 if you need help.' };
    }
    if (input.corporate !== (user.legal_flag === 1)) {
      return {
        ok: false,
        message: input.corporate
          ? 'This is a personal account: log in on the personal tab.'
          : 'This is a corporate account: log in on the corporate tab.',
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

  /**
   * The user behind a session cookie, or null. Every call asks, so the lookup is compiled once and
   * the session is written only to extend its idle expiry, at most once a minute.
   */
  async resolve(token: string | undefined): Promise<SessionUser | null> {
    if (!token || token.length > 100) return null;
    const now = new Date();
    const { rows } = await this.db.executeQuery<SessionRow>({ ...this.lookup, parameters: [sha256(token)] });
    const row = rows[0];
    if (!row || row.expires_at <= now.toISOString() || row.state !== 1) return null;
    if (now.getTime() - Date.parse(row.last_seen_at) > TOUCH_EVERY_MS) {
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

  /** Ends every session of a user (account cancelled or administrator changed). */
  async endAllSessions(userId: number): Promise<void> {
    await this.db.deleteFrom('session').where('user_id', '=', userId).execute();
  }
}
