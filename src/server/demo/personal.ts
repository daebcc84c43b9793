import type {
  BonusState,
  BookingState,
  CouponRowState,
  EnrolmentState,
  PaymentState,
  PointOrderState,
  PolicyState,
  TransactionState,
} from '@contract/states';
import { OfferState } from '@contract/states';
import type { SeedContext } from './context';
import type { PolicyKind } from '../db/tables/core';
import type { MemberOrderTable } from '../db/tables/personal';
import { QUESTIONNAIRE_VERSION, scoreAnswers } from '../services/personal/riskQuestionnaire';
import { translate } from '../messages/catalogue';
import { BILINGUAL } from '../services/texts';

/**
 * The personal centre's demo world (fixtures/demo/personal.json and personal-assets.json):
 * policies sold through other channels that no account has bound yet, orders and applications,
 * points, gifts, coupons, service packages, favourites, activities, and the assets of member-senior.
 * Everything is fixed data, so every seeded database is the same.
 */

type WithCustomer = { customer: string };

interface OtherChannelPolicy {
  policy_no: string;
  kind: string;
  product_code: string;
  product_name: string;
  state: PolicyState;
  holder_name: string;
  holder_id_number: string;
  insured_name: string;
  issue_date: string;
  start_date: string;
  end_date: string;
  premium_fen: number;
  sum_insured_fen: number;
  payment_state: PaymentState;
  auto_renew: number;
  sales_channel: string;
  details: unknown;
  risks: Array<{ code: string; name: string; sum_insured_fen: number; premium_fen: number; deductible?: string }>;
}

interface PersonalFixture {
  otherChannelPolicies: OtherChannelPolicy[];
  orders: Array<
    WithCustomer &
      Omit<MemberOrderTable, 'id' | 'customer_id' | 'coverages' | 'renews_policy_no'> & { coverages: unknown }
  >;
  /** Seeded reasons arrive in both languages (text_key 'bilingual', services/texts.ts). */
  points: Array<
    WithCustomer & { at: string; kind: string; points: number; reason: string; text_key: string; text_params: unknown }
  >;
  gifts: Array<{
    code: string;
    name: string;
    name_zh: string;
    description: string;
    description_zh: string;
    points: number;
    stock: number;
  }>;
  pointOrders: Array<
    WithCustomer & {
      order_no: string;
      gift: string;
      quantity: number;
      state: PointOrderState;
      recipient: string;
      phone: string;
      address: string;
      tracking_no: string | null;
      created_at: string;
      updated_at: string;
    }
  >;
  coupons: Array<
    WithCustomer & {
      coupon_no: string;
      title: string;
      kind: string;
      value: number;
      threshold_fen: number;
      scope: string;
      valid_from: string;
      valid_to: string;
      state: CouponRowState;
      used_at: string | null;
    }
  >;
  servicePackages: Array<
    WithCustomer & {
      package_no: string;
      name: string;
      description: string;
      policy_no: string | null;
      valid_from: string;
      valid_to: string;
      items: Array<{ code: string; name: string; total_uses: number; used_uses: number }>;
    }
  >;
  bookings: Array<
    WithCustomer & {
      booking_no: string;
      package: string;
      item: string;
      appointment_date: string;
      city: string;
      contact_phone: string;
      note: string;
      state: BookingState;
      created_at: string;
    }
  >;
  favourites: Array<WithCustomer & { kind: string; title: string; summary: string; link: string; created_at: string }>;
  activities: Array<{
    code: string;
    title: string;
    summary: string;
    city: string;
    starts_at: string;
    ends_at: string;
    enrol_until: string;
    capacity: number;
  }>;
  enrolments: Array<WithCustomer & { user: string; activity: string; state: EnrolmentState; enrolled_at: string }>;
}

