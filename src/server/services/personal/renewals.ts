import type { Kysely, Selectable } from 'kysely';
import { addDays, insurerToday } from '@common/correction';
import { PROMISES } from '@common/insurer';
import type { OrderSummary, RenewalQuote } from '@contract/io/personal';
import type { PolicyRenewal, PolicyRow } from '@contract/io/policy';
import { OrderState, PaymentState, PolicyState } from '@contract/states';
import type { DB } from '@server/db/schema';
import type { PolicyTable } from '@server/db/tables/core';
import type { Clock } from '../clock';
import { refuse } from '../errors';
import type { SessionUser } from '../identity';
import type { Product, Products } from '../products';
import type { Voice } from '../texts';
import { businessNo } from './guards';
import { isPayable } from './orderPayments';
import type { Orders } from './orders';

type Policy = Selectable<PolicyTable>;

/** The columns that say where a policy stands for its renewal. */
export type RenewalColumns = Pick<
  Policy,
  'policy_no' | 'kind' | 'product_code' | 'state' | 'payment_state' | 'end_date' | 'renewal_order_no' | 'renewed_by'
>;

/** The kinds of policy members hold (group policies renew through their company). */
const MEMBER_KINDS = new Set(['life', 'health', 'motor', 'property']);

/** The last day of a period of one year starting on `start` (a period starting on 29 February ends on 28 February). */
export function yearFrom(start: string): string {
  // calendar days (Beijing dates as written), no moment in time: the same day next year, 29 February of a
  // common year being 1 March, and the period ends the day before
  const [y, md] = [Number(start.slice(0, 4)) + 1, start.slice(5)];
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return addDays(md === '02-29' && !leap ? `${y}-03-01` : `${y}-${md}`, -1);
}

/** The renewed period: from the day after the old end, or the day after today once it has lapsed; one year. */
export function renewalPeriod(endDate: string, today: string): { startDate: string; endDate: string; lapsed: boolean } {
  const lapsed = endDate < today;
  const startDate = addDays(lapsed ? today : endDate, 1);
  return { startDate, endDate: yearFrom(startDate), lapsed };
}

/** The days a policy may be renewed online: PROMISES.renewBeforeDays before its end to renewAfterDays after. */
export function renewalWindow(endDate: string): { from: string; until: string } {
  return { from: addDays(endDate, -PROMISES.renewBeforeDays), until: addDays(endDate, PROMISES.renewAfterDays) };
}

/**
 * The premium of the same cover at the product's current rate: the product's yearly price for its
 * standard cover, in proportion to the cover the policy has (rounded to the fen).
 */
export function renewalPremium(product: Product, sumInsuredFen: number): number {
  const standard = product.coverages.reduce((s, c) => s + Number(c.sumInsuredFen), 0);
  if (standard <= 0 || sumInsuredFen <= 0) return product.priceFromFen;
  return Math.max(1, Math.round((product.priceFromFen * sumInsuredFen) / standard));
}

/** A product members renew online: on sale and priced by the year. */
const renewableProduct = (product: Product | undefined): product is Product =>
  !!product && product.onSale && product.priceUnit === 'year';

/**
 * Members renewing their personal policies online: where each policy stands (the lists and details
 * say it), the quote (same insured, same cover, the next period at the product's current rate), and
 * the renewal order, paid like any order (OrderPayments: paying it issues the new policy and marks
 * the old one renewed by it). One renewal per policy.
 */
