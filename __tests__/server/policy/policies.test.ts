import { PaymentState } from '@contract/states';
import { Status } from '@contract/envelope';
import type {
  InsuranceInformation,
  LegalPolicyPage,
  MotorPolicyDetail,
  PolicyDetail,
  PolicyRisk,
  PolicyRow,
} from '@contract/io/policy';
import type { Page } from '@contract/envelope';
import { startGateway, type TestGateway } from '../support/gateway';
import { DEMO, ok, today } from './support';

// A fresh PostgreSQL database and logins take a while when every suite shares two cores.

let gw: TestGateway;
let hr: string;
let senior: string;
beforeAll(async () => {
  gw = await startGateway();
  hr = await gw.login('corp-hr');
  senior = await gw.login('member-senior');
});
afterAll(() => gw.close());

const list = async (values: Record<string, string | number> = {}, cookie = hr) =>
  ok(await gw.call<LegalPolicyPage>('blocLegal/legalPolicy/getLegalPolicyList', values, { cookie }));

describe('legalPolicy/getLegalPolicyList', () => {
  it("lists only the company's policies, paginated in the database, with counts by state", async () => {
    const first = await list({ pageNum: 1, pageSize: 4 });
    expect(first.total).toBe(9);
    expect(first.list).toHaveLength(4);
    expect(first.pageSize).toBe(4);
    const third = await list({ pageNum: 3, pageSize: 4 });
    expect(third.list).toHaveLength(1);
    const all = [...first.list, ...(await list({ pageNum: 2, pageSize: 4 })).list, ...third.list].map(
      (p) => p.policyNo,
    );
    expect(new Set(all).size).toBe(9);
    expect(all.every((n) => !Object.values(DEMO.lanting).includes(n))).toBe(true);
    expect(first.stateCounts).toEqual({ '1': 6, '2': 2, '3': 1 });
    expect(first.expiringSoon).toBe(1);
  });

  it('counts the state asked for as the total, and still every state and the expiring ones', async () => {
    const lapsed = await list({ state: 2 });
    expect(lapsed.total).toBe(2);
    expect(lapsed.list.map((p) => p.state)).toEqual([2, 2]);
    expect(lapsed.stateCounts).toEqual({ '1': 6, '2': 2, '3': 1 });
    expect(lapsed.expiringSoon).toBe(1);
    expect((await list({ state: 4 })).total).toBe(0);
  });

  it('sorts by start date descending by default and by any allowed field either way', async () => {
    const byDefault = (await list({ pageSize: 20 })).list.map((p) => p.startDate);
    expect(byDefault).toEqual([...byDefault].sort().reverse());
    const byPremium = (await list({ pageSize: 20, sortField: 'premium', sortOrder: 'ascend' })).list.map(
      (p) => p.premiumFen,
    );
    expect(byPremium).toEqual([...byPremium].sort((a, b) => a - b));
    const byNo = (await list({ pageSize: 20, sortField: 'policyNo', sortOrder: 'descend' })).list.map(
      (p) => p.policyNo,
    );
    expect(byNo).toEqual([...byNo].sort().reverse());
  });

  it('filters by policy number, product, kind, state and period', async () => {
    expect((await list({ policyNo: 'pel263' })).list.map((p) => p.policyNo)).toEqual([DEMO.hengsheng.employer]);
    expect((await list({ productName: '团体意外' })).total).toBe(2);
    const group = await list({ kind: JSON.stringify(['group_accident', 'group_health', 'group_life']) });
    expect(group.total).toBe(4);
    expect(group.list.every((p) => p.roster && p.insuredCount > 0)).toBe(true);
    expect(group.stateCounts).toEqual({ '1': 3, '2': 1 });
    const expired = await list({ state: 2 });
    expect(expired.list.map((p) => p.policyNo).sort()).toEqual(
      [DEMO.hengsheng.groupAccidentExpired, DEMO.hengsheng.propertyExpired].sort(),
    );
    expect((await list({ state: 3 })).list[0]).toMatchObject({
      policyNo: DEMO.hengsheng.motorPending,
      paymentState: PaymentState.unpaid,
    });
    // A period in the future only overlaps the pending motor policy and the ones in force then.
    const future = await list({ periodFrom: '2099-01-01', periodTo: '2099-12-31' });
    expect(future.total).toBe(0);
    const now = await list({ periodFrom: today(), periodTo: today(), state: 1 });
    expect(now.total).toBe(6);
    const soon = await list({ expiringWithinDays: 30 });
    expect(soon.list.map((p) => p.policyNo)).toEqual([DEMO.hengsheng.groupLife]);
    expect(soon.list[0].daysToEnd).toBeLessThanOrEqual(30);
  });

  it('takes a product typed with % or _ literally, and refuses a policy number that could not be one', async () => {
    expect((await list({ productName: '_' })).total).toBe(0);
    expect((await list({ productName: '%' })).total).toBe(0);
    const odd = await gw.call('blocLegal/legalPolicy/getLegalPolicyList', { policyNo: '%' }, { cookie: hr });
    expect(odd).toMatchObject({ status: Status.business, statusText: 'The policy number is not valid.' });
  });

  it('refuses bad filters with a clear sentence and never a 500', async () => {
    const bads: Array<Record<string, string | number>> = [
      { state: 'x' },
      { kind: 'boat' },
      { sortField: 'password' },
      { sortOrder: 'sideways' },
      { periodFrom: '2026-13-45' },
      { pageSize: 1000 },
      { periodFrom: '2026-05-01', periodTo: '2026-01-01' },
    ];
    for (const bad of bads) {
      const res = await gw.raw('blocLegal/legalPolicy/getLegalPolicyList', bad, { cookie: hr });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: Status.business, statusText: expect.stringMatching(/\.$/) });
    }
  });
});

