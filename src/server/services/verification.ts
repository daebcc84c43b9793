import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { systemClock, type Clock } from './clock';

/** How long a passed check (SMS or picture) lets the user take the step it guards. */
const VERIFICATION_TTL_SECONDS = 10 * 60;
/** After a wrong picture answer, how long the picture check is not accepted (the SMS check is). */
const PICTURE_FAILURE_MINUTES = 30;

export type VerificationPurpose = 'change-account' | 'cancel-account' | 'bind-phone' | 'verify-identity';

/**
 * Server-side record of a verification that passed: the guarded step (change the administrator,
 * cancel the account, ...) runs only if one is there, unexpired and unused, and uses it up.
 * Kept in the database so that any gateway instance can check it.
 */
export class Verifications {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock = systemClock,
  ) {}

  private now(): Date {
    return this.clock.now();
  }

  async pass(
    userId: number,
    purpose: VerificationPurpose,
    method: 'sms' | 'picture',
  ): Promise<{ expiresInSeconds: number }> {
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('verification')
        .set({ used_at: now.toISOString() })
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .execute();
      await trx
        .insertInto('verification')
        .values({
          user_id: userId,
          purpose,
          method,
          passed_at: now.toISOString(),
          expires_at: new Date(now.getTime() + VERIFICATION_TTL_SECONDS * 1000).toISOString(),
          used_at: null,
        })
        .execute();
    });
    return { expiresInSeconds: VERIFICATION_TTL_SECONDS };
  }

  /** Whether a usable verification exists (without using it). */
  async has(userId: number, purpose: VerificationPurpose, db: Kysely<DB> = this.db): Promise<boolean> {
    const row = await db
      .selectFrom('verification')
      .select('id')
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', this.now().toISOString())
      .executeTakeFirst();
    return Boolean(row);
  }

  /** Uses the verification up; answers false when there is none (absent, expired or used). */
  async consume(userId: number, purpose: VerificationPurpose, db: Kysely<DB> = this.db): Promise<boolean> {
    const now = this.now().toISOString();
    const row = await db
      .selectFrom('verification')
      .select('id')
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!row) return false;
    const used = await db
      .updateTable('verification')
      .set({ used_at: now })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(used.numUpdatedRows) === 1;
  }

  /** A wrong picture answer, remembered: a script guessing pictures gets one try, then needs the phone. */
  async pictureFailed(userId: number): Promise<void> {
    await this.db
      .insertInto('security_event')
      .values({ kind: 'picture-failed', user_id: userId, source: null, at: this.now().toISOString() })
      .execute();
  }

  /** Whether a picture answer of the user was wrong within the last half hour. */
  async pictureFailedRecently(userId: number): Promise<boolean> {
    const since = new Date(this.now().getTime() - PICTURE_FAILURE_MINUTES * 60_000).toISOString();
    const row = await this.db
      .selectFrom('security_event')
      .select('id')
      .where('kind', '=', 'picture-failed')
      .where('user_id', '=', userId)
      .where('at', '>=', since)
      .executeTakeFirst();
    return Boolean(row);
  }
}
