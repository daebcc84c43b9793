import { Flag, OrderState, PaymentState, PolicyState } from '../../../contract/states';
import { randomBytes, randomInt } from 'node:crypto';
import { checkNotifySignature, signNotify } from '../notifySignature';
import type { Kysely, Selectable } from 'kysely';
import type { OrderPayment, OrderPayStatus } from '../../../contract/io/personal';
import type { DB } from '../../db/schema';
import type { PolicyKind } from '../../db/tables/core';
import type { MemberOrderPaymentTable, MemberOrderTable } from '../../db/tables/personal';
import { refuse } from '../errors';
import type { Clock } from '../clock';
import { systemClock } from '../clock';
import type { MessageKey, MessageParams } from '../../messages/catalogue';
import { storedParams } from '../texts';
import type { CashierView } from '../corrections/payments';

type Order = Selectable<MemberOrderTable>;
type Payment = Selectable<MemberOrderPaymentTable>;

export interface OrderPaymentOptions {
  /** How long a cashier link stays valid. */
  linkMinutes: number;
}

/** The notification the cashier signs (the same shape as correction payments'). */
export interface OrderPayNotify {
  paymentNo: string;
  result: 'paid' | 'failed';
  amountFen: number;
  notifyId: string;
  sign: string;
}

const PAY_STATUS: Record<number, OrderPayStatus> = {
  [PaymentState.unpaid]: 'unpaid',
  [PaymentState.paid]: 'paid',
  [PaymentState.failed]: 'failed',
  [PaymentState.closed]: 'closed',
};
/** Payments still open: awaiting the member, or failed and ready to be tried again. */
const OPEN: PaymentState[] = [PaymentState.unpaid, PaymentState.failed];
const POLICY_PREFIX: Record<string, string> = { life: 'LIF', health: 'HLT', motor: 'PDA', property: 'PRP' };

/** The order in sentences: its kind ('Order', 'Application' in the reader's language) and number. */
const named = (o: Pick<Order, 'kind' | 'order_no'>): MessageParams => ({
  kind: { key: o.kind === 'application' ? 'order.kind.application' : 'order.kind.order', fallback: 'Order' },
  orderNo: o.order_no,
});

/** An order the member may pay now: pending payment and before its deadline. */
export function isPayable(o: Pick<Order, 'state' | 'pay_deadline' | 'amount_fen'>, now: Date): boolean {
  return (
    o.state === OrderState.pendingPayment &&
    Number(o.amount_fen) > 0 &&
    (o.pay_deadline === null || o.pay_deadline > now.toISOString())
  );
}

/**
 * Paying the personal centre's orders and applications through the gateway's cashier: one open
 * payment per order (asking twice answers the same link), the pay status the portal polls, the
 * cashier's signed notification that marks the order paid and issues its policy, and closing the open
 * payment when the member cancels the order.
 */
