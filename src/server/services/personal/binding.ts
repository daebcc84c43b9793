import type { Kysely, Selectable } from 'kysely';
import { parseIdNumber } from '@common/idNumber';
import type { BoundPolicy, RenewalState } from '@contract/io/personal';
import type { AddPolicyRequest } from '@contract/io/personal.requests';
import { Flag, PolicyState } from '@contract/states';
import type { DB } from '@server/db/schema';
import type { PolicyTable } from '@server/db/tables/core';
import type { Clock } from '../clock';
import { refuse } from '../errors';
import type { SessionUser } from '../identity';
import type { Products } from '../products';
import type { ProductVoice, Voice } from '../texts';

/** How many refused binding attempts a member may make in an hour (holder details are guessable). */
const BIND_ATTEMPTS_PER_HOUR = 5;

/** Where a policy was sold: `channel` in its details, else this portal ('online'). */
function channelOf(details: string): string {
  try {
    const parsed = JSON.parse(details) as { channel?: unknown };
    return typeof parsed.channel === 'string' ? parsed.channel : 'online';
  } catch {
    return 'online';
  }
}

function bound(p: Selectable<PolicyTable>, voice: ProductVoice): BoundPolicy {
  return {
    policyNo: p.policy_no,
    productName: voice.product(p.product_code, p.product_name),
    kind: p.kind,
    state: p.state,
    holderName: p.holder_name,
    insuredName: p.insured_name,
    startDate: p.start_date,
    endDate: p.end_date,
    salesChannel: channelOf(p.details),
  };
}

/**
 * A member's own policies: binding one bought through another channel (agent, bank, telesales) into
 * the account, and stopping a policy's automatic renewal.
 */
export class PolicyBinding {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly products: Products,
  ) {}

  async bind(user: SessionUser, request: AddPolicyRequest, voice: Voice): Promise<BoundPolicy> {
    const { db } = this;
    const policyNo = request.policyNo.toUpperCase();
    const holderId = request.holderIdNumber.toUpperCase();
    const id = parseIdNumber(holderId);
    if (!id.ok) throw refuse(id.error === 'digits' ? 'id.digits' : 'personal.holderIdInvalid');

    const now = this.clock.now();
    const since = new Date(now.getTime() - 3_600_000).toISOString();
    const failures = await db
      .selectFrom('policy_bind_attempt')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', user.id)
      .where('succeeded', '=', 0)
      .where('at', '>=', since)
      .executeTakeFirstOrThrow();
    if (Number(failures.n) >= BIND_ATTEMPTS_PER_HOUR) throw refuse('personal.bindTooMany');
    const attempt = (succeeded: boolean) =>
      db
        .insertInto('policy_bind_attempt')
        .values({ user_id: user.id, policy_no: policyNo, succeeded: succeeded ? 1 : 0, at: now.toISOString() })
        .execute();
    const fail = async (key: Parameters<typeof refuse>[0]) => {
      await attempt(false);
      return refuse(key);
    };

    const policy = await db.selectFrom('policy').selectAll().where('policy_no', '=', policyNo).executeTakeFirst();
    // "No such policy" and "the holder does not match" are one answer: it must not tell which numbers exist.
    if (!policy) throw await fail('security.bindNoMatch');
    if (policy.customer_id === user.customer_id) throw refuse('personal.bindAlreadyYours');
    const detailsMatch =
      policy.holder_id_number !== null &&
      policy.holder_id_number.toUpperCase() === holderId &&
      policy.holder_name === request.holderName;
    if (!detailsMatch) throw await fail('security.bindNoMatch');

    const pool = await db
      .selectFrom('system_customer')
      .select('customer_id')
      .where('role', '=', 'unbound')
      .executeTakeFirst();
    if (!pool || policy.customer_id !== pool.customer_id) throw await fail('personal.bindOtherAccount');
    if (!user.id_number || user.id_number.toUpperCase() !== holderId || user.real_name !== request.holderName)
      throw await fail('personal.bindHolderOnly');
    await db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('policy')
        .set({ customer_id: user.customer_id })
        .where('id', '=', policy.id)
        .where('customer_id', '=', pool.customer_id)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw refuse('personal.bindOtherAccount');
      // The policy's claims and payments follow it into the member's account.
      await trx
        .updateTable('claim')
        .set({ customer_id: user.customer_id })
        .where('policy_id', '=', policy.id)
        .execute();
      await trx
        .updateTable('premium_payment')
        .set({ customer_id: user.customer_id })
        .where('policy_id', '=', policy.id)
        .execute();
    });
    await attempt(true);
    return bound({ ...policy, customer_id: user.customer_id }, await this.products.voice(voice));
  }

  async stopRenewal(user: SessionUser, policyNo: string): Promise<RenewalState> {
    const policy = await this.db
      .selectFrom('policy')
      .select(['id', 'policy_no', 'state', 'auto_renew', 'end_date'])
      .where('policy_no', '=', policyNo.toUpperCase())
      .where('customer_id', '=', user.customer_id)
      .executeTakeFirst();
    if (!policy) throw refuse('policy.noSuchPolicy');
    if (policy.auto_renew !== Flag.yes) throw refuse('personal.renewNothingToStop');
    if (policy.state !== PolicyState.inForce) throw refuse('personal.renewNotInForce');
    const changed = await this.db
      .updateTable('policy')
      .set({ auto_renew: Flag.no })
      .where('id', '=', policy.id)
      .where('auto_renew', '=', Flag.yes)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) throw refuse('personal.renewNothingToStop');
    await this.db
      .insertInto('policy_renewal_change')
      .values({
        policy_id: policy.id,
        user_id: user.id,
        auto_renew_before: Flag.yes,
        auto_renew_after: Flag.no,
        at: this.clock.now().toISOString(),
      })
      .execute();
    return { policyNo: policy.policy_no, autoRenew: Flag.no };
  }
}
