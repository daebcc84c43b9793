import { Status, type Page } from '@contract/envelope';
import type { InsuranceRecordInfo, InsuranceRecordRow, InsuredPersonRow } from '@contract/io/policy';
import { startGateway, type TestGateway } from '../support/gateway';
import { DEMO, ok } from './support';

// A fresh PostgreSQL database and logins take a while when every suite shares two cores.

let gw: TestGateway;
let hr: string;
beforeAll(async () => {
  gw = await startGateway();
  hr = await gw.login('corp-hr');
});
afterAll(() => gw.close());

const records = async (values: Record<string, string | number> = {}) =>
  ok(
    await gw.call<Page<InsuranceRecordRow>>('blocLegal/insuranceRecord/queryInsuranceRecordList', values, {
      cookie: hr,
    }),
  );
const people = async (values: Record<string, string | number> = {}) =>
  ok(
    await gw.call<Page<InsuredPersonRow>>('blocLegal/insuredPersonAndEmployee/queryInsuredPerson', values, {
      cookie: hr,
    }),
  );

describe('insuranceRecord/queryInsuranceRecordList', () => {
  it("lists the company's records newest first, paginated, filtered by policy, type and dates", async () => {
    const all = await records({ pageSize: 100 });
    expect(all.total).toBeGreaterThan(20);
    const dates = all.list.map((r) => r.effectiveDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set(all.list.map((r) => r.recordType))).toEqual(new Set(['issue', 'add', 'remove', 'endorsement']));
    const page2 = await records({ pageSize: 5, pageNum: 2 });
    expect(page2.list.map((r) => r.recordNo)).toEqual(all.list.slice(5, 10).map((r) => r.recordNo));

    const employer = await records({ policyNo: DEMO.hengsheng.employer, pageSize: 50 });
    expect(employer.list.every((r) => r.policyNo === DEMO.hengsheng.employer)).toBe(true);
    // The headcount changes add up to the people insured today.
    expect(employer.list.reduce((s, r) => s + r.headcountChange, 0)).toBe(176);
    const removals = await records({ recordType: 'remove', pageSize: 50 });
    expect(removals.list.every((r) => r.headcountChange < 0 && r.premiumChangeFen < 0)).toBe(true);
    const ascending = await records({ sortOrder: 'ascend', pageSize: 3 });
    expect(ascending.list[0].effectiveDate <= ascending.list[2].effectiveDate).toBe(true);
    const window = await records({
      dateFrom: all.list[3].effectiveDate,
      dateTo: all.list[3].effectiveDate,
      pageSize: 50,
    });
    expect(window.list.every((r) => r.effectiveDate === all.list[3].effectiveDate)).toBe(true);
    expect(
      (await gw.call('blocLegal/insuranceRecord/queryInsuranceRecordList', { recordType: 'bogus' }, { cookie: hr }))
        .status,
    ).toBe(Status.business);
    // A date that is not on the calendar is refused, not rolled over to the next month.
    expect(
      await gw.call('blocLegal/insuranceRecord/queryInsuranceRecordList', { dateFrom: '2026-02-30' }, { cookie: hr }),
    ).toMatchObject({ status: Status.business, statusText: 'The from date is not a real date.' });
    expect(
      await gw.call('blocLegal/insuranceRecord/queryInsuranceRecordList', { dateTo: '2026-13-01' }, { cookie: hr }),
    ).toMatchObject({ status: Status.business, statusText: 'The to date is not a real date.' });
  });
});

