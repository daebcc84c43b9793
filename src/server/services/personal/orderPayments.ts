import { beijingDay, formatDateTime } from '@common/time';
import { Flag, OrderState, PaymentState, PolicyState } from '@contract/states';
import type { Kysely, Selectable } from 'kysely';
import type { OrderPayment } from '@contract/io/personal';
import type { DB } from '@server/db/schema';
import type { PolicyKind } from '@server/db/tables/core';
import type { MemberOrderTable } from '@server/db/tables/personal';
import { refuse } from '../errors';
import type { Clock } from '../clock';
import { systemClock } from '../clock';
import type { MessageKey, MessageParams } from '@server/messages/catalogue';
import { storedParams, type StoredParam } from '../texts';
import {
  SubjectPayments,
  type PayNotify,
  type Attempt,
  type PaymentSubject,
  type SubjectPaymentOptions,
} from '../payments/subjectPayments';
import { earnPremiumPoints } from './premiumPoints';

type Order = Selectable<MemberOrderTable>;

export type OrderPaymentOptions = SubjectPaymentOptions;
/** The notification the cashier signs (the same shape as policy and correction payments'). */
export type OrderPayNotify = PayNotify;

const POLICY_PREFIX: Record<string, string> = { life: 'LIF', health: 'HLT', motor: 'PDA', property: 'PRP' };

