/**
 * A company's group policy renewed for its next policy year: the renewal prepared exactly the
 * configured days before the policy's end and not before; the premium of the roster as it stands at
 * the next year's rates (people added before paying are priced and carried); accepted and paid by a
 * role that may pay, once however often it is clicked; the next year's policy from the day after the
 * old end with its own number; a renewal not paid lapsing on the end date and not before; another
 * company's policy and a clerk refused; the automatic renewal changed where the product allows it.
 */
import { addDays } from '@common/correction';
import { PROMISES } from '@common/insurer';
import { Status } from '@contract/envelope';
import type {
  AutoRenewSetting,
  GroupRenewal,
  GroupRenewalBrief,
  GroupRenewalPay,
  PolicyDetail,
} from '@contract/io/policy';
import { InsuredState, PaymentState, PolicyState } from '@contract/states';
import { FixedClock } from '@server/services/clock';
import { yearFrom } from '@server/services/personal/renewals';
import { nextPolicyYear, preparedFrom } from '@server/services/policy/groupRenewals';
import { startGateway, type TestGateway } from '../support/gateway';
import { DEMO, ok } from './support';

const LIFE = DEMO.hengsheng.groupLife;
const ACCIDENT = DEMO.hengsheng.groupAccident;
const EMPLOYER = DEMO.hengsheng.employer;
const GL01_RATE = 36_000;

const clock = new FixedClock(new Date());
let gw: TestGateway;
let hr: string;
let clerk: string;
let other: string;
let lifeEnd: string;
let accidentEnd: string;

/** Noon of a Beijing day, the users logged in anew on it. */
async function dayIs(day: string) {
  clock.set(new Date(`${day}T12:00:00+08:00`));
  [hr, clerk, other] = [await gw.login('corp-hr'), await gw.login('corp-clerk'), await gw.login('corp-closing')];
}

const endOf = async (policyNo: string) =>
  (
    await gw.app.services.db
      .selectFrom('policy')
      .select('end_date')
      .where('policy_no', '=', policyNo)
      .executeTakeFirstOrThrow()
  ).end_date;

beforeAll(async () => {
  // the insurer's routine does not run by itself here: the test says when
  gw = await startGateway({ INSURER_RUN_MINUTES: '0' }, { clock });
  lifeEnd = await endOf(LIFE);
  accidentEnd = await endOf(ACCIDENT);
});
afterAll(() => gw.close());

const renewals = (cookie = hr) => gw.call<GroupRenewalBrief[]>('blocLegal/legalPolicy/groupRenewals', {}, { cookie });
const renewal = (policyNo: string, cookie = hr) =>
  gw.call<GroupRenewal>('blocLegal/legalPolicy/groupRenewal', { policyNo }, { cookie });
const accept = (policyNo: string, premiumFen: number, cookie = hr) =>
  gw.call<GroupRenewal>('blocLegal/legalPolicy/acceptGroupRenewal', { policyNo, premiumFen }, { cookie });
const payLink = (policyNo: string, cookie = hr) =>
  gw.call<GroupRenewalPay>('blocLegal/legalPolicy/groupRenewalPayLink', { policyNo }, { cookie });
const payStatus = (policyNo: string, cookie = hr) =>
  gw.call<GroupRenewalPay>('blocLegal/legalPolicy/groupRenewalPayStatus', { policyNo }, { cookie });
const cashier = (payUrl: string, action: 'pay' | 'fail') =>
  gw.app.inject({ method: 'POST', url: `${payUrl}/${action}` });
const insuredCount = async (policyNo: string) =>
  (
    await gw.app.services.db
      .selectFrom('policy')
      .select('insured_count')
      .where('policy_no', '=', policyNo)
      .executeTakeFirstOrThrow()
  ).insured_count;
const renewalRow = (policyNo: string) =>
  gw.app.services.db
    .selectFrom('group_renewal')
    .innerJoin('policy', 'policy.id', 'group_renewal.policy_id')
    .selectAll('group_renewal')
    .where('policy.policy_no', '=', policyNo)
    .executeTakeFirst();