interface AssetsFixture {
  funds: Array<{ code: string; name: string; risk_level: number; nav_e4: number; nav_date: string }>;
  accounts: Array<
    WithCustomer & {
      account_no: string;
      kind: string;
      name: string;
      policy_no: string | null;
      balance_fen: number;
      rate_bp: number | null;
      opened_on: string;
      updated_on: string;
      holdings?: Array<{ fund: string; units_e2: number; cost_fen: number; allocation_pct: number }>;
    }
  >;
  transactions: Array<
    WithCustomer & {
      txn_no: string;
      account: string;
      kind: string;
      amount_fen: number;
      description: string;
      text_key: string;
      text_params: unknown;
      state: TransactionState;
      on_date: string;
    }
  >;
  bonuses: Array<
    WithCustomer & {
      policy_no: string;
      product_name: string;
      bonus_year: number;
      declared_on: string;
      amount_fen: number;
      method: string;
      state: BonusState;
    }
  >;
  riskEvaluations: Array<
    WithCustomer & { user: string; answers: Record<string, string>; evaluated_at: string; valid_until: string }
  >;
}

const SEEDED_AT = '2026-01-01T00:00:00.000Z';

export async function seedPersonal(ctx: SeedContext) {
  const { db } = ctx;
  const fx = ctx.readFixture<PersonalFixture>('personal.json');
  const assets = ctx.readFixture<AssetsFixture>('personal-assets.json');
  const customer = (key: string) => {
    const id = ctx.customers.get(key);
    if (!id) throw new Error(`personal fixtures name unknown customer ${key}`);
    return id;
  };
  const user = (name: string) => {
    const id = ctx.users.get(name);
    if (!id) throw new Error(`personal fixtures name unknown user ${name}`);
    return id;
  };

  // The holder of policies no member account has bound yet (policy/addPolicy moves them out).
  const pool = await db
    .insertInto('customer')
    .values({
      kind: 'person',
      name: 'Policies not bound to a member account',
      credit_code: null,
      contact_name: null,
      contact_phone: null,
      address: null,
      state: 1,
      created_at: SEEDED_AT,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  ctx.customers.set('unbound', pool.id);
  await db.insertInto('system_customer').values({ role: 'unbound', customer_id: pool.id }).execute();
  for (const { risks, details, sales_channel, ...p } of fx.otherChannelPolicies) {
    const row = await db
      .insertInto('policy')
      .values({
        ...p,
        kind: p.kind as PolicyKind,
        customer_id: pool.id,
        details: JSON.stringify({ channel: sales_channel, ...(details as object) }),
        roster: null,
        min_members: 0,
        min_age: 0,
        max_age: 120,
        created_at: SEEDED_AT,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('policy_risk')
      .values(
        risks.map((r, sort) => ({
          policy_id: row.id,
          code: r.code,
          name: r.name,
          sum_insured_fen: r.sum_insured_fen,
          premium_fen: r.premium_fen,
          deductible: r.deductible ?? null,
          sort,
        })),
      )
      .execute();
  }

  for (const { customer: key, coverages, ...o } of fx.orders) {
    await db
      .insertInto('member_order')
      .values({ ...o, customer_id: customer(key), coverages: JSON.stringify(coverages) })
      .execute();
  }

  await db
    .insertInto('point_entry')
    .values(
      fx.points.map(({ customer: key, text_params, ...e }) => ({
        ...e,
        text_params: JSON.stringify(text_params),
        customer_id: customer(key),
        point_order_id: null,
      })),
    )
    .execute();
  const gifts = new Map<string, { id: number; name: string; nameZh: string; points: number }>();
  for (const [sort, g] of fx.gifts.entries()) {
    const row = await db
      .insertInto('gift')
      .values({ ...g, state: OfferState.onOffer, sort })
      .returning('id')
      .executeTakeFirstOrThrow();
    gifts.set(g.code, { id: row.id, name: g.name, nameZh: g.name_zh, points: g.points });
  }
  for (const { customer: key, gift: code, ...o } of fx.pointOrders) {
    const gift = gifts.get(code);
    if (!gift) throw new Error(`points order ${o.order_no} names unknown gift ${code}`);
    const points = gift.points * o.quantity;
    const row = await db
      .insertInto('point_order')
      .values({ ...o, customer_id: customer(key), gift_id: gift.id, gift_name: gift.name, points })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('point_entry')
      .values({
        customer_id: customer(key),
        kind: 'redeem',
        points: -points,
        reason: translate('en-US', 'club.redeemedReason', { gift: gift.name, quantity: o.quantity }),
        text_key: BILINGUAL,
        text_params: JSON.stringify({
          text: {
            'en-US': translate('en-US', 'club.redeemedReason', { gift: gift.name, quantity: o.quantity }),
            'zh-CN': translate('zh-CN', 'club.redeemedReason', { gift: gift.nameZh, quantity: o.quantity }),
          },
        }),
        point_order_id: row.id,
        at: o.created_at,
      })
      .execute();
  }

  await db
    .insertInto('coupon')
    .values(fx.coupons.map(({ customer: key, ...c }) => ({ ...c, customer_id: customer(key) })))
    .execute();

  const items = new Map<string, number>();
  for (const { customer: key, items: list, ...p } of fx.servicePackages) {
    const row = await db
      .insertInto('service_package')
      .values({ ...p, customer_id: customer(key) })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [sort, item] of list.entries()) {
      const itemRow = await db
        .insertInto('service_package_item')
        .values({ ...item, package_id: row.id, sort })
        .returning('id')
        .executeTakeFirstOrThrow();
      items.set(`${p.package_no}/${item.code}`, itemRow.id);
    }
  }
  for (const { customer: key, package: pkg, item, ...b } of fx.bookings) {
    const itemId = items.get(`${pkg}/${item}`);
    if (!itemId) throw new Error(`booking ${b.booking_no} names unknown service ${pkg}/${item}`);
    const name = fx.servicePackages.find((p) => p.package_no === pkg)?.items.find((i) => i.code === item)?.name ?? item;
    await db
      .insertInto('service_booking')
      .values({ ...b, customer_id: customer(key), item_id: itemId, service_name: name })
      .execute();
  }

  await db
    .insertInto('favourite')
    .values(fx.favourites.map(({ customer: key, ...f }) => ({ ...f, customer_id: customer(key) })))
    .execute();

  const activities = new Map<string, number>();
  for (const a of fx.activities) {
    const row = await db
      .insertInto('club_activity')
      .values({ ...a, state: OfferState.onOffer })
      .returning('id')
      .executeTakeFirstOrThrow();
    activities.set(a.code, row.id);
  }
  for (const e of fx.enrolments) {
    await db
      .insertInto('club_enrolment')
      .values({
        activity_id: activities.get(e.activity)!,
        customer_id: customer(e.customer),
        user_id: user(e.user),
        state: e.state,
        enrolled_at: e.enrolled_at,
        updated_at: e.enrolled_at,
      })
      .execute();
  }

  const funds = new Map<string, number>();
  for (const f of assets.funds) {
    const row = await db.insertInto('fund').values(f).returning('id').executeTakeFirstOrThrow();
    funds.set(f.code, row.id);
  }
  const accounts = new Map<string, number>();
  for (const { customer: key, holdings, ...a } of assets.accounts) {
    const row = await db
      .insertInto('asset_account')
      .values({ ...a, customer_id: customer(key) })
      .returning('id')
      .executeTakeFirstOrThrow();
    accounts.set(a.account_no, row.id);
    for (const { fund, ...h } of holdings ?? []) {
      await db
        .insertInto('fund_holding')
        .values({ ...h, account_id: row.id, fund_id: funds.get(fund)! })
        .execute();
    }
  }
  await db
    .insertInto('asset_transaction')
    .values(
      assets.transactions.map(({ customer: key, account, text_params, ...t }) => ({
        ...t,
        text_params: JSON.stringify(text_params),
        customer_id: customer(key),
        account_id: accounts.get(account)!,
      })),
    )
    .execute();
  await db
    .insertInto('bonus_record')
    .values(assets.bonuses.map(({ customer: key, ...b }) => ({ ...b, customer_id: customer(key) })))
    .execute();
  for (const r of assets.riskEvaluations) {
    const scored = scoreAnswers(r.answers);
    if (!scored.ok) throw new Error(`risk evaluation fixture: ${scored.key} ${scored.question ?? ''}`);
    await db
      .insertInto('risk_evaluation')
      .values({
        customer_id: customer(r.customer),
        user_id: user(r.user),
        questionnaire: QUESTIONNAIRE_VERSION,
        answers: JSON.stringify(r.answers),
        score: scored.score,
        level: scored.level,
        evaluated_at: r.evaluated_at,
        valid_until: r.valid_until,
      })
      .execute();
  }
}
