import type { Kysely, Selectable } from 'kysely';
import type { PolicyPayLink } from '@contract/io/policy';
import { PaymentState, PolicyState, RecordState } from '@contract/states';
import type { DB } from '@server/db/schema';
import type { PolicyTable } from '@server/db/tables/core';
import type { Clock } from '../clock';
import { systemClock } from '../clock';
import { refuse } from '../errors';
import { earnPremiumPoints } from '../personal/premiumPoints';
import {
  policyCashierSummary,
  SubjectPayments,
  type PayNotify,
  type PaymentSubject,
  type SubjectPaymentOptions,
} from '../payments/subjectPayments';

type Policy = Selectable<PolicyTable>;

export type PolicyPaymentOptions = SubjectPaymentOptions;
/** The notification the cashier signs (the same shape as order and correction payments'). */
export type PolicyPayNotify = PayNotify;

const readPolicy = async (db: Kysely<DB>, customerId: number, policyNo: string): Promise<Policy> => {
  const policy = await db
    .selectFrom('policy')
    .selectAll()
    .where('policy_no', '=', policyNo)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  if (!policy) throw refuse('policy.noSuchPolicy');
  return policy;
};

/** What is due: the policy's unpaid premium payments, else its premium. */
async function due(db: Kysely<DB>, policy: Policy): Promise<number> {
  const unpaid = await db
    .selectFrom('premium_payment')
    .select((eb) => eb.fn.sum<number | string | null>('amount_fen').as('due'))
    .where('policy_id', '=', policy.id)
    .where('state', '=', PaymentState.unpaid)
    .where('amount_fen', '>', 0)
    .executeTakeFirst();
  const sum = Number(unpaid?.due ?? 0);
  return sum > 0 ? sum : Number(policy.premium_fen);
}

/** A policy awaiting its premium as the subject of a payment: paying puts it in force. */
const policySubject: PaymentSubject<Policy, PolicyPayLink> = {
  kind: 'policy',
  prefix: 'PP',
  /** Takes the policy's row lock (a no-op update: both dialects serialise on it), then reads it. */
  lock: async (trx, customerId, policyNo) => {
    await trx
      .updateTable('policy')
      .set((eb) => ({ state: eb.ref('state') }))
      .where('policy_no', '=', policyNo)
      .where('customer_id', '=', customerId)
      .execute();
    return readPolicy(trx, customerId, policyNo);
  },
  read: readPolicy,
  numberOf: async (db, id) =>
    (await db.selectFrom('policy').select('policy_no').where('id', '=', id).executeTakeFirstOrThrow()).policy_no,
  shownNo: (policy) => policy.policy_no,
  byId: (db, id) => db.selectFrom('policy').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
  id: (policy) => policy.id,
  /** Refuses a policy that is not awaiting its premium, saying why. */
  payable: async (db, policy) => {
    const amountFen = await due(db, policy);
    const params = { policyNo: policy.policy_no };
    if (policy.payment_state === PaymentState.paid) throw refuse('policy.payAlreadyPaid', params);
    if (policy.state !== PolicyState.pendingPayment) throw refuse('policy.payNotPending', params);
    if (amountFen <= 0) throw refuse('policy.payNothing', params);
    return amountFen;
  },
  deadline: () => null,
  describe: (policy) => ({ key: 'payment.policyPremium', params: { policyNo: policy.policy_no } }),
  isPaid: (policy) => policy.payment_state === PaymentState.paid,
  isAwaiting: (policy) => policy.state === PolicyState.pendingPayment,
  closed: (policy) => refuse('policy.payClosed', { policyNo: policy.policy_no }),
  /** Settles the policy's unpaid premium payments, marks its pending issue record effective, puts it in force. */
  settle: async (trx, policy, payment, at) => {
    await trx
      .updateTable('premium_payment')
      .set({ state: PaymentState.paid, pay_type: 'online', paid_at: at })
      .where('policy_id', '=', policy.id)
      .where('state', '=', PaymentState.unpaid)
      .where('amount_fen', '>', 0)
      .execute();
    await trx
      .updateTable('insurance_record')
      .set({ state: RecordState.effective })
      .where('policy_id', '=', policy.id)
      .where('record_type', '=', 'issue')
      .where('state', '=', RecordState.pending)
      .execute();
    // The model has one state for an issued, paid policy: in force; its start date says from when.
    await trx
      .updateTable('policy')
      .set({ state: PolicyState.inForce, payment_state: PaymentState.paid })
      .where('id', '=', policy.id)
      .execute();
    await earnPremiumPoints(
      trx,
      policy.customer_id,
      Number(payment.amount_fen),
      { key: 'club.premiumPoints.policy', params: { policyNo: policy.policy_no } },
      at,
    );
  },
  view: async (db, policy, payment, progress) => ({
    policyNo: policy.policy_no,
    state: policy.state,
    paymentState: policy.payment_state,
    payStatus: progress.payStatus,
    paymentNo: progress.paymentNo,
    amountFen: payment ? Number(payment.amount_fen) : await due(db, policy),
    payUrl: progress.payUrl,
    linkExpiresAt: progress.linkExpiresAt,
    paidAt: payment?.settled_at ?? null,
    startDate: policy.start_date,
  }),
  cashierSummary: (policy, payment) =>
    policyCashierSummary(policy, payment.payment_no, { start: policy.start_date, end: policy.end_date }),
};

/**
 * Paying a policy awaiting its premium (a corporate customer's motor policy issued pending payment)
 * through the gateway's cashier, with the mechanism the personal centre's orders use (SubjectPayments:
 * one open payment per policy, the polled pay status, the signed notification, the cashier page):
 * paying settles the premium and puts the policy in force (from its start date: the policy's dates
 * say when cover begins).
 */
export class PolicyPayments extends SubjectPayments<Policy, PolicyPayLink> {
  constructor(db: Kysely<DB>, clock: Clock = systemClock, options: Partial<PolicyPaymentOptions> = {}) {
    super(db, clock, policySubject, options);
  }
}
