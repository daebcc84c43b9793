import { createHash, randomBytes } from 'node:crypto';
import type { CompiledQuery, Kysely, Selectable } from 'kysely';
import type { DB } from '../db/schema';
import type { UserTable } from '../db/tables/foundation';
import type { MessageKey } from '../messages/catalogue';
import { AccountState } from '@contract/states';
import { systemClock, type Clock } from './clock';
import type { Locale } from '@common/i18n';
import { notLoggedIn, refuse } from './errors';
import { verifyPassword } from './passwords';
import { REAUTH_MINUTES } from './reauthentication';
import { MemoryCache } from './memoryCache';

export type SessionUser = Selectable<UserTable> & {
  sso_id: string;
  customer_name: string;
  customer_kind: string;
  /** When the session last proved its user (services/reauthentication.ts). */
  reauth_at: string | null;
};

export interface LoginOutcome {
  ok: boolean;
  /** Why a login failed: the catalogue's sentence for the login page. */
  message?: MessageKey;
  /** The next attempt must also give a code sent by SMS to the account's bound phone (the page asks for one). */
  codeNeeded?: boolean;
  /** The message is about the code, not the password: the page says it on the code's field. */
  aboutCode?: boolean;
  token?: string;
  user?: SessionUser;
}

export interface LoginInput {
  username: string;
  password: string;
  corporate: boolean;
  /** The client's address, as TRUST_PROXY says to read it. */
  ip: string;
  userAgent?: string;
  /** The login page's language: kept as the account's language (messages sent to it unasked). */
  locale?: Locale;
  /** The SMS code the page asks for after repeated failures, as typed. */
  code?: string;
  /** Checks (and uses up) a login code of the user: true when it is right, unexpired and unused. */
  checkCode?: (userId: number, code: string) => Promise<boolean>;
}

/**
 * The login throttle. Failures are counted for a user name from one source (the pair), for a user
 * name from anywhere and for a source over any user name, over the last 15 minutes. Nobody is ever
 * locked out of their own account: past a few failures the login page asks as well for a code sent by
 * SMS to the account's bound phone, so a script guessing passwords (or failing on purpose to lock a
 * user out) gets nowhere while the owner, who holds the phone, logs in. Only a source with very many failures is paused, and
 * only that source.
 */
const WINDOW_MINUTES = 15;
const CODE_AFTER_PAIR_FAILURES = 3;
const CODE_AFTER_USER_FAILURES = 10;
const CODE_AFTER_SOURCE_FAILURES = 10;
const PAUSE_AFTER_SOURCE_FAILURES = 100;
/** Wrong passwords asked again within the window that pause re-authentication by password. */
const REAUTH_PASSWORD_LIMIT = 5;
const REAUTH_FAILED = 'reauth-failed';
/** A session's idle expiry moves on at most this often (a write per call would cost every call). */
const TOUCH_EVERY_MS = 60_000;

/** How long a session read from the database is answered from memory (real time, not the gateway's clock). */
export const SESSION_CACHE_MS = 1_000;

/**
 * Sessions kept in memory: every call resolves its session, and under load most of them ask again
 * within the second. A session is made of its row, its user's and its customer's; a new row in them
 * cannot change a session already read.
 */
const SESSION_CACHE = {
  ms: SESSION_CACHE_MS,
  entries: 10_000,
  tables: ['session', 'app_user', 'customer'],
  newRowsChange: false,
} as const;

/**
 * A password hash no password matches: an unknown user name costs the same scrypt as a known one,
 * so the answer's time does not tell which names exist.
 */
const NOBODY_HASH = 'scrypt$16384$8$1$eTIgL58fTi2nZJ9mJT0rbQ==$CWTquggriC+QBDnOtcy+O5pbN2Rgayyg7PlGkdOHLIQ=';

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
      'session.reauth_at',
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

/** A session as the cache keeps it: the user and the session's idle deadline. */
interface KeptSession {
  user: SessionUser;
  expiresAt: string;
  lastSeenAt: string;
}

/**
 * Users, passwords and sessions. Sessions live in the database so that gateways can be many; each
 * gateway answers a session it read less than a second ago from memory (memoryCache.ts).
 */
export class Identity {
  private readonly lookup: ReturnType<typeof sessionLookup>;
  private readonly sessions: MemoryCache<KeptSession>;
  /** The database handle of this service and of every other: its writes to sessions and users empty the cache. */
  readonly db: Kysely<DB>;