export class OrderPayments {
  readonly options: OrderPaymentOptions;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock = systemClock,
    options: Partial<OrderPaymentOptions> = {},
  ) {
    this.options = { linkMinutes: 30, ...options };
  }

  /** Takes the order's row lock (a no-op update: both dialects serialise on it), then reads it. */
  async lockOrder(trx: Kysely<DB>, customerId: number, orderNo: string): Promise<Order> {
    await trx
      .updateTable('member_order')
      .set((eb) => ({ state: eb.ref('state') }))
      .where('order_no', '=', orderNo)
      .where('customer_id', '=', customerId)
      .execute();
    const order = await trx
      .selectFrom('member_order')
      .selectAll()
      .where('order_no', '=', orderNo)
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
    if (!order) throw refuse('order.noSuchOrder');
    return order;
  }

  private latest(db: Kysely<DB>, orderId: number): Promise<Payment | undefined> {
    return db
      .selectFrom('member_order_payment')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  private view(order: Order, payment: Payment | undefined): OrderPayment {
    const now = this.clock.now().toISOString();
    let payStatus: OrderPayStatus = payment ? (PAY_STATUS[payment.state] ?? 'closed') : 'none';
    if ((payStatus === 'unpaid' || payStatus === 'failed') && payment && payment.expires_at <= now)
      payStatus = 'expired';
    if (order.state === OrderState.paid) payStatus = 'paid';
    const open = payStatus === 'unpaid' || payStatus === 'failed';
    return {
      orderNo: order.order_no,
      state: order.state,
      payStatus,
      paymentNo: payment?.payment_no ?? null,
      amountFen: Number(order.amount_fen),
      payUrl: open && payment ? `/cashier/${payment.token}` : null,
      linkExpiresAt: open && payment ? payment.expires_at : null,
      paidAt: order.paid_at,
      policyNo: order.policy_no,
    };
  }

  /** Why an order cannot be paid, as a sentence the member can act on (null when it can). */
  private whyNot(order: Order, now: Date): { key: MessageKey; params: MessageParams } | null {
    const said = (key: MessageKey, extra: MessageParams = {}) => ({ key, params: { ...named(order), ...extra } });
    if (order.state === OrderState.paid)
      return order.policy_no
        ? said('order.payAlreadyPaidPolicy', { policyNo: order.policy_no })
        : said('order.payAlreadyPaid');
    if (order.state === OrderState.cancelled) return said('order.payCancelled');
    if (order.state === OrderState.underwriting) return said('order.payUnderwriting');
    if (order.state === OrderState.declined) return said('order.payDeclined');
    if (order.state !== OrderState.pendingPayment) return said('order.payNotNow');
    if (Number(order.amount_fen) <= 0) return said('order.payNothing');
    if (order.pay_deadline !== null && order.pay_deadline <= now.toISOString())
      return said('order.payTooLate', { date: order.pay_deadline.slice(0, 10) });
    return null;
  }

  /** personal/orderPayLink: the open payment of the order, or a new one (superseding an expired link). */
  async link(customerId: number, orderNo: string): Promise<OrderPayment> {
    return this.db.transaction().execute(async (trx) => {
      const order = await this.lockOrder(trx, customerId, orderNo);
      const now = this.clock.now();
      const why = this.whyNot(order, now);
      if (why) throw refuse(why.key, why.params);
      const latest = await this.latest(trx, order.id);
      if (latest && OPEN.includes(latest.state as PaymentState) && latest.expires_at > now.toISOString())
        return this.view(order, latest);
      await trx
        .updateTable('member_order_payment')
        .set({ state: PaymentState.closed })
        .where('order_id', '=', order.id)
        .where('state', 'in', OPEN)
        .execute();
      const stamp = now.toISOString().slice(0, 10).replace(/-/g, '');
      const row = await trx
        .insertInto('member_order_payment')
        .values({
          payment_no: `OP${stamp}${String(order.id).padStart(6, '0')}${String(randomInt(0, 10_000)).padStart(4, '0')}`,
          order_id: order.id,
          customer_id: customerId,
          amount_fen: Number(order.amount_fen),
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
        .selectFrom('member_order_payment')
        .selectAll()
        .where('id', '=', row.id)
        .executeTakeFirstOrThrow();
      return this.view(order, payment);
    });
  }

  /** personal/orderPayStatus: polled by the portal, so two indexed reads. */
  async status(customerId: number, orderNo: string): Promise<OrderPayment> {
    const order = await this.db
      .selectFrom('member_order')
      .selectAll()
      .where('order_no', '=', orderNo)
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
    if (!order) throw refuse('order.noSuchOrder');
    return this.view(order, await this.latest(this.db, order.id));
  }

  /** Cancelling an order (inside the caller's transaction, order locked) closes its open payment. */
  async closeOpen(trx: Kysely<DB>, orderId: number): Promise<void> {
    await trx
      .updateTable('member_order_payment')
      .set({ state: PaymentState.closed })
      .where('order_id', '=', orderId)
      .where('state', 'in', OPEN)
      .execute();
  }

  /**
   * The cashier's notification. Trusts only the signature made with the payment's secret; the amount
   * must be the payment's; a paid order is never paid twice; paying issues the order's policy.
   */
  async notify(n: OrderPayNotify): Promise<{ payStatus: OrderPayStatus; alreadyPaid: boolean }> {
    const payment = await this.db
      .selectFrom('member_order_payment')
      .selectAll()
      .where('payment_no', '=', n.paymentNo)
      .executeTakeFirst();
    if (!payment) throw refuse('payment.noSuchPayment');
    checkNotifySignature(payment.secret, n);
    if (n.amountFen !== Number(payment.amount_fen)) throw refuse('payment.amountMismatch');
    return this.db.transaction().execute(async (trx) => {
      const head = await trx
        .selectFrom('member_order')
        .select('order_no')
        .where('id', '=', payment.order_id)
        .executeTakeFirstOrThrow();
      const order = await this.lockOrder(trx, payment.customer_id, head.order_no);
      const current = await trx
        .selectFrom('member_order_payment')
        .selectAll()
        .where('id', '=', payment.id)
        .executeTakeFirstOrThrow();
      if (current.state === PaymentState.paid || order.state === OrderState.paid)
        return { payStatus: 'paid' as const, alreadyPaid: true };
      if (current.state === PaymentState.closed || order.state !== OrderState.pendingPayment)
        throw refuse('payment.closed');
      const at = this.clock.now().toISOString();
      if (n.result === 'failed') {
        await trx
          .updateTable('member_order_payment')
          .set({ state: PaymentState.failed })
          .where('id', '=', current.id)
          .execute();
        return { payStatus: 'failed' as const, alreadyPaid: false };
      }
      await trx
        .updateTable('member_order_payment')
        .set({ state: PaymentState.paid, paid_at: at })
        .where('id', '=', current.id)
        .execute();
      const policyNo = await this.issuePolicy(trx, order, current, at);
      await trx
        .updateTable('member_order')
        .set({ state: OrderState.paid, paid_at: at, policy_no: policyNo })
        .where('id', '=', order.id)
        .execute();
      return { payStatus: 'paid' as const, alreadyPaid: false };
    });
  }

  /** The policy a paid order produces: in the member's account, its coverages, its paid premium. */
  private async issuePolicy(trx: Kysely<DB>, order: Order, payment: Payment, at: string): Promise<string> {
    const policyNo = `${POLICY_PREFIX[order.policy_kind] ?? 'POL'}${at.slice(2, 4)}31${String(order.id).padStart(10, '0')}`;
    let coverages: Array<{ code?: string; name: string; sumInsuredFen: number }> = [];
    try {
      const parsed = JSON.parse(order.coverages);
      if (Array.isArray(parsed))
        coverages = parsed.filter((c) => c && typeof c.name === 'string' && Number.isFinite(Number(c.sumInsuredFen)));
    } catch {
      coverages = [];
    }
    const holder = await trx
      .selectFrom('app_user')
      .select('id_number')
      .where('customer_id', '=', order.customer_id)
      .where('id_number', 'is not', null)
      .executeTakeFirst();
    const policy = await trx
      .insertInto('policy')
      .values({
        policy_no: policyNo,
        customer_id: order.customer_id,
        kind: (POLICY_PREFIX[order.policy_kind] ? order.policy_kind : 'property') as PolicyKind,
        product_code: order.product_code,
        product_name: order.product_name,
        state: PolicyState.inForce,
        holder_name: order.holder_name,
        holder_id_number: holder?.id_number ?? null,
        insured_name: order.insured_name,
        issue_date: at.slice(0, 10),
        start_date: order.start_date,
        end_date: order.end_date,
        premium_fen: Number(order.amount_fen),
        sum_insured_fen: coverages.reduce((sum, c) => sum + Number(c.sumInsuredFen), 0),
        payment_state: PaymentState.paid,
        auto_renew: Flag.no,
        roster: null,
        min_members: 0,
        min_age: 0,
        max_age: 120,
        details: JSON.stringify({ channel: 'online', orderNo: order.order_no }),
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (coverages.length) {
      await trx
        .insertInto('policy_risk')
        .values(
          coverages.map((c, sort) => ({
            policy_id: policy.id,
            code: c.code ?? `C${sort + 1}`,
            name: c.name,
            sum_insured_fen: Number(c.sumInsuredFen),
            premium_fen: 0,
            deductible: null,
            sort,
          })),
        )
        .execute();
    }
    await trx
      .insertInto('premium_payment')
      .values({
        payment_no: payment.payment_no,
        customer_id: order.customer_id,
        policy_id: policy.id,
        correction_id: null,
        description: `Premium of ${order.kind === 'application' ? 'application' : 'order'} ${order.order_no} (${order.product_name})`,
        text_key: order.kind === 'application' ? 'payment.applicationPremium' : 'payment.orderPremium',
        text_params: storedParams({ orderNo: order.order_no, product: { product: order.product_code } }),
        amount_fen: Number(order.amount_fen),
        state: PaymentState.paid,
        pay_type: 'online',
        paid_at: at,
        invoice_id: null,
        created_at: payment.created_at,
      })
      .execute();
    return policyNo;
  }

  /** The cashier page's view of an order payment; null when the token is not an order's. */
  async cashier(token: string): Promise<{ view: CashierView; secret?: string } | null> {
    if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return null;
    const payment = await this.db
      .selectFrom('member_order_payment')
      .selectAll()
      .where('token', '=', token)
      .executeTakeFirst();
    if (!payment) return null;
    const order = await this.db
      .selectFrom('member_order')
      .selectAll()
      .where('id', '=', payment.order_id)
      .executeTakeFirstOrThrow();
    const application = order.kind === 'application';
    const view: CashierView = {
      status: 'open',
      purpose: application ? 'application' : 'order',
      reference: order.order_no,
      lines: [
        [application ? 'application' : 'order', order.order_no],
        ['payment', payment.payment_no],
        ['product', order.product_name],
        ['policyholder', order.holder_name],
        ['insured', order.insured_name],
        ['period', `${order.start_date} ~ ${order.end_date}`],
      ],
      paymentNo: payment.payment_no,
      amountFen: Number(payment.amount_fen),
      expiresAt: payment.expires_at,
    };
    if (payment.state === PaymentState.paid || order.state === OrderState.paid)
      return { view: { ...view, status: 'paid' } };
    if (payment.state === PaymentState.closed || order.state !== OrderState.pendingPayment)
      return { view: { ...view, status: 'closed' } };
    if (payment.expires_at <= this.clock.now().toISOString()) return { view: { ...view, status: 'expired' } };
    return {
      view: { ...view, status: payment.state === PaymentState.failed ? 'failed' : 'open' },
      secret: payment.secret,
    };
  }

  /** The cashier page's buttons for an order payment: a signed notification; null when not an order's. */
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
