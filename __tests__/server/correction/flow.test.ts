import { Status } from '@contract/envelope';
import type {
  ApprovalResult,
  CorrectionDetail,
  ItemChange,
  PaymentInfo,
  PayStatusResult,
  PayTypeResult,
  ScenarioResult,
  UnderwritingResult,
} from '@contract/io/correction';
import { addDays, daysInclusive, proRataFen } from '@common/correction';
import { startGateway, type TestGateway } from '../support/gateway';
import { key, makePolicy, newPerson, ok, today } from './support';

let gw: TestGateway;
let hr: string;
beforeAll(async () => {
  gw = await startGateway();
  hr = await gw.login('corp-hr');
});
afterAll(() => gw.close());

const E = 'blocLegal/employee/';

async function cashier(path: string, action?: 'pay' | 'fail') {
  if (!action) return gw.app.inject({ method: 'GET', url: path });
  return gw.app.inject({
    method: 'POST',
    url: `${path}/${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
}

describe('an employee addition from draft to in force', () => {
  it('adds, checks, prices, approves, pays in the cashier and puts the person on the roster', async () => {
    const policy = await makePolicy(gw, { members: 3 });
    const effectiveDate = addDays(today(), 1);
    const person = newPerson(policy.region, 1, { employeeNo: 'N0001', department: 'Sales' });
    const added = await ok<ItemChange>(
      gw,
      `${E}addSingleEmployee`,
      { policyId: policy.policyId, effectiveDate, idempotencyKey: key(), ...person },
      hr,
    );
    expect(added.correction).toMatchObject({
      state: 'draft',
      kind: 'add',
      variant: 'employee',
      itemCount: 1,
      netFen: null,
      actions: expect.arrayContaining(['check', 'edit']),
    });
    expect(added.added[0]).toMatchObject({
      action: 'add',
      name: person.name,
      idNumber: person.idNumber,
      sex: 'male',
      premiumFen: null,
    });
    const id = added.correction.correctionId;

    const checked = await ok<{ ok: boolean; correction: { state: string } }>(
      gw,
      `${E}checkGroupEmployeeCorrect`,
      { correctionId: id },
      hr,
    );
    expect(checked).toMatchObject({ ok: true, correction: { state: 'checked' } });

    const uw = await ok<UnderwritingResult>(gw, `${E}underwriting`, { correctionId: id }, hr);
    const days = daysInclusive(effectiveDate, policy.endDate);
    const expected = proRataFen(36_500, days, 365);
    expect(uw.yearDays).toBe(365);
    expect(uw.days).toBe(days);
    expect(uw.items.list[0]).toMatchObject({ premiumFen: expected, days });
    expect(uw.correction).toMatchObject({
      state: 'underwritten',
      premiumFen: expected,
      refundFen: 0,
      netFen: expected,
    });

    const scenario = await ok<ScenarioResult>(gw, `${E}selectOrderScenario`, { correctionId: id }, hr);
    expect(scenario.allowed).toEqual(['online', 'transfer']);
    const refused = await gw.call(`${E}selectOrderScenario`, { correctionId: id, scenario: 'refund' }, { cookie: hr });
    expect(refused).toMatchObject({
      status: Status.business,
      statusText: 'This correction can be settled by: online payment, bank transfer.',
    });
    expect(
      (await ok<ScenarioResult>(gw, `${E}selectOrderScenario`, { correctionId: id, scenario: 'online' }, hr)).selected,
    ).toBe('online');

    const approval = await ok<ApprovalResult>(
      gw,
      `${E}applyBusinessApprove`,
      { correctionId: id, idempotencyKey: key() },
      hr,
    );
    expect(approval).toMatchObject({ decision: 'approved', paymentRequired: true, correction: { state: 'approved' } });
    // A retried step may choose the same scenario again; another one is for updatePayType now.
    expect(
      (await ok<ScenarioResult>(gw, `${E}selectOrderScenario`, { correctionId: id, scenario: 'online' }, hr)).selected,
    ).toBe('online');
    expect(
      (await gw.call(`${E}selectOrderScenario`, { correctionId: id, scenario: 'transfer' }, { cookie: hr })).statusText,
    ).toMatch(/can no longer be chosen here .* use the payment step/);
    expect((await ok<PayStatusResult>(gw, `${E}getPayStatus`, { correctionId: id }, hr)).payStatus).toBe('none');

    const payKey = key();
    const link = await ok<PaymentInfo>(gw, `${E}getPaymentLink`, { correctionId: id, idempotencyKey: payKey }, hr);
    expect(link).toMatchObject({
      amountFen: expected,
      payStatus: 'unpaid',
      payType: 'online',
      payUrl: expect.stringMatching(/^\/cashier\/[\w-]+$/),
    });
    const again = await ok<PaymentInfo>(gw, `${E}getPaymentLink`, { correctionId: id, idempotencyKey: key() }, hr);
    expect(again.paymentNo).toBe(link.paymentNo);
    expect(again.payUrl).toBe(link.payUrl);

    const page = await cashier(link.payUrl as string);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(link.paymentNo);
    expect(page.body).toContain(`¥${(expected / 100).toFixed(2)}`);
    expect(page.body).toMatch(/<button class="pay"[^>]*>Pay<\/button>/);
    expect(page.body).not.toMatch(/Fail payment/);
    expect(page.body).toMatch(/WeChat Pay[\s\S]*Alipay[\s\S]*Bank card/);
    expect(page.body).not.toMatch(/<script/);

    const detailBefore = await ok<CorrectionDetail>(gw, `${E}correctDetail`, { correctionId: id }, hr);
    expect(detailBefore.correction.state).toBe('awaiting_payment');
    expect(detailBefore.payment).toMatchObject({ paymentNo: link.paymentNo, payUrl: link.payUrl, payStatus: 'unpaid' });
    expect(detailBefore.correction.actions).toEqual(expect.arrayContaining(['pay', 'pollPayment']));

    const paid = await cashier(link.payUrl as string, 'pay');
    expect(paid.statusCode).toBe(303);
    const after = await cashier(paid.headers.location as string);
    expect(after.body).toContain('Payment received');
    expect(after.body).not.toMatch(/<button class="pay"/);

    const status = await ok<PayStatusResult>(gw, `${E}getPayStatus`, { correctionId: id }, hr);
    expect(status).toMatchObject({
      payStatus: 'paid',
      state: 'in_force',
      payment: { paidAt: expect.any(String), payUrl: null },
    });

    const twice = await cashier(link.payUrl as string, 'pay');
    const twicePage = await cashier(twice.headers.location as string);
    expect(twicePage.body).toMatch(/already paid|has been paid/);
    const payments = await gw.app.services.db
      .selectFrom('premium_payment')
      .selectAll()
      .where('correction_id', '=', id)
      .execute();
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ state: 2, amount_fen: expected });

    const roster = await gw.app.services.db
      .selectFrom('insured_person')
      .selectAll()
      .where('policy_id', '=', policy.policyId)
      .where('id_number', '=', person.idNumber)
      .execute();
    expect(roster).toHaveLength(1);
    expect(roster[0]).toMatchObject({
      state: 1,
      effective_date: effectiveDate,
      employee_no: 'N0001',
      department: 'Sales',
    });

    const pdf = await gw.raw(`${E}downloadEndorsement`, { correctionId: id }, { cookie: hr });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.headers['content-disposition']).toContain('endorsement-');

    const records = await ok<{ list: Array<{ correctionId: number; state: string }>; total: number }>(
      gw,
      `${E}correctRecordList`,
      { policyId: policy.policyId },
      hr,
    );
    expect(records.list[0]).toMatchObject({ correctionId: id, state: 'in_force' });
    // The policy is free for the next correction.
    const next = await ok<ItemChange>(
      gw,
      `${E}addSingleEmployee`,
      { policyId: policy.policyId, effectiveDate, idempotencyKey: key(), ...newPerson(policy.region, 2) },
      hr,
    );
    expect(next.correction.correctionId).not.toBe(id);
  });

  it('refuses the endorsement before the correction is in force', async () => {
    const policy = await makePolicy(gw);
    const added = await ok<ItemChange>(
      gw,
      `${E}addSingleEmployee`,
      { policyId: policy.policyId, effectiveDate: today(), idempotencyKey: key(), ...newPerson(policy.region, 3) },
      hr,
    );
    const res = await gw.call(
      `${E}downloadEndorsement`,
      { correctionId: added.correction.correctionId },
      { cookie: hr },
    );
    expect(res).toMatchObject({ status: Status.business, statusText: expect.stringMatching(/not in force yet/) });
  });
});

describe('payment failures, pay types and links', () => {
  async function approvedAddition(payLinkMinutes?: number) {
    const policy = await makePolicy(gw);
    const added = await ok<ItemChange>(
      gw,
      `${E}addSingleEmployee`,
      { policyId: policy.policyId, effectiveDate: today(), idempotencyKey: key(), ...newPerson(policy.region, 4) },
      hr,
    );
    const id = added.correction.correctionId;
    await ok(gw, `${E}underwriting`, { correctionId: id }, hr);
    await ok(gw, `${E}applyBusinessApprove`, { correctionId: id, idempotencyKey: key() }, hr);
    void payLinkMinutes;
    return { policy, id };
  }

  it('reports a failed payment, then pays through a new link of the same payment', async () => {
    const { id } = await approvedAddition();
    const link = await ok<PaymentInfo>(gw, `${E}getPaymentLink`, { correctionId: id, idempotencyKey: key() }, hr);
    const failed = await cashier(link.payUrl as string, 'fail');
    expect(failed.statusCode).toBe(303);
    expect((await cashier(failed.headers.location as string)).body).toContain('The payment failed');
    expect(await ok<PayStatusResult>(gw, `${E}getPayStatus`, { correctionId: id }, hr)).toMatchObject({
      payStatus: 'failed',
      state: 'awaiting_payment',
    });
    const retry = await ok<PaymentInfo>(gw, `${E}getPaymentLink`, { correctionId: id, idempotencyKey: key() }, hr);
    expect(retry).toMatchObject({ paymentNo: link.paymentNo, payStatus: 'unpaid' });
    await cashier(retry.payUrl as string, 'pay');
    expect((await ok<PayStatusResult>(gw, `${E}getPayStatus`, { correctionId: id }, hr)).payStatus).toBe('paid');
  });

  it('changes the way to pay and answers the account for a transfer', async () => {
    const { id } = await approvedAddition();
    const result = await ok<PayTypeResult>(gw, `${E}updatePayType`, { correctionId: id, payType: 'transfer' }, hr);
    expect(result).toMatchObject({
      payType: 'transfer',
      payment: null,
      payTo: { bankName: expect.any(String), accountNo: expect.any(String) },
    });
    const link = await ok<PaymentInfo>(gw, `${E}getPaymentLink`, { correctionId: id, idempotencyKey: key() }, hr);
    expect(link.payType).toBe('transfer');
    const online = await ok<PayTypeResult>(gw, `${E}updatePayType`, { correctionId: id, payType: 'online' }, hr);
    expect(online).toMatchObject({
      payType: 'online',
      payTo: null,
      payment: { payType: 'online', paymentNo: link.paymentNo },
    });
    expect((await gw.call(`${E}updatePayType`, { correctionId: id, payType: 'cash' }, { cookie: hr })).statusText).toBe(
      'The way to pay must be one of: online, transfer.',
    );
    // A transfer has no cashier; paying online goes through the online attempt's link.
    expect(link.payUrl).toBeNull();
    expect(online.payment?.payUrl).toMatch(/^\/cashier\//);
    await cashier(online.payment?.payUrl as string, 'pay');
    expect((await gw.call(`${E}updatePayType`, { correctionId: id, payType: 'transfer' }, { cookie: hr })).status).toBe(
      Status.business,
    );
  });

  it('expires payment links and issues a new one for the same payment', async () => {
    const { id } = await approvedAddition();
    const link = await ok<PaymentInfo>(gw, `${E}getPaymentLink`, { correctionId: id, idempotencyKey: key() }, hr);
    await gw.app.services.db
      .updateTable('payment_attempt')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token', '=', (link.payUrl as string).split('/').pop() as string)
      .execute();
    const expired = await cashier(link.payUrl as string);
    expect(expired.body).toContain('This payment link has expired');
    const posted = await cashier(link.payUrl as string, 'pay');
    expect(posted.body).toContain('This payment link has expired');
    expect((await ok<PayStatusResult>(gw, `${E}getPayStatus`, { correctionId: id }, hr)).payStatus).toBe('unpaid');
    const detail = await ok<CorrectionDetail>(gw, `${E}correctDetail`, { correctionId: id }, hr);
    expect(detail.payment?.payUrl).toBeNull();
    const fresh = await ok<PaymentInfo>(gw, `${E}getPaymentLink`, { correctionId: id, idempotencyKey: key() }, hr);
    expect(fresh.paymentNo).toBe(link.paymentNo);
    expect(fresh.payUrl).not.toBe(link.payUrl);
    // The old link stays dead even after a new one exists.
    expect((await cashier(link.payUrl as string)).body).toContain('expired');
  });

  it('answers 404 with a clear page for an unknown link', async () => {
    const res = await cashier('/cashier/does-not-exist-123456');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('This payment link does not exist');
  });

  it('closes the payment when the correction is deleted and refuses to pay it', async () => {
    const { id } = await approvedAddition();
    const link = await ok<PaymentInfo>(gw, `${E}getPaymentLink`, { correctionId: id, idempotencyKey: key() }, hr);
    const cancelled = await ok<{ state: string }>(gw, `${E}delCorrectRecord`, { correctionId: id }, hr);
    expect(cancelled.state).toBe('cancelled');
    expect((await cashier(link.payUrl as string)).body).toContain('closed');
    expect((await ok<PayStatusResult>(gw, `${E}getPayStatus`, { correctionId: id }, hr)).payStatus).toBe('closed');
    expect((await cashier(link.payUrl as string, 'pay')).body).toContain('closed');
  });
});
