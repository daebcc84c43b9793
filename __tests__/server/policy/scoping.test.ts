import { Status, type Page } from '@contract/envelope';
import type { CallName } from '@contract/calls';
import type { ClaimPage, InsuranceRecordRow, InsuredPersonRow, LegalPolicyPage, PolicyRow } from '@contract/io/policy';
import { startGateway, type TestGateway } from '../support/gateway';
import { DEMO, ok } from './support';

/**
 * Every call of the policy area is scoped to the session's customer: another customer's policy,
 * claim, record or receipt answers ERR_0003 with exactly the sentence a number that does not exist
 * gets, so the answer reveals nothing; lists never show another customer's rows.
 */
// A fresh PostgreSQL database and logins take a while when every suite shares two cores.

let gw: TestGateway;
const cookies: Record<string, string> = {};
let lantingRecord: string;
let hengshengRecord: string;
beforeAll(async () => {
  gw = await startGateway();
  for (const u of ['corp-hr', 'corp-closing', 'member-senior', 'member-basic']) cookies[u] = await gw.login(u);
  const recordOf = async (policyNo: string) =>
    (
      await gw.app.services.db
        .selectFrom('insurance_record')
        .innerJoin('policy', 'policy.id', 'insurance_record.policy_id')
        .select('record_no')
        .where('policy.policy_no', '=', policyNo)
        .executeTakeFirstOrThrow()
    ).record_no;
  lantingRecord = await recordOf(DEMO.lanting.groupAccident);
  hengshengRecord = await recordOf(DEMO.hengsheng.employer);
});
afterAll(() => gw.close());

interface Case {
  call: CallName;
  /** Values naming something of another customer, and the same call with a number that exists nowhere. */
  foreign: (who: string) => Record<string, string>;
  missing: Record<string, string>;
  user: string;
}

const cases: Case[] = [
  {
    call: 'blocLegal/legalPolicy/getLegalPolicyInfo',
    user: 'corp-hr',
    foreign: () => ({ policyNo: DEMO.lanting.property }),
    missing: { policyNo: 'PRP00000000000000' },
  },
  {
    call: 'blocLegal/legalPolicy/getLegalPolicyInfo',
    user: 'member-senior',
    foreign: () => ({ policyNo: DEMO.hengsheng.property }),
    missing: { policyNo: 'PRP00000000000000' },
  },
  {
    call: 'blocLegal/legalPolicy/getRisk',
    user: 'corp-hr',
    foreign: () => ({ policyNo: DEMO.liWenjing.life }),
    missing: { policyNo: 'LIF00000000000000' },
  },
  {
    call: 'blocLegal/legalPolicy/getInsuranceInformation',
    user: 'corp-closing',
    foreign: () => ({ policyNo: DEMO.hengsheng.employer }),
    missing: { policyNo: 'PEL00000000000000' },
  },
  {
    call: 'blocLegal/policy/carPolicyQuery',
    user: 'corp-hr',
    foreign: () => ({ policyNo: DEMO.liWenjing.motor }),
    missing: { policyNo: 'PDA00000000000000' },
  },
  {
    call: 'blocLegal/policy/carPolicyQuery',
    user: 'member-senior',
    foreign: () => ({ policyNo: DEMO.hengsheng.motor }),
    missing: { policyNo: 'PDA00000000000000' },
  },
  {
    call: 'blocLegal/policy/noCarPolicyQueryEcenter',
    user: 'member-basic',
    foreign: () => ({ policyNo: DEMO.liWenjing.health }),
    missing: { policyNo: 'HLT00000000000000' },
  },
  {
    call: 'blocLegal/policyDownload/download',
    user: 'corp-closing',
    foreign: () => ({ policyNo: DEMO.hengsheng.property }),
    missing: { policyNo: 'PRP00000000000000' },
  },
  {
    call: 'blocLegal/policyDownload/download',
    user: 'member-senior',
    foreign: () => ({ policyNo: DEMO.zhaoPeng.health }),
    missing: { policyNo: 'HLT00000000000000' },
  },
  {
    call: 'blocLegal/electronicDocuments/lifePolicyDownload',
    user: 'corp-hr',
    foreign: () => ({ policyNo: DEMO.liWenjing.life }),
    missing: { policyNo: 'LIF00000000000000' },
  },
  {
    call: 'blocLegal/electronicDocuments/queryInvoice',
    user: 'member-basic',
    foreign: () => ({ policyNo: DEMO.liWenjing.life }),
    missing: { policyNo: 'LIF00000000000000' },
  },
  {
    call: 'blocLegal/electronicDocuments/downloadLifeInvoice',
    user: 'corp-hr',
    foreign: () => ({ policyNo: DEMO.liWenjing.life, paymentNo: DEMO.liWenjing.receipt }),
    missing: { policyNo: 'LIF00000000000000', paymentNo: DEMO.liWenjing.receipt },
  },
  {
    call: 'blocLegal/electronicDocuments/generateForEmployer',
    user: 'corp-closing',
    foreign: () => ({ policyNo: DEMO.hengsheng.employer }),
    missing: { policyNo: 'PEL00000000000000' },
  },
  {
    call: 'blocLegal/insuranceRecord/queryInsuranceRecordList',
    user: 'corp-hr',
    foreign: () => ({ policyNo: DEMO.lanting.groupAccident }),
    missing: { policyNo: 'PGA00000000000000' },
  },
  {
    call: 'blocLegal/insuranceRecord/queryInsuranceRecordInfo',
    user: 'corp-hr',
    foreign: () => ({ recordNo: lantingRecord }),
    missing: { recordNo: 'IR000000000000' },
  },
  {
    call: 'blocLegal/insuranceRecord/queryInsuranceRecordInfo',
    user: 'corp-closing',
    foreign: () => ({ recordNo: hengshengRecord }),
    missing: { recordNo: 'IR000000000000' },
  },
  {
    call: 'blocLegal/insuredPersonAndEmployee/queryInsuredPerson',
    user: 'corp-closing',
    foreign: () => ({ policyNo: DEMO.hengsheng.employer }),
    missing: { policyNo: 'PEL00000000000000' },
  },
  {
    call: 'blocLegal/claim/queryClaimList',
    user: 'corp-hr',
    foreign: () => ({ policyNo: DEMO.lanting.groupAccident }),
    missing: { policyNo: 'PGA00000000000000' },
  },
  {
    call: 'blocLegal/claim/queryClaimDetail',
    user: 'corp-hr',
    foreign: () => ({ claimNo: DEMO.lanting.claim }),
    missing: { claimNo: 'CLM0000000000000' },
  },
  {
    call: 'blocLegal/claim/queryClaimDetail',
    user: 'member-senior',
    foreign: () => ({ claimNo: DEMO.hengsheng.claimPaid }),
    missing: { claimNo: 'CLM0000000000000' },
  },
];