/** The order in sentences: its kind ('Order', 'Application' in the reader's language) and number. */
const KIND_KEY = {
  order: 'order.kind.order',
  application: 'order.kind.application',
  renewal: 'order.kind.renewal',
} as const satisfies Record<string, MessageKey>;
const named = (o: Pick<Order, 'kind' | 'order_no'>): MessageParams => ({
  kind: { key: KIND_KEY[o.kind as keyof typeof KIND_KEY] ?? KIND_KEY.order, fallback: 'Order' },
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

/** Why an order cannot be paid, as a sentence the member can act on (null when it can). */
function whyNot(order: Order, now: Date): { key: MessageKey; params: MessageParams } | null {
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
    return said('order.payTooLate', { time: formatDateTime(order.pay_deadline) });
  return null;
}

const readOrder = async (db: Kysely<DB>, customerId: number, orderNo: string): Promise<Order> => {
  const order = await db
    .selectFrom('member_order')
    .selectAll()
    .where('order_no', '=', orderNo)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  if (!order) throw refuse('order.noSuchOrder');
  return order;
};

/** Takes the order's row lock (a no-op update: both dialects serialise on it), then reads it. */
async function lockOrder(trx: Kysely<DB>, customerId: number, orderNo: string): Promise<Order> {
  await trx
    .updateTable('member_order')
    .set((eb) => ({ state: eb.ref('state') }))
    .where('order_no', '=', orderNo)
    .where('customer_id', '=', customerId)
    .execute();
  return readOrder(trx, customerId, orderNo);
}

/** What an order's premium pays for, said in the reader's language. */
function premiumText(order: Order): { key: MessageKey; params: Record<string, StoredParam> } {
  const product = { product: order.product_code };
  if (order.kind === 'renewal')
    return { key: 'payment.renewalOf', params: { policyNo: order.renews_policy_no ?? '', product } };
  return {
    key: order.kind === 'application' ? 'payment.applicationPremium' : 'payment.orderPremium',
    params: { orderNo: order.order_no, product },
  };
}

/** An order or application as the subject of a payment: paying it issues its policy. */
const orderSubject: PaymentSubject<Order, OrderPayment> = {
  kind: 'order',
  prefix: 'OP',
  lock: lockOrder,
  read: readOrder,
  numberOf: async (db, id) =>
    (await db.selectFrom('member_order').select('order_no').where('id', '=', id).executeTakeFirstOrThrow()).order_no,
  shownNo: (order) => order.order_no,
  byId: (db, id) => db.selectFrom('member_order').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
  id: (order) => order.id,
  payable: async (_db, order, now) => {
    const why = whyNot(order, now);
    if (why) throw refuse(why.key, why.params);
    return Number(order.amount_fen);
  },
  /** The order's own deadline: the one its drawer shows is the one the cashier shows. */
  deadline: (order) => order.pay_deadline,
  describe: (order) => premiumText(order),
  isPaid: (order) => order.state === OrderState.paid,
  isAwaiting: (order) => order.state === OrderState.pendingPayment,
  closed: () => refuse('payment.closed'),
  settle: async (trx, order, payment, at) => {
    const policyNo = await issuePolicy(trx, order, payment, at);
    await trx
      .updateTable('member_order')
      .set({ state: OrderState.paid, paid_at: at, policy_no: policyNo })
      .where('id', '=', order.id)
      .execute();
    const application = order.kind === 'application';
    await earnPremiumPoints(
      trx,
      order.customer_id,
      Number(payment.amount_fen),
      {
        key: application ? 'club.premiumPoints.application' : 'club.premiumPoints.order',
        params: { orderNo: order.order_no },
      },
      at,
    );
  },
  view: async (_db, order, _payment, progress) => ({
    orderNo: order.order_no,
    state: order.state,
    payStatus: progress.payStatus,
    paymentNo: progress.paymentNo,
    amountFen: Number(order.amount_fen),
    payUrl: progress.payUrl,
    linkExpiresAt: progress.linkExpiresAt,
    paidAt: order.paid_at,
    policyNo: order.policy_no,
  }),
  cashierSummary: (order, payment) => {
    const application = order.kind === 'application';
    return {
      purpose: application ? 'application' : 'order',
      reference: order.order_no,
      productCode: order.product_code,
      lines: [
        [application ? 'application' : 'order', order.order_no],
        ['payment', payment.payment_no],
        ['product', order.product_name],
        ['policyholder', order.holder_name],
        ['insured', order.insured_name],
        ['period', `${order.start_date} ~ ${order.end_date}`],
      ],
    };
  },
};

/**
 * Paying the personal centre's orders and applications through the gateway's cashier (the shared
 * SubjectPayments: one open payment per order, the polled pay status, the signed notification, the
 * cashier page): paying marks the order paid and issues its policy; cancelling the order closes its
 * open payment.
 */
export class OrderPayments extends SubjectPayments<Order, OrderPayment> {
  constructor(db: Kysely<DB>, clock: Clock = systemClock, options: Partial<OrderPaymentOptions> = {}) {
    super(db, clock, orderSubject, options);
  }

  /** Takes the order's row lock, then reads it (cancelling an order does so before closeOpen). */
  lockOrder(trx: Kysely<DB>, customerId: number, orderNo: string): Promise<Order> {
    return lockOrder(trx, customerId, orderNo);
  }
}

function parsedDetails(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The policy a paid order produces: in the member's account, its coverages, its paid premium; a
 * renewal's old policy says it was renewed by it.
 */
async function issuePolicy(trx: Kysely<DB>, order: Order, payment: Attempt, at: string): Promise<string> {
  const policyNo = `${POLICY_PREFIX[order.policy_kind] ?? 'POL'}${at.slice(2, 4)}31${String(order.id).padStart(10, '0')}`;
  let coverages: Array<{ code?: string; name: string; sumInsuredFen: number }> = [];
  try {
    const parsed = JSON.parse(order.coverages);
    if (Array.isArray(parsed))
      coverages = parsed.filter((c) => c && typeof c.name === 'string' && Number.isFinite(Number(c.sumInsuredFen)));
  } catch {
    coverages = [];
  }
  // A renewal carries the old policy's details (the vehicle, the address insured, ...) and marks it renewed.
  const renewed = order.renews_policy_no
    ? await trx
        .selectFrom('policy')
        .select(['id', 'details', 'holder_id_number'])
        .where('policy_no', '=', order.renews_policy_no)
        .where('customer_id', '=', order.customer_id)
        .executeTakeFirst()
    : undefined;
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
      holder_id_number: renewed?.holder_id_number ?? holder?.id_number ?? null,
      insured_name: order.insured_name,
      issue_date: beijingDay(at),
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
      details: JSON.stringify({
        ...(renewed ? parsedDetails(renewed.details) : {}),
        channel: 'online',
        orderNo: order.order_no,
        ...(renewed ? { renewalOf: order.renews_policy_no } : {}),
      }),
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
  if (renewed)
    await trx
      .updateTable('policy')
      .set({ renewed_by: policyNo })
      .where('id', '=', renewed.id)
      .where('renewed_by', 'is', null)
      .execute();
  const said = premiumText(order);
  await trx
    .insertInto('premium_payment')
    .values({
      payment_no: payment.payment_no,
      customer_id: order.customer_id,
      policy_id: policy.id,
      correction_id: null,
      description: `Premium of ${order.kind} ${order.order_no} (${order.product_name})`,
      text_key: said.key,
      text_params: storedParams(said.params),
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
