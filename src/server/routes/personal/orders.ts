import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import type { Coupon, CouponState, OrderDetail, OrderKind, OrderSummary } from '../../../contract/io/personal';
import type { MemberOrderTable } from '../../db/tables/personal';
import { defineAnonymousCall, defineCall } from '../../http/call';
import type { Services } from '../../http/context';
import { refuseText } from '../../services/errors';
import { integer, paging, text } from '../../http/input';
import { fundPositions, pointBalance, riskHistory } from './assetsData';
import { isPayable } from '../../services/personal/orderPayments';
import { count, individual, senior, today } from './guards';

const ORDER_NO = {
  max: 40,
  pattern: /^[A-Za-z0-9-]{6,40}$/,
  patternText: 'An order number is 6 to 40 letters and digits.',
};
const NO_SUCH_ORDER = 'There is no such order in your account.';
/** Orders the member may still cancel: pending payment (1) or under underwriting (4). */
const CANCELLABLE = new Set([1, 4]);

function summary(o: Selectable<MemberOrderTable>): OrderSummary {
  return {
    orderNo: o.order_no,
    kind: o.kind as OrderKind,
    productName: o.product_name,
    policyKind: o.policy_kind,
    insuredName: o.insured_name,
    amountFen: o.amount_fen,
    state: o.state,
    createdAt: o.created_at,
    payDeadline: o.pay_deadline,
    policyNo: o.policy_no,
    cancellable: CANCELLABLE.has(o.state),
    payable: isPayable(o, new Date()),
  };
}

function detail(o: Selectable<MemberOrderTable>): OrderDetail {
  let coverages: OrderDetail['coverages'] = [];
  try {
    const parsed = JSON.parse(o.coverages);
    if (Array.isArray(parsed)) coverages = parsed;
  } catch {
    coverages = [];
  }
  return {
    ...summary(o),
    productCode: o.product_code,
    holderName: o.holder_name,
    startDate: o.start_date,
    endDate: o.end_date,
    coverages,
    paidAt: o.paid_at,
    cancelledAt: o.cancelled_at,
    cancelReason: o.cancel_reason,
  };
}

function couponState(c: { state: number; valid_to: string }, day: string): CouponState {
  if (c.state === 2) return 'used';
  return c.valid_to < day ? 'expired' : 'unused';
}