describe("another customer's numbers answer ERR_0003 and reveal nothing", () => {
  it.each(cases.map((c) => [`${c.call} as ${c.user}`, c] as const))('%s', async (_name, c) => {
    const cookie = cookies[c.user];
    const foreign = await gw.raw(c.call, c.foreign(c.user), { cookie });
    const missing = await gw.raw(c.call, c.missing, { cookie });
    expect(foreign.headers['content-type']).toMatch(/application\/json/);
    const a = foreign.json();
    const b = missing.json();
    expect(a.status).toBe(Status.business);
    expect(a.statusText).toBe(b.statusText);
    expect(a.data).toBeNull();
    expect(a.statusText).toMatch(/^There is no such .* in your account\.$/);
  });

  it("a receipt of another customer named on one's own life policy is not found either", async () => {
    const res = await gw.call(
      'blocLegal/electronicDocuments/downloadLifeInvoice',
      { policyNo: DEMO.hengsheng.groupLife, paymentNo: DEMO.liWenjing.receipt },
      { cookie: cookies['corp-hr'] },
    );
    expect(res).toMatchObject({
      status: Status.business,
      statusText: 'There is no such premium receipt for this policy.',
    });
  });
});

describe("lists never show another customer's rows", () => {
  it('legalPolicy/getLegalPolicyList', async () => {
    const page = ok(
      await gw.call<LegalPolicyPage>(
        'blocLegal/legalPolicy/getLegalPolicyList',
        { policyNo: DEMO.lanting.property },
        { cookie: cookies['corp-hr'] },
      ),
    );
    expect(page).toMatchObject({ total: 0, list: [] });
    const own = ok(
      await gw.call<LegalPolicyPage>(
        'blocLegal/legalPolicy/getLegalPolicyList',
        { pageSize: 50 },
        { cookie: cookies['corp-closing'] },
      ),
    );
    expect(own.list.map((p) => p.policyNo).sort()).toEqual([DEMO.lanting.groupAccident, DEMO.lanting.property].sort());
  });

  it('policy/policyList', async () => {
    const page = ok(
      await gw.call<Page<PolicyRow>>(
        'blocLegal/policy/policyList',
        { pageSize: 50 },
        { cookie: cookies['member-basic'] },
      ),
    );
    expect(page.list.map((p) => p.policyNo)).toEqual([DEMO.zhaoPeng.health]);
  });

  it('insuranceRecord/queryInsuranceRecordList', async () => {
    const page = ok(
      await gw.call<Page<InsuranceRecordRow>>(
        'blocLegal/insuranceRecord/queryInsuranceRecordList',
        { pageSize: 100 },
        { cookie: cookies['corp-closing'] },
      ),
    );
    expect(page.total).toBeGreaterThan(0);
    expect(
      page.list.every((r) => r.policyNo === DEMO.lanting.property || r.policyNo === DEMO.lanting.groupAccident),
    ).toBe(true);
  });

  it("insuredPersonAndEmployee/queryInsuredPerson: another company's employee is not found by name or ID number", async () => {
    const db = gw.app.services.db;
    const theirs = await db
      .selectFrom('insured_person')
      .innerJoin('policy', 'policy.id', 'insured_person.policy_id')
      .select(['insured_person.name', 'insured_person.id_number'])
      .where('policy.policy_no', '=', DEMO.hengsheng.employer)
      .executeTakeFirstOrThrow();
    const byId = ok(
      await gw.call<Page<InsuredPersonRow>>(
        'blocLegal/insuredPersonAndEmployee/queryInsuredPerson',
        { keyword: theirs.id_number },
        { cookie: cookies['corp-closing'] },
      ),
    );
    expect(byId.total).toBe(0);
    const byName = ok(
      await gw.call<Page<InsuredPersonRow>>(
        'blocLegal/insuredPersonAndEmployee/queryInsuredPerson',
        { keyword: theirs.name, pageSize: 100 },
        { cookie: cookies['corp-closing'] },
      ),
    );
    expect(byName.list.every((p) => p.policyNo === DEMO.lanting.groupAccident)).toBe(true);
  });

  it('claim/queryClaimList', async () => {
    const page = ok(
      await gw.call<ClaimPage>(
        'blocLegal/claim/queryClaimList',
        { claimNo: DEMO.lanting.claim },
        { cookie: cookies['corp-hr'] },
      ),
    );
    expect(page).toMatchObject({ total: 0, list: [] });
    const member = ok(
      await gw.call<ClaimPage>('blocLegal/claim/queryClaimList', { pageSize: 50 }, { cookie: cookies['member-basic'] }),
    );
    expect(member.total).toBe(0);
  });
});
