import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Locale } from '@common/i18n';
import { insurerToday } from '@common/correction';
import { translate } from '../messages/catalogue';
import { MOBILE_PATTERN } from '@common/memberRank';
import { AccountState } from '@contract/states';
import { systemClock, type Clock } from './clock';
import { DomainError, refuse } from './errors';
import { hashPassword, passwordProblem } from './passwords';
import { accountLocale, accountName, RESET_HOLD_DAYS } from './reauthentication';
import { maskPhone, type SentCode, type SmsCodes } from './sms';

/**
 * The throttle of the identity provider's account pages, counted in the database like the login
 * throttle (so every gateway agrees): every request to send a code or to register / set a password
 * is counted for the mobile number or account it is about (a reset: the account, whether it was named by
 * user name or bound mobile) and for its source over the last 15 minutes. Past the limits the request
 * is refused before anything is sent. The SMS
 * codes add their own limits (one a minute, ten an hour per phone, five wrong answers).
 */
const WINDOW_MINUTES = 15;
const PER_NAME = 10;
const PER_SOURCE = 30;

type AttemptKind = 'register' | 'reset' | 'login-code';

/** What the throttle says when a kind of request is refused. */
const TOO_MANY = { register: 'register.tooMany', reset: 'reset.tooMany', 'login-code': 'login.codeTooMany' } as const;

/**
 * What a reset request is counted against: the account, whichever of its names (user name or bound
 * mobile) the request gave; a name that is no account's, by itself.
 */
const resetKey = (name: string, user: { id: number } | undefined) => (user ? `user#${user.id}` : name);

export interface Registration {
  mobile: string;
  code: string;
  password: string;
  confirm: string;
  consent: boolean;
}

export interface PasswordReset {
  account: string;
  code: string;
  password: string;
  confirm: string;
}

/** What a reset reads of the account it is about. */
const ACCOUNT_COLUMNS = [
  'id',
  'username',
  'phone',
  'legal_flag',
  'state',
  'locale',
  'previous_phone',
  'reset_held_until',
] as const;

/**
 * Personal members open their own accounts, anyone with a bound mobile sets a new password, and a
 * login past repeated failures is sent its code.
 */
