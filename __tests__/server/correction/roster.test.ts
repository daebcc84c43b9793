import type { TObject } from 'typebox';
import { requestSchemas } from '@contract/requests';
import { Status, type Page } from '@contract/envelope';
import type {
  AccountInfo,
  BankInfo,
  Occupation,
  PersonDetail,
  PolicySummary,
  RiskCategoryRate,
  RosterPerson,
} from '@contract/io/correction';
import { startGateway, type TestGateway } from '../support/gateway';
import fs from 'node:fs';
import path from 'node:path';
import { addMembers, makePolicy, ok, readSheet, today, upload, type TestPolicy } from './support';

let gw: TestGateway;
let hr: string;
let employee: TestPolicy;
let employer: TestPolicy;
let insured: TestPolicy;
beforeAll(async () => {
  gw = await startGateway();
  hr = await gw.login('corp-hr');
  employee = await makePolicy(gw, { members: 25 });
  employer = await makePolicy(gw, { roster: 'employeeNew', members: 6 });
  insured = await makePolicy(gw, { roster: 'insured', members: 4 });
});
afterAll(() => gw.close());

const E = 'blocLegal/employee/';
const I = 'blocLegal/correctInsured/';

describe('policies and rosters', () => {
  it('lists the in-force policies with a roster, by variant', async () => {
    const all = await ok<PolicySummary[]>(gw, `${E}correctablePolicies`, {}, hr);
    const ids = all.map((p) => p.policyId);
    expect(ids).toEqual(expect.arrayContaining([employee.policyId, employer.policyId, insured.policyId]));
    expect(all.find((p) => p.policyId === employee.policyId)).toMatchObject({ memberCount: 25, variant: 'employee' });
    const only = await ok<PolicySummary[]>(gw, `${E}correctablePolicies`, { variant: 'employeeNew' }, hr);
    expect(only.every((p) => p.variant === 'employeeNew')).toBe(true);
  });

  it('pages the employee list in the database, masks ID numbers and phones, and searches', async () => {
    const page = await ok<Page<RosterPerson>>(
      gw,
      `${E}employeeList`,
      { policyId: employee.policyId, pageNum: 2, pageSize: 10 },
      hr,
    );
    expect(page).toMatchObject({ total: 25, pageNum: 2, pageSize: 10 });
    expect(page.list).toHaveLength(10);
    expect(page.list[0].idNumber).toMatch(/^\d{3}\*{11}[\dX]{4}$/);
    expect(page.list[0].phone).toMatch(/^139\*{4}\d{4}$/);
    const last = await ok<Page<RosterPerson>>(
      gw,
      `${E}employeeList`,
      { policyId: employee.policyId, pageNum: 3, pageSize: 10 },
      hr,
    );
    expect(last.list).toHaveLength(5);
    const found = await ok<Page<RosterPerson>>(
      gw,
      `${E}employeeList`,
      { policyId: employee.policyId, keyword: 'E000007' },
      hr,
    );
    expect(found.list.map((p) => p.employeeNo)).toEqual(['E000007']);
    const byName = await ok<Page<RosterPerson>>(
      gw,
      `${E}employeeList`,
      { policyId: employee.policyId, keyword: 'Member B1' },
      hr,
    );
    expect(byName.list.map((p) => p.name)).toEqual(['Member B1']);
    expect(
      (await gw.call(`${E}employeeList`, { policyId: employee.policyId, pageSize: 1000 }, { cookie: hr })).statusText,
    ).toBe('The page size must be at most 100.');
  });

  it('answers the employer list with occupations and filters by risk category', async () => {
    const page = await ok<Page<RosterPerson>>(
      gw,
      `${E}employeeListNew`,
      { policyId: employer.policyId, riskCategory: 1 },
      hr,
    );
    expect(page.total).toBe(6);
    expect(page.list[0]).toMatchObject({ occupationCode: '010021', occupationName: 'Office clerk', riskCategory: 1 });
    expect(
      (await ok<Page<RosterPerson>>(gw, `${E}employeeListNew`, { policyId: employer.policyId, riskCategory: 3 }, hr))
        .total,
    ).toBe(0);
  });

  it('answers the insured list, details and bank information', async () => {
    const page = await ok<Page<RosterPerson>>(gw, `${I}getInsuranceList`, { policyId: insured.policyId }, hr);
    expect(page.total).toBe(4);
    const detail = await ok<PersonDetail>(gw, `${I}getInsuranceDetail`, { personId: insured.personIds[0] }, hr);
    expect(detail.idNumber).toMatch(/^\d{17}[\dX]$/);
    expect(detail).toMatchObject({
      policyNo: insured.policyNo,
      bankAccount: expect.stringMatching(/^\*{4} \*{4} \d{4}$/),
      claimCount: 0,
      claimPaid: false,
    });
    const bank = await ok<BankInfo>(gw, `${I}insuredBankInfo`, { personId: insured.personIds[1] }, hr);
    expect(bank).toMatchObject({
      personId: insured.personIds[1],
      bankName: 'Bank of China',
      bankAccount: expect.stringMatching(/\d{4}$/),
    });
    expect(
      (await gw.call(`${I}getInsuranceDetail`, { personId: employee.personIds[0] }, { cookie: hr })).statusText,
    ).toMatch(/employee-list policy/);
  });

  it('answers the employee detail and bank information', async () => {
    const detail = await ok<PersonDetail>(gw, `${E}employeeDetailNew`, { personId: employer.personIds[0] }, hr);
    expect(detail).toMatchObject({ personId: employer.personIds[0], occupationName: 'Office clerk', state: 1 });
    const bank = await ok<BankInfo>(gw, `${E}bankInfo`, { personId: employee.personIds[0] }, hr);
    expect(bank.bankAccount).not.toContain('62170000');
  });

  it('answers the holder account information of an insured policy', async () => {
    const seeded = await ok<AccountInfo>(gw, `${I}insuredAccountInfo`, { policyId: insured.policyId }, hr);
    // The company's account on file is in its own registered name, not this holder's: never refunded to.
    expect(seeded).toMatchObject({
      holderName: 'Hengsheng Test Co.',
      refundAccount: null,
      receivingAccount: { bankName: expect.any(String) },
    });
    await gw.app.services.db
      .insertInto('customer_bank_account')
      .values({
        customer_id: insured.customerId,
        account_name: 'Hengsheng Test Co.',
        bank_name: 'China Merchants Bank',
        account_no: '6225880112345678',
        created_at: new Date().toISOString(),
      })
      .execute();
    const some = await ok<AccountInfo>(gw, `${I}insuredAccountInfo`, { policyId: insured.policyId }, hr);
    expect(some.refundAccount).toEqual({
      accountName: 'Hengsheng Test Co.',
      bankName: 'China Merchants Bank',
      accountNo: '**** **** 5678',
    });
  });

  it('answers the risk categories of a policy', async () => {
    const rates = await ok<RiskCategoryRate[]>(gw, `${E}getRiskCategories`, { policyId: employer.policyId }, hr);
    expect(rates.map((r) => [r.riskCategory, r.annualPremiumFen])).toEqual([
      [1, 36_500],
      [2, 54_750],
      [3, 73_000],
      [4, 109_500],
    ]);
    expect(
      (await ok<RiskCategoryRate[]>(gw, `${I}getInsuranceRiskCategories`, { policyId: insured.policyId }, hr))[0].label,
    ).toMatch(/^Category 1/);
  });

  it('searches the occupation catalogue in English and Chinese, marking what the policy covers', async () => {
    const drivers = await ok<Occupation[]>(
      gw,
      `${E}likeOccupation`,
      { keyword: 'driver', policyId: employer.policyId },
      hr,
    );
    expect(drivers.length).toBeGreaterThan(3);
    expect(drivers.find((o) => o.name === 'Taxi driver')).toMatchObject({ riskCategory: 3, allowed: true });
    expect(drivers.find((o) => o.name === 'Racing driver')).toMatchObject({ riskCategory: 6, allowed: false });
    const zh = await ok<Occupation[]>(gw, `${I}likeProfession`, { keyword: '会计' }, hr);
    expect(zh).toEqual([{ code: '010031', name: 'Accountant', nameZh: '会计', riskCategory: 1, allowed: null }]);
    expect((await gw.call(`${E}likeOccupation`, { keyword: ' ' }, { cookie: hr })).statusText).toBe(
      'The search text is required.',
    );
    expect((await ok<Occupation[]>(gw, `${E}likeOccupation`, { keyword: 'er', limit: 3 }, hr)).length).toBe(3);
  });

  it('exports the whole roster as .xlsx', async () => {
    const big = await makePolicy(gw, { members: 0 });
    await addMembers(
      gw,
      { policyId: big.policyId, customerId: big.customerId, region: big.region, startDate: big.startDate },
      2300,
      false,
    );
    const res = await gw.raw(`${E}downloadEmployeeListExcel`, { policyId: big.policyId }, { cookie: hr });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(`roster-${big.policyNo}.xlsx`);
    const rows = await readSheet(res.rawPayload, 'Roster');
    expect(rows).toHaveLength(2301);
    expect(rows[0].slice(0, 3)).toEqual(['Name', 'ID number', 'Sex']);
    expect(rows[1][1]).toMatch(/^\d{17}[\dX]$/);
  });
});