  /**
   * @param raw the database without the cache's watch: only the idle-deadline touch goes through it
   * (the cache moves the deadline of its own copy), everything else through `db`.
   * @param cacheNow the monotonic milliseconds the session cache counts its second by (a test moves its own).
   */
  constructor(
    private readonly raw: Kysely<DB>,
    private readonly idleMinutes: number,
    private readonly clock: Clock = systemClock,
    cacheNow?: () => number,
  ) {
    this.sessions = new MemoryCache<KeptSession>({ ...SESSION_CACHE, now: cacheNow });
    this.lookup = sessionLookup(raw);
    this.db = raw.withPlugin(this.sessions.watch);
  }

  /**
   * Forgets every session kept in memory: the database said sessions ended or changed (another
   * gateway, a script), or this gateway may have missed its saying so (db/signals.ts).
   */
  forgetSessions(): void {
    this.sessions.clear();
  }

  /** When this gateway last wrote to sessions, users or customers (performance.now). */
  get sessionsWrittenAt(): number {
    return this.sessions.lastWriteAt;
  }

  /** Failures within the window: of the user name from this source (since its last success), of the name, of the source. */
  private async failures(username: string, ip: string, now: Date) {
    const since = minutesAgo(WINDOW_MINUTES, now);
    const count = (where: { username?: string; ip?: string }, after = since) => {
      let query = this.db
        .selectFrom('login_attempt')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('succeeded', '=', 0)
        .where('at', '>=', after);
      if (where.username !== undefined) query = query.where('username', '=', where.username);
      if (where.ip !== undefined) query = query.where('ip', '=', where.ip);
      return query.executeTakeFirstOrThrow().then((r) => Number(r.n));
    };
    const lastSuccess = await this.db
      .selectFrom('login_attempt')
      .select((eb) => eb.fn.max('at').as('at'))
      .where('username', '=', username)
      .where('ip', '=', ip)
      .where('succeeded', '=', 1)
      .where('at', '>=', since)
      .executeTakeFirst();
    const [pair, user, source] = await Promise.all([
      count({ username, ip }, lastSuccess?.at && lastSuccess.at > since ? lastSuccess.at : since),
      count({ username }),
      count({ ip }),
    ]);
    return { pair, user, source };
  }

  /** Whether a login of this user name from this source needs a code to the bound phone now. */
  async codeNeeded(username: string, ip: string): Promise<boolean> {
    const f = await this.failures(username.trim(), ip, this.clock.now());
    return (
      f.source < PAUSE_AFTER_SOURCE_FAILURES &&
      (f.pair >= CODE_AFTER_PAIR_FAILURES ||
        f.user >= CODE_AFTER_USER_FAILURES ||
        f.source >= CODE_AFTER_SOURCE_FAILURES)
    );
  }