export class MemberAccounts {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly sms: SmsCodes,
    private readonly clock: Clock = systemClock,
  ) {}

  /** Refuses when the name or the source asked too often; otherwise counts this request. */
  private async throttle(kind: AttemptKind, name: string, ip: string): Promise<void> {
    const now = this.clock.now();
    const since = new Date(now.getTime() - WINDOW_MINUTES * 60_000).toISOString();
    const count = (column: 'name' | 'ip', value: string) =>
      this.db
        .selectFrom('account_attempt')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('kind', '=', kind)
        .where(column, '=', value)
        .where('at', '>=', since)
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));
    const [byName, bySource] = await Promise.all([count('name', name), count('ip', ip)]);
    if (byName >= PER_NAME || bySource >= PER_SOURCE) throw refuse(TOO_MANY[kind]);
    await this.db.insertInto('account_attempt').values({ kind, name, ip, at: now.toISOString() }).execute();
  }

  /** Whether a mobile number is already someone's user name or bound phone. */
  private async taken(mobile: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('app_user')
      .select('id')
      .where((eb) => eb.or([eb('username', '=', mobile), eb('phone', '=', mobile)]))
      .executeTakeFirst();
    return Boolean(row);
  }

  /** Registration, step one: a code to the mobile number (refused when the number has an account). */
  async sendRegistrationCode(mobile: string, ip: string, locale: Locale): Promise<SentCode> {
    if (!MOBILE_PATTERN.test(mobile)) throw refuse('register.badMobile');
    await this.throttle('register', mobile, ip);
    if (await this.taken(mobile)) throw refuse('register.taken');
    return this.sms.sendToNewNumber(mobile, locale);
  }

  /**
   * Registration, step two: a personal member account whose user name is the mobile number (also its
   * bound phone), able to log in at once. Answers the user name.
   */
  async register(input: Registration, ip: string): Promise<{ username: string }> {
    const mobile = input.mobile;
    if (!MOBILE_PATTERN.test(mobile)) throw refuse('register.badMobile');
    await this.throttle('register', mobile, ip);
    if (!input.consent) throw refuse('register.consent');
    const problem = passwordProblem(input.password, mobile);
    if (problem) throw refuse(problem);
    if (input.password !== input.confirm) throw refuse('register.mismatch');
    if (!input.code.trim()) throw refuse('register.enterCode');
    if (await this.taken(mobile)) throw refuse('register.taken');
    await this.sms.verifyNewNumber(mobile, input.code);

    const passwordHash = await hashPassword(input.password);
    const now = this.clock.now().toISOString();
    try {
      await this.db.transaction().execute(async (trx) => {
        const customer = await trx
          .insertInto('customer')
          .values({
            kind: 'person',
            name: maskPhone(mobile),
            credit_code: null,
            contact_name: null,
            contact_phone: mobile,
            address: null,
            state: 1,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('app_user')
          .values({
            customer_id: customer.id,
            username: mobile,
            password_hash: passwordHash,
            nick_name: maskPhone(mobile),
            real_name: null,
            id_number: null,
            phone: mobile,
            email: null,
            legal_flag: 2,
            user_ank: 2,
            show_app: 1,
            hide_menu: 2,
            privacy_authorised: 1,
            city_code: null,
            state: AccountState.active,
            created_at: now,
          })
          .execute();
      });
    } catch (error) {
      // Two registrations of one number at once: the user name's unique index lets one through.
      if (await this.taken(mobile)) throw refuse('register.taken');
      throw error;
    }
    return { username: mobile };
  }

  /** The account a reset is about: its user name, else the one account whose bound mobile it is. */
  private async accountFor(account: string) {
    const byName = await this.db
      .selectFrom('app_user')
      .select(ACCOUNT_COLUMNS)
      .where('username', '=', account)
      .executeTakeFirst();
    if (byName) return byName;
    if (!MOBILE_PATTERN.test(account)) return undefined;
    const byPhone = await this.db
      .selectFrom('app_user')
      .select(ACCOUNT_COLUMNS)
      .where('phone', '=', account)
      .limit(2)
      .execute();
    return byPhone.length === 1 ? byPhone[0] : undefined;
  }

  /**
   * Password reset, step one. Answers nothing either way: a code goes to the account's bound mobile
   * when there is such an account (and it is not waiting for the resend cooldown), and the page says
   * the same sentence whether or not it exists.
   */
  async sendResetCode(account: string, ip: string, locale: Locale): Promise<void> {
    const name = account.trim();
    if (!name) throw refuse('reset.enterAccount');
    const user = await this.accountFor(name);
    await this.throttle('reset', resetKey(name, user), ip);
    if (!user || user.state !== AccountState.active || !user.phone || !MOBILE_PATTERN.test(user.phone)) return;
    const now = this.clock.now();
    // A phone bound in the personal centre a few days ago does not take resets yet (docs/security.md):
    // the code goes to the phone bound before, if there is one, and the new phone is told when it will.
    const held = user.reset_held_until !== null && user.reset_held_until > now.toISOString();
    const previous =
      held && user.previous_phone && MOBILE_PATTERN.test(user.previous_phone) ? user.previous_phone : null;
    if (held) {
      const own = accountLocale(user, locale);
      await this.sms.tell(
        user.id,
        user.phone,
        'reset-held',
        translate(own, 'sms.resetHeld', {
          account: accountName(user.username),
          days: RESET_HOLD_DAYS,
          holdDay: insurerToday(new Date(user.reset_held_until!)),
          previous: previous ? translate(own, 'sms.resetHeld.previous') : '',
        }),
      );
      if (!previous) return;
    }
    try {
      await this.sms.send(user.id, previous ?? user.phone, 'reset-password', locale);
    } catch (error) {
      // A cooldown or the hourly limit: saying so would tell that the account exists.
      if (!(error instanceof DomainError)) throw error;
    }
  }

  /**
   * A code for a login that needs one after repeated failures (services/identity.ts), sent to the
   * phone bound to the account of that user name (a corporate account's: its administrator's) when
   * the account exists, is active, belongs to the login page's tab and has one. Answers nothing
   * either way, like the reset's first step: the page says one sentence whatever happened.
   */
  async sendLoginCode(username: string, corporate: boolean, ip: string, locale: Locale): Promise<void> {
    const name = username.trim();
    if (!name) throw refuse('login.enterUsername');
    const user = await this.db
      .selectFrom('app_user')
      .select(ACCOUNT_COLUMNS)
      .where('username', '=', name)
      .executeTakeFirst();
    await this.throttle('login-code', resetKey(name, user), ip);
    if (!user || user.state !== AccountState.active || (user.legal_flag === 1) !== corporate) return;
    if (!user.phone || !MOBILE_PATTERN.test(user.phone)) return;
    try {
      await this.sms.send(user.id, user.phone, 'login', locale);
    } catch (error) {
      // A cooldown or the hourly limit: saying so would tell that the account exists.
      if (!(error instanceof DomainError)) throw error;
    }
  }

  /** Checks (and uses up) a login code of the user: false when it is wrong, expired, used or voided. */
  async checkLoginCode(userId: number, code: string): Promise<boolean> {
    try {
      await this.sms.verify(userId, 'login', code);
      return true;
    } catch (error) {
      if (error instanceof DomainError) return false;
      throw error;
    }
  }

  /**
   * Password reset, step two: the code and the new password. Every failure of the code (unknown
   * account, wrong, expired, used) answers one sentence. The account's sessions end.
   */
  async resetPassword(input: PasswordReset, ip: string): Promise<{ username: string; corporate: boolean }> {
    const name = input.account.trim();
    if (!name) throw refuse('reset.enterAccount');
    const user = await this.accountFor(name);
    await this.throttle('reset', resetKey(name, user), ip);
    const problem = passwordProblem(input.password, user?.username ?? name);
    if (problem) throw refuse(problem);
    if (input.password !== input.confirm) throw refuse('register.mismatch');
    if (!input.code.trim()) throw refuse('register.enterCode');
    if (!user || user.state !== AccountState.active) throw refuse('reset.badCode');
    try {
      await this.sms.verify(user.id, 'reset-password', input.code);
    } catch (error) {
      if (error instanceof DomainError) throw refuse('reset.badCode');
      throw error;
    }
    const passwordHash = await hashPassword(input.password);
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('app_user').set({ password_hash: passwordHash }).where('id', '=', user.id).execute();
      await trx.deleteFrom('session').where('user_id', '=', user.id).execute();
    });
    return { username: user.username, corporate: user.legal_flag === 1 };
  }
}