describe('every call is scoped to the session customer', () => {
  let other: string;
  let foreign: TestPolicy;
  beforeAll(async () => {
    other = await gw.login('corp-closing');
    foreign = await makePolicy(gw, { username: 'corp-closing', members: 3 });
  });

  it('refuses another company’s policy, person, correction and import in every call', async () => {
    // A correction of corp-hr's, seen from corp-closing.
    const mine = await makePolicy(gw, { members: 3 });
    const added = await ok<{ correction: { correctionId: number } }>(
      gw,
      `${E}subtractEmployee`,
      {
        policyId: mine.policyId,
        effectiveDate: today(),
        idempotencyKey: `k_scope_${mine.policyId}`,
        personIds: JSON.stringify([mine.personIds[0]]),
      },
      hr,
    );
    const correctionId = added.correction.correctionId;
    const importRow = await gw.app.services.db
      .insertInto('correction_import')
      .values({
        customer_id: mine.customerId,
        policy_id: mine.policyId,
        correction_id: correctionId,
        kind: 'add',
        variant: 'employee',
        file_name: 'x.xlsx',
        total_rows: 1,
        error_rows: 1,
        errors: JSON.stringify([{ row: 2, values: {}, reasons: ['x'] }]),
        headers: '[]',
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const asOther = async (name: Parameters<TestGateway['call']>[0], values: Record<string, string | number>) => {
      // A key for the calls that take one (an unknown field is refused at the door, before any lookup).
      const keyed = 'idempotencyKey' in ((requestSchemas as Record<string, TObject>)[name]?.properties ?? {});
      const res = await gw.call(
        name,
        keyed ? { idempotencyKey: `k_other_${Math.random().toString(36).slice(2, 10)}`, ...values } : values,
        { cookie: other },
      );
      return { name, status: res.status, text: res.statusText };
    };
    const policy = { policyId: mine.policyId };
    const person = { personId: mine.personIds[1] };
    const corr = { correctionId };
    const checks = [
      await asOther(`${E}employeeList`, policy),
      await asOther(`${E}employeeListNew`, policy),
      await asOther(`${I}getInsuranceList`, policy),
      await asOther(`${E}getRiskCategories`, policy),
      await asOther(`${I}getInsuranceRiskCategories`, policy),
      await asOther(`${I}insuredAccountInfo`, policy),
      await asOther(`${E}likeOccupation`, { keyword: 'a', ...policy }),
      await asOther(`${E}checkBeforeCorrect`, { ...policy, kind: 'add' }),
      await asOther(`${I}checkInsuredCorrect`, { ...policy, kind: 'add' }),
      await asOther(`${E}downloadEmployeeListExcel`, policy),
      await asOther(`${E}downImportEmployeeExcel`, policy),
      await asOther(`${E}addSingleEmployee`, {
        ...policy,
        effectiveDate: mine.endDate,
        name: 'Li Si',
        idNumber: '11010519491231002X',
      }),
      await asOther(`${E}subtractEmployee`, {
        ...policy,
        effectiveDate: mine.endDate,
        personIds: JSON.stringify([mine.personIds[1]]),
      }),
      await asOther(`${E}exchangeEmployee`, {
        ...policy,
        ...person,
        effectiveDate: mine.endDate,
        name: 'Li Si',
        idNumber: '11010519491231002X',
      }),
      await asOther(`${I}modifyInsured`, {
        ...policy,
        ...person,
        effectiveDate: mine.endDate,
        changes: JSON.stringify({ phone: '13800000000' }),
      }),
      await asOther(`${E}employeeDetailNew`, person),
      await asOther(`${E}bankInfo`, person),
      await asOther(`${I}getInsuranceDetail`, person),
      await asOther(`${I}insuredBankInfo`, person),
      await asOther(`${E}correctDetail`, corr),
      await asOther(`${E}checkGroupEmployeeCorrect`, corr),
      await asOther(`${I}checkInsuredCorrect`, corr),
      await asOther(`${E}underwriting`, corr),
      await asOther(`${E}selectOrderScenario`, corr),
      await asOther(`${E}applyBusinessApprove`, corr),
      await asOther(`${E}groupApplyBusinessApprove`, corr),
      await asOther(`${I}insuredApplyBusinessApprove`, corr),
      await asOther(`${E}getPaymentLink`, corr),
      await asOther(`${I}getInsuredPayLink`, corr),
      await asOther(`${E}getPayStatus`, corr),
      await asOther(`${E}updatePayType`, { ...corr, payType: 'online' }),
      await asOther(`${I}updateInsuredPayType`, { ...corr, payType: 'online' }),
      await asOther(`${E}removeCorrectItem`, { ...corr, itemIds: '[1]' }),
      await asOther(`${E}delCorrectRecord`, corr),
      await asOther(`${I}delInsuredCorrectRecord`, corr),
      await asOther(`${E}downloadEndorsement`, corr),
      await asOther(`${E}downloadErrorExcel`, { importId: importRow.id }),
      await asOther(`${E}downloadErrorExcelNew`, { importId: importRow.id }),
      await asOther(`${I}insuredDownErrorExcel`, { importId: importRow.id }),
    ];
    for (const c of checks) {
      expect({ name: c.name, status: c.status }).toEqual({ name: c.name, status: Status.business });
      expect({ name: c.name, text: c.text }).toEqual({
        name: c.name,
        text: expect.stringMatching(/^There is no such (policy|insured person|correction|import) in your account\.$/),
      });
    }
    // Nothing of corp-hr's changed, and corp-closing's own lists do not show it.
    const still = await ok<{ correction: { state: string; itemCount: number } }>(gw, `${E}correctDetail`, corr, hr);
    expect(still.correction).toMatchObject({ state: 'draft', itemCount: 1 });
    const theirs = await ok<Page<{ correctionId: number }>>(gw, `${E}correctRecordList`, {}, other);
    expect(theirs.list.map((c) => c.correctionId)).not.toContain(correctionId);
    const policies = await ok<PolicySummary[]>(gw, `${E}correctablePolicies`, {}, other);
    expect(policies.map((p) => p.policyId)).toEqual([foreign.policyId]);
  });

  it('refuses uploads against another company’s policy', async () => {
    const data = fs.readFileSync(path.join(__dirname, '../../../fixtures/uploads/employees-good.xlsx'));
    for (const name of [
      `${E}addBatchEmployee`,
      `${E}addBatchEmployeeNew`,
      `${E}groupSubtractUpload`,
      `${E}groupExchangeUpload`,
      `${I}addBatchInsured`,
      `${I}subtractInsuredUpload`,
      `${I}exchangeInsuredUpload`,
    ] as const) {
      const res = await upload(
        gw,
        name,
        other,
        {
          policyId: employee.policyId,
          effectiveDate: employee.endDate,
          idempotencyKey: `k_up_${name.length}_${Math.random().toString(36).slice(2, 8)}`,
        },
        { name: 'x.xlsx', data },
      );
      expect({ name, status: res.status, text: res.statusText }).toEqual({
        name,
        status: Status.business,
        text: 'There is no such policy in your account.',
      });
    }
    expect(
      await gw.app.services.db
        .selectFrom('correction')
        .select('id')
        .where('policy_id', '=', employee.policyId)
        .execute(),
    ).toHaveLength(0);
  });

  it('refuses every correction call without a session', async () => {
    const res = await gw.call(`${E}correctDetail`, { correctionId: 1 });
    expect(res.status).toBe(Status.notLoggedIn);
  });
});