describe('insuranceRecord/queryInsuranceRecordInfo', () => {
  it('answers a record with the people it concerns, paginated and with masked ID numbers', async () => {
    const issue = (await records({ policyNo: DEMO.hengsheng.employer, recordType: 'issue' })).list[0];
    const info = ok(
      await gw.call<InsuranceRecordInfo>(
        'blocLegal/insuranceRecord/queryInsuranceRecordInfo',
        { recordNo: issue.recordNo, pageSize: 20 },
        { cookie: hr },
      ),
    );
    expect(info).toMatchObject({ recordNo: issue.recordNo, recordType: 'issue', policyNo: DEMO.hengsheng.employer });
    expect(info.items.total).toBe(info.headcountChange);
    expect(info.items.list).toHaveLength(20);
    expect(info.items.list[0].idNumber).toMatch(/^\d{3}\*{11}[\dX]{4}$/);
    expect(info.items.list.reduce((s, i) => s + i.premiumFen, 0)).toBeGreaterThan(0);
    const missing = await gw.call(
      'blocLegal/insuranceRecord/queryInsuranceRecordInfo',
      { recordNo: 'IR000' },
      { cookie: hr },
    );
    expect(missing).toMatchObject({
      status: Status.business,
      statusText: 'There is no such insurance record in your account.',
    });
  });
});

describe('insuredPersonAndEmployee/queryInsuredPerson', () => {
  it('pages through the people of one policy in name order (the employee view)', async () => {
    const first = await people({ policyNo: DEMO.hengsheng.employer, state: 1, pageSize: 20 });
    expect(first.total).toBe(176);
    expect(first.list).toHaveLength(20);
    const last = await people({ policyNo: DEMO.hengsheng.employer, state: 1, pageSize: 20, pageNum: 9 });
    expect(last.list).toHaveLength(16);
    const names = first.list.map((p) => p.name);
    expect(names).toEqual([...names].sort());
    expect(
      first.list.every((p) => p.policyNo === DEMO.hengsheng.employer && p.state === 1 && p.riskCategory !== null),
    ).toBe(true);
    expect(first.list[0].idNumber).toContain('********');
    const removed = await people({ policyNo: DEMO.hengsheng.employer, state: 2 });
    expect(removed.total).toBe(9);
    expect(removed.list.every((p) => p.endDate)).toBe(true);
  });

  it("finds people by the beginning of their name or ID number across the company's policies", async () => {
    const db = gw.app.services.db;
    const someone = await db
      .selectFrom('insured_person')
      .innerJoin('policy', 'policy.id', 'insured_person.policy_id')
      .select(['insured_person.name', 'insured_person.id_number', 'insured_person.customer_id'])
      .where('policy.policy_no', '=', DEMO.hengsheng.groupHealth)
      .orderBy('insured_person.id')
      .executeTakeFirstOrThrow();
    const byName = await people({ keyword: someone.name, pageSize: 100 });
    expect(byName.total).toBeGreaterThanOrEqual(1);
    expect(byName.list.every((p) => p.name.startsWith(someone.name))).toBe(true);
    const surname = someone.name.slice(0, 1);
    const bySurname = await people({ keyword: surname, pageSize: 100 });
    expect(bySurname.list.every((p) => p.name.startsWith(surname))).toBe(true);
    expect(bySurname.total).toBeGreaterThanOrEqual(byName.total);

    const byId = await people({ keyword: someone.id_number });
    expect(byId.list.length).toBeGreaterThanOrEqual(1);
    expect(byId.list.every((p) => p.idNumber === someone.id_number)).toBe(true);
    const byPrefix = await people({ idNumber: someone.id_number.slice(0, 10), pageSize: 100 });
    expect(
      byPrefix.list.some(
        (p) => p.idNumber.startsWith(someone.id_number.slice(0, 3)) && p.idNumber.endsWith(someone.id_number.slice(-4)),
      ),
    ).toBe(true);
    expect(byPrefix.list.every((p) => p.idNumber.includes('*'))).toBe(true);

    const nobody = await people({ keyword: '不存在的人' });
    expect(nobody).toMatchObject({ total: 0, list: [] });
  });

  it('sorts by employee number and refuses malformed ID numbers', async () => {
    const sorted = await people({
      policyNo: DEMO.hengsheng.groupAccident,
      sortField: 'employeeNo',
      sortOrder: 'descend',
      pageSize: 30,
    });
    const numbers = sorted.list.map((p) => p.employeeNo!);
    expect(numbers).toEqual([...numbers].sort().reverse());
    const bad = await gw.call(
      'blocLegal/insuredPersonAndEmployee/queryInsuredPerson',
      { idNumber: '12AB' },
      { cookie: hr },
    );
    expect(bad.status).toBe(Status.business);
  });
});