/** A person joins the policy's roster (as a correction in force leaves them). */
async function personJoins(policyNo: string, n: number) {
  const db = gw.app.services.db;
  const policy = await db
    .selectFrom('policy')
    .select(['id', 'customer_id'])
    .where('policy_no', '=', policyNo)
    .executeTakeFirstOrThrow();
  const at = clock.now().toISOString();
  await db
    .insertInto('insured_person')
    .values({
      policy_id: policy.id,
      customer_id: policy.customer_id,
      name: `续保新员工${n}`,
      id_type: 'residentId',
      id_number: `11010119900101${String(1000 + n).slice(-4)}`,
      sex: 'M',
      birthdate: '1990-01-01',
      phone: null,
      employee_no: `RN${n}`,
      department: '研发部',
      occupation_code: null,
      occupation_name: null,
      risk_category: null,
      bank_name: null,
      bank_account: null,
      effective_date: clock.now().toISOString().slice(0, 10),
      end_date: null,
      state: InsuredState.insured,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

describe('a group renewal', () => {
  it('is prepared exactly the configured days before the end and not before', async () => {
    expect(PROMISES.groupRenewBeforeDays).toBe(60);
    expect(gw.app.services.config.groupRenewBeforeDays).toBe(60);
    const from = preparedFrom(lifeEnd, 60);
    expect(from).toBe(addDays(lifeEnd, -60));

    await dayIs(addDays(from, -1));
    expect(ok(await renewals()).map((r) => r.policyNo)).not.toContain(LIFE);
    expect(await renewal(LIFE)).toMatchObject({
      status: Status.business,
      statusText: `The renewal of policy ${LIFE} is not prepared yet: it will be on ${from}.`,
    });
    expect((await gw.app.services.insurerRun.run()).renewalsPrepared).not.toContain(LIFE);
    expect(await renewalRow(LIFE)).toBeUndefined();

    await dayIs(from);
    // the insurer's routine prepares it on its day, once however often it runs
    expect((await gw.app.services.insurerRun.run()).renewalsPrepared).toContain(LIFE);
    expect((await gw.app.services.insurerRun.run()).renewalsPrepared).toEqual([]);
    const listed = ok(await renewals()).find((r) => r.policyNo === LIFE);
    const next = nextPolicyYear(lifeEnd);
    expect(next).toEqual({ startDate: addDays(lifeEnd, 1), endDate: yearFrom(addDays(lifeEnd, 1)) });
    expect(listed).toMatchObject({
      state: 'prepared',
      policyEndDate: lifeEnd,
      startDate: addDays(lifeEnd, 1),
      endDate: next.endDate,
      daysLeft: 60,
      newPolicyNo: null,
    });
  });

  it('quotes the headcount at the next year’s rate, in the reader’s language where it refuses', async () => {
    const count = await insuredCount(LIFE);
    const view = ok(await renewal(LIFE));
    expect(view).toMatchObject({
      policyNo: LIFE,
      state: 'prepared',
      headcount: count,
      premiumFen: count * GL01_RATE,
      rates: [{ riskCategory: null, annualPremiumFen: GL01_RATE, headcount: count, premiumFen: count * GL01_RATE }],
      autoRenew: 2,
      autoRenewChangeable: true,
      payment: null,
    });
    expect(view.people).toHaveLength(count);
    expect(view.people[0].idNumber).toMatch(/\*/);
    const zh = await gw.call(
      'blocLegal/legalPolicy/acceptGroupRenewal',
      { policyNo: LIFE, premiumFen: 1 },
      { cookie: hr, headers: { 'accept-language': 'zh-CN' } },
    );
    expect(zh.statusText).toBe(`保单 ${LIFE} 的续保保费自您查看后已变化（员工清单有变动）。请查看新的报价后再次确认。`);
    expect(await payLink(LIFE)).toMatchObject({
      status: Status.business,
      statusText: `Accept the renewal quote of policy ${LIFE} before paying it.`,
    });
  });

  it("refuses another company's policy and a role that may not pay, changing nothing", async () => {
    const count = await insuredCount(LIFE);
    expect(await renewal(LIFE, other)).toMatchObject({
      status: Status.business,
      statusText: 'There is no such policy in your account.',
    });
    expect(await accept(LIFE, count * GL01_RATE, other)).toMatchObject({ status: Status.business });
    expect(await payLink(LIFE, other)).toMatchObject({ status: Status.business });
    // a clerk reads the renewal but neither accepts nor pays it
    expect(ok(await renewal(LIFE, clerk)).state).toBe('prepared');
    const refused = await accept(LIFE, count * GL01_RATE, clerk);
    expect(refused.status).not.toBe(Status.ok);
    expect(refused.statusText).toMatch(/role \(Clerk\)/);
    expect((await payLink(LIFE, clerk)).status).not.toBe(Status.ok);
    expect(await renewalRow(LIFE)).toMatchObject({ state: 'prepared', accepted_by: null });
  });

  it('is accepted, prices people added before paying, and paying twice issues one next year’s policy', async () => {
    await dayIs(addDays(lifeEnd, -10));
    const before = ok(await renewal(LIFE));
    expect(before.daysLeft).toBe(10);
    const accepted = ok(await accept(LIFE, before.premiumFen));
    expect(accepted).toMatchObject({ state: 'accepted', acceptedFen: before.premiumFen });
    expect(accepted.acceptedBy).toBeTruthy();
    // accepting again (a double click) is the same acceptance
    expect(ok(await accept(LIFE, before.premiumFen)).state).toBe('accepted');

    // a correction adds two people before paying: the premium follows the roster
    await personJoins(LIFE, 1);
    await personJoins(LIFE, 2);
    const now = ok(await renewal(LIFE));
    expect(now).toMatchObject({
      headcount: before.headcount + 2,
      premiumFen: (before.headcount + 2) * GL01_RATE,
      state: 'accepted',
    });
    const headcount = before.headcount + 3;

    const [a, b] = await Promise.all([payLink(LIFE), payLink(LIFE)]);
    expect(ok(a)).toMatchObject({ state: 'accepted', payStatus: 'unpaid', amountFen: (headcount - 1) * GL01_RATE });
    expect(ok(b).paymentNo).toBe(a.data.paymentNo);
    const stale = a.data.payUrl as string;
    // one more joins after the link was asked: that link no longer pays, nothing is charged by it
    await personJoins(LIFE, 3);
    expect(ok(await payStatus(LIFE))).toMatchObject({ state: 'accepted', payStatus: 'closed', payUrl: null });
    const refused = await cashier(stale, 'pay');
    expect(refused.headers.location ?? '').not.toContain('done=paid');
    expect((await renewalRow(LIFE))?.state).toBe('accepted');

    const c = ok(await payLink(LIFE));
    expect(c).toMatchObject({ state: 'accepted', payStatus: 'unpaid', amountFen: headcount * GL01_RATE });
    expect(c.paymentNo).not.toBe(a.data.paymentNo);
    const payUrl = c.payUrl as string;
    expect(payUrl).toMatch(/^\/cashier\//);
    const page = await gw.app.inject({ method: 'GET', url: payUrl });
    expect(page.body).toContain(LIFE);

    const [p1, p2] = await Promise.all([cashier(payUrl, 'pay'), cashier(payUrl, 'pay')]);
    expect([p1.headers.location, p2.headers.location]).toContain(`${payUrl}?done=paid`);
    const paid = ok(await payStatus(LIFE));
    expect(paid).toMatchObject({ state: 'paid', payStatus: 'paid', startDate: addDays(lifeEnd, 1) });
    const newNo = paid.newPolicyNo as string;
    expect(newNo).toMatch(/^PGL\d{14}$/);
    expect(newNo).not.toBe(LIFE);

    const db = gw.app.services.db;
    const issued = await db
      .selectFrom('policy')
      .selectAll()
      .where(
        'customer_id',
        '=',
        (await db.selectFrom('policy').select('customer_id').where('policy_no', '=', LIFE).executeTakeFirstOrThrow())
          .customer_id,
      )
      .where('start_date', '=', addDays(lifeEnd, 1))
      .where('kind', '=', 'group_life')
      .execute();
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({
      policy_no: newNo,
      start_date: addDays(lifeEnd, 1),
      end_date: yearFrom(addDays(lifeEnd, 1)),
      state: PolicyState.inForce,
      payment_state: PaymentState.paid,
      premium_fen: headcount * GL01_RATE,
      insured_count: headcount,
      roster: 'employee',
    });
    expect(await insuredCount(newNo)).toBe(headcount);
    const old = await db
      .selectFrom('policy')
      .select('renewed_by')
      .where('policy_no', '=', LIFE)
      .executeTakeFirstOrThrow();
    expect(old.renewed_by).toBe(newNo);
    const rows = await db
      .selectFrom('payment_attempt')
      .select(['state'])
      .where('subject_kind', '=', 'renewal')
      .orderBy('id')
      .execute();
    expect(rows).toEqual([{ state: 'expired' }, { state: 'succeeded' }]);

    // the company sees the new policy in its list, and the renewal says it is paid
    const list = ok(
      await gw.call<{ list: Array<{ policyNo: string; insuredCount: number }> }>(
        'blocLegal/legalPolicy/getLegalPolicyList',
        { pageSize: 50 },
        { cookie: hr },
      ),
    );
    expect(list.list.find((p) => p.policyNo === newNo)).toMatchObject({ insuredCount: headcount });
    expect(ok(await renewal(LIFE))).toMatchObject({ state: 'paid', newPolicyNo: newNo, headcount });
    expect(await accept(LIFE, headcount * GL01_RATE)).toMatchObject({
      status: Status.business,
      statusText: `The renewal of policy ${LIFE} is paid: the next year's policy is ${newNo}.`,
    });
    // the activity log has the acceptance (by the user), the payment and the issue (by the insurer)
    const log = await db
      .selectFrom('audit_event')
      .select(['kind', 'subject'])
      .where('kind', 'in', ['renewalAccepted', 'renewalIssued', 'paymentReceived'])
      .execute();
    expect(log).toEqual(
      expect.arrayContaining([
        { kind: 'renewalAccepted', subject: LIFE },
        { kind: 'paymentReceived', subject: LIFE },
        { kind: 'renewalIssued', subject: newNo },
      ]),
    );
  });

  it('not paid, lapses on the end date and not before', async () => {
    await dayIs(addDays(accidentEnd, -1));
    const view = ok(await renewal(ACCIDENT));
    expect(view).toMatchObject({ state: 'prepared', daysLeft: 1 });
    ok(await accept(ACCIDENT, view.premiumFen));
    expect((await gw.app.services.insurerRun.run()).renewalsLapsed).toEqual([]);
    expect((await renewalRow(ACCIDENT))?.state).toBe('accepted');

    await dayIs(accidentEnd);
    expect((await gw.app.services.insurerRun.run()).renewalsLapsed).toEqual([ACCIDENT]);
    expect((await gw.app.services.insurerRun.run()).renewalsLapsed).toEqual([]);
    expect(ok(await renewals()).find((r) => r.policyNo === ACCIDENT)).toMatchObject({
      state: 'lapsed',
      daysLeft: 0,
      newPolicyNo: null,
    });
    expect(ok(await renewal(ACCIDENT)).lapsedOn).toBe(accidentEnd);
    expect(await payLink(ACCIDENT)).toMatchObject({
      status: Status.business,
      statusText: `The renewal of policy ${ACCIDENT} lapsed on ${accidentEnd}: it was not paid by the policy's end. Call 95518 to insure your people again.`,
    });
    expect(
      (
        await gw.app.services.db
          .selectFrom('policy')
          .select('renewed_by')
          .where('policy_no', '=', ACCIDENT)
          .executeTakeFirstOrThrow()
      ).renewed_by,
    ).toBeNull();
  });
});

describe('legalPolicy/setAutoRenew', () => {
  it('changes a group policy’s automatic renewal where the product allows, refuses it elsewhere and for a clerk', async () => {
    await dayIs(addDays(lifeEnd, -5));
    // the policy's page says where it may be changed
    const detail = async (policyNo: string) =>
      ok(await gw.call<PolicyDetail>('blocLegal/legalPolicy/getLegalPolicyInfo', { policyNo }, { cookie: hr }))
        .autoRenewChangeable;
    expect([await detail(LIFE), await detail(EMPLOYER)]).toEqual([true, false]);
    const on = await gw.call<AutoRenewSetting>(
      'blocLegal/legalPolicy/setAutoRenew',
      { policyNo: LIFE, autoRenew: 1 },
      { cookie: hr },
    );
    expect(ok(on)).toEqual({ policyNo: LIFE, autoRenew: 1 });
    const employer = await gw.call(
      'blocLegal/legalPolicy/setAutoRenew',
      { policyNo: EMPLOYER, autoRenew: 1 },
      { cookie: hr },
    );
    expect(employer).toMatchObject({
      status: Status.business,
      statusText: `The automatic renewal of policy ${EMPLOYER} cannot be changed online: its product does not allow it. Call 95518.`,
    });
    expect(
      (await gw.call('blocLegal/legalPolicy/setAutoRenew', { policyNo: LIFE, autoRenew: 2 }, { cookie: clerk })).status,
    ).not.toBe(Status.ok);
    expect(
      (await gw.call('blocLegal/legalPolicy/setAutoRenew', { policyNo: LIFE, autoRenew: 2 }, { cookie: other })).status,
    ).not.toBe(Status.ok);
    const db = gw.app.services.db;
    const rows = await db
      .selectFrom('policy')
      .select(['policy_no', 'auto_renew'])
      .where('policy_no', 'in', [LIFE, EMPLOYER])
      .orderBy('policy_no')
      .execute();
    expect(rows).toEqual([
      { policy_no: EMPLOYER, auto_renew: 2 },
      { policy_no: LIFE, auto_renew: 1 },
    ]);
    const audit = await db
      .selectFrom('audit_event')
      .select(['kind', 'subject', 'after'])
      .where('kind', '=', 'autoRenewChanged')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ subject: LIFE });
    expect(String(audit[0].after)).toContain('on');
  });
});