describe('policy details', () => {
  it('answers a property policy with parties, period, coverages, payments and documents', async () => {
    const d = ok(
      await gw.call<PolicyDetail>(
        'blocLegal/legalPolicy/getLegalPolicyInfo',
        { policyNo: DEMO.hengsheng.property },
        { cookie: hr },
      ),
    );
    expect(d).toMatchObject({
      policyNo: DEMO.hengsheng.property,
      kind: 'property',
      state: 1,
      holderName: '上海恒晟精密制造有限公司',
      paymentState: PaymentState.paid,
    });
    expect(d.holder).toMatchObject({
      name: '上海恒晟精密制造有限公司',
      creditCode: '91310115MA1K4B2C3J',
      contactPhone: '138****0418',
    });
    expect(d.risks.map((r) => r.code)).toEqual(['PR01', 'PR02', 'PR03']);
    expect(d.risks.reduce((s, r) => s + r.premiumFen, 0)).toBe(d.premiumFen);
    expect(d.details).toMatchObject({ insuredAddress: expect.stringContaining('张江路') });
    expect(d.payments).toEqual([expect.objectContaining({ state: 2, amountFen: d.premiumFen, invoiced: false })]);
    expect(d.documents.map((x) => x.kind)).toEqual(['ePolicy']);
    expect(d.claimCount).toBe(2);
  });

  it('answers a group policy with its headcount and an employer policy with its rates and certificate', async () => {
    const employer = ok(
      await gw.call<PolicyDetail>(
        'blocLegal/legalPolicy/getLegalPolicyInfo',
        { policyNo: DEMO.hengsheng.employer },
        { cookie: hr },
      ),
    );
    expect(employer.insuredCount).toBe(176);
    expect(employer.rates).toHaveLength(6);
    expect(employer.documents.map((x) => x.kind)).toEqual(['ePolicy', 'employerCertificate']);
    expect(employer.risks.reduce((s, r) => s + r.premiumFen, 0)).toBe(employer.premiumFen);
    const pending = ok(
      await gw.call<PolicyDetail>(
        'blocLegal/legalPolicy/getLegalPolicyInfo',
        { policyNo: DEMO.hengsheng.motorPending },
        { cookie: hr },
      ),
    );
    expect(pending.documents).toEqual([]);
    expect(pending.payments[0]).toMatchObject({ state: 1 });
  });

  it("keeps each list row's headcount with the roster, whoever writes it", async () => {
    const { db } = gw.app.services;
    const headcount = async () =>
      (await list({ pageSize: 20 })).list.find((p) => p.policyNo === DEMO.hengsheng.employer)?.insuredCount;
    expect(await headcount()).toBe(176);
    const someone = await db
      .selectFrom('insured_person')
      .innerJoin('policy', 'policy.id', 'insured_person.policy_id')
      .selectAll('insured_person')
      .where('policy.policy_no', '=', DEMO.hengsheng.employer)
      .where('insured_person.state', '=', 1)
      .executeTakeFirstOrThrow();
    const { id: _id, ...copy } = someone;
    const added = await db
      .insertInto('insured_person')
      .values({ ...copy, id_number: `${copy.id_number}X` })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await headcount()).toBe(177);
    await db.updateTable('insured_person').set({ state: 2 }).where('id', '=', someone.id).execute();
    expect(await headcount()).toBe(176);
    await db.deleteFrom('insured_person').where('id', '=', added.id).execute();
    expect(await headcount()).toBe(175);
    await db.updateTable('insured_person').set({ state: 1 }).where('id', '=', someone.id).execute();
    expect(await headcount()).toBe(176);
  });

  it('getRisk answers the coverages and, for the employer policy, the premium per risk category', async () => {
    const r = ok(
      await gw.call<{
        policyNo: string;
        risks: PolicyRisk[];
        rates: Array<{ riskCategory: number; annualPremiumFen: number }>;
      }>('blocLegal/legalPolicy/getRisk', { policyNo: DEMO.hengsheng.employer }, { cookie: hr }),
    );
    expect(r.risks.map((x) => x.code)).toEqual(['EL01', 'EL02', 'EL03', 'EL04']);
    expect(r.rates.map((x) => x.annualPremiumFen)).toEqual([26000, 38000, 52000, 78000, 115000, 168000]);
  });

  it('getInsuranceInformation summarises who is insured', async () => {
    const info = ok(
      await gw.call<InsuranceInformation>(
        'blocLegal/legalPolicy/getInsuranceInformation',
        { policyNo: DEMO.hengsheng.employer },
        { cookie: hr },
      ),
    );
    expect(info.insuredCount).toBe(176);
    expect(info.removedCount).toBe(9);
    expect(info.maleCount + info.femaleCount).toBe(176);
    expect(info.byRiskCategory.reduce((s, c) => s + c.count, 0)).toBe(176);
    expect(info.byRiskCategory.every((c) => c.annualPremiumFen !== null)).toBe(true);
    expect(info.byDepartment.reduce((s, c) => s + c.count, 0)).toBe(176);
    expect(info.averageAge).toBeGreaterThan(info.minAge);
    expect(info.averageAge).toBeLessThan(info.maxAge);
  });

  it('carPolicyQuery answers the vehicle, coverages and NCD of a motor policy, and only of a motor policy', async () => {
    const car = ok(
      await gw.call<MotorPolicyDetail>(
        'blocLegal/policy/carPolicyQuery',
        { policyNo: DEMO.hengsheng.motor },
        { cookie: hr },
      ),
    );
    expect(car.vehicle).toMatchObject({ plateNo: '沪A·D82K6', seats: 7, vin: 'LSVNV2182N2215473' });
    expect(car.ncd).toEqual({ coefficient: 0.85, claimFreeYears: 1 });
    expect(car.risks).toHaveLength(4);
    const notMotor = await gw.call(
      'blocLegal/policy/carPolicyQuery',
      { policyNo: DEMO.hengsheng.property },
      { cookie: hr },
    );
    expect(notMotor).toMatchObject({
      status: Status.business,
      statusText: 'There is no such motor policy in your account.',
    });
  });

  it("noCarPolicyQueryEcenter answers the individual's life policy with beneficiaries masked where personal", async () => {
    const life = ok(
      await gw.call<PolicyDetail>(
        'blocLegal/policy/noCarPolicyQueryEcenter',
        { policyNo: DEMO.liWenjing.life },
        { cookie: senior },
      ),
    );
    expect(life).toMatchObject({ kind: 'life', insuredName: '李文静', roster: null });
    expect(life.details).toMatchObject({ insuredIdNumber: '310***********0026', paymentTermYears: 20 });
    expect(life.holder.creditCode).toBe('310***********0026');
    expect(life.documents.map((d) => d.kind)).toEqual(['ePolicy', 'lifePolicy']);
    expect(life.payments.filter((p) => p.state === 2).length).toBeGreaterThanOrEqual(5);
    const motor = await gw.call(
      'blocLegal/policy/noCarPolicyQueryEcenter',
      { policyNo: DEMO.liWenjing.motor },
      { cookie: senior },
    );
    expect(motor.status).toBe(Status.business);
  });
});

