import type { FastifyInstance } from 'fastify';
import type { ClaimDetail, ClaimRow, PolicyKind } from '../../contract/io/policy';
import { defineCall } from '../http/call';
import type { Services } from '../http/context';
import { refuseText } from '../services/errors';
import { isoDate, paging, text } from '../http/input';
import { findPolicy, likeText, maskIdNumber } from '../services/policyData';
import { oneOf, stateFilter } from './policy';

const CLAIM_SORT = {
  reportDate: 'c.report_date',
  accidentDate: 'c.accident_date',
  claimedFen: 'c.claimed_fen',
  claimNo: 'c.claim_no',
} as const;
const CLAIM_COLUMNS = [
  'c.claim_no',
  'p.policy_no',
  'p.product_name',
  'p.kind',
  'c.claimant_name',
  'c.accident_date',
  'c.report_date',
  'c.state',
  'c.cause',
  'c.claimed_fen',
  'c.approved_fen',
  'c.paid_fen',
] as const;

function toClaimRow(r: {
  claim_no: string;
  policy_no: string;
  product_name: string;
  kind: string;
  claimant_name: string;
  accident_date: string;
  report_date: string;
  state: number;
  cause: string;
  claimed_fen: number;
  approved_fen: number;
  paid_fen: number;
}): ClaimRow {
  return {
    claimNo: r.claim_no,
    policyNo: r.policy_no,
    productName: r.product_name,
    kind: r.kind as PolicyKind,
    claimantName: r.claimant_name,
    accidentDate: r.accident_date,
    reportDate: r.report_date,
    state: r.state,
    cause: r.cause,
    claimedFen: Number(r.claimed_fen),
    approvedFen: Number(r.approved_fen),
    paidFen: Number(r.paid_fen),
  };
}

/** Claims of the customer's policies: the query list and a claim's progress. */
export async function claimRoutes(app: FastifyInstance, services: Services) {
  const { db } = services;

  defineCall(app, services, 'blocLegal/claim/queryClaimList', async ({ input, user }) => {
    const page = paging(input);
    const claimNo = text(input, 'claimNo', 'Claim number', { max: 40 }).toUpperCase();
    const policyNo = text(input, 'policyNo', 'Policy number', { max: 40 });
    const claimantName = text(input, 'claimantName', 'Claimant', { max: 60 });
    const state = stateFilter(input, 'Claim state', 6);
    const reportFrom = isoDate(input, 'reportFrom', 'Reported from');
    const reportTo = isoDate(input, 'reportTo', 'Reported to');
    if (reportFrom && reportTo && reportFrom > reportTo)
      throw refuseText('The from date must not be after the to date.');
    const sortField = oneOf(
      input,
      'sortField',
      'Sort field',
      Object.keys(CLAIM_SORT) as Array<keyof typeof CLAIM_SORT>,
      'reportDate',
    );
    const order =
      oneOf(input, 'sortOrder', 'Sort order', ['ascend', 'descend'] as const, 'descend') === 'ascend' ? 'asc' : 'desc';

    let base = db
      .selectFrom('claim as c')
      .innerJoin('policy as p', 'p.id', 'c.policy_id')
      .where('c.customer_id', '=', user.customer_id);
    if (claimNo) base = base.where(likeText('c.claim_no', claimNo, 'prefix'));
    if (policyNo) base = base.where('c.policy_id', '=', (await findPolicy(db, user.customer_id, policyNo)).id);
    if (claimantName) base = base.where(likeText('c.claimant_name', claimantName, 'contains'));
    if (reportFrom) base = base.where('c.report_date', '>=', reportFrom);
    if (reportTo) base = base.where('c.report_date', '<=', reportTo);
    const filtered = state === null ? base : base.where('c.state', '=', state);
    const [rows, total, byState] = await Promise.all([
      filtered
        .select([...CLAIM_COLUMNS])
        .orderBy(CLAIM_SORT[sortField], order)
        .orderBy('c.id', order)
        .limit(page.pageSize)
        .offset(page.offset)
        .execute(),
      filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      base
        .select(['c.state', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('c.state')
        .execute(),
    ]);
    return {
      list: rows.map(toClaimRow),
      total: Number(total.n),
      pageNum: page.pageNum,
      pageSize: page.pageSize,
      stateCounts: Object.fromEntries(byState.map((s) => [String(s.state), Number(s.n)])),
    };
  });

  defineCall(app, services, 'blocLegal/claim/queryClaimDetail', async ({ input, user }) => {
    const claimNo = text(input, 'claimNo', 'Claim number', { required: true, max: 40 });
    const c = await db
      .selectFrom('claim as c')
      .innerJoin('policy as p', 'p.id', 'c.policy_id')
      .select([
        ...CLAIM_COLUMNS,
        'c.id',
        'c.description',
        'c.insured_person_id',
        'c.updated_at',
        'p.start_date',
        'p.end_date',
        'p.holder_name',
      ])
      .where('c.claim_no', '=', claimNo)
      .where('c.customer_id', '=', user.customer_id)
      .executeTakeFirst();
    if (!c) throw refuseText('There is no such claim in your account.');
    const [events, documents, person] = await Promise.all([
      db
        .selectFrom('claim_event')
        .select(['at', 'state', 'title', 'text'])
        .where('claim_id', '=', c.id)
        .orderBy('at')
        .orderBy('id')
        .execute(),
      db
        .selectFrom('claim_document')
        .select(['name', 'state', 'received_at'])
        .where('claim_id', '=', c.id)
        .orderBy('sort')
        .orderBy('id')
        .execute(),
      c.insured_person_id === null
        ? Promise.resolve(undefined)
        : db
            .selectFrom('insured_person')
            .select(['name', 'id_number', 'department', 'employee_no'])
            .where('id', '=', c.insured_person_id)
            .where('customer_id', '=', user.customer_id)
            .executeTakeFirst(),
    ]);
    const detail: ClaimDetail = {
      ...toClaimRow(c),
      description: c.description,
      policy: {
        policyNo: c.policy_no,
        productName: c.product_name,
        kind: c.kind as PolicyKind,
        startDate: c.start_date,
        endDate: c.end_date,
        holderName: c.holder_name,
      },
      insured: person
        ? {
            name: person.name,
            idNumber: maskIdNumber(person.id_number),
            department: person.department,
            employeeNo: person.employee_no,
          }
        : null,
      timeline: events,
      documents: documents.map((d) => ({ name: d.name, state: d.state, receivedAt: d.received_at })),
      updatedAt: c.updated_at,
    };
    return detail;
  });
}
