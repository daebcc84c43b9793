import { motorWords } from './motor';
import { sql, type Kysely } from 'kysely';
import { addDays, insurerToday } from '@common/correction';
import type { Page } from '@contract/envelope';
import type {
  InsuranceInformation,
  LegalPolicyPage,
  MotorPolicyDetail,
  PolicyDetail,
  PolicyKind,
  PolicyRate,
  PolicyRisk,
  PolicyRow,
} from '@contract/io/policy';
import type { LegalPolicyListQuery } from '@contract/io/policy.requests';
import { InsuredState, PolicyState } from '@contract/states';
import type { DB } from '@server/db/schema';
import type { Clock } from '../clock';
import { refuse } from '../errors';
import { pageOf } from '../paging';
import {
  findPolicy,
  POLICY_ROW_COLUMNS,
  likeExpression,
  likePattern,
  policyDetail,
  policyRates,
  policyRisks,
  toPolicyRow,
} from './policyData';
import { deepFreeze, type MemoryCache, type MemoryCacheOptions } from '../memoryCache';
import type { Products } from '../products';
import { shapedQuery } from '../shapedQuery';
import type { Voice } from '../texts';

const POLICY_SORT = {
  policyNo: 'policy_no',
  productName: 'product_name',
  startDate: 'start_date',
  endDate: 'end_date',
  premium: 'premium_fen',
  issueDate: 'issue_date',
} as const;

/** How long a corporate customer's policy list is answered from memory (real time, not the gateway's clock). */
export const POLICY_LIST_CACHE_MS = 1_000;

/**
 * The corporate policy lists kept in memory: the home page and My policy ask for the same first page,
 * and every HR user of a customer asks for the same list. A list is made of the customer's policy
 * rows, and their insured counts follow the roster (the database's triggers on insured_person,
 * migration 0560), so any write to either table through the gateway's handle (a new policy, a premium
 * paid, a correction applied) empties them; another gateway shows it within POLICY_LIST_CACHE_MS.
 */
export const POLICY_LIST_CACHE: MemoryCacheOptions = {
  ms: POLICY_LIST_CACHE_MS,
  entries: 1_000,
  tables: ['policy', 'insured_person'],
  newRowsChange: true,
};

/** Policies in force that end within this many days are "expiring soon". */
const EXPIRING_DAYS = 30;

/**
 * The filters of the corporate list (values of a shapedQuery: each there only when asked for, the
 * text filters as their LIKE patterns).
 */
type ListFilters = {
  customerId: number;
  policyNo?: string;
  productName?: string;
  kinds?: readonly PolicyKind[];
  periodFrom?: string;
  periodTo?: string;
  expiringFrom?: string;
  expiringTo?: string;
};

type ListSort = { field: (typeof POLICY_SORT)[keyof typeof POLICY_SORT]; direction: 'asc' | 'desc' };

/** The customer's policies the filters keep: never another customer's. */
function listFilters(db: Kysely<DB>, v: ListFilters) {
  let base = db.selectFrom('policy').where('customer_id', '=', v.customerId);
  if (v.policyNo !== undefined) base = base.where(likeExpression('policy_no', v.policyNo));
  if (v.productName !== undefined) base = base.where(likeExpression('product_name', v.productName));
  if (v.kinds !== undefined) base = base.where('kind', 'in', v.kinds);
  if (v.periodFrom !== undefined) base = base.where('end_date', '>=', v.periodFrom);
  if (v.periodTo !== undefined) base = base.where('start_date', '<=', v.periodTo);
  if (v.expiringFrom !== undefined && v.expiringTo !== undefined)
    base = base
      .where('state', '=', PolicyState.inForce)
      .where('end_date', '>=', v.expiringFrom)
      .where('end_date', '<=', v.expiringTo);
  return base;
}

/**
 * Policies of the session's customer: the corporate list and details (legalPolicy/...) and the
 * individual's (policy/...), products and coverages named in the reader's language.
 */