describe("policy/policyList (the individual's policies)", () => {
  it("lists the member's own policies with kind and state filters", async () => {
    const all = ok(await gw.call<Page<PolicyRow>>('blocLegal/policy/policyList', {}, { cookie: senior }));
    expect(all.total).toBe(5);
    expect(new Set(all.list.map((p) => p.kind))).toEqual(new Set(['life', 'health', 'motor', 'property']));
    const health = ok(
      await gw.call<Page<PolicyRow>>(
        'blocLegal/policy/policyList',
        { kind: JSON.stringify(['health']) },
        { cookie: senior },
      ),
    );
    expect(health.list).toEqual([
      expect.objectContaining({ policyNo: DEMO.liWenjing.health, autoRenew: 1 }),
      expect.objectContaining({ policyNo: DEMO.liWenjing.accident, autoRenew: 2 }),
    ]);
    const expired = ok(await gw.call<Page<PolicyRow>>('blocLegal/policy/policyList', { state: 2 }, { cookie: senior }));
    expect(expired.list.map((p) => p.policyNo)).toEqual([DEMO.liWenjing.property]);
    const paged = ok(
      await gw.call<Page<PolicyRow>>('blocLegal/policy/policyList', { pageSize: 3, pageNum: 2 }, { cookie: senior }),
    );
    expect(paged.list).toHaveLength(2);
    const basic = ok(
      await gw.call<Page<PolicyRow>>('blocLegal/policy/policyList', {}, { cookie: await gw.login('member-basic') }),
    );
    expect(basic.list.map((p) => p.policyNo)).toEqual([DEMO.zhaoPeng.health]);
  });
});
