import type { InsuredState } from '../../contract/states';
import type { FastifyInstance } from 'fastify';
import type { InsuranceRecordRow, InsuredPersonRow, PolicyKind } from '../../contract/io/policy';
import { ageOn } from '../../common/idNumber';
import { defineCall } from '../http/call';
import type { Services } from '../http/context';
import { refuseText } from '../services/errors';
import { isoDate, paging, text } from '../http/input';
import { findPolicy, likeText, maskIdNumber, todayIso } from '../services/policyData';
import { oneOf, stateFilter } from './policy';

const RECORD_TYPES = ['issue', 'add', 'remove', 'endorsement', 'renewal'] as const;
const PERSON_SORT = {
  name: 'insured_person.name',
  effectiveDate: 'insured_person.effective_date',
  employeeNo: 'insured_person.employee_no',
} as const;

/** Insurance records of the customer's policies and the insured-person lookup across them. */
export async function recordRoutes(app: FastifyInstance, services: Services) {
  const { db } = services;

  defineCall(app, services, 'blocLegal/insuranceRecord/queryInsuranceRecordList', async ({ input, user }) => {
    const page = paging(input);
    const policyNo = text(input, 'policyNo', 'Policy number', { max: 40 });
    const recordType = text(input, 'recordType', 'Record type', { max: 20 });
    if (recordType && !(RECORD_TYPES as readonly string[]).includes(recordType))
      throw refuseText(`Record type must be one of: ${RECORD_TYPES.join(', ')}.`);
    const dateFrom = isoDate(input, 'dateFrom', 'From date');
    const dateTo = isoDate(input, 'dateTo', 'To date');
    if (dateFrom && dateTo && dateFrom > dateTo) throw refuseText('The from date must not be after the to date.');
    const order =
      oneOf(input, 'sortOrder', 'Sort order', ['ascend', 'descend'] as const, 'descend') === 'ascend' ? 'asc' : 'desc';

    let query = db
      .selectFrom('insurance_record as r')
      .innerJoin('policy as p', 'p.id', 'r.policy_id')
      .where('r.customer_id', '=', user.customer_id);
    if (policyNo) query = query.where('r.policy_id', '=', (await findPolicy(db, user.customer_id, policyNo)).id);
    if (recordType) query = query.where('r.record_type', '=', recordType);
    if (dateFrom) query = query.where('r.effective_date', '>=', dateFrom);
    if (dateTo) query = query.where('r.effective_date', '<=', dateTo);
    const [rows, total] = await Promise.all([
      query
        .select([
          'r.record_no',
          'p.policy_no',
          'p.product_name',
          'p.kind',
          'r.record_type',
          'r.title',
          'r.description',
          'r.headcount_change',
          'r.premium_change_fen',
          'r.effective_date',
          'r.state',
        ])
        .orderBy('r.effective_date', order)
        .orderBy('r.id', order)
        .limit(page.pageSize)
        .offset(page.offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const list: InsuranceRecordRow[] = rows.map((r) => ({
      recordNo: r.record_no,
      policyNo: r.policy_no,
      productName: r.product_name,
      kind: r.kind as PolicyKind,
      recordType: r.record_type,
      title: r.title,
      description: r.description,
      headcountChange: r.headcount_change,
      premiumChangeFen: Number(r.premium_change_fen),
      effectiveDate: r.effective_date,
      state: r.state,
    }));
    return { list, total: Number(total.n), pageNum: page.pageNum, pageSize: page.pageSize };
  });

  defineCall(app, services, 'blocLegal/insuranceRecord/queryInsuranceRecordInfo', async ({ input, user }) => {
    const recordNo = text(input, 'recordNo', 'Record number', { required: true, max: 40 });
    const page = paging(input);
    const r = await db
      .selectFrom('insurance_record as r')
      .innerJoin('policy as p', 'p.id', 'r.policy_id')
      .select([
        'r.id',
        'r.record_no',
        'p.policy_no',
        'p.product_name',
        'p.kind',
        'r.record_type',
        'r.title',
        'r.description',
        'r.headcount_change',
        'r.premium_change_fen',
        'r.effective_date',
        'r.state',
        'r.created_at',
      ])
      .where('r.record_no', '=', recordNo)
      .where('r.customer_id', '=', user.customer_id)
      .executeTakeFirst();
    if (!r) throw refuseText('There is no such insurance record in your account.');
    const items = db.selectFrom('insurance_record_item').where('record_id', '=', r.id);
    const [rows, total] = await Promise.all([
      items
        .select(['action', 'name', 'id_number', 'premium_fen'])
        .orderBy('id')
        .limit(page.pageSize)
        .offset(page.offset)
        .execute(),
      items.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      recordNo: r.record_no,
      policyNo: r.policy_no,
      productName: r.product_name,
      kind: r.kind as PolicyKind,
      recordType: r.record_type,
      title: r.title,
      description: r.description,
      headcountChange: r.headcount_change,
      premiumChangeFen: Number(r.premium_change_fen),
      effectiveDate: r.effective_date,
      state: r.state,
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
  });

  defineCall(app, services, 'blocLegal/insuredPersonAndEmployee/queryInsuredPerson', async ({ input, user }) => {
    const page = paging(input);
    const keyword = text(input, 'keyword', 'Name or ID number', { max: 30 });
    let name = text(input, 'name', 'Name', { max: 30 });
    let idNumber = text(input, 'idNumber', 'ID number', { max: 18 }).toUpperCase();
    if (keyword) {
      if (/^[0-9]{6,17}[0-9Xx]?$/.test(keyword)) idNumber = keyword.toUpperCase();
      else name = keyword;
    }
    if (idNumber && !/^[0-9]{1,17}[0-9X]?$/.test(idNumber))
      throw refuseText('An ID number has only digits, and X as its last character.');
    const policyNo = text(input, 'policyNo', 'Policy number', { max: 40 });
    const state = stateFilter(input, 'Insured state', 2);
    const sortField = oneOf(
      input,
      'sortField',
      'Sort field',
      Object.keys(PERSON_SORT) as Array<keyof typeof PERSON_SORT>,
      'name',
    );
    const order =
      oneOf(input, 'sortOrder', 'Sort order', ['ascend', 'descend'] as const, 'ascend') === 'ascend' ? 'asc' : 'desc';

    // One policy (the employee view) is answered from the (policy, state, name, id) index alone; the
    // page's ids are chosen first and only those 20 rows are read and joined (a deferred join), so
    // that deep pages of a 50,000-person policy do not read 50,000 rows.
    const policy = policyNo ? await findPolicy(db, user.customer_id, policyNo) : null;
    let query = db.selectFrom('insured_person');
    query = policy
      ? query.where('insured_person.policy_id', '=', policy.id)
      : query.where('insured_person.customer_id', '=', user.customer_id);
    if (state !== null) query = query.where('insured_person.state', '=', state as InsuredState);
    if (name) {
      // A prefix range lets the indexes answer on SQLite; PostgreSQL's collation may order
      // differently, so it relies on LIKE alone.
      if (services.dialect === 'sqlite')
        query = query.where('insured_person.name', '>=', name).where('insured_person.name', '<', `${name}\uffff`);
      query = query.where(likeText('insured_person.name', name, 'prefix'));
    }
    if (idNumber.length === 18) query = query.where('insured_person.id_number', '=', idNumber);
    else if (idNumber) {
      // Digits and X: the prefix range is the same in every collation and uses the ID-number indexes.
      query = query
        .where('insured_person.id_number', '>=', idNumber)
        .where('insured_person.id_number', '<', `${idNumber}Z`);
    }

    const pageIds = query
      .select('insured_person.id')
      .orderBy(PERSON_SORT[sortField], order)
      .orderBy('insured_person.id', order)
      .limit(page.pageSize)
      .offset(page.offset);
    const [rows, total] = await Promise.all([
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
          'insured_person.occupation_name',
          'insured_person.risk_category',
          'insured_person.effective_date',
          'insured_person.end_date',
          'insured_person.state',
          'policy.policy_no',
          'policy.product_name',
          'policy.kind',
        ])
        .where('insured_person.id', 'in', pageIds)
        .where('insured_person.customer_id', '=', user.customer_id)
        .orderBy(PERSON_SORT[sortField], order)
        .orderBy('insured_person.id', order)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const today = todayIso();
    const list: InsuredPersonRow[] = rows.map((r) => ({
      id: r.id,
      name: r.name,
      idNumber: idNumber.length === 18 && r.id_number === idNumber ? r.id_number : maskIdNumber(r.id_number),
      sex: r.sex,
      birthdate: r.birthdate,
      age: ageOn(r.birthdate, today),
      employeeNo: r.employee_no,
      department: r.department,
      occupationName: r.occupation_name,
      riskCategory: r.risk_category,
      policyNo: r.policy_no,
      productName: r.product_name,
      kind: r.kind as PolicyKind,
      effectiveDate: r.effective_date,
      endDate: r.end_date,
      state: r.state,
    }));
    return { list, total: Number(total.n), pageNum: page.pageNum, pageSize: page.pageSize };
  });
}
