import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { InsuranceInformation, MotorPolicyDetail, PolicyKind } from '../../contract/io/policy';
import { POLICY_KINDS } from '../../contract/io/policy';
import { defineCall } from '../http/call';
import type { Services } from '../http/context';
import { refuseText } from '../services/errors';
import { integer, isoDate, paging, text } from '../http/input';
import {
  addDays,
  findPolicy,
  insuredCounts,
  likeText,
  policyDetail,
  policyRates,
  policyRisks,
  POLICY_ROW_COLUMNS,
  todayIso,
  toPolicyRow,
} from '../services/policyData';

/** One of a few allowed words, or the fallback when the field is empty. */
export function oneOf<T extends string>(
  input: Record<string, string>,
  name: string,
  label: string,
  allowed: readonly T[],
  fallback: T,
): T {
  const value = (input[name] ?? '').trim();
  if (!value) return fallback;
  if (!(allowed as readonly string[]).includes(value))
    throw refuseText(`${label} must be one of: ${allowed.join(', ')}.`);
  return value as T;
}

/** A kind or several separated by commas. */
function kinds(input: Record<string, string>): PolicyKind[] {
  const raw = text(input, 'kind', 'Policy kind', { max: 200 });
  if (!raw) return [];
  const list = raw
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  for (const k of list)
    if (!(POLICY_KINDS as readonly string[]).includes(k))
      throw refuseText(`Policy kind must be among: ${POLICY_KINDS.join(', ')}.`);
  return list as PolicyKind[];
}

export function stateFilter(input: Record<string, string>, label: string, max: number): number | null {
  const value = integer(input, 'state', label, { min: 0, max, fallback: 0 });
  return value === 0 ? null : value;
}

const POLICY_SORT = {
  policyNo: 'policy_no',
  productName: 'product_name',
  startDate: 'start_date',
  endDate: 'end_date',
  premium: 'premium_fen',
  issueDate: 'issue_date',
} as const;

const EXPIRING_DAYS = 30;