  async login(input: LoginInput): Promise<LoginOutcome> {
    const now = this.clock.now();
    const username = input.username.trim();
    if (!username) return { ok: false, message: 'login.enterBoth' };
    if (username.length > 64 || input.password.length > 128) return { ok: false, message: 'login.wrong' };
    const record = (succeeded: boolean) =>
      this.db
        .insertInto('login_attempt')
        .values({ username, ip: input.ip, succeeded: succeeded ? 1 : 0, at: now.toISOString() })
        .execute();

    const failed = await this.failures(username, input.ip, now);
    if (failed.source >= PAUSE_AFTER_SOURCE_FAILURES) return { ok: false, message: 'login.paused' };
    const barrier = (f: typeof failed) =>
      f.pair >= CODE_AFTER_PAIR_FAILURES ||
      f.user >= CODE_AFTER_USER_FAILURES ||
      f.source >= CODE_AFTER_SOURCE_FAILURES;
    const codeNeeded = barrier(failed);
    const code = input.code?.trim() ?? '';
    if (!input.password) return { ok: false, message: 'login.enterBoth', codeNeeded };
    if (codeNeeded && !code) return { ok: false, message: 'login.codeNeeded', codeNeeded, aboutCode: true };
    if (codeNeeded && !/^\d{6}$/.test(code))
      return { ok: false, message: 'sms.badFormat', codeNeeded, aboutCode: true };

    // Known or not, the name costs one scrypt: the answer's time says nothing about which names exist.
    const user = await this.db.selectFrom('app_user').selectAll().where('username', '=', username).executeTakeFirst();
    const passwordOk = await verifyPassword(input.password, user?.password_hash ?? NOBODY_HASH);
    // Whether the next attempt needs the code: this failure counted.
    const next = (message: MessageKey, aboutCode = false): LoginOutcome => ({
      ok: false,
      message,
      codeNeeded: barrier({ pair: failed.pair + 1, user: failed.user + 1, source: failed.source + 1 }),
      aboutCode,
    });
    // The code is checked (and used up when right) whatever the password: a wrong one is a failure.
    if (codeNeeded && !(user && input.checkCode && (await input.checkCode(user.id, code)))) {
      await record(false);
      return next('login.codeWrong', true);
    }
    if (!user || !passwordOk) {
      await record(false);
      return next('login.wrong');
    }
    if (user.state !== AccountState.active) {
      await record(false);
      return next(user.state === AccountState.suspended ? 'login.suspended' : 'login.cancelled');
    }
    if (input.corporate !== (user.legal_flag === 1)) {
      return {
        ok: false,
        message: input.corporate ? 'login.personalOnCorporateTab' : 'login.corporateOnPersonalTab',
        codeNeeded,
      };
    }
    await record(true);
    await this.db.updateTable('app_user').set({ last_login_at: now.toISOString() }).where('id', '=', user.id).execute();

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
        // The password was just given: the login counts as the proof re-authentication asks for.
        reauth_at: now.toISOString(),
      })
      .execute();
    if (input.locale && user.locale !== input.locale)
      await this.db.updateTable('app_user').set({ locale: input.locale }).where('id', '=', user.id).execute();
    const resolved = await this.resolve(token);
    return { ok: true, token, user: resolved ?? undefined };
  }

  /**
   * The user behind a session cookie, or null. Every call asks, so the lookup is compiled once and
   * the session is written only to extend its idle expiry, at most once a minute.
   */
  async resolve(token: string | undefined): Promise<SessionUser | null> {
    if (!token || token.length > 100) return null;
    const now = this.clock.now();
    const hash = sha256(token);
    let kept = this.sessions.get(hash);
    if (!kept) {
      const mark = this.sessions.mark();
      const { rows } = await this.raw.executeQuery<SessionRow>({ ...this.lookup, parameters: [hash] });
      const row = rows[0];
      if (!row || row.state !== AccountState.active) return null;
      const { expires_at: expiresAt, last_seen_at: lastSeenAt, token_hash: _t, ...user } = row;
      kept = { user, expiresAt, lastSeenAt };
      this.sessions.put(hash, kept, mark);
    }
    if (kept.expiresAt <= now.toISOString()) return null;
    if (now.getTime() - Date.parse(kept.lastSeenAt) > TOUCH_EVERY_MS) {
      const lastSeenAt = now.toISOString();
      const expiresAt = new Date(now.getTime() + this.idleMinutes * 60_000).toISOString();
      // The kept copy first: calls that come while the write is under way do not write again.
      this.sessions.update(hash, (k) => ({ ...k, lastSeenAt, expiresAt }));
      await this.raw
        .updateTable('session')
        .set({ last_seen_at: lastSeenAt, expires_at: expiresAt })
        .where('token_hash', '=', hash)
        .execute();
    }
    return kept.user;
  }

  /**
   * The password asked again (re-authentication). Wrong answers are counted for the user (not as
   * failed logins: they must not put the owner's next login behind a code), and five within the
   * window pause it; a code to the bound phone still proves the user.
   */
  async confirmPassword(user: SessionUser, password: string, ip: string): Promise<void> {
    const now = this.clock.now();
    const failures = await this.db
      .selectFrom('security_event')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', REAUTH_FAILED)
      .where('user_id', '=', user.id)
      .where('at', '>=', minutesAgo(WINDOW_MINUTES, now))
      .executeTakeFirstOrThrow();
    if (Number(failures.n) >= REAUTH_PASSWORD_LIMIT) throw refuse('reauth.paused', { minutes: WINDOW_MINUTES });
    const row = await this.db
      .selectFrom('app_user')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    const given = password.length <= 128 ? password : '';
    if (!(await verifyPassword(given, row.password_hash)) || !given) {
      await this.db
        .insertInto('security_event')
        .values({ kind: REAUTH_FAILED, user_id: user.id, source: ip, at: now.toISOString() })
        .execute();
      throw refuse('reauth.wrongPassword');
    }
  }

  /** The session proved its user now (the password or a code to the bound phone): answers how long that lasts. */
  async stampReauthentication(token: string | undefined): Promise<{ validForSeconds: number }> {
    if (!token) throw notLoggedIn();
    await this.db
      .updateTable('session')
      .set({ reauth_at: this.clock.now().toISOString() })
      .where('token_hash', '=', sha256(token))
      .execute();
    return { validForSeconds: REAUTH_MINUTES * 60 };
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
