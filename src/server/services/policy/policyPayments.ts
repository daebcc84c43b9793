import { randomBytes, randomInt } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { PolicyPayLink, PolicyPayStatus } from '../../../contract/io/policy';
import { PaymentState, PolicyState, RecordState } from '../../../contract/states';
import type { DB } from '../../db/schema';
import type { PolicyTable } from '../../db/tables/core';
import type { PolicyPayLinkTable } from '../../db/tables/policy';
import type { CashierView } from '../corrections/payments';
import type { Clock } from '../clock';
import { systemClock } from '../clock';
import { refuse } from '../errors';
import { checkNotifySignature, signNotify } from '../notifySignature';

type Policy = Selectable<PolicyTable>;
type Payment = Selectable<PolicyPayLinkTable>;

export interface PolicyPaymentOptions {
  /** How long a cashier link stays valid. */
  linkMinutes: number;
}

/** The notification the cashier signs (the same shape as order and correction payments'). */
export interface PolicyPayNotify {
  paymentNo: string;
  result: 'paid' | 'failed';
  amountFen: number;
  notifyId: string;
  sign: string;
}

const PAY_STATUS: Record<number, PolicyPayStatus> = {
  [PaymentState.unpaid]: 'unpaid',
  [PaymentState.paid]: 'paid',
  [PaymentState.failed]: 'failed',
  [PaymentState.closed]: 'closed',
};
/** Attempts still open: awaiting the customer, or failed and ready to be tried again. */
const OPEN: PaymentState[] = [PaymentState.unpaid, PaymentState.failed];

/**
 * Paying a policy awaiting its premium (a corporate customer's motor policy issued pending payment)
 * through the gateway's cashier, as the personal centre pays its orders: one open payment per policy
 * (asking twice answers the same link), the pay status the portal polls, and the cashier's signed
 * notification that marks the premium paid and puts the policy in force (from its start date: the
 * policy's dates say when cover begins).
 */