/** Policies: the corporate list and details (legalPolicy/...) and the individual's (policy/...). */
export async function policyRoutes(app: FastifyInstance, services: Services) {
  const { db } = services;

  defineCall(app, services, 'blocLegal/legalPolicy/getLegalPolicyList', async ({ input, user }) => {
    const page = paging(input);
    const policyNo = text(input, 'policyNo', 'Policy number', { max: 40 }).toUpperCase();
    const productName = text(input, 'productName', 'Product', { max: 60 });
    const kindList = kinds(input);
    const state = stateFilter(input, 'Policy state', 5);
    const periodFrom = isoDate(input, 'periodFrom', 'Period start');
    const periodTo = isoDate(input, 'periodTo', 'Period end');
    if (periodFrom && periodTo && periodFrom > periodTo)
      throw refuseText('The period start must not be after its end.');
    const expiring = integer(input, 'expiringWithinDays', 'Days before the end', { min: 0, max: 3650, fallback: -1 });
    const sortField = oneOf(
      input,
      'sortField',
      'Sort field',
      Object.keys(POLICY_SORT) as Array<keyof typeof POLICY_SORT>,
      'startDate',
    );
    const sortOrder = oneOf(input, 'sortOrder', 'Sort order', ['ascend', 'descend'] as const, 'descend');
    const today = todayIso();

    let base = db.selectFrom('policy').where('customer_id', '=', user.customer_id);
    if (policyNo) base = base.where(likeText('policy_no', policyNo, 'prefix'));
    if (productName) base = base.where(likeText('product_name', productName, 'contains'));
    if (kindList.length) base = base.where('kind', 'in', kindList);
    if (periodFrom) base = base.where('end_date', '>=', periodFrom);
    if (periodTo) base = base.where('start_date', '<=', periodTo);
    if (expiring >= 0)
      base = base
        .where('state', '=', 1)
        .where('end_date', '>=', today)
        .where('end_date', '<=', addDays(today, expiring));

    const filtered = state === null ? base : base.where('state', '=', state);
    const direction = sortOrder === 'ascend' ? 'asc' : 'desc';
    // One grouped count answers the state tabs, the total (the list differs from the tabs' base only
    // by the state) and the policies in force ending within 30 days.
    const [rows, byState] = await Promise.all([
      filtered
        .select(POLICY_ROW_COLUMNS)
        .orderBy(POLICY_SORT[sortField], direction)
        .orderBy('id', direction)
        .limit(page.pageSize)
        .offset(page.offset)
        .execute(),
      base
        .select((eb) => [
          'state',
          eb.fn.countAll<number>().as('n'),
          eb.fn
            .sum<number>(
              eb
                .case()
                .when(eb.and([eb('end_date', '>=', today), eb('end_date', '<=', addDays(today, EXPIRING_DAYS))]))
                .then(1)
                .else(0)
                .end(),
            )
            .as('soon'),
        ])
        .groupBy('state')
        .execute(),
    ]);
    const counts = await insuredCounts(
      db,
      rows.map((r) => r.id),
    );
    const stateCounts = Object.fromEntries(byState.map((s) => [String(s.state), Number(s.n)]));
    const total = state === null ? byState.reduce((sum, s) => sum + Number(s.n), 0) : (stateCounts[String(state)] ?? 0);
    return {
      list: rows.map((r) => toPolicyRow(r, counts.get(r.id) ?? 0, today)),
      total,
      pageNum: page.pageNum,
      pageSize: page.pageSize,
      stateCounts,
      expiringSoon: Number(byState.find((s) => s.state === 1)?.soon ?? 0),
    };
  });

  defineCall(app, services, 'blocLegal/legalPolicy/getLegalPolicyInfo', async ({ input, user }) => {
    const policy = await findPolicy(db, user.customer_id, input.policyNo ?? '');
    return policyDetail(db, policy);
  });

  defineCall(app, services, 'blocLegal/legalPolicy/getRisk', async ({ input, user }) => {
    const policy = await findPolicy(db, user.customer_id, input.policyNo ?? '');
    const [risks, rates] = await Promise.all([policyRisks(db, policy.id), policyRates(db, policy.id)]);
    return { policyNo: policy.policy_no, risks, rates };
  });

  defineCall(app, services, 'blocLegal/legalPolicy/getInsuranceInformation', async ({ input, user }) => {
    const policy = await findPolicy(db, user.customer_id, input.policyNo ?? '');
    const people = db
      .selectFrom('insured_person')
      .where('policy_id', '=', policy.id)
      .where('customer_id', '=', user.customer_id);
    const active = people.where('state', '=', 1);
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
    const insured = count(1);
    const thisYear = Number(todayIso().slice(0, 4));
    const ageSum = byYear.reduce((sum, r) => sum + (thisYear - Number(r.year)) * Number(r.n), 0);
    const rateOf = new Map(rates.map((r) => [r.riskCategory, r.annualPremiumFen]));
    const info: InsuranceInformation = {
      policyNo: policy.policy_no,
      roster: policy.roster,
      insuredCount: insured,
      removedCount: count(2),
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
    return info;
  });

  defineCall(app, services, 'blocLegal/policy/policyList', async ({ input, user }) => {
    const page = paging(input);
    const kindList = kinds(input);
    const state = stateFilter(input, 'Policy state', 5);
    let query = db.selectFrom('policy').where('customer_id', '=', user.customer_id);
    if (kindList.length) query = query.where('kind', 'in', kindList);
    if (state !== null) query = query.where('state', '=', state);
    const [rows, total] = await Promise.all([
      query
        .select(POLICY_ROW_COLUMNS)
        .orderBy('start_date', 'desc')
        .orderBy('id', 'desc')
        .limit(page.pageSize)
        .offset(page.offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const counts = await insuredCounts(
      db,
      rows.map((r) => r.id),
    );
    return {
      list: rows.map((r) => toPolicyRow(r, counts.get(r.id) ?? 0)),
      total: Number(total.n),
      pageNum: page.pageNum,
      pageSize: page.pageSize,
    };
  });

  defineCall(app, services, 'blocLegal/policy/carPolicyQuery', async ({ input, user }) => {
    const policy = await findPolicy(db, user.customer_id, input.policyNo ?? '').catch(() => null);
    if (!policy || policy.kind !== 'motor') throw refuseText('There is no such motor policy in your account.');
    const detail = await policyDetail(db, policy);
    const d = detail.details as Record<string, unknown>;
    const str = (k: string) => (typeof d[k] === 'string' ? (d[k] as string) : '');
    const answer: MotorPolicyDetail = {
      ...detail,
      vehicle: {
        plateNo: str('plateNo'),
        vin: str('vin'),
        engineNo: str('engineNo'),
        brandModel: str('brandModel'),
        vehicleType: str('vehicleType'),
        seats: Number(d.seats ?? 0),
        usage: str('usage'),
        registerDate: str('registerDate'),
        purchasePriceFen: Number(d.purchasePriceFen ?? 0),
        driverScope: str('driverScope'),
        compulsoryPolicyNo: typeof d.compulsoryPolicyNo === 'string' ? d.compulsoryPolicyNo : null,
      },
      ncd: { coefficient: Number(d.ncdCoefficient ?? 1), claimFreeYears: Number(d.claimFreeYears ?? 0) },
    };
    return answer;
  });

  defineCall(app, services, 'blocLegal/policy/noCarPolicyQueryEcenter', async ({ input, user }) => {
    const policy = await findPolicy(db, user.customer_id, input.policyNo ?? '');
    if (policy.kind === 'motor') throw refuseText('This is a motor policy: open it from the motor policy details.');
    return policyDetail(db, policy);
  });
}
