import { randomInt } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { addDays, insurerToday } from '@common/correction';
import { maskIdNumber } from '@common/mask';
import type {
  AutoRenewSetting,
  GroupRenewal,
  GroupRenewalBrief,
  GroupRenewalPay,
  GroupRenewalPerson,
  GroupRenewalRate,
  GroupRenewalState,
} from '@contract/io/policy';
import { GROUP_KINDS } from '@contract/io/policy';
import { Flag, InsuredState, PaymentState, PolicyState } from '@contract/states';
import type { DB } from '@server/db/schema';
import type { GroupRenewalTable, PolicyTable } from '@server/db/tables/core';
import type { Clock } from '../clock';
import { refuse } from '../errors';
import type { MoneyLog } from '../payments/moneyLog';
import { policyCashierSummary, SubjectPayments, type PaymentSubject } from '../payments/subjectPayments';
import { yearFrom } from '../personal/renewals';
import type { Products } from '../products';
import type { Voice } from '../texts';

type Policy = Selectable<PolicyTable>;
type ProductNames = Awaited<ReturnType<Products['voice']>>;
type RenewalRow = Selectable<GroupRenewalTable> & { state: GroupRenewalState };

/** A renewal with the policy it renews: the subject of its payment. */
export interface RenewalDue {
  r: RenewalRow;
  policy: Policy;
  /** The premium of the roster as it stands (what a payment of it must be while it awaits one). */
  dueFen: number;
}

export interface GroupRenewalOptions {
  /** A renewal is prepared these days before the policy's end (config.groupRenewBeforeDays). */
  beforeDays: number;
  /** Where the insurer's steps (payment received, next year issued, lapsed) are recorded. */
  log: MoneyLog | null;
}

/** Days from `from` to `to` (calendar days, both YYYY-MM-DD). */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/** The next policy year of a policy ending on `endDate`: from the day after, one year. */
export function nextPolicyYear(endDate: string): { startDate: string; endDate: string } {
  const startDate = addDays(endDate, 1);
  return { startDate, endDate: yearFrom(startDate) };
}

/** The first day a policy ending on `endDate` has its renewal prepared. */
export const preparedFrom = (endDate: string, beforeDays: number) => addDays(endDate, -beforeDays);

/** The last moment the renewal of a policy ending on `endDate` may be paid: the start of its end day (Beijing). */
const payDeadline = (endDate: string) => new Date(`${endDate}T00:00:00+08:00`).toISOString();

/** Group policies the company renews through the portal: a roster, in force and paid, not renewed yet. */
const renewable = (p: Pick<Policy, 'kind' | 'roster' | 'state' | 'payment_state' | 'renewed_by'>) =>
  (GROUP_KINDS as readonly string[]).includes(p.kind) &&
  p.roster !== null &&
  p.state === PolicyState.inForce &&
  p.payment_state === PaymentState.paid &&
  !p.renewed_by;

interface Quote {
  people: Array<GroupRenewalPerson & { id: number }>;
  rates: GroupRenewalRate[];
  headcount: number;
  premiumFen: number;
}

/**
 * The next year's premium of the roster as it stands: each person insured now at the next year's rate
 * (the policy's rate of their risk category for policies priced by category, else the product's price
 * per person and year), added up by rate.
 */
