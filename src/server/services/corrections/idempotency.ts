import { refuse, isUniqueViolation } from '../errors';
import type { Actor, CorrectionDeps, Trx } from './deps';

class DuplicateKey extends Error {}

/** How long an idempotency key and its answer are kept. */
const KEY_DAYS = 7;

/**
 * Creating actions run once per idempotency key: the first answer is stored with the key in the
 * same transaction and repeated to every retry; a refusal stores nothing, so a retry may succeed.
 */
export class OnceOnly {
  constructor(private readonly deps: CorrectionDeps) {}

  async run<T>(actor: Actor, key: string, call: string, work: (trx: Trx) => Promise<T>): Promise<T> {
    const { db } = this.deps;
    const stored = async () => {
      const row = await db
        .selectFrom('correction_request')
        .selectAll()
        .where('customer_id', '=', actor.customer_id)
        .where('idem_key', '=', key)
        .executeTakeFirst();
      if (!row) return undefined;
      if (row.call !== call) throw refuse('correction.keyOfOtherAction');
      return JSON.parse(row.response ?? 'null') as T;
    };
    const earlier = await stored();
    if (earlier !== undefined) return earlier;
    try {
      return await db.transaction().execute(async (trx) => {
        try {
          await trx
            .insertInto('correction_request')
            .values({
              customer_id: actor.customer_id,
              idem_key: key,
              call,
              correction_id: null,
              response: null,
              created_at: this.deps.clock.now().toISOString(),
            })
            .execute();
        } catch (error) {
          if (isUniqueViolation(error)) throw new DuplicateKey();
          throw error;
        }
        const result = await work(trx);
        const correctionId =
          (result as { correction?: { correctionId?: number } } | null)?.correction?.correctionId ?? null;
        await trx
          .updateTable('correction_request')
          .set({ response: JSON.stringify(result), correction_id: correctionId })
          .where('customer_id', '=', actor.customer_id)
          .where('idem_key', '=', key)
          .execute();
        return result;
      });
    } catch (error) {
      if (error instanceof DuplicateKey) {
        const again = await stored();
        if (again !== undefined) return again;
        throw refuse('correction.stillProcessing');
      }
      throw error;
    }
  }

  /** Idempotency keys guard retries of minutes; a week later they are housekeeping (done on the records page). */
  async forgetOldKeys(customerId: number): Promise<void> {
    const before = new Date(this.deps.clock.now().getTime() - KEY_DAYS * 86_400_000).toISOString();
    await this.deps.db
      .deleteFrom('correction_request')
      .where('customer_id', '=', customerId)
      .where('created_at', '<', before)
      .execute();
  }
}
