import { occupationNames } from '../occupations';
import type { Kysely } from 'kysely';
import { ageOn } from '@common/idNumber';
import { insurerToday } from '@common/correction';
import type { Page } from '@contract/envelope';
import type { InsuranceRecordInfo, InsuranceRecordRow, InsuredPersonRow, PolicyKind } from '@contract/io/policy';
import type { InsuranceRecordQuery, InsuredPersonQuery } from '@contract/io/policy.requests';
import type { DB } from '@server/db/schema';
import type { DialectName } from '@server/db/database';
import type { Clock } from '../clock';
import { refuse } from '../errors';
import { pageOf } from '../paging';
import { findPolicy, likeText, maskIdNumber } from './policyData';
import type { Products } from '../products';
import { storedText, type ProductVoice, type Voice } from '../texts';

const PERSON_SORT = {
  name: 'insured_person.name',
  effectiveDate: 'insured_person.effective_date',
  employeeNo: 'insured_person.employee_no',
} as const;

const RECORD_COLUMNS = [
  'r.record_no',
  'p.policy_no',
  'p.product_code',
  'p.product_name',
  'p.kind',
  'r.record_type',
  'r.title',
  'r.description',
  'r.text_key',
  'r.text_params',
  'r.headcount_change',
  'r.premium_change_fen',
  'r.effective_date',
  'r.state',
] as const;

function recordRow(
  r: {
    record_no: string;
    policy_no: string;
    product_code: string;
    product_name: string;
    kind: string;
    record_type: string;
    title: string;
    description: string;
    text_key: string | null;
    text_params: string | null;
    headcount_change: number;
    premium_change_fen: number;
    effective_date: string;
    state: number;
  },
  voice: ProductVoice,
): InsuranceRecordRow {
  return {
    recordNo: r.record_no,
    policyNo: r.policy_no,
    productName: voice.product(r.product_code, r.product_name),
    kind: r.kind as PolicyKind,
    recordType: r.record_type,
    title: storedText(voice, r.text_key, r.text_params, 'title', r.title),
    description: storedText(voice, r.text_key, r.text_params, 'text', r.description),
    headcountChange: r.headcount_change,
    premiumChangeFen: Number(r.premium_change_fen),
    effectiveDate: r.effective_date,
    state: r.state,
  };
}