export class Policies {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly products: Products,
    /** The corporate lists kept in memory: its `watch` is on the handle every service writes through (app.ts). */
    private readonly legalLists: MemoryCache<LegalPolicyPage>,
  ) {}

  private today() {
    return insurerToday(this.clock.now());
  }

  /** A page of the corporate list, the same frozen answer to every caller within POLICY_LIST_CACHE_MS. */
  async legalList(customerId: number, query: LegalPolicyListQuery, voice: Voice): Promise<LegalPolicyPage> {
    if (query.periodFrom && query.periodTo && query.periodFrom > query.periodTo) throw refuse('policy.periodReversed');
    const today = this.today();
    const key = `${customerId} ${voice.locale} ${today} ${JSON.stringify(query)}`;
    const kept = this.legalLists.get(key);
    if (kept) return kept;
    const mark = this.legalLists.mark();
    const answer = deepFreeze(await this.readLegalList(customerId, query, voice, today));
    this.legalLists.put(key, answer, mark);
    return answer;
  }

  private async readLegalList(
    customerId: number,
    query: LegalPolicyListQuery,
    voice: Voice,
    today: string,
  ): Promise<LegalPolicyPage> {
    const page = pageOf(query);
    const filters: ListFilters = {
      customerId,
      policyNo: query.policyNo ? likePattern(query.policyNo.toUpperCase(), 'prefix') : undefined,
      productName: query.productName ? likePattern(query.productName, 'contains') : undefined,
      kinds: query.kind?.length ? query.kind : undefined,
      periodFrom: query.periodFrom || undefined,
      periodTo: query.periodTo || undefined,
      expiringFrom: query.expiringWithinDays !== undefined ? today : undefined,
      expiringTo: query.expiringWithinDays !== undefined ? addDays(today, query.expiringWithinDays) : undefined,
    };
    const sort = {
      field: POLICY_SORT[query.sortField ?? 'startDate'],
      direction: query.sortOrder === 'ascend' ? 'asc' : 'desc',
    } as const;
    // Two queries: the page's rows with their insured counts, and the count of each state with the
    // expiring ones among them (the total is their sum, or the count of the state asked for).
    const [{ rows }, { rows: byState }, named] = await Promise.all([
      this.db.executeQuery(
        this.legalRows({ ...filters, state: query.state, limit: page.pageSize, offset: page.offset }, sort),
      ),
      this.db.executeQuery(
        this.legalCounts({ ...filters, soonFrom: today, soonTo: addDays(today, EXPIRING_DAYS) }, null),
      ),
      this.products.voice(voice),
    ]);
    const total =
      query.state === undefined
        ? byState.reduce((sum, s) => sum + Number(s.n), 0)
        : Number(byState.find((s) => Number(s.state) === query.state)?.n ?? 0);
    return {
      list: rows.map((r) => toPolicyRow(r, r.insured_count, today, named)),
      total,
      pageNum: page.pageNum,
      pageSize: page.pageSize,
      stateCounts: Object.fromEntries(byState.map((s) => [String(s.state), Number(s.n)])),
      expiringSoon: byState.reduce((sum, s) => sum + Number(s.soon ?? 0), 0),
    };
  }

  /** The corporate list's page of rows, compiled once per shape (filters there, sort). */
  private readonly legalRows = shapedQuery(
    (v: ListFilters & { state?: number; limit: number; offset: number }, sort: ListSort) => {
      const filtered = listFilters(this.db, v);
      return (v.state === undefined ? filtered : filtered.where('state', '=', v.state))
        .select(POLICY_ROW_COLUMNS)
        .orderBy(sort.field, sort.direction)
        .orderBy('id', sort.direction)
        .limit(v.limit)
        .offset(v.offset);
    },
  );

  /** The corporate list's count of each state and of the policies expiring soon, compiled once per shape. */
  private readonly legalCounts = shapedQuery((v: ListFilters & { soonFrom: string; soonTo: string }, _none: null) =>
    listFilters(this.db, v)
      .select((eb) => [
        'state',
        eb.fn.countAll<number>().as('n'),
        eb.fn
          .sum<number>(
            eb
              .case()
              .when(
                eb.and([
                  eb('state', '=', PolicyState.inForce),
                  eb('end_date', '>=', v.soonFrom),
                  eb('end_date', '<=', v.soonTo),
                ]),
              )
              .then(1)
              .else(0)
              .end(),
          )
          .as('soon'),
      ])
      .groupBy('state'),
  );

  async personalList(
    customerId: number,
    query: { pageNum?: number; pageSize?: number; kind?: PolicyRow['kind'][]; state?: number; policyNo?: string },
    voice: Voice,
  ): Promise<Page<PolicyRow>> {
    const page = pageOf(query);
    let filtered = this.db.selectFrom('policy').where('customer_id', '=', customerId);
    if (query.policyNo) filtered = filtered.where('policy_no', '=', query.policyNo);
    if (query.kind?.length) filtered = filtered.where('kind', 'in', query.kind);
    if (query.state !== undefined) filtered = filtered.where('state', '=', query.state);
    const [rows, total, named] = await Promise.all([
      filtered
        .select(POLICY_ROW_COLUMNS)
        .orderBy('start_date', 'desc')
        .orderBy('id', 'desc')
        .limit(page.pageSize)
        .offset(page.offset)
        .execute(),
      filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      this.products.voice(voice),
    ]);
    const today = this.today();
    return {
      list: rows.map((r) => toPolicyRow(r, r.insured_count, today, named)),
      total: Number(total.n),
      pageNum: page.pageNum,
      pageSize: page.pageSize,
    };
  }

  async detail(customerId: number, policyNo: string, voice: Voice): Promise<PolicyDetail> {
    const [policy, named] = await Promise.all([findPolicy(this.db, customerId, policyNo), this.products.voice(voice)]);
    return policyDetail(this.db, policy, this.today(), named);
  }

  async risks(
    customerId: number,
    policyNo: string,
    voice: Voice,
  ): Promise<{ policyNo: string; risks: PolicyRisk[]; rates: PolicyRate[] }> {
    const [policy, named] = await Promise.all([findPolicy(this.db, customerId, policyNo), this.products.voice(voice)]);
    const [risks, rates] = await Promise.all([policyRisks(this.db, policy, named), policyRates(this.db, policy.id)]);
    return { policyNo: policy.policy_no, risks, rates };
  }

  async insuranceInformation(customerId: number, policyNo: string): Promise<InsuranceInformation> {
    const { db } = this;
    const policy = await findPolicy(db, customerId, policyNo);
    const people = db
      .selectFrom('insured_person')
      .where('policy_id', '=', policy.id)
      .where('customer_id', '=', customerId);
    const active = people.where('state', '=', InsuredState.insured);
    const [byState, bySex, byCategory, byDepartment, byYear, rates] = await Promise.all([
      people
        .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('state')
        .execute(),
      active
        .select(['sex', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('sex')
        .execute(),
      active
        .select(['risk_category', (eb) => eb.fn.countAll<number>().as('n')])
        .where('risk_category', 'is not', null)
        .groupBy('risk_category')
        .orderBy('risk_category')
        .execute(),
      active
        .select(['department', (eb) => eb.fn.countAll<number>().as('n')])
        .where('department', 'is not', null)
        .groupBy('department')
        .orderBy(sql`count(*)`, 'desc')
        .orderBy('department')
        .execute(),
      active
        .select([sql<string>`substr(birthdate, 1, 4)`.as('year'), (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy(sql`substr(birthdate, 1, 4)`)
        .execute(),
      policyRates(db, policy.id),
    ]);
    const count = (s: number) => Number(byState.find((r) => r.state === s)?.n ?? 0);
    const insured = count(InsuredState.insured);
    const thisYear = Number(this.today().slice(0, 4));
    const ageSum = byYear.reduce((sum, r) => sum + (thisYear - Number(r.year)) * Number(r.n), 0);
    const rateOf = new Map(rates.map((r) => [r.riskCategory, r.annualPremiumFen]));
    return {
      policyNo: policy.policy_no,
      roster: policy.roster,
      insuredCount: insured,
      removedCount: count(InsuredState.removed),
      minMembers: policy.min_members,
      minAge: policy.min_age,
      maxAge: policy.max_age,
      averageAge: insured ? Math.round((ageSum / insured) * 10) / 10 : null,
      maleCount: Number(bySex.find((r) => r.sex === 'male')?.n ?? 0),
      femaleCount: Number(bySex.find((r) => r.sex === 'female')?.n ?? 0),
      byRiskCategory: byCategory.map((r) => ({
        riskCategory: Number(r.risk_category),
        count: Number(r.n),
        annualPremiumFen: rateOf.get(Number(r.risk_category)) ?? null,
      })),
      byDepartment: byDepartment.map((r) => ({ department: r.department ?? '', count: Number(r.n) })),
    };
  }

  async motor(customerId: number, policyNo: string, voice: Voice): Promise<MotorPolicyDetail> {
    const policy = await findPolicy(this.db, customerId, policyNo).catch(() => null);
    if (!policy || policy.kind !== 'motor') throw refuse('policy.noSuchMotorPolicy');
    const detail = await policyDetail(this.db, policy, this.today(), await this.products.voice(voice));
    const d = detail.details;
    const str = (k: string) => (typeof d[k] === 'string' ? (d[k] as string) : '');
    const words = motorWords(d, voice.locale);
    return {
      ...detail,
      vehicle: {
        plateNo: str('plateNo'),
        vin: str('vin'),
        engineNo: str('engineNo'),
        brandModel: str('brandModel'),
        vehicleType: words.vehicleType,
        seats: Number(d.seats ?? 0),
        usage: words.usage,
        registerDate: str('registerDate'),
        purchasePriceFen: Number(d.purchasePriceFen ?? 0),
        driverScope: words.driverScope,
        compulsoryPolicyNo: typeof d.compulsoryPolicyNo === 'string' ? d.compulsoryPolicyNo : null,
      },
      ncd: { coefficient: Number(d.ncdCoefficient ?? 1), claimFreeYears: Number(d.claimFreeYears ?? 0) },
    };
  }

  async nonMotor(customerId: number, policyNo: string, voice: Voice): Promise<PolicyDetail> {
    const policy = await findPolicy(this.db, customerId, policyNo);
    if (policy.kind === 'motor') throw refuse('policy.isMotor');
    return policyDetail(this.db, policy, this.today(), await this.products.voice(voice));
  }
}