export class Renewals {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly products: Products,
    private readonly orders: Orders,
  ) {}

  private today() {
    return insurerToday(this.clock.now());
  }

  /** The member's policies as lists and details show them, each saying where it stands for its renewal. */
  async annotate<T extends PolicyRow>(customerId: number, rows: T[]): Promise<T[]> {
    if (rows.length === 0) return rows;
    const policies = await this.db
      .selectFrom('policy')
      .select([
        'policy_no',
        'kind',
        'product_code',
        'state',
        'payment_state',
        'end_date',
        'renewal_order_no',
        'renewed_by',
      ])
      .where('customer_id', '=', customerId)
      .where(
        'policy_no',
        'in',
        rows.map((r) => r.policyNo),
      )
      .execute();
    const states = await this.states(this.db, customerId, policies, await this.products.all());
    return rows.map((r) => ({ ...r, renewal: states.get(r.policyNo) ?? null }));
  }

  /** Where each of a member's policies stands for its renewal (null: not renewable online). */
  private async states(
    db: Kysely<DB>,
    customerId: number,
    policies: RenewalColumns[],
    products: Map<string, Product>,
  ): Promise<Map<string, PolicyRenewal | null>> {
    const orderNos = policies.map((p) => p.renewal_order_no).filter((no): no is string => !!no);
    const orders = orderNos.length
      ? await db
          .selectFrom('member_order')
          .select(['order_no', 'state', 'pay_deadline', 'amount_fen'])
          .where('customer_id', '=', customerId)
          .where('order_no', 'in', orderNos)
          .execute()
      : [];
    const byNo = new Map(orders.map((o) => [o.order_no, o]));
    const today = this.today();
    const now = this.clock.now();
    return new Map(
      policies.map((p) => {
        const order = p.renewal_order_no ? byNo.get(p.renewal_order_no) : undefined;
        return [p.policy_no, this.stateOf(p, products.get(p.product_code), order, today, now)];
      }),
    );
  }

  private stateOf(
    p: RenewalColumns,
    product: Product | undefined,
    order: { state: OrderState; pay_deadline: string | null; amount_fen: number } | undefined,
    today: string,
    now: Date,
  ): PolicyRenewal | null {
    const lapsed = p.end_date < today;
    if (p.renewed_by) return { state: 'renewed', lapsed, until: null, orderNo: null, policyNo: p.renewed_by };
    if (!MEMBER_KINDS.has(p.kind) || !renewableProduct(product)) return null;
    if (p.payment_state !== PaymentState.paid) return null;
    if (p.state !== PolicyState.inForce && p.state !== PolicyState.expired) return null;
    const { from, until } = renewalWindow(p.end_date);
    if (today < from || today > until) return null;
    if (order && isPayable(order, now))
      return { state: 'ordered', lapsed, until, orderNo: p.renewal_order_no, policyNo: null };
    return { state: 'due', lapsed, until, orderNo: null, policyNo: null };
  }

  /**
   * The member's policy, refused as missing when it is another's, or saying why it cannot be renewed
   * now (read through `db`: inside the order's transaction, its handle).
   */
  private async renewable(db: Kysely<DB>, products: Map<string, Product>, customerId: number, policyNo: string) {
    const policy = (await db
      .selectFrom('policy')
      .selectAll()
      .where('policy_no', '=', policyNo.trim().toUpperCase())
      .where('customer_id', '=', customerId)
      .executeTakeFirst()) as Policy | undefined;
    if (!policy) throw refuse('policy.noSuchPolicy');
    const params = { policyNo: policy.policy_no };
    if (policy.renewed_by) throw refuse('renewal.alreadyRenewed', { ...params, newPolicyNo: policy.renewed_by });
    const [state] = (await this.states(db, customerId, [policy], products)).values();
    if (state?.state === 'ordered') throw refuse('renewal.alreadyOrdered', { ...params, orderNo: state.orderNo ?? '' });
    if (!state) {
      const { from, until } = renewalWindow(policy.end_date);
      const today = this.today();
      if (today < from) throw refuse('renewal.tooEarly', { ...params, from });
      if (today > until) throw refuse('renewal.tooLate', { ...params, until });
      throw refuse('renewal.notRenewable', params);
    }
    const product = products.get(policy.product_code);
    if (!renewableProduct(product)) throw refuse('renewal.notRenewable', params);
    return { policy, product, until: state.until ?? policy.end_date };
  }

  private async cover(db: Kysely<DB>, policyId: number) {
    return db
      .selectFrom('policy_risk')
      .select(['code', 'name', 'sum_insured_fen'])
      .where('policy_id', '=', policyId)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  /** The quote: the same insured and cover for the next period at the product's current rate. */
  async quote(user: SessionUser, policyNo: string, voice: Voice): Promise<RenewalQuote> {
    const products = await this.products.all();
    const { policy, product, until } = await this.renewable(this.db, products, user.customer_id, policyNo);
    const [risks, named] = await Promise.all([this.cover(this.db, policy.id), this.products.voice(voice)]);
    const period = renewalPeriod(policy.end_date, this.today());
    return {
      policyNo: policy.policy_no,
      productCode: policy.product_code,
      productName: named.product(policy.product_code, policy.product_name),
      holderName: policy.holder_name,
      insuredName: policy.insured_name,
      startDate: period.startDate,
      endDate: period.endDate,
      coverages: risks.map((r) => ({
        name: named.coverage(policy.product_code, r.code, r.name),
        sumInsuredFen: Number(r.sum_insured_fen),
      })),
      amountFen: renewalPremium(product, Number(policy.sum_insured_fen)),
      previousPremiumFen: Number(policy.premium_fen),
      lapsed: period.lapsed,
      until,
    };
  }

  /**
   * Orders the renewal the member confirmed (under the policy's row lock, so that a second click or
   * tab finds the first order): at the premium quoted, payable until its period begins.
   */
  async order(user: SessionUser, policyNo: string, quotedFen: number, voice: Voice): Promise<OrderSummary> {
    const products = await this.products.all();
    const orderNo = await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('policy')
        .set((eb) => ({ state: eb.ref('state') }))
        .where('policy_no', '=', policyNo.trim().toUpperCase())
        .where('customer_id', '=', user.customer_id)
        .execute();
      const { policy, product } = await this.renewable(trx, products, user.customer_id, policyNo);
      const amountFen = renewalPremium(product, Number(policy.sum_insured_fen));
      if (amountFen !== quotedFen) throw refuse('renewal.premiumChanged', { policyNo: policy.policy_no });
      const period = renewalPeriod(policy.end_date, this.today());
      const risks = await this.cover(trx, policy.id);
      const now = this.clock.now();
      const no = businessNo('RN', now);
      await trx
        .insertInto('member_order')
        .values({
          order_no: no,
          customer_id: user.customer_id,
          kind: 'renewal',
          product_code: policy.product_code,
          product_name: policy.product_name,
          policy_kind: policy.kind,
          holder_name: policy.holder_name,
          insured_name: policy.insured_name ?? policy.holder_name,
          amount_fen: amountFen,
          state: OrderState.pendingPayment,
          start_date: period.startDate,
          end_date: period.endDate,
          coverages: JSON.stringify(
            risks.map((r) => ({ code: r.code, name: r.name, sumInsuredFen: Number(r.sum_insured_fen) })),
          ),
          // paid before the new period begins (00:00 Beijing time of its first day)
          pay_deadline: new Date(`${period.startDate}T00:00:00+08:00`).toISOString(),
          paid_at: null,
          cancelled_at: null,
          cancel_reason: null,
          cancel_reason_zh: null,
          policy_no: null,
          renews_policy_no: policy.policy_no,
          created_at: now.toISOString(),
        })
        .execute();
      await trx.updateTable('policy').set({ renewal_order_no: no }).where('id', '=', policy.id).execute();
      return no;
    });
    return this.orders.summaryOf(user.customer_id, orderNo, voice);
  }
}