async function quoteOf(db: Kysely<DB>, policy: Policy): Promise<Quote> {
  const [product, people, rates] = await Promise.all([
    productTerms(db, policy.product_code),
    db
      .selectFrom('insured_person')
      .select(['id', 'name', 'id_number', 'employee_no', 'department', 'risk_category'])
      .where('policy_id', '=', policy.id)
      .where('state', '=', InsuredState.insured)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('policy_rate')
      .select(['risk_category', 'annual_premium_fen'])
      .where('policy_id', '=', policy.id)
      .execute(),
  ]);
  const byCategory = new Map(rates.map((r) => [r.risk_category, Number(r.annual_premium_fen)]));
  const perHead = product.perHeadFen ?? byCategory.get(1) ?? [...byCategory.values()][0] ?? 0;
  const byCategoryPriced = policy.roster === 'employeeNew';
  const rows = people.map((p) => {
    const category = byCategoryPriced ? p.risk_category : null;
    const rate = category !== null ? (byCategory.get(category) ?? perHead) : perHead;
    return {
      id: p.id,
      name: p.name,
      idNumber: maskIdNumber(p.id_number),
      employeeNo: p.employee_no,
      department: p.department,
      riskCategory: category,
      annualPremiumFen: rate,
    };
  });
  const lines = new Map<string, GroupRenewalRate>();
  for (const p of rows) {
    const key = `${p.riskCategory ?? '-'}:${p.annualPremiumFen}`;
    const line = lines.get(key) ?? {
      riskCategory: p.riskCategory,
      annualPremiumFen: p.annualPremiumFen,
      headcount: 0,
      premiumFen: 0,
    };
    line.headcount += 1;
    line.premiumFen += p.annualPremiumFen;
    lines.set(key, line);
  }
  const sorted = [...lines.values()].sort(
    (a, b) => (a.riskCategory ?? 0) - (b.riskCategory ?? 0) || a.annualPremiumFen - b.annualPremiumFen,
  );
  return {
    people: rows,
    rates: sorted,
    headcount: rows.length,
    premiumFen: rows.reduce((s, p) => s + p.annualPremiumFen, 0),
  };
}

/**
 * What the product says of its policies' renewal: its price per person and year (null when it is not
 * priced so) and whether the company may change their automatic renewal. Read through `db` (inside a
 * transaction, its handle).
 */
async function productTerms(db: Kysely<DB>, code: string): Promise<{ perHeadFen: number | null; changeable: boolean }> {
  const row = await db
    .selectFrom('product')
    .select(['price_from_fen', 'price_unit', 'auto_renew_changeable'])
    .where('code', '=', code)
    .executeTakeFirst();
  return {
    perHeadFen:
      row && row.price_unit === 'person-year' && Number(row.price_from_fen) > 0 ? Number(row.price_from_fen) : null,
    changeable: row?.auto_renew_changeable === 1,
  };
}

/** Takes the policy's row lock (a no-op update: both dialects serialise on it). */
const lockPolicy = (trx: Kysely<DB>, customerId: number, policyNo: string) =>
  trx
    .updateTable('policy')
    .set((eb) => ({ state: eb.ref('state') }))
    .where('policy_no', '=', policyNo)
    .where('customer_id', '=', customerId)
    .execute();

/** The company's policy and its renewal; another's policy is refused as missing, one without a renewal says when it comes. */
async function readDue(db: Kysely<DB>, customerId: number, policyNo: string, beforeDays: number): Promise<RenewalDue> {
  const policy = await db
    .selectFrom('policy')
    .selectAll()
    .where('policy_no', '=', policyNo)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  if (!policy) throw refuse('policy.noSuchPolicy');
  const r = await db.selectFrom('group_renewal').selectAll().where('policy_id', '=', policy.id).executeTakeFirst();
  if (!r) {
    if (!(GROUP_KINDS as readonly string[]).includes(policy.kind) || policy.roster === null)
      throw refuse('groupRenewal.notGroup', { policyNo });
    throw refuse('groupRenewal.notYet', { policyNo, from: preparedFrom(policy.end_date, beforeDays) });
  }
  return { r: r as RenewalRow, policy, dueFen: (await quoteOf(db, policy)).premiumFen };
}

