import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Locale } from '@common/i18n';
import { MOBILE_PATTERN } from '@common/memberRank';
import { translate } from '../messages/catalogue';
import { systemClock, type Clock } from './clock';
import { refuse } from './errors';

/** One text message for one phone. */
export interface SmsMessage {
  phone: string;
  purpose: string;
  text: string;
  userId: number | null;
}

/** Where messages go: the embedded outbox here, the insurer's SMS gateway in production. */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

export interface SmsLog {
  info(obj: object, msg: string): void;
}

/** The embedded sender: every message lands in the sms_outbox table and the server log. */
export class OutboxSmsSender implements SmsSender {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly log: SmsLog,
    private readonly clock: Clock = systemClock,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    await this.db
      .insertInto('sms_outbox')
      .values({
        phone: message.phone,
        purpose: message.purpose,
        text: message.text,
        user_id: message.userId,
        created_at: this.clock.now().toISOString(),
      })
      .execute();
    this.log.info(
      { sms: { phone: maskPhone(message.phone), purpose: message.purpose } },
      `SMS to ${message.phone}: ${message.text}`,
    );
  }
}

/** What a code is for (its text in each language: 'sms.purpose.<purpose>' in the catalogue). */
export type SmsPurpose =
  'change-account' | 'cancel-account' | 'bind-phone' | 'verify-identity' | 'register' | 'reset-password' | 'login';

/** Messages that carry no code: a phone told of something done to its account. */
export type SmsNotice = 'phone-changed' | 'reset-held';

const SMS_CODE_TTL_SECONDS = 5 * 60;
const SMS_RESEND_SECONDS = 60;
const SMS_MAX_ATTEMPTS = 5;
/** Codes one phone may receive in an hour, whatever the purpose. */
const SMS_PER_PHONE_PER_HOUR = 10;

export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
}

const hash = (salt: string, code: string) => createHash('sha256').update(`${salt}:${code}`).digest('hex');

/** One code a minute: refuses, with the seconds left, when the latest one went out less than a minute ago. */
function refuseTooSoon(latest: { created_at: string } | undefined, now: Date): void {
  if (!latest) return;
  const wait = Math.ceil((Date.parse(latest.created_at) + SMS_RESEND_SECONDS * 1000 - now.getTime()) / 1000);
  if (wait > 0) throw refuse('sms.wait', { seconds: wait }, { resendInSeconds: wait });
}

/** The code as typed, trimmed; refused unless it is six digits. */
function codeValue(code: string): string {
  const value = code.trim();
  if (!/^\d{6}$/.test(value)) throw refuse('sms.badFormat');
  return value;
}

export interface SentCode {
  phoneMasked: string;
  expiresInSeconds: number;
  resendInSeconds: number;
}

export interface SmsCodeOptions {
  /** The clock (a seam for tests of expiry and cooldown). */
  now?: () => Date;
  /** The code generator: 6 random digits. */
  generate?: () => string;
}

/**
 * Six-digit SMS codes: stored salted and hashed, valid 5 minutes, one per minute at most, five wrong
 * answers void the code. Every rule is enforced here, so every gateway instance agrees.
 */
