import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { drawCaptcha, randomCaptchaText } from './captchaPicture';
import { systemClock, type Clock } from './clock';

const TTL_MS = 5 * 60_000;
const MAX_ATTEMPTS = 3;
const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

export type CaptchaCheck = 'ok' | 'wrong' | 'expired' | 'unknown';

/**
 * Picture captchas: real images, answer kept only as a hash, single use, expiring.
 * The text generator is a seam: a test gateway passes one whose answers it knows.
 */
export class Captcha {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly generateText: () => string = randomCaptchaText,
    private readonly clock: Clock = systemClock,
  ) {}

  static validName(randName: string): boolean {
    return /^[A-Za-z0-9_-]{8,64}$/.test(randName);
  }

  /** Draws a new picture (PNG) for randName, replacing an earlier one of the same name. */
  async create(randName: string): Promise<Buffer> {
    const text = this.generateText();
    const picture = { text, data: drawCaptcha(text) };
    const now = this.clock.now();
    await this.db.deleteFrom('captcha').where('rand_name', '=', randName).execute();
    await this.db.deleteFrom('captcha').where('expires_at', '<', now.toISOString()).execute();
    await this.db
      .insertInto('captcha')
      .values({
        rand_name: randName,
        answer_hash: sha256(picture.text.toLowerCase()),
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + TTL_MS).toISOString(),
        used_at: null,
        attempts: 0,
      })
      .execute();
    return picture.data;
  }

  /** Checks an answer; a right answer uses the captcha up, three wrong ones void it. */
  async check(randName: string, answer: string): Promise<CaptchaCheck> {
    const row = await this.db.selectFrom('captcha').selectAll().where('rand_name', '=', randName).executeTakeFirst();
    if (!row || row.used_at) return 'unknown';
    const now = this.clock.now().toISOString();
    if (row.expires_at <= now) return 'expired';
    if (row.answer_hash === sha256(answer.trim().toLowerCase())) {
      const used = await this.db
        .updateTable('captcha')
        .set({ used_at: now })
        .where('rand_name', '=', randName)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(used.numUpdatedRows) === 1 ? 'ok' : 'unknown';
    }
    const attempts = row.attempts + 1;
    await this.db
      .updateTable('captcha')
      .set(attempts >= MAX_ATTEMPTS ? { attempts, used_at: now } : { attempts })
      .where('rand_name', '=', randName)
      .execute();
    return 'wrong';
  }
}