export class PolicyPayments {
  readonly options: PolicyPaymentOptions;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock = systemClock,
    options: Partial<PolicyPaymentOptions> = {},
  ) {
    this.options = { linkMinutes: 30, ...options };
  }

  /** Takes the policy's row lock (a no-op update: both dialects serialise on it), then reads it. */
  private async lockPolicy(trx: Kysely<DB>, customerId: number, policyNo: string): Promise<Policy> {
    await trx
      .updateTable('policy')
      .set((eb) => ({ state: eb.ref('state') }))
      .where('policy_no', '=', policyNo)
      .where('customer_id', '=', customerId)
      .execute();
    const policy = await trx
      .selectFrom('policy')
      .selectAll()
      .where('policy_no', '=', policyNo)
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
    if (!policy) throw refuse('policy.noSuchPolicy');
    return policy;
  }

  private latest(db: Kysely<DB>, policyId: number): Promise<Payment | undefined> {
    return db
      .selectFrom('policy_pay_link')
      .selectAll()
      .where('policy_id', '=', policyId)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  /** What is due: the policy's unpaid premium payments, else its premium. */
  private async due(db: Kysely<DB>, policy: Policy): Promise<number> {
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

  private view(policy: Policy, payment: Payment | undefined, amountFen: number): PolicyPayLink {
    const now = this.clock.now().toISOString();
    let payStatus: PolicyPayStatus = payment ? (PAY_STATUS[payment.state] ?? 'closed') : 'none';
    if ((payStatus === 'unpaid' || payStatus === 'failed') && payment && payment.expires_at <= now)
      payStatus = 'expired';
    if (policy.payment_state === PaymentState.paid) payStatus = 'paid';
    const open = payStatus === 'unpaid' || payStatus === 'failed';
    return {
      policyNo: policy.policy_no,
      state: policy.state,
      paymentState: policy.payment_state,
      payStatus,
      paymentNo: payment?.payment_no ?? null,
      amountFen: payment ? Number(payment.amount_fen) : amountFen,
      payUrl: open && payment ? `/cashier/${payment.token}` : null,
      linkExpiresAt: open && payment ? payment.expires_at : null,
      paidAt: payment?.paid_at ?? null,
      startDate: policy.start_date,
    };
  }

  /** Refuses a policy that is not awaiting its premium, saying why. */
  private checkPayable(policy: Policy, amountFen: number): void {
    const params = { policyNo: policy.policy_no };
    if (policy.payment_state === PaymentState.paid) throw refuse('policy.payAlreadyPaid', params);
    if (policy.state !== PolicyState.pendingPayment) throw refuse('policy.payNotPending', params);
    if (amountFen <= 0) throw refuse('policy.payNothing', params);
  }

  /** legalPolicy/policyPayLink: the open payment of the policy, or a new one (superseding an expired link). */
  async link(customerId: number, policyNo: string): Promise<PolicyPayLink> {
    return this.db.transaction().execute(async (trx) => {
      const policy = await this.lockPolicy(trx, customerId, policyNo);
      const amountFen = await this.due(trx, policy);
      this.checkPayable(policy, amountFen);
      const now = this.clock.now();
      const latest = await this.latest(trx, policy.id);
      if (latest && OPEN.includes(latest.state) && latest.expires_at > now.toISOString())
        return this.view(policy, latest, amountFen);
      await trx
        .updateTable('policy_pay_link')
        .set({ state: PaymentState.closed })
        .where('policy_id', '=', policy.id)
        .where('state', 'in', OPEN)
        .execute();
      const stamp = now.toISOString().slice(0, 10).replace(/-/g, '');
      const row = await trx
        .insertInto('policy_pay_link')
        .values({
          payment_no: `PP${stamp}${String(policy.id).padStart(6, '0')}${String(randomInt(0, 10_000)).padStart(4, '0')}`,
          policy_id: policy.id,
          customer_id: customerId,
          amount_fen: amountFen,
          state: PaymentState.unpaid,
          token: randomBytes(24).toString('base64url'),
          secret: randomBytes(32).toString('hex'),
          expires_at: new Date(now.getTime() + this.options.linkMinutes * 60_000).toISOString(),
          created_at: now.toISOString(),
          paid_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const payment = await trx
        .selectFrom('policy_pay_link')
        .selectAll()
        .where('id', '=', row.id)
        .executeTakeFirstOrThrow();
      return this.view(policy, payment, amountFen);
    });
  }

  /** legalPolicy/policyPayStatus: polled by the portal, so a few indexed reads. */
  async status(customerId: number, policyNo: string): Promise<PolicyPayLink> {
    const policy = await this.db
      .selectFrom('policy')
      .selectAll()
      .where('policy_no', '=', policyNo)
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
    if (!policy) throw refuse('policy.noSuchPolicy');
    const payment = await this.latest(this.db, policy.id);
    return this.view(policy, payment, payment ? Number(payment.amount_fen) : await this.due(this.db, policy));
  }

  /**
   * The cashier's notification. Trusts only the signature made with the payment's secret; the amount
   * must be the payment's; a paid policy is never paid twice; paying settles the policy's unpaid premium
   * payments, marks its pending issue record effective and puts the policy in force.
   */
  async notify(n: PolicyPayNotify): Promise<{ payStatus: PolicyPayStatus; alreadyPaid: boolean }> {
    const payment = await this.db
      .selectFrom('policy_pay_link')
      .selectAll()
      .where('payment_no', '=', n.paymentNo)
      .executeTakeFirst();
    if (!payment) throw refuse('payment.noSuchPayment');
    checkNotifySignature(payment.secret, n);
    if (n.amountFen !== Number(payment.amount_fen)) throw refuse('payment.amountMismatch');
    return this.db.transaction().execute(async (trx) => {
      const head = await trx
        .selectFrom('policy')
        .select('policy_no')
        .where('id', '=', payment.policy_id)
        .executeTakeFirstOrThrow();
      const policy = await this.lockPolicy(trx, payment.customer_id, head.policy_no);
      const current = await trx
        .selectFrom('policy_pay_link')
        .selectAll()
        .where('id', '=', payment.id)
        .executeTakeFirstOrThrow();
      if (current.state === PaymentState.paid || policy.payment_state === PaymentState.paid)
        return { payStatus: 'paid' as const, alreadyPaid: true };
      if (current.state === PaymentState.closed || policy.state !== PolicyState.pendingPayment)
        throw refuse('policy.payClosed', { policyNo: policy.policy_no });
      const at = this.clock.now().toISOString();
      if (n.result === 'failed') {
        await trx
          .updateTable('policy_pay_link')
          .set({ state: PaymentState.failed })
          .where('id', '=', current.id)
          .execute();
        return { payStatus: 'failed' as const, alreadyPaid: false };
      }
      await trx
        .updateTable('policy_pay_link')
        .set({ state: PaymentState.paid, paid_at: at })
        .where('id', '=', current.id)
        .execute();
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
      return { payStatus: 'paid' as const, alreadyPaid: false };
    });
  }

  /** The cashier page's view of a policy payment; null when the token is not a policy payment's. */
  async cashier(token: string): Promise<{ view: CashierView; secret?: string } | null> {
    if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return null;
    const payment = await this.db
      .selectFrom('policy_pay_link')
      .selectAll()
      .where('token', '=', token)
      .executeTakeFirst();
    if (!payment) return null;
    const policy = await this.db
      .selectFrom('policy')
      .selectAll()
      .where('id', '=', payment.policy_id)
      .executeTakeFirstOrThrow();
    const view: CashierView = {
      status: 'open',
      purpose: 'policy',
      reference: policy.policy_no,
      lines: [
        ['policy', policy.policy_no],
        ['payment', payment.payment_no],
        ['product', policy.product_name],
        ['policyholder', policy.holder_name],
        ['period', `${policy.start_date} ~ ${policy.end_date}`],
      ],
      paymentNo: payment.payment_no,
      amountFen: Number(payment.amount_fen),
      expiresAt: payment.expires_at,
    };
    if (payment.state === PaymentState.paid || policy.payment_state === PaymentState.paid)
      return { view: { ...view, status: 'paid' } };
    if (payment.state === PaymentState.closed || policy.state !== PolicyState.pendingPayment)
      return { view: { ...view, status: 'closed' } };
    if (payment.expires_at <= this.clock.now().toISOString()) return { view: { ...view, status: 'expired' } };
    return {
      view: { ...view, status: payment.state === PaymentState.failed ? 'failed' : 'open' },
      secret: payment.secret,
    };
  }

  /** The cashier page's buttons for a policy payment: a signed notification; null when not a policy's. */
  async cashierAct(
    token: string,
    result: 'paid' | 'failed',
  ): Promise<{
    view: CashierView;
    outcome: 'paid' | 'failed' | 'already_paid' | 'refused';
  } | null> {
    const found = await this.cashier(token);
    if (!found) return null;
    const { view, secret } = found;
    if ((view.status !== 'open' && view.status !== 'failed') || !secret)
      return { view, outcome: view.status === 'paid' ? 'already_paid' : 'refused' };
    const fields = {
      paymentNo: view.paymentNo as string,
      result,
      amountFen: view.amountFen as number,
      notifyId: randomBytes(12).toString('hex'),
    };
    const answer = await this.notify({ ...fields, sign: signNotify(secret, fields) });
    const after = (await this.cashier(token)) ?? found;
    return { view: after.view, outcome: answer.alreadyPaid ? 'already_paid' : result };
  }
}
