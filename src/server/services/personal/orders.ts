import type { Kysely, Selectable } from 'kysely';
import { insurerToday } from '@common/correction';
import type { Page } from '@contract/envelope';
import type {
  Coupon,
  CouponState,
  GiftList,
  HomeSummary,
  OrderDetail,
  OrderKind,
  OrderSummary,
} from '@contract/io/personal';
import type { OrderQuery } from '@contract/io/personal.requests';
import { CouponRowState, Flag, OfferState, OrderState, PaymentState, PolicyState } from '@contract/states';
import type { DB } from '@server/db/schema';
import type { MemberOrderTable } from '@server/db/tables/personal';
import { translate } from '@server/messages/catalogue';
import type { Clock } from '../clock';
import { refuse } from '../errors';
import type { SessionUser } from '../identity';
import { countOf, pageOf } from '../paging';
import type { Products } from '../products';
import { localName, type ProductVoice, type Voice } from '../texts';
import { pointBalance } from './ledger';
import { isPayable, type OrderPayments } from './orderPayments';

type Order = Selectable<MemberOrderTable>;
type CoverageVoice = ProductVoice & { coverage(productCode: string, code: string, fallback: string): string };

/** Orders the member may still cancel: pending payment or under underwriting. */
const CANCELLABLE = new Set<number>([OrderState.pendingPayment, OrderState.underwriting]);

function couponState(c: { state: number; valid_to: string }, day: string): CouponState {
  if (c.state === CouponRowState.used) return 'used';
  return c.valid_to < day ? 'expired' : 'unused';
}

/**
 * The personal centre's orders and applications (their payment is OrderPayments'), gifts and coupons,
 * and the summary of the personal home.
 */
