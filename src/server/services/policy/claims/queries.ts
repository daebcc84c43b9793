import type { Kysely } from 'kysely';
import type { ClaimDetail, ClaimPage, PolicyKind } from '@contract/io/policy';
import type { ClaimListQuery } from '@contract/io/policy.requests';
import type { DB } from '@server/db/schema';
import { refuse } from '../../errors';
import { pageOf } from '../../paging';
import type { Products } from '../../products';
import { storedText, type Voice } from '../../texts';
import { claimLine } from '../claimCatalogue';
import { findPolicy, likeText, maskIdNumber } from '../policyData';
import { CLAIM_COLUMNS, OPEN_STATES, documentName, toClaimRow } from './mapping';

const CLAIM_SORT = {
  reportDate: 'c.report_date',
  accidentDate: 'c.accident_date',
  claimedFen: 'c.claimed_fen',
  claimNo: 'c.claim_no',
} as const;

/** Claims of the customer's policies as the customer reads them: the query list, a claim in full, its files. */
export class ClaimQueries {
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
        'c.kind as claim_kind',
        'c.place',
        'c.contact_name',
        'c.contact_phone',
        'c.adjuster_name',
        'c.adjuster_phone',
        'p.start_date',
        'p.end_date',
        'p.holder_name',
      ])
      .where('c.claim_no', '=', claimNo.toUpperCase())
      .where('c.customer_id', '=', customerId)
      .executeTakeFirst();
    if (!c) throw refuse('claim.noSuchClaim');
    const [events, documents, files, person, named] = await Promise.all([
      db
        .selectFrom('claim_event')
        .select(['at', 'state', 'title', 'text', 'text_key', 'text_params'])
        .where('claim_id', '=', c.id)
        .orderBy('at')
        .orderBy('id')
        .execute(),
      db
        .selectFrom('claim_document')
        .select(['code', 'name', 'state', 'received_at', 'file_id'])
        .where('claim_id', '=', c.id)
        .orderBy('sort')
        .orderBy('id')
        .execute(),
      db
        .selectFrom('claim_file')
        .select(['id', 'purpose', 'document_code', 'file_name', 'content_type', 'size', 'created_at'])
        .where('claim_id', '=', c.id)
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
    const kind = c.kind as PolicyKind;
    return {
      ...toClaimRow(c, named),
      description: c.description,
      policy: {
        policyNo: c.policy_no,
        productName: named.product(c.product_code, c.product_name),
        kind,
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
        code: d.code,
        name: documentName(voice, d.code, d.name),
        state: d.state,
        receivedAt: d.received_at,
        fileId: d.file_id,
      })),
      updatedAt: c.updated_at,
      claimKind: c.claim_kind === 'car' || c.claim_kind === 'nonCar' ? c.claim_kind : null,
      place: c.place,
      reporter: c.contact_name && c.contact_phone ? { name: c.contact_name, phone: c.contact_phone } : null,
      contact: { ...claimLine(kind), adjusterName: c.adjuster_name, adjusterPhone: c.adjuster_phone },
      files: files.map((f) => ({
        fileId: f.id,
        purpose: f.purpose === 'document' ? 'document' : 'picture',
        fileName: f.file_name,
        contentType: f.content_type,
        size: Number(f.size),
        createdAt: f.created_at,
        documentName: f.document_code ? documentName(voice, f.document_code, f.document_code) : null,
      })),
      open: OPEN_STATES.includes(c.state),
    };
  }

  /** One of a claim's files, for the customer whose claim it is. */
  async file(
    customerId: number,
    claimNo: string,
    fileId: number,
  ): Promise<{ fileName: string; contentType: string; data: Buffer }> {
    const row = await this.db
      .selectFrom('claim_file')
      .innerJoin('claim', 'claim.id', 'claim_file.claim_id')
      .select(['claim_file.file_name', 'claim_file.content_type', 'claim_file.data'])
      .where('claim_file.id', '=', fileId)
      .where('claim.claim_no', '=', claimNo.toUpperCase())
      .where('claim.customer_id', '=', customerId)
      .executeTakeFirst();
    if (!row) throw refuse('claim.noSuchFile');
    return { fileName: row.file_name, contentType: row.content_type, data: Buffer.from(row.data) };
  }
}