/** A policy number of the next year: the old one's letters and region, the new year's digits, a new serial. */
async function nextPolicyNo(db: Kysely<DB>, old: string, startDate: string): Promise<string> {
  const letters = /^[A-Z]+/.exec(old)?.[0] ?? 'P';
  const region = old
    .slice(letters.length + 2, letters.length + 8)
    .replace(/\D/g, '')
    .padEnd(6, '0');
  for (;;) {
    const no = `${letters}${startDate.slice(2, 4)}${region}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
    const taken = await db.selectFrom('policy').select('id').where('policy_no', '=', no).executeTakeFirst();
    if (!taken && no !== old) return no;
  }
}

/**
 * A company's group policies renewed for their next policy year (docs/group-renewal.md): the renewal
 * is prepared `beforeDays` before the policy's end (the roster as it stands, the next year's rates, the
 * headcount and the premium, all read live until it is paid); the company accepts the quote and pays
 * it through the payment model (subject kind 'renewal'); paying issues the next year's policy with its
 * own number from the day after the old end, carrying the people insured when it is paid; a renewal
 * not paid lapses on the policy's end date. `settleDue` prepares and lapses what is due, idempotent:
 * the insurer's routine runs it, and every read of renewals first.
 */
export class GroupRenewals {
  readonly payments: SubjectPayments<RenewalDue, GroupRenewalPay>;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly products: Products,
    private readonly options: GroupRenewalOptions,
  ) {
    this.payments = new SubjectPayments(db, clock, this.subject(), { log: options.log });
  }

  private today() {
    return insurerToday(this.clock.now());
  }

  /**
   * Prepares the renewals due (policies ending within `beforeDays`, not yet ended) and lapses those not
   * paid by their policy's end date, of one company or all; what another gateway did first is left.
   */
  async settleDue(customerId?: number): Promise<{ prepared: string[]; lapsed: string[] }> {
    const today = this.today();
    const prepared: string[] = [];
    const lapsed: string[] = [];
    let candidates = this.db
      .selectFrom('policy')
      .leftJoin('group_renewal', 'group_renewal.policy_id', 'policy.id')
      .select([
        'policy.id',
        'policy.policy_no',
        'policy.customer_id',
        'policy.kind',
        'policy.roster',
        'policy.state',
        'policy.payment_state',
        'policy.renewed_by',
        'policy.end_date',
      ])
      .where('group_renewal.id', 'is', null)
      .where('policy.roster', 'is not', null)
      .where('policy.end_date', '>', today)
      .where('policy.end_date', '<=', addDays(today, this.options.beforeDays));
    if (customerId !== undefined) candidates = candidates.where('policy.customer_id', '=', customerId);
    for (const p of await candidates.execute()) {
      if (!renewable(p)) continue;
      const year = nextPolicyYear(p.end_date);
      const now = this.clock.now();
      const done = await this.db
        .insertInto('group_renewal')
        .values({
          renewal_no: `RG${today.replaceAll('-', '')}${String(p.id).padStart(6, '0')}`,
          customer_id: p.customer_id,
          policy_id: p.id,
          state: 'prepared',
          prepared_on: today,
          start_date: year.startDate,
          end_date: year.endDate,
          accepted_at: null,
          accepted_by: null,
          accepted_fen: null,
          paid_at: null,
          new_policy_no: null,
          lapsed_on: null,
          created_at: now.toISOString(),
        })
        .onConflict((oc) => oc.column('policy_id').doNothing())
        .executeTakeFirst();
      if (Number(done.numInsertedOrUpdatedRows ?? 0) === 1) prepared.push(p.policy_no);
    }

    let due = this.db
      .selectFrom('group_renewal')
      .innerJoin('policy', 'policy.id', 'group_renewal.policy_id')
      .select(['group_renewal.id', 'group_renewal.customer_id', 'policy.policy_no', 'policy.end_date'])
      .where('group_renewal.state', 'in', ['prepared', 'accepted'])
      .where('policy.end_date', '<=', today);
    if (customerId !== undefined) due = due.where('group_renewal.customer_id', '=', customerId);
    for (const row of await due.execute()) {
      const at = this.clock.now().toISOString();
      const moved = await this.db.transaction().execute(async (trx) => {
        await lockPolicy(trx, row.customer_id, row.policy_no);
        const done = await trx
          .updateTable('group_renewal')
          .set({ state: 'lapsed', lapsed_on: row.end_date })
          .where('id', '=', row.id)
          .where('state', 'in', ['prepared', 'accepted'])
          .executeTakeFirst();
        if (Number(done.numUpdatedRows) !== 1) return false;
        await this.payments.closeOpen(trx, row.id);
        await this.options.log?.(
          trx,
          {
            kind: 'renewalLapsed',
            customerId: row.customer_id,
            subjectKind: 'policy',
            subject: row.policy_no,
            amountFen: 0,
          },
          at,
        );
        return true;
      });
      if (moved) lapsed.push(row.policy_no);
    }
    return { prepared, lapsed };
  }

  private brief(due: RenewalDue, quote: Quote, productName: string): GroupRenewalBrief {
    const { r, policy } = due;
    const paid = r.state === 'paid';
    return {
      renewalNo: r.renewal_no,
      policyNo: policy.policy_no,
      kind: policy.kind,
      productName,
      state: r.state,
      policyEndDate: policy.end_date,
      startDate: r.start_date,
      endDate: r.end_date,
      daysLeft: daysBetween(this.today(), policy.end_date),
      headcount: quote.headcount,
      premiumFen: paid && r.accepted_fen !== null ? Number(r.accepted_fen) : quote.premiumFen,
      newPolicyNo: r.new_policy_no,
    };
  }

  /** The quote of a renewal: the roster as it stands, or the next year's policy's once paid. */
  private async quote(db: Kysely<DB>, { r, policy }: RenewalDue): Promise<Quote> {
    if (r.state === 'paid' && r.new_policy_no) {
      const renewed = await db
        .selectFrom('policy')
        .selectAll()
        .where('policy_no', '=', r.new_policy_no)
        .executeTakeFirstOrThrow();
      return quoteOf(db, renewed);
    }
    return quoteOf(db, policy);
  }

  /** The company's renewals the home page mentions: prepared, accepted, and paid or lapsed within the last 60 days. */
  async list(customerId: number, voice: Voice): Promise<GroupRenewalBrief[]> {
    await this.settleDue(customerId);
    const rows = await this.db
      .selectFrom('group_renewal')
      .innerJoin('policy', 'policy.id', 'group_renewal.policy_id')
      .selectAll('group_renewal')
      .select('policy.policy_no')
      .where('group_renewal.customer_id', '=', customerId)
      .where('policy.end_date', '>=', addDays(this.today(), -60))
      .orderBy('policy.end_date')
      .orderBy('group_renewal.id')
      .execute();
    const named = await this.products.voice(voice);
    const out: GroupRenewalBrief[] = [];
    for (const row of rows) {
      const due = await readDue(this.db, customerId, row.policy_no, this.options.beforeDays);
      out.push(
        this.brief(
          due,
          await this.quote(this.db, due),
          named.product(due.policy.product_code, due.policy.product_name),
        ),
      );
    }
    return out;
  }

  /** The renewal page of a policy: its quote with the roster and rates, and where it stands. */
  async view(customerId: number, policyNo: string, voice: Voice): Promise<GroupRenewal> {
    await this.settleDue(customerId);
    return this.viewIn(this.db, customerId, policyNo.trim().toUpperCase(), await this.products.voice(voice));
  }

  /** The renewal page read through `db` (inside a transaction, its handle; products named beforehand). */
  private async viewIn(db: Kysely<DB>, customerId: number, no: string, named: ProductNames): Promise<GroupRenewal> {
    const due = await readDue(db, customerId, no, this.options.beforeDays);
    const [quote, terms, acceptedBy, attempt] = await Promise.all([
      this.quote(db, due),
      productTerms(db, due.policy.product_code),
      due.r.accepted_by === null
        ? Promise.resolve(undefined)
        : db
            .selectFrom('app_user')
            .select(['real_name', 'nick_name', 'username'])
            .where('id', '=', due.r.accepted_by)
            .executeTakeFirst(),
      this.payments.latest(db, due.r.id),
    ]);
    return {
      ...this.brief(due, quote, named.product(due.policy.product_code, due.policy.product_name)),
      productCode: due.policy.product_code,
      holderName: due.policy.holder_name,
      roster: due.policy.roster ?? 'employee',
      preparedOn: due.r.prepared_on,
      previousPremiumFen: Number(due.policy.premium_fen),
      rates: quote.rates,
      people: quote.people.map(({ id: _id, ...p }) => p),
      acceptedAt: due.r.accepted_at,
      acceptedBy: acceptedBy ? (acceptedBy.real_name ?? acceptedBy.nick_name ?? acceptedBy.username) : null,
      acceptedFen: due.r.accepted_fen === null ? null : Number(due.r.accepted_fen),
      paidAt: due.r.paid_at,
      lapsedOn: due.r.lapsed_on,
      autoRenew: due.policy.auto_renew,
      autoRenewChangeable: terms.changeable,
      payment: attempt ? await this.payments.statusIn(db, customerId, no) : null,
    };
  }

  /**
   * Accepts the quote the company saw (its premium): under the policy's row lock, so a second click
   * finds the first acceptance. A premium changed since (the roster was corrected) is refused, saying so.
   */
  async accept(
    actor: { id: number; customer_id: number },
    policyNo: string,
    premiumFen: number,
    voice: Voice,
  ): Promise<GroupRenewal> {
    const no = policyNo.trim().toUpperCase();
    await this.settleDue(actor.customer_id);
    const named = await this.products.voice(voice);
    return this.db.transaction().execute(async (trx) => {
      await lockPolicy(trx, actor.customer_id, no);
      const due = await readDue(trx, actor.customer_id, no, this.options.beforeDays);
      const { r } = due;
      const params = { policyNo: no };
      if (r.state === 'lapsed') throw refuse('groupRenewal.lapsed', { ...params, date: r.lapsed_on ?? '' });
      if (r.state === 'paid') throw refuse('groupRenewal.paid', { ...params, newPolicyNo: r.new_policy_no ?? '' });
      const quote = await this.quote(trx, due);
      if (quote.headcount === 0) throw refuse('groupRenewal.nobody', params);
      if (quote.premiumFen !== premiumFen) throw refuse('groupRenewal.premiumChanged', params);
      if (r.state === 'prepared' || Number(r.accepted_fen) !== premiumFen)
        await trx
          .updateTable('group_renewal')
          .set({
            state: 'accepted',
            accepted_at: this.clock.now().toISOString(),
            accepted_by: actor.id,
            accepted_fen: premiumFen,
          })
          .where('id', '=', r.id)
          .execute();
      return this.viewIn(trx, actor.customer_id, no, named);
    });
  }

  /** The pay link: the renewal's open attempt, or a new one at the premium of the roster as it stands. */
  link(customerId: number, policyNo: string): Promise<GroupRenewalPay> {
    return this.payments.link(customerId, policyNo.trim().toUpperCase());
  }

  /** The pay status the portal polls. */
  async status(customerId: number, policyNo: string): Promise<GroupRenewalPay> {
    await this.settleDue(customerId);
    return this.payments.status(customerId, policyNo.trim().toUpperCase());
  }

  /** Changes a group policy's automatic renewal, where its product lets the company. */
  async setAutoRenew(customerId: number, policyNo: string, autoRenew: number): Promise<AutoRenewSetting> {
    const no = policyNo.trim().toUpperCase();
    const policy = await this.db
      .selectFrom('policy')
      .select(['id', 'policy_no', 'product_code', 'kind', 'roster', 'state'])
      .where('policy_no', '=', no)
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
    if (!policy) throw refuse('policy.noSuchPolicy');
    if (!(await productTerms(this.db, policy.product_code)).changeable || policy.roster === null)
      throw refuse('groupRenewal.autoRenewFixed', { policyNo: no });
    if (policy.state !== PolicyState.inForce) throw refuse('groupRenewal.autoRenewEnded', { policyNo: no });
    const value = autoRenew === Flag.yes ? Flag.yes : Flag.no;
    await this.db.updateTable('policy').set({ auto_renew: value }).where('id', '=', policy.id).execute();
    return { policyNo: no, autoRenew: value };
  }

  /** Issues the next year's policy of a paid renewal (inside the payment's transaction, policy locked). */
  private async issue(trx: Kysely<DB>, { r, policy }: RenewalDue, amountFen: number, at: string): Promise<string> {
    const quote = await quoteOf(trx, policy);
    const policyNo = await nextPolicyNo(trx, policy.policy_no, r.start_date);
    const risks = await trx
      .selectFrom('policy_risk')
      .selectAll()
      .where('policy_id', '=', policy.id)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    const mainSum = Number(risks[0]?.sum_insured_fen ?? 0);
    const { id } = await trx
      .insertInto('policy')
      .values({
        policy_no: policyNo,
        customer_id: policy.customer_id,
        kind: policy.kind,
        product_code: policy.product_code,
        product_name: policy.product_name,
        state: PolicyState.inForce,
        holder_name: policy.holder_name,
        insured_name: policy.insured_name,
        issue_date: insurerToday(new Date(at)),
        start_date: r.start_date,
        end_date: r.end_date,
        premium_fen: amountFen,
        sum_insured_fen: mainSum * quote.headcount,
        payment_state: PaymentState.paid,
        auto_renew: policy.auto_renew,
        roster: policy.roster,
        min_members: policy.min_members,
        min_age: policy.min_age,
        max_age: policy.max_age,
        details: policy.details,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (risks.length > 0) {
      const oldTotal = risks.reduce((s, k) => s + Number(k.premium_fen), 0);
      const parts = risks.map((k) =>
        oldTotal > 0
          ? Math.round((amountFen * Number(k.premium_fen)) / oldTotal)
          : Math.round(amountFen / risks.length),
      );
      parts[parts.length - 1] += amountFen - parts.reduce((a, b) => a + b, 0);
      await trx
        .insertInto('policy_risk')
        .values(
          risks.map((k, i) => ({
            policy_id: id,
            code: k.code,
            name: k.name,
            sum_insured_fen: k.sum_insured_fen,
            premium_fen: parts[i],
            deductible: k.deductible,
            sort: k.sort,
          })),
        )
        .execute();
    }
    // The next year's rates: the same categories, or the one per-head rate it was priced at.
    const rates = new Map<number, number>();
    for (const line of quote.rates) rates.set(line.riskCategory ?? 1, line.annualPremiumFen);
    if (policy.roster === 'employeeNew') {
      const old = await trx
        .selectFrom('policy_rate')
        .select(['risk_category', 'annual_premium_fen'])
        .where('policy_id', '=', policy.id)
        .execute();
      for (const o of old) if (!rates.has(o.risk_category)) rates.set(o.risk_category, Number(o.annual_premium_fen));
    }
    if (rates.size > 0)
      await trx
        .insertInto('policy_rate')
        .values([...rates].map(([risk_category, fen]) => ({ policy_id: id, risk_category, annual_premium_fen: fen })))
        .execute();
    if (quote.people.length > 0) {
      const people = await trx
        .selectFrom('insured_person')
        .selectAll()
        .where(
          'id',
          'in',
          quote.people.map((p) => p.id),
        )
        .orderBy('id')
        .execute();
      for (let i = 0; i < people.length; i += 200)
        await trx
          .insertInto('insured_person')
          .values(
            people.slice(i, i + 200).map(({ id: _id, ...p }) => ({
              ...p,
              policy_id: id,
              effective_date: r.start_date,
              end_date: null,
              state: InsuredState.insured,
              created_at: at,
              updated_at: at,
            })),
          )
          .execute();
    }
    await trx
      .insertInto('premium_payment')
      .values({
        payment_no: `PY${at.slice(0, 10).replaceAll('-', '')}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`,
        customer_id: policy.customer_id,
        policy_id: id,
        correction_id: null,
        description: `Renewal premium of policy ${policy.policy_no} (${policy.product_name})`,
        text_key: 'payment.renewalOf',
        text_params: JSON.stringify({ policyNo: policy.policy_no, product: policy.product_name }),
        amount_fen: amountFen,
        state: PaymentState.paid,
        pay_type: 'online',
        paid_at: at,
        invoice_id: null,
        created_at: at,
      })
      .execute();
    await trx.updateTable('policy').set({ renewed_by: policyNo }).where('id', '=', policy.id).execute();
    return policyNo;
  }

  /** A renewal as the subject of the payment model: paying it issues the next year's policy. */
  private subject(): PaymentSubject<RenewalDue, GroupRenewalPay> {
    const options = this.options;
    const read = (db: Kysely<DB>, customerId: number, no: string) => readDue(db, customerId, no, options.beforeDays);
    const today = () => this.today();
    return {
      kind: 'renewal',
      prefix: 'PR',
      lock: async (trx, customerId, no) => {
        await lockPolicy(trx, customerId, no);
        return read(trx, customerId, no);
      },
      read,
      numberOf: async (db, id) =>
        (
          await db
            .selectFrom('group_renewal')
            .innerJoin('policy', 'policy.id', 'group_renewal.policy_id')
            .select('policy.policy_no')
            .where('group_renewal.id', '=', id)
            .executeTakeFirstOrThrow()
        ).policy_no,
      shownNo: ({ policy }) => policy.policy_no,
      byId: async (db, id) => {
        const r = await db.selectFrom('group_renewal').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        const policy = await db
          .selectFrom('policy')
          .selectAll()
          .where('id', '=', r.policy_id)
          .executeTakeFirstOrThrow();
        return { r: r as RenewalRow, policy, dueFen: (await quoteOf(db, policy)).premiumFen };
      },
      id: ({ r }) => r.id,
      /** Refuses a renewal not accepted, paid, lapsed or of nobody; else the premium of the roster as it stands. */
      payable: async (db, due) => {
        const { r, policy } = due;
        const params = { policyNo: policy.policy_no };
        if (r.state === 'paid') throw refuse('groupRenewal.paid', { ...params, newPolicyNo: r.new_policy_no ?? '' });
        if (r.state === 'lapsed' || policy.end_date <= today())
          throw refuse('groupRenewal.lapsed', { ...params, date: r.lapsed_on ?? policy.end_date });
        if (r.state !== 'accepted') throw refuse('groupRenewal.acceptFirst', params);
        const quote = await quoteOf(db, policy);
        if (quote.headcount === 0) throw refuse('groupRenewal.nobody', params);
        return quote.premiumFen;
      },
      deadline: ({ policy }) => payDeadline(policy.end_date),
      describe: ({ policy, r }) => ({
        key: 'groupRenewal.paymentDescription',
        params: { policyNo: policy.policy_no, startDate: r.start_date, endDate: r.end_date },
      }),
      isPaid: ({ r }) => r.state === 'paid',
      isAwaiting: ({ r }) => r.state === 'accepted',
      /** Paid at the premium of the roster as it stands: a link asked before the roster changed is closed. */
      stale: ({ r, dueFen }, attempt) => r.state === 'accepted' && Number(attempt.amount_fen) !== dueFen,
      closed: ({ policy }) => refuse('groupRenewal.payClosed', { policyNo: policy.policy_no }),
      settle: async (trx, due, attempt, at) => {
        const done = await trx
          .updateTable('group_renewal')
          .set({ state: 'paid', paid_at: at, accepted_fen: Number(attempt.amount_fen) })
          .where('id', '=', due.r.id)
          .where('state', '=', 'accepted')
          .executeTakeFirst();
        if (Number(done.numUpdatedRows) !== 1) return;
        const newNo = await this.issue(trx, due, Number(attempt.amount_fen), at);
        await trx.updateTable('group_renewal').set({ new_policy_no: newNo }).where('id', '=', due.r.id).execute();
        await options.log?.(
          trx,
          {
            kind: 'renewalIssued',
            customerId: due.policy.customer_id,
            subjectKind: 'policy',
            subject: newNo,
            amountFen: Number(attempt.amount_fen),
          },
          at,
        );
      },
      view: async (_db, { r, policy }, attempt, progress) => ({
        policyNo: policy.policy_no,
        state: r.state,
        payStatus: progress.payStatus,
        paymentNo: progress.paymentNo,
        amountFen: attempt ? Number(attempt.amount_fen) : Number(r.accepted_fen ?? 0),
        payUrl: progress.payUrl,
        linkExpiresAt: progress.linkExpiresAt,
        paidAt: r.paid_at,
        newPolicyNo: r.new_policy_no,
        startDate: r.start_date,
      }),
      cashierSummary: ({ r, policy }, attempt) =>
        policyCashierSummary(policy, attempt.payment_no, { start: r.start_date, end: r.end_date }),
    };
  }
}
