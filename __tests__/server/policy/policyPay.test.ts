import { Status } from '@contract/envelope';
import type { LegalPolicyPage, PolicyDetail, PolicyPayLink } from '@contract/io/policy';
import { PaymentState, PolicyState } from '@contract/states';
import { signNotify } from '@server/services/notifySignature';
import { startGateway, type TestGateway } from '../support/gateway';
import { DEMO, ok } from './support';

let gw: TestGateway;
let hr: string;
let other: string;
beforeAll(async () => {
  gw = await startGateway();
  hr = await gw.login('corp-hr');
  other = await gw.login('corp-closing');
});
afterAll(() => gw.close());

const pending = DEMO.hengsheng.motorPending;
const link = (policyNo: string, cookie = hr) =>
  gw.call<PolicyPayLink>('blocLegal/legalPolicy/policyPayLink', { policyNo }, { cookie });
const status = (policyNo: string, cookie = hr) =>
  gw.call<PolicyPayLink>('blocLegal/legalPolicy/policyPayStatus', { policyNo }, { cookie });
const cashier = (payUrl: string, action?: 'pay' | 'fail') =>
  action
    ? gw.app.inject({ method: 'POST', url: `${payUrl}/${action}` })
    : gw.app.inject({ method: 'GET', url: payUrl });
const attempts = (policyNo: string) =>
  gw.app.services.db
    .selectFrom('payment_attempt')
    .innerJoin('policy', 'policy.id', 'payment_attempt.subject_id')
    .select(['payment_attempt.payment_no', 'payment_attempt.state'])
    .where('payment_attempt.subject_kind', '=', 'policy')
    .where('policy.policy_no', '=', policyNo)
    .orderBy('payment_attempt.id')
    .execute();
const pendingCount = async () =>
  ok(await gw.call<LegalPolicyPage>('blocLegal/legalPolicy/getLegalPolicyList', { pageSize: 10 }, { cookie: hr }))
    .stateCounts[String(PolicyState.pendingPayment)] ?? 0;

