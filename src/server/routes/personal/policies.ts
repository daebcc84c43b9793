import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import { parseIdNumber } from '../../../common/idNumber';
import type { BoundPolicy } from '../../../contract/io/personal';
import type { PolicyTable } from '../../db/tables/core';
import { defineCall } from '../../http/call';
import type { Services } from '../../http/context';
import { refuse, refuseText } from '../../services/errors';
import { text } from '../../http/input';
import { individual } from './guards';

/** How many refused binding attempts a member may make in an hour (holder details are guessable). */
const BIND_ATTEMPTS_PER_HOUR = 5;
const POLICY_NO = {
  max: 40,
  pattern: /^[A-Za-z0-9-]{6,40}$/,
  patternText: 'A policy number is 6 to 40 letters and digits.',
};
const NO_SUCH_POLICY = 'There is no such policy in your account.';

/** Where a policy was sold: `channel` in its details, else this portal ('online'). */
function channelOf(details: string): string {
  try {
    const parsed = JSON.parse(details) as { channel?: unknown };
    return typeof parsed.channel === 'string' ? parsed.channel : 'online';
  } catch {
    return 'online';
  }
}

function bound(p: Selectable<PolicyTable>): BoundPolicy {
  return {
    policyNo: p.policy_no,
    productName: p.product_name,
    kind: p.kind,
    state: p.state,
    holderName: p.holder_name,
    insuredName: p.insured_name,
    startDate: p.start_date,
    endDate: p.end_date,
    salesChannel: channelOf(p.details),
  };
}

/** policy/addPolicy (bind a policy bought through another channel) and policy/cancelRenew. */
export async function personalPolicyRoutes(app: FastifyInstance, services: Services) {
  const { db } = services;

  defineCall(app, services, 'blocLegal/policy/addPolicy', async ({ input, user }) => {
    individual(user);
    const policyNo = text(input, 'policyNo', 'Policy number', { required: true, ...POLICY_NO }).toUpperCase();
    const holderName = text(input, 'holderName', "The holder's name", { required: true, max: 30 });
    const holderIdRaw = text(input, 'holderIdNumber', "The holder's ID number", {
      required: true,
      max: 18,
    }).toUpperCase();
    const id = parseIdNumber(holderIdRaw);
    if (!id.ok)
      throw refuseText(
        id.error === 'digits'
          ? 'wrong number of digits in the ID number'
          : "The holder's ID number is not a valid resident ID number.",
      );

    const since = new Date(Date.now() - 3_600_000).toISOString();
    const failures = await db
      .selectFrom('policy_bind_attempt')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', user.id)
      .where('succeeded', '=', 0)
      .where('at', '>=', since)
      .executeTakeFirstOrThrow();
    if (Number(failures.n) >= BIND_ATTEMPTS_PER_HOUR) {
      throw refuseText(
        'Too many policies could not be bound in the last hour. Please try again later, or call 95518 for help.',
      );
    }
    const attempt = (succeeded: boolean) =>
      db
        .insertInto('policy_bind_attempt')
        .values({ user_id: user.id, policy_no: policyNo, succeeded: succeeded ? 1 : 0, at: new Date().toISOString() })
        .execute();
    const fail = async (message: string) => {
      await attempt(false);
      return refuseText(message);
    };
    // "No such policy" and "the holder does not match" are one answer: it must not tell which numbers exist.
    const noMatch = async () => {
      await attempt(false);
      return refuse('security.bindNoMatch');
    };

    const policy = await db.selectFrom('policy').selectAll().where('policy_no', '=', policyNo).executeTakeFirst();
    if (!policy) throw await noMatch();
    if (policy.customer_id === user.customer_id) throw refuseText('This policy is already in your account.');
    const detailsMatch =
      policy.holder_id_number !== null &&
      policy.holder_id_number.toUpperCase() === holderIdRaw &&
      policy.holder_name === holderName;
    if (!detailsMatch) throw await noMatch();

    const pool = await db
      .selectFrom('system_customer')
      .select('customer_id')
      .where('role', '=', 'unbound')
      .executeTakeFirst();
    if (!pool || policy.customer_id !== pool.customer_id) {
      throw await fail('This policy is already bound to another account. If you hold it, call 95518 and we will help.');
    }
    if (!user.id_number || user.id_number.toUpperCase() !== holderIdRaw || user.real_name !== holderName) {
      throw await fail(
        "Only the policy holder can bind a policy: complete the true-name verification in Personal information with the holder's name and ID number first.",
      );
    }
    const moved = await db
      .updateTable('policy')
      .set({ customer_id: user.customer_id })
      .where('id', '=', policy.id)
      .where('customer_id', '=', pool.customer_id)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1)
      throw refuseText('This policy is already bound to another account. If you hold it, call 95518 and we will help.');
    // The policy's claims and payments follow it into the member's account.
    await db.updateTable('claim').set({ customer_id: user.customer_id }).where('policy_id', '=', policy.id).execute();
    await db
      .updateTable('premium_payment')
      .set({ customer_id: user.customer_id })
      .where('policy_id', '=', policy.id)
      .execute();
    await attempt(true);
    return bound({ ...policy, customer_id: user.customer_id });
  });

  defineCall(app, services, 'blocLegal/policy/cancelRenew', async ({ input, user }) => {
    individual(user);
    const policyNo = text(input, 'policyNo', 'Policy number', { required: true, ...POLICY_NO }).toUpperCase();
    const policy = await db
      .selectFrom('policy')
      .select(['id', 'policy_no', 'state', 'auto_renew', 'end_date'])
      .where('policy_no', '=', policyNo)
      .where('customer_id', '=', user.customer_id)
      .executeTakeFirst();
    if (!policy) throw refuseText(NO_SUCH_POLICY);
    if (policy.auto_renew !== 1)
      throw refuseText('This policy does not renew automatically; there is nothing to stop.');
    if (policy.state !== 1)
      throw refuseText('Only a policy in force renews; this policy is not in force, so it will not renew.');
    const changed = await db
      .updateTable('policy')
      .set({ auto_renew: 2 })
      .where('id', '=', policy.id)
      .where('auto_renew', '=', 1)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1)
      throw refuseText('This policy does not renew automatically; there is nothing to stop.');
    await db
      .insertInto('policy_renewal_change')
      .values({
        policy_id: policy.id,
        user_id: user.id,
        auto_renew_before: 1,
        auto_renew_after: 2,
        at: new Date().toISOString(),
      })
      .execute();
    return { policyNo: policy.policy_no, autoRenew: 2 };
  });
}