export class SmsCodes {
  private readonly now: () => Date;
  private readonly generate: () => string;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly sender: SmsSender,
    options: SmsCodeOptions = {},
  ) {
    this.now = options.now ?? (() => systemClock.now());
    this.generate = options.generate ?? (() => String(randomInt(0, 1_000_000)).padStart(6, '0'));
  }

  /** A message with no code (the old phone told of a new one, a reset held), worded by the caller. */
  async tell(userId: number, phone: string, purpose: SmsNotice, text: string): Promise<void> {
    if (!MOBILE_PATTERN.test(phone)) return;
    await this.sender.send({ phone, purpose, text, userId });
  }

  /** Sends a new code for a purpose, worded in the person's language. */
  async send(userId: number, phone: string, purpose: SmsPurpose, locale: Locale): Promise<SentCode> {
    if (!MOBILE_PATTERN.test(phone)) throw refuse('sms.badPhone');
    const now = this.now();
    const latest = await this.db
      .selectFrom('sms_code')
      .select('created_at')
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    refuseTooSoon(latest, now);
    await this.refuseOverHourlyLimit(phone, now, ['sms_code']);

    const { code, row } = this.newCode(now);
    await this.db.transaction().execute(async (trx) => {
      // A new code replaces the earlier ones of the same purpose.
      await trx
        .updateTable('sms_code')
        .set({ closed_at: row.created_at })
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('closed_at', 'is', null)
        .execute();
      await trx
        .insertInto('sms_code')
        .values({ user_id: userId, purpose, phone, ...row })
        .execute();
    });
    return this.deliver({ phone, purpose, userId }, code, locale);
  }

  /** Checks a code; a right one is used up. Refuses with a sentence the user can act on. */
  async verify(userId: number, purpose: SmsPurpose, code: string): Promise<{ phone: string }> {
    const value = codeValue(code);
    const row = await this.db
      .selectFrom('sms_code')
      .selectAll()
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const { phone } = await this.answer('sms_code', row, value);
    return { phone };
  }

  /**
   * A code for a mobile number that has no account yet (registration): the same rules as a user's
   * codes (six digits, 5 minutes, one a minute, five wrong answers, the hourly limit per phone, which
   * counts the codes sent to the number's users too).
   */
  async sendToNewNumber(phone: string, locale: Locale): Promise<SentCode> {
    if (!MOBILE_PATTERN.test(phone)) throw refuse('sms.badPhone');
    const now = this.now();
    const latest = await this.db
      .selectFrom('signup_code')
      .select('created_at')
      .where('phone', '=', phone)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    refuseTooSoon(latest, now);
    await this.refuseOverHourlyLimit(phone, now, ['sms_code', 'signup_code']);

    const { code, row } = this.newCode(now);
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('signup_code')
        .set({ closed_at: row.created_at })
        .where('phone', '=', phone)
        .where('closed_at', 'is', null)
        .execute();
      await trx
        .insertInto('signup_code')
        .values({ phone, ...row })
        .execute();
    });
    return this.deliver({ phone, purpose: 'register', userId: null }, code, locale);
  }

  /** Checks a registration code sent to a number; a right one is used up. */
  async verifyNewNumber(phone: string, code: string): Promise<void> {
    const value = codeValue(code);
    const row = await this.db
      .selectFrom('signup_code')
      .selectAll()
      .where('phone', '=', phone)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    await this.answer('signup_code', row, value);
  }

  /**
   * The hourly limit: refuses when the phone has received SMS_PER_PHONE_PER_HOUR codes in the hour
   * before `now`, counting the codes of the tables named.
   */
  private async refuseOverHourlyLimit(
    phone: string,
    now: Date,
    tables: readonly ('sms_code' | 'signup_code')[],
  ): Promise<void> {
    const hourAgo = new Date(now.getTime() - 3600_000).toISOString();
    const counts = await Promise.all(
      tables.map((table) =>
        this.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('phone', '=', phone)
          .where('created_at', '>', hourAgo)
          .executeTakeFirstOrThrow(),
      ),
    );
    const sent = counts.reduce((sum, c) => sum + Number(c.n), 0);
    if (sent >= SMS_PER_PHONE_PER_HOUR) throw refuse('sms.tooMany');
  }

  /** A new code and the columns both tables store for it, as of now. */
  private newCode(now: Date) {
    const code = this.generate();
    const salt = randomBytes(8).toString('hex');
    return {
      code,
      row: {
        salt,
        code_hash: hash(salt, code),
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + SMS_CODE_TTL_SECONDS * 1000).toISOString(),
        attempts: 0,
        closed_at: null,
      },
    };
  }

  /** Sends the code, worded in the person's language, and says what the portal shows. */
  private async deliver(
    to: { phone: string; purpose: SmsPurpose; userId: number | null },
    code: string,
    locale: Locale,
  ): Promise<SentCode> {
    await this.sender.send({
      ...to,
      text: translate(locale, 'sms.text', { code, purpose: translate(locale, `sms.purpose.${to.purpose}`) }),
    });
    return {
      phoneMasked: maskPhone(to.phone),
      expiresInSeconds: SMS_CODE_TTL_SECONDS,
      resendInSeconds: SMS_RESEND_SECONDS,
    };
  }

  /**
   * The answer to the latest code (`row`): refused when there is none or it is closed or expired;
   * used up when right, counted when wrong.
   */
  private async answer<
    T extends { id: number; salt: string; code_hash: string; closed_at: string | null; expires_at: string },
  >(table: 'sms_code' | 'signup_code', row: T | undefined, value: string): Promise<T> {
    if (!row) throw refuse('sms.askFirst');
    if (row.closed_at) throw refuse('sms.used');
    const now = this.now();
    if (row.expires_at <= now.toISOString()) throw refuse('sms.expired');
    const expected = Buffer.from(row.code_hash, 'hex');
    const given = Buffer.from(hash(row.salt, value), 'hex');
    if (timingSafeEqual(expected, given)) {
      const used = await this.db
        .updateTable(table)
        .set({ closed_at: now.toISOString() })
        .where('id', '=', row.id)
        .where('closed_at', 'is', null)
        .executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) throw refuse('sms.used');
      return row;
    }
    // Counted in the database, so concurrent wrong answers cannot slip past the limit.
    const bumped = await this.db
      .updateTable(table)
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', row.id)
      .where('closed_at', 'is', null)
      .returning('attempts')
      .executeTakeFirst();
    if (!bumped) throw refuse('sms.used');
    const attempts = Number(bumped.attempts);
    const voided = attempts >= SMS_MAX_ATTEMPTS;
    if (voided)
      await this.db.updateTable(table).set({ closed_at: now.toISOString() }).where('id', '=', row.id).execute();
    if (voided) throw refuse('sms.voided', { max: SMS_MAX_ATTEMPTS });
    const left = SMS_MAX_ATTEMPTS - attempts;
    throw refuse(left === 1 ? 'sms.wrongLast' : 'sms.wrong', { left }, { attemptsLeft: left });
  }
}
