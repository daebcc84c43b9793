import type { Kysely } from 'kysely';
import type { DB } from '@server/db/schema';

/** A member's points: the sum of the ledger (earned, spent, expired). */
export async function pointBalance(db: Kysely<DB>, customerId: number): Promise<number> {
  const row = await db
    .selectFrom('point_entry')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('points'), eb.val(0)).as('balance'))
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  return Number(row.balance);
}