describe('legalPolicy/policyPayLink, policyPayStatus and the cashier', () => {
  it("refuses another customer's policy and changes nothing", async () => {
    expect(await link(pending, other)).toMatchObject({
      status: Status.business,
      statusText: 'There is no such policy in your account.',
    });
    expect(await status(pending, other)).toMatchObject({ status: Status.business });
    expect(await attempts(pending)).toEqual([]);
  });

  it('refuses a policy already paid and one not awaiting payment, in the reader’s language', async () => {
    expect(await link(DEMO.hengsheng.motor)).toMatchObject({
      status: Status.business,
      statusText: `Policy ${DEMO.hengsheng.motor} is already paid. Nothing more is due.`,
    });
    const zh = await gw.call(
      'blocLegal/legalPolicy/policyPayLink',
      { policyNo: DEMO.hengsheng.motor },
      {
        cookie: hr,
        headers: { 'accept-language': 'zh-CN' },
      },
    );
    expect(zh.statusText).toBe(`保单 ${DEMO.hengsheng.motor} 已缴费，无需再付款。`);
    // An unpaid policy that is no longer pending (cancelled before it was paid).
    const db = gw.app.services.db;
    await db
      .updateTable('policy')
      .set({ payment_state: PaymentState.unpaid })
      .where('policy_no', '=', DEMO.hengsheng.propertyExpired)
      .execute();
    expect(await link(DEMO.hengsheng.propertyExpired)).toMatchObject({
      status: Status.business,
      statusText: `Policy ${DEMO.hengsheng.propertyExpired} is not awaiting payment.`,
    });
    await db
      .updateTable('policy')
      .set({ payment_state: PaymentState.paid })
      .where('policy_no', '=', DEMO.hengsheng.propertyExpired)
      .execute();
  });

  it('answers one payment however often Pay is pressed, pays it at the cashier and puts the policy in force', async () => {
    expect(await pendingCount()).toBe(1);
    expect(ok(await status(pending))).toMatchObject({ policyNo: pending, state: 3, payStatus: 'none', payUrl: null });

    // A double click and a third click later: one payment, one link.
    const [a, b] = await Promise.all([link(pending), link(pending)]);
    const c = await link(pending);
    expect(ok(a)).toMatchObject({
      policyNo: pending,
      state: 3,
      paymentState: 1,
      payStatus: 'unpaid',
      amountFen: 455900,
    });
    expect(a.data.payUrl).toMatch(/^\/cashier\/[A-Za-z0-9_-]{32}$/);
    expect(ok(b).paymentNo).toBe(a.data.paymentNo);
    expect(ok(c).payUrl).toBe(a.data.payUrl);
    expect(await attempts(pending)).toHaveLength(1);

    const page = await cashier(a.data.payUrl as string);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(pending);
    expect(page.body).toContain('¥4,559.00');
    expect(page.body).not.toContain('Correction');

    // A failed attempt keeps the same payment, ready to be tried again.
    expect((await cashier(a.data.payUrl as string, 'fail')).headers.location).toBe(`${a.data.payUrl}?done=failed`);
    expect(ok(await status(pending))).toMatchObject({ state: 3, payStatus: 'failed', payUrl: a.data.payUrl });
    expect(ok(await link(pending)).paymentNo).toBe(a.data.paymentNo);

    const paid = await cashier(a.data.payUrl as string, 'pay');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${a.data.payUrl}?done=paid`);
    const after = ok(await status(pending));
    expect(after).toMatchObject({
      state: PolicyState.inForce,
      paymentState: PaymentState.paid,
      payStatus: 'paid',
      payUrl: null,
    });
    expect(after.paidAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await cashier(a.data.payUrl as string)).body).toContain('This policy has been paid.');

    // The policy's details: in force, its premium paid, its documents issued, its issue record effective.
    const detail = ok(
      await gw.call<PolicyDetail>('blocLegal/legalPolicy/getLegalPolicyInfo', { policyNo: pending }, { cookie: hr }),
    );
    expect(detail).toMatchObject({ state: 1, paymentState: 2 });
    expect(detail.payments.map((p) => [p.amountFen, p.state])).toEqual([[455900, 2]]);
    expect(detail.documents.length).toBeGreaterThan(0);
    const record = await gw.app.services.db
      .selectFrom('insurance_record')
      .innerJoin('policy', 'policy.id', 'insurance_record.policy_id')
      .select('insurance_record.state')
      .where('policy.policy_no', '=', pending)
      .executeTakeFirstOrThrow();
    expect(record.state).toBe(1);
    expect(await pendingCount()).toBe(0);

    // Paying again: not charged twice; asking for a link again is refused.
    expect((await cashier(a.data.payUrl as string, 'pay')).headers.location).toBe(`${a.data.payUrl}?done=already`);
    expect(await link(pending)).toMatchObject({
      status: Status.business,
      statusText: `Policy ${pending} is already paid. Nothing more is due.`,
    });
    expect(await attempts(pending)).toEqual([{ payment_no: a.data.paymentNo, state: 'succeeded' }]);
  });

  it("trusts only a notification signed with the payment's secret, for the payment's amount", async () => {
    const db = gw.app.services.db;
    // Another pending policy of the same customer (a copy of the paid one set back to pending).
    await db
      .updateTable('policy')
      .set({ state: PolicyState.pendingPayment, payment_state: PaymentState.unpaid })
      .where('policy_no', '=', DEMO.hengsheng.property)
      .execute();
    const first = ok(await link(DEMO.hengsheng.property));
    const secret = (
      await db
        .selectFrom('payment_attempt')
        .select('secret')
        .where('payment_no', '=', first.paymentNo as string)
        .executeTakeFirstOrThrow()
    ).secret;
    const fields = {
      paymentNo: first.paymentNo as string,
      result: 'paid',
      amountFen: first.amountFen,
      notifyId: 'n-1',
    };
    const forged = await gw.call('blocLegal/legalPolicy/policyPayNotify', {
      ...fields,
      sign: signNotify('x'.repeat(64), fields),
    });
    expect(forged.status).not.toBe(Status.ok);
    const wrongAmount = { ...fields, amountFen: 1 };
    expect(
      (
        await gw.call('blocLegal/legalPolicy/policyPayNotify', {
          ...wrongAmount,
          sign: signNotify(secret, wrongAmount),
        })
      ).status,
    ).not.toBe(Status.ok);
    expect(ok(await status(DEMO.hengsheng.property)).payStatus).toBe('unpaid');

    // An expired link is replaced by a new payment; the old link can no longer pay.
    await db
      .updateTable('payment_attempt')
      .set({ expires_at: '2020-01-01T00:00:00.000Z' })
      .where('payment_no', '=', first.paymentNo as string)
      .execute();
    expect(ok(await status(DEMO.hengsheng.property))).toMatchObject({ payStatus: 'expired', payUrl: null });
    const second = ok(await link(DEMO.hengsheng.property));
    expect(second.paymentNo).not.toBe(first.paymentNo);
    expect((await cashier(first.payUrl as string, 'pay')).body).toContain('data-status="expired"');

    const good = await gw.call('blocLegal/legalPolicy/policyPayNotify', {
      ...fields,
      paymentNo: second.paymentNo as string,
      sign: signNotify(
        (
          await db
            .selectFrom('payment_attempt')
            .select('secret')
            .where('payment_no', '=', second.paymentNo as string)
            .executeTakeFirstOrThrow()
        ).secret,
        { ...fields, paymentNo: second.paymentNo as string },
      ),
    });
    expect(good).toMatchObject({ status: Status.ok, data: { accepted: true, payStatus: 'paid' } });
    expect(ok(await status(DEMO.hengsheng.property))).toMatchObject({ state: 1, paymentState: 2, payStatus: 'paid' });
    expect((await attempts(DEMO.hengsheng.property)).map((p) => p.state)).toEqual(['expired', 'succeeded']);
  });
});
