import type { Kysely } from 'kysely';
import type { ClaimDetail, ClaimPage, ClaimRow, PolicyKind } from '../../../contract/io/policy';
import type { ClaimListQuery } from '../../../contract/io/policy.requests';
import type { DB } from '../../db/schema';
import type { MessageKey } from '../../messages/catalogue';
import { refuse } from '../errors';
import { pageOf } from '../paging';
import { findPolicy, likeText, maskIdNumber } from '../policyData';
import type { Products } from '../products';
import { storedText, type ProductVoice, type Voice } from '../texts';

const CLAIM_SORT = {
  reportDate: 'c.report_date',
  accidentDate: 'c.accident_date',
  claimedFen: 'c.claimed_fen',
  claimNo: 'c.claim_no',
} as const;
const CLAIM_COLUMNS = [
  'c.claim_no',
  'p.policy_no',
  'p.product_code',
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

interface ClaimRecord {
  claim_no: string;
  policy_no: string;
  product_code: string;
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
}

function toClaimRow(r: ClaimRecord, voice: ProductVoice): ClaimRow {
  return {
    claimNo: r.claim_no,
    policyNo: r.policy_no,
    productName: voice.product(r.product_code, r.product_name),
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

/** A document a claim needs, named in the reader's language ('claim.doc.<code>'), or as written. */
export const documentName = (voice: Voice, code: string | null, name: string) =>
  code ? voice.t(`claim.doc.${code}` as MessageKey) : name;

/** Claims of the customer's policies: the query list and a claim's progress. */
export class Claims {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly products: Products,
  ) {}

  async list(customerId: number, query: ClaimListQuery, voice: Voice): Promise<ClaimPage> {
    const { db } = this;
    const page = pageOf(query);
    if (query.reportFrom && query.reportTo && query.reportFrom > query.reportTo) throw refuse('claim.fromAfterTo');
    let base = db
      .selectFrom('claim as c')
      .innerJoin('policy as p', 'p.id', 'c.policy_id')
      .where('c.customer_id', '=', customerId);
    if (query.claimNo) base = base.where(likeText('c.claim_no', query.claimNo.toUpperCase(), 'prefix'));
    if (query.policyNo) base = base.where('c.policy_id', '=', (await findPolicy(db, customerId, query.policyNo)).id);
    if (query.claimantName) base = base.where(likeText('c.claimant_name', query.claimantName, 'contains'));
    if (query.reportFrom) base = base.where('c.report_date', '>=', query.reportFrom);
    if (query.reportTo) base = base.where('c.report_date', '<=', query.reportTo);
    const filtered = query.state === undefined ? base : base.where('c.state', '=', query.state);
    const order = query.sortOrder === 'ascend' ? 'asc' : 'desc';
    const [rows, total, byState, named] = await Promise.all([
      filtered
        .select([...CLAIM_COLUMNS])
        .orderBy(CLAIM_SORT[query.sortField ?? 'reportDate'], order)
        .orderBy('c.id', order)
        .limit(page.pageSize)
        .offset(page.offset)
        .execute(),
      filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      base
        .select(['c.state', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('c.state')
        .execute(),
      this.products.voice(voice),
    ]);
    return {
      list: rows.map((r) => toClaimRow(r, named)),
      total: Number(total.n),
      pageNum: page.pageNum,
      pageSize: page.pageSize,
      stateCounts: Object.fromEntries(byState.map((s) => [String(s.state), Number(s.n)])),
    };
  }

  async detail(customerId: number, claimNo: string, voice: Voice): Promise<ClaimDetail> {
    const { db } = this;
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
      .where('c.claim_no', '=', claimNo.toUpperCase())
      .where('c.customer_id', '=', customerId)
      .executeTakeFirst();
    if (!c) throw refuse('claim.noSuchClaim');
    const [events, documents, person, named] = await Promise.all([
      db
        .selectFrom('claim_event')
        .select(['at', 'state', 'title', 'text', 'text_key', 'text_params'])
        .where('claim_id', '=', c.id)
        .orderBy('at')
        .orderBy('id')
        .execute(),
      db
        .selectFrom('claim_document')
        .select(['code', 'name', 'state', 'received_at'])
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
            .where('customer_id', '=', customerId)
            .executeTakeFirst(),
      this.products.voice(voice),
    ]);
    return {
      ...toClaimRow(c, named),
      description: c.description,
      policy: {
        policyNo: c.policy_no,
        productName: named.product(c.product_code, c.product_name),
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
      timeline: events.map((e) => ({
        at: e.at,
        state: e.state,
        title: storedText(named, e.text_key, e.text_params, 'title', e.title),
        text: storedText(named, e.text_key, e.text_params, 'text', e.text),
      })),
      documents: documents.map((d) => ({
        name: documentName(voice, d.code, d.name),
        state: d.state,
        receivedAt: d.received_at,
      })),
      updatedAt: c.updated_at,
    };
  }
}