/** Insurance records of the customer's policies and the insured-person lookup across them. */
export class Records {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: DialectName,
    private readonly clock: Clock,
    private readonly products: Products,
  ) {}

  async list(customerId: number, query: InsuranceRecordQuery, voice: Voice): Promise<Page<InsuranceRecordRow>> {
    const { db } = this;
    const page = pageOf(query);
    if (query.dateFrom && query.dateTo && query.dateFrom > query.dateTo) throw refuse('record.fromAfterTo');
    const order = query.sortOrder === 'ascend' ? 'asc' : 'desc';
    let base = db
      .selectFrom('insurance_record as r')
      .innerJoin('policy as p', 'p.id', 'r.policy_id')
      .where('r.customer_id', '=', customerId);
    if (query.policyNo) base = base.where('r.policy_id', '=', (await findPolicy(db, customerId, query.policyNo)).id);
    if (query.recordType) base = base.where('r.record_type', '=', query.recordType);
    if (query.dateFrom) base = base.where('r.effective_date', '>=', query.dateFrom);
    if (query.dateTo) base = base.where('r.effective_date', '<=', query.dateTo);
    const [rows, total, named] = await Promise.all([
      base
        .select(RECORD_COLUMNS)
        .orderBy('r.effective_date', order)
        .orderBy('r.id', order)
        .limit(page.pageSize)
        .offset(page.offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      this.products.voice(voice),
    ]);
    return {
      list: rows.map((r) => recordRow(r, named)),
      total: Number(total.n),
      pageNum: page.pageNum,
      pageSize: page.pageSize,
    };
  }

  async info(
    customerId: number,
    query: { recordNo: string; pageNum?: number; pageSize?: number },
    voice: Voice,
  ): Promise<InsuranceRecordInfo> {
    const { db } = this;
    const page = pageOf(query);
    const r = await db
      .selectFrom('insurance_record as r')
      .innerJoin('policy as p', 'p.id', 'r.policy_id')
      .select([...RECORD_COLUMNS, 'r.id', 'r.created_at'])
      .where('r.record_no', '=', query.recordNo)
      .where('r.customer_id', '=', customerId)
      .executeTakeFirst();
    if (!r) throw refuse('record.noSuchRecord');
    const items = db.selectFrom('insurance_record_item').where('record_id', '=', r.id);
    const [rows, total, named] = await Promise.all([
      items
        .select(['action', 'name', 'id_number', 'premium_fen'])
        .orderBy('id')
        .limit(page.pageSize)
        .offset(page.offset)
        .execute(),
      items.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      this.products.voice(voice),
    ]);
    return {
      ...recordRow(r, named),
      createdAt: r.created_at,
      items: {
        list: rows.map((i) => ({
          action: i.action,
          name: i.name,
          idNumber: maskIdNumber(i.id_number),
          premiumFen: Number(i.premium_fen),
        })),
        total: Number(total.n),
        pageNum: page.pageNum,
        pageSize: page.pageSize,
      },
    };
  }

  async insuredPeople(customerId: number, query: InsuredPersonQuery, voice: Voice): Promise<Page<InsuredPersonRow>> {
    const { db } = this;
    const page = pageOf(query);
    let name = query.name ?? '';
    let idNumber = (query.idNumber ?? '').toUpperCase();
    if (query.keyword) {
      if (/^[0-9]{6,17}[0-9Xx]?$/.test(query.keyword)) idNumber = query.keyword.toUpperCase();
      else name = query.keyword;
    }
    const order = (query.sortOrder ?? 'ascend') === 'ascend' ? 'asc' : 'desc';
    const sortColumn = PERSON_SORT[query.sortField ?? 'name'];

    // One policy (the employee view) is answered from the (policy, state, name, id) index alone; the
    // page's ids are chosen first and only those 20 rows are read and joined (a deferred join), so
    // that deep pages of a 50,000-person policy do not read 50,000 rows.
    const policy = query.policyNo ? await findPolicy(db, customerId, query.policyNo) : null;
    let filtered = db.selectFrom('insured_person');
    filtered = policy
      ? filtered.where('insured_person.policy_id', '=', policy.id)
      : filtered.where('insured_person.customer_id', '=', customerId);
    if (query.state !== undefined) filtered = filtered.where('insured_person.state', '=', query.state);
    if (name) {
      // A prefix range lets the indexes answer on SQLite; PostgreSQL's collation may order
      // differently, so it relies on LIKE alone.
      if (this.dialect === 'sqlite')
        filtered = filtered.where('insured_person.name', '>=', name).where('insured_person.name', '<', `${name}\uffff`);
      filtered = filtered.where(likeText('insured_person.name', name, 'prefix'));
    }
    if (idNumber.length === 18) filtered = filtered.where('insured_person.id_number', '=', idNumber);
    else if (idNumber) {
      // Digits and X: the prefix range is the same in every collation and uses the ID-number indexes.
      filtered = filtered
        .where('insured_person.id_number', '>=', idNumber)
        .where('insured_person.id_number', '<', `${idNumber}Z`);
    }

    const pageIds = filtered
      .select('insured_person.id')
      .orderBy(sortColumn, order)
      .orderBy('insured_person.id', order)
      .limit(page.pageSize)
      .offset(page.offset);
    const [rows, total, named] = await Promise.all([
      db
        .selectFrom('insured_person')
        .innerJoin('policy', 'policy.id', 'insured_person.policy_id')
        .select([
          'insured_person.id',
          'insured_person.name',
          'insured_person.id_number',
          'insured_person.sex',
          'insured_person.birthdate',
          'insured_person.employee_no',
          'insured_person.department',
          'insured_person.occupation_code',
          'insured_person.occupation_name',
          'insured_person.risk_category',
          'insured_person.effective_date',
          'insured_person.end_date',
          'insured_person.state',
          'policy.policy_no',
          'policy.product_code',
          'policy.product_name',
          'policy.kind',
        ])
        .where('insured_person.id', 'in', pageIds)
        .where('insured_person.customer_id', '=', customerId)
        .orderBy(sortColumn, order)
        .orderBy('insured_person.id', order)
        .execute(),
      filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      this.products.voice(voice),
    ]);
    const today = insurerToday(this.clock.now());
    const occupation = await occupationNames(
      this.db,
      voice.locale,
      rows.map((r) => r.occupation_code),
    );
    return {
      list: rows.map((r) => ({
        id: r.id,
        name: r.name,
        idNumber: idNumber.length === 18 && r.id_number === idNumber ? r.id_number : maskIdNumber(r.id_number),
        sex: r.sex,
        birthdate: r.birthdate,
        age: ageOn(r.birthdate, today),
        employeeNo: r.employee_no,
        department: r.department,
        occupationName: occupation(r.occupation_code, r.occupation_name),
        riskCategory: r.risk_category,
        policyNo: r.policy_no,
        productName: named.product(r.product_code, r.product_name),
        kind: r.kind as PolicyKind,
        effectiveDate: r.effective_date,
        endDate: r.end_date,
        state: r.state,
      })),
      total: Number(total.n),
      pageNum: page.pageNum,
      pageSize: page.pageSize,
    };
  }
}