/** The personal/ calls the specification declares without details, and the home summary. */
export async function personalOrderRoutes(app: FastifyInstance, services: Services) {
  const { db } = services;

  const orderNoOf = (input: Record<string, string>) =>
    text(input, 'orderNo', 'Order number', { required: true, ...ORDER_NO }).toUpperCase();

  const findOrder = async (customerId: number, input: Record<string, string>) => {
    const orderNo = orderNoOf(input);
    const order = await db
      .selectFrom('member_order')
      .selectAll()
      .where('order_no', '=', orderNo)
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
    if (!order) throw refuseText(NO_SUCH_ORDER);
    return order;
  };

  defineCall(app, services, 'blocLegal/personal/orderList', async ({ input, user }) => {
    individual(user);
    const { pageNum, pageSize, offset } = paging(input);
    const kind = text(input, 'kind', 'Kind of order', { max: 20 });
    if (kind && kind !== 'order' && kind !== 'application')
      throw refuseText('Kind of order must be order or application.');
    const state = integer(input, 'state', 'Order state', { min: 0, max: 5, fallback: 0 });
    let base = db.selectFrom('member_order').where('customer_id', '=', user.customer_id);
    if (kind) base = base.where('kind', '=', kind);
    if (state) base = base.where('state', '=', state);
    const [rows, total] = await Promise.all([
      base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(pageSize).offset(offset).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return { list: rows.map(summary), total: count(total), pageNum, pageSize };
  });

  defineCall(app, services, 'blocLegal/personal/orderDetail', async ({ input, user }) => {
    individual(user);
    return detail(await findOrder(user.customer_id, input));
  });

  defineCall(app, services, 'blocLegal/personal/cancelOrder', async ({ input, user }) => {
    individual(user);
    const orderNo = orderNoOf(input);
    const reason = text(input, 'reason', 'Reason', { max: 200 }) || 'Cancelled by the member';
    // Under the order's lock, so that the cashier cannot mark it paid meanwhile; its open payment closes.
    return db.transaction().execute(async (trx) => {
      const order = await services.orderPayments.lockOrder(trx, user.customer_id, orderNo);
      if (order.state === 3) throw refuseText('This order is already cancelled.');
      if (!CANCELLABLE.has(order.state)) {
        throw refuseText(
          order.state === 2
            ? 'This order is paid and its policy issued; to end the policy, apply for a surrender instead.'
            : 'This order can no longer be cancelled.',
        );
      }
      const at = new Date().toISOString();
      await trx
        .updateTable('member_order')
        .set({ state: 3, cancelled_at: at, cancel_reason: reason })
        .where('id', '=', order.id)
        .execute();
      await services.orderPayments.closeOpen(trx, order.id);
      return summary({ ...order, state: 3, cancelled_at: at, cancel_reason: reason });
    });
  });

  defineCall(app, services, 'blocLegal/personal/orderPayLink', async ({ input, user }) => {
    individual(user);
    return services.orderPayments.link(user.customer_id, orderNoOf(input));
  });

  defineCall(app, services, 'blocLegal/personal/orderPayStatus', async ({ input, user }) => {
    individual(user);
    return services.orderPayments.status(user.customer_id, orderNoOf(input));
  });

  // The payment provider's notification: no session, trusted only by its signature (the cashier's own
  // buttons make the same notification inside the gateway).
  defineAnonymousCall(app, services, 'blocLegal/personal/orderPayNotify', async ({ input }) => {
    const result = text(input, 'result', 'The result', { required: true, max: 10 });
    if (result !== 'paid' && result !== 'failed') throw refuseText('The result must be paid or failed.');
    const { payStatus } = await services.orderPayments.notify({
      paymentNo: text(input, 'paymentNo', 'The payment number', { required: true, max: 40 }),
      result,
      amountFen: integer(input, 'amountFen', 'The amount', { min: 0, max: 1_000_000_000_000 }),
      notifyId: text(input, 'notifyId', 'The notification id', { required: true, max: 64 }),
      sign: text(input, 'sign', 'The signature', { required: true, max: 128 }),
    });
    return { accepted: true, payStatus };
  });

  defineCall(app, services, 'blocLegal/personal/giftList', async ({ user }) => {
    individual(user);
    const [gifts, balance] = await Promise.all([
      db.selectFrom('gift').selectAll().where('state', '=', 1).orderBy('sort').orderBy('id').execute(),
      pointBalance(db, user.customer_id),
    ]);
    return {
      balance,
      gifts: gifts.map((g) => ({
        code: g.code,
        name: g.name,
        description: g.description,
        points: g.points,
        stock: g.stock,
        affordable: g.stock > 0 && balance >= g.points,
      })),
    };
  });

  defineCall(app, services, 'blocLegal/personal/couponList', async ({ input, user }) => {
    individual(user);
    const { pageNum, pageSize, offset } = paging(input);
    const state = text(input, 'state', 'Coupon state', { max: 10 });
    if (state && !['unused', 'used', 'expired'].includes(state))
      throw refuseText('Coupon state must be unused, used or expired.');
    const day = today();
    let base = db.selectFrom('coupon').where('customer_id', '=', user.customer_id);
    if (state === 'used') base = base.where('state', '=', 2);
    if (state === 'unused') base = base.where('state', '=', 1).where('valid_to', '>=', day);
    if (state === 'expired') base = base.where('state', '=', 1).where('valid_to', '<', day);
    const [rows, total] = await Promise.all([
      base.selectAll().orderBy('valid_to', 'desc').orderBy('id', 'desc').limit(pageSize).offset(offset).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    const list: Coupon[] = rows.map((c) => ({
      couponNo: c.coupon_no,
      title: c.title,
      kind: c.kind === 'discount' ? 'discount' : 'cash',
      value: c.value,
      thresholdFen: c.threshold_fen,
      scope: c.scope,
      validFrom: c.valid_from,
      validTo: c.valid_to,
      state: couponState(c, day),
      usedAt: c.used_at,
    }));
    return { list, total: count(total), pageNum, pageSize };
  });

  defineCall(app, services, 'blocLegal/personal/fundList', async ({ input, user }) => {
    senior(user, 'assets');
    const { pageNum, pageSize, offset } = paging(input);
    const total = await db
      .selectFrom('fund_holding')
      .innerJoin('asset_account', 'asset_account.id', 'fund_holding.account_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('asset_account.customer_id', '=', user.customer_id)
      .executeTakeFirst();
    return {
      list: await fundPositions(db, user.customer_id, { limit: pageSize, offset }),
      total: count(total),
      pageNum,
      pageSize,
    };
  });

  defineCall(app, services, 'blocLegal/personal/riskReview', async ({ user }) => {
    senior(user, 'assets');
    const history = await riskHistory(db, user.customer_id);
    const latest = history[0] ?? null;
    const positions = await fundPositions(db, user.customer_id);
    const level = latest?.valid ? latest.level : 0;
    return { latest, history, mismatched: positions.filter((p) => p.riskLevel > level) };
  });

  defineCall(app, services, 'blocLegal/personal/homeSummary', async ({ user }) => {
    individual(user);
    const cid = user.customer_id;
    const [byKind, autoRenew, pending, claims] = await Promise.all([
      db
        .selectFrom('policy')
        .select(['kind', 'state', (eb) => eb.fn.countAll<number>().as('n')])
        .where('customer_id', '=', cid)
        .groupBy(['kind', 'state'])
        .execute(),
      db
        .selectFrom('policy')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('customer_id', '=', cid)
        .where('auto_renew', '=', 1)
        .where('state', '=', 1)
        .executeTakeFirst(),
      db
        .selectFrom('member_order')
        .selectAll()
        .where('customer_id', '=', cid)
        .where('state', 'in', [1, 4])
        .orderBy('created_at', 'desc')
        .limit(5)
        .execute(),
      db
        .selectFrom('claim')
        .innerJoin('policy', 'policy.id', 'claim.policy_id')
        .select(['claim.claim_no', 'policy.policy_no', 'claim.state', 'claim.report_date', 'claim.claimed_fen'])
        .where('claim.customer_id', '=', cid)
        .orderBy('claim.report_date', 'desc')
        .orderBy('claim.id', 'desc')
        .limit(5)
        .execute(),
    ]);
    const kinds = new Map<string, number>();
    let total = 0;
    let inForce = 0;
    for (const row of byKind) {
      const n = Number(row.n);
      kinds.set(row.kind, (kinds.get(row.kind) ?? 0) + n);
      total += n;
      if (row.state === 1) inForce += n;
    }
    return {
      nickName: user.nick_name,
      realName: user.real_name,
      userAnk: user.user_ank,
      policies: {
        total,
        inForce,
        byKind: [...kinds].map(([kind, n]) => ({ kind, count: n })).sort((a, b) => a.kind.localeCompare(b.kind)),
        autoRenew: count(autoRenew),
      },
      pendingOrders: pending.map(summary),
      recentClaims: claims.map((c) => ({
        claimNo: c.claim_no,
        policyNo: c.policy_no,
        state: c.state,
        reportDate: c.report_date,
        claimedFen: c.claimed_fen,
      })),
      points: user.user_ank === 1 ? await pointBalance(db, cid) : null,
    };
  });
}
