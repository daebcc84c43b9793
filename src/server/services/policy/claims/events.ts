import type { Kysely } from 'kysely';
import type { ClaimState } from '@contract/states';
import type { DB } from '@server/db/schema';
import { translator } from '@server/messages/catalogue';
import { storedParams, storedText, type StoredParam } from '../../texts';

/** A step of a claim's progress, said in each reader's language (its English kept as written too). */
export async function addClaimEvent(
  trx: Kysely<DB>,
  claimId: number,
  state: ClaimState,
  key: string,
  params: Record<string, StoredParam>,
  at: string,
): Promise<void> {
  const english = { locale: 'en-US' as const, t: translator('en-US') };
  await trx
    .insertInto('claim_event')
    .values({
      claim_id: claimId,
      at,
      state,
      title: storedText(english, key, null, 'title', key),
      text: storedText(english, key, storedParams(params), 'text', key),
      text_key: key,
      text_params: storedParams(params),
    })
    .execute();
}