export class Orders {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly products: Products,
    private readonly payments: OrderPayments,
  ) {}

  private summary(o: Order, voice: ProductVoice): OrderSummary {
    return {
      orderNo: o.order_no,
      kind: o.kind as OrderKind,
      productName: voice.product(o.product_code, o.product_name),
      policyKind: o.policy_kind,
      insuredName: o.insured_name,
      amountFen: Number(o.amount_fen),
      state: o.state,
      createdAt: o.created_at,
      payDeadline: o.pay_deadline,
      policyNo: o.policy_no,
      renewsPolicyNo: o.renews_policy_no,
      cancellable: CANCELLABLE.has(o.state),
      payable: isPayable(o, this.clock.now()),
    };
  }

  private detail(o: Order, voice: CoverageVoice): OrderDetail {
    let coverages: OrderDetail['coverages'] = [];
    try {
      const parsed: unknown = JSON.parse(o.coverages);
      if (Array.isArray(parsed))
        coverages = parsed.map((c: { code?: string; name: string; sumInsuredFen: number }) => ({
          name: c.code ? voice.coverage(o.product_code, c.code, c.name) : c.name,
          sumInsuredFen: Number(c.sumInsuredFen),
        }));
    } catch {
      coverages = [];
    }
    return {
      ...this.summary(o, voice),
      productCode: o.product_code,
      holderName: o.holder_name,
      startDate: o.start_date,
      endDate: o.end_date,
      coverages,
      paidAt: o.paid_at,
      premium: null,
      cancelledAt: o.cancelled_at,
      cancelReason: o.cancel_reason === null ? null : localName(voice.locale, o.cancel_reason, o.cancel_reason_zh),
    };
  }

  private async find(customerId: number, orderNo: string): Promise<Order> {
    const order = await this.db
      .selectFrom('member_order')
      .selectAll()
      .where('order_no', '=', orderNo.toUpperCase())
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
    if (!order) throw refuse('order.noSuchOrder');
    return order;
  }

  async list(customerId: number, query: OrderQuery, voice: Voice): Promise<Page<OrderSummary>> {
    const { pageNum, pageSize, offset } = pageOf(query);
    let base = this.db.selectFrom('member_order').where('customer_id', '=', customerId);
    // My orders lists the renewals too: a renewal is an order placed online
    if (query.kind === 'order') base = base.where('kind', 'in', ['order', 'renewal']);
    else if (query.kind) base = base.where('kind', '=', query.kind);
    if (query.state) base = base.where('state', '=', query.state);
    const [rows, total, named] = await Promise.all([
      base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(pageSize).offset(offset).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      this.products.voice(voice),
    ]);
    return { list: rows.map((o) => this.summary(o, named)), total: countOf(total), pageNum, pageSize };
  }

  async get(customerId: number, orderNo: string, voice: Voice): Promise<OrderDetail> {
    const [order, named] = await Promise.all([this.find(customerId, orderNo), this.products.voice(voice)]);
    // the premium the paid order left on its policy, and its e-invoice once issued
    const premium = order.policy_no
      ? await this.db
          .selectFrom('premium_payment')
          .innerJoin('policy', 'policy.id', 'premium_payment.policy_id')
          .leftJoin('invoice', 'invoice.id', 'premium_payment.invoice_id')
          .select(['premium_payment.id', 'invoice.invoice_no'])
          .where('policy.policy_no', '=', order.policy_no)
          .where('premium_payment.customer_id', '=', customerId)
          .where('premium_payment.state', '=', PaymentState.paid)
          .orderBy('premium_payment.id')
          .executeTakeFirst()
      : undefined;
    return {
      ...this.detail(order, named),
      premium: premium ? { paymentId: premium.id, invoiceNo: premium.invoice_no ?? null } : null,
    };
  }

  /** One order as its list row says it. */
  async summaryOf(customerId: number, orderNo: string, voice: Voice): Promise<OrderSummary> {
    const [order, named] = await Promise.all([this.find(customerId, orderNo), this.products.voice(voice)]);
    return this.summary(order, named);
  }

  async cancel(customerId: number, orderNo: string, reason: string | undefined, voice: Voice): Promise<OrderSummary> {
    const named = await this.products.voice(voice);
    // Under the order's lock, so that the cashier cannot mark it paid meanwhile; its open payment closes.
    return this.db.transaction().execute(async (trx) => {
      const order = await this.payments.lockOrder(trx, customerId, orderNo.toUpperCase());
      if (order.state === OrderState.cancelled) throw refuse('order.alreadyCancelled');
      if (!CANCELLABLE.has(order.state))
        throw refuse(order.state === OrderState.paid ? 'order.paidSurrenderInstead' : 'order.notCancellable');
      const at = this.clock.now().toISOString();
      const given = reason ?? translate('en-US', 'order.cancelledByMember');
      const givenZh = reason ? null : translate('zh-CN', 'order.cancelledByMember');
      await trx
        .updateTable('member_order')
        .set({ state: OrderState.cancelled, cancelled_at: at, cancel_reason: given, cancel_reason_zh: givenZh })
        .where('id', '=', order.id)
        .execute();
      await this.payments.closeOpen(trx, order.id);
      return this.summary(
        { ...order, state: OrderState.cancelled, cancelled_at: at, cancel_reason: given, cancel_reason_zh: givenZh },
        named,
      );
    });
  }

  async gifts(customerId: number, voice: Voice): Promise<GiftList> {
    const [gifts, balance] = await Promise.all([
      this.db
        .selectFrom('gift')
        .selectAll()
        .where('state', '=', OfferState.onOffer)
        .orderBy('sort')
        .orderBy('id')
        .execute(),
      pointBalance(this.db, customerId),
    ]);
    return {
      balance,
      gifts: gifts.map((g) => ({
        code: g.code,
        name: localName(voice.locale, g.name, g.name_zh),
        description: localName(voice.locale, g.description, g.description_zh),
        points: g.points,
        stock: g.stock,
        affordable: g.stock > 0 && balance >= g.points,
      })),
    };
  }

  async coupons(
    customerId: number,
    query: { pageNum?: number; pageSize?: number; state?: CouponState },
    voice: Voice,
  ): Promise<Page<Coupon>> {
    const { pageNum, pageSize, offset } = pageOf(query);
    const day = insurerToday(this.clock.now());
    let base = this.db.selectFrom('coupon').where('customer_id', '=', customerId);
    if (query.state === 'used') base = base.where('state', '=', CouponRowState.used);
    if (query.state === 'unused') base = base.where('state', '=', CouponRowState.unused).where('valid_to', '>=', day);
    if (query.state === 'expired') base = base.where('state', '=', CouponRowState.unused).where('valid_to', '<', day);
    const [rows, total] = await Promise.all([
      base.selectAll().orderBy('valid_to', 'desc').orderBy('id', 'desc').limit(pageSize).offset(offset).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    const list: Coupon[] = rows.map((c) => ({
      couponNo: c.coupon_no,
      title: localName(voice.locale, c.title, c.title_zh),
      kind: c.kind === 'discount' ? 'discount' : 'cash',
      value: c.value,
      thresholdFen: Number(c.threshold_fen),
      scope: localName(voice.locale, c.scope, c.scope_zh),
      validFrom: c.valid_from,
      validTo: c.valid_to,
      state: couponState(c, day),
      usedAt: c.used_at,
    }));
    return { list, total: countOf(total), pageNum, pageSize };
  }

  async homeSummary(user: SessionUser, voice: Voice): Promise<HomeSummary> {
    const cid = user.customer_id;
    const [byKind, autoRenew, pending, claims, named] = await Promise.all([
      this.db
        .selectFrom('policy')
        .select(['kind', 'state', (eb) => eb.fn.countAll<number>().as('n')])
        .where('customer_id', '=', cid)
        .groupBy(['kind', 'state'])
        .execute(),
      this.db
        .selectFrom('policy')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('customer_id', '=', cid)
        .where('auto_renew', '=', Flag.yes)
        .where('state', '=', PolicyState.inForce)
        .executeTakeFirst(),
      this.db
        .selectFrom('member_order')
        .selectAll()
        .where('customer_id', '=', cid)
        .where('state', 'in', [OrderState.pendingPayment, OrderState.underwriting])
        .orderBy('created_at', 'desc')
        .limit(5)
        .execute(),
      this.db
        .selectFrom('claim')
        .innerJoin('policy', 'policy.id', 'claim.policy_id')
        .select(['claim.claim_no', 'policy.policy_no', 'claim.state', 'claim.report_date', 'claim.claimed_fen'])
        .where('claim.customer_id', '=', cid)
        .orderBy('claim.report_date', 'desc')
        .orderBy('claim.id', 'desc')
        .limit(5)
        .execute(),
      this.products.voice(voice),
    ]);
    const kinds = new Map<string, number>();
    let total = 0;
    let inForce = 0;
    for (const row of byKind) {
      const n = Number(row.n);
      kinds.set(row.kind, (kinds.get(row.kind) ?? 0) + n);
      total += n;
      if (row.state === PolicyState.inForce) inForce += n;
    }
    return {
      nickName: user.nick_name,
      realName: user.real_name,
      userAnk: user.user_ank,
      policies: {
        total,
        inForce,
        byKind: [...kinds].map(([kind, n]) => ({ kind, count: n })).sort((a, b) => a.kind.localeCompare(b.kind)),
        autoRenew: countOf(autoRenew),
      },
      pendingOrders: pending.map((o) => this.summary(o, named)),
      recentClaims: claims.map((c) => ({
        claimNo: c.claim_no,
        policyNo: c.policy_no,
        state: c.state,
        reportDate: c.report_date,
        claimedFen: Number(c.claimed_fen),
      })),
      points: user.user_ank === 1 ? await pointBalance(this.db, cid) : null,
    };
  }
}
