import type { Kysely } from 'kysely';
import type { DB } from '@server/db/schema';
import type { MessageKey } from '@server/messages/catalogue';
import { translate } from '@server/messages/catalogue';
import { storedParams, type StoredParam } from '../texts';

/** The club's rule for premiums: one point for every whole yuan of premium an individual member pays. */
export const POINTS_PER_YUAN = 1;

/** The points a paid premium earns under the club's rule. */
export const premiumPoints = (amountFen: number): number => Math.floor(Number(amountFen) / 100) * POINTS_PER_YUAN;

/**
 * Credits the points of a paid premium to an individual member (corporate customers earn none), inside
 * the payment's transaction so that a premium paid once earns once. The reason is stored as a message
 * key with its parameters and said in the reader's language.
 */
export async function earnPremiumPoints(
  trx: Kysely<DB>,
  customerId: number,
  amountFen: number,
  reason: { key: MessageKey; params: Record<string, StoredParam> },
  at: string,
): Promise<void> {
  const points = premiumPoints(amountFen);
  if (points <= 0) return;
  const customer = await trx.selectFrom('customer').select('kind').where('id', '=', customerId).executeTakeFirst();
  if (customer?.kind !== 'person') return;
  await trx
    .insertInto('point_entry')
    .values({
      customer_id: customerId,
      at,
      kind: 'earn',
      points,
      reason: translate('en-US', reason.key, reason.params as Record<string, string | number>),
      text_key: reason.key,
      text_params: storedParams(reason.params),
      point_order_id: null,
    })
    .execute();
}
