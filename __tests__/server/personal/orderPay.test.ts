import { type Page, Status } from '@contract/envelope';
import type { OrderPayment, OrderSummary } from '@contract/io/personal';
import { signNotify } from '@server/services/notifySignature';
import { startGateway, type TestGateway } from '../support/gateway';
import { customerOf, insertOrder } from './support';

let gw: TestGateway;
let senior: string;
let basic: string;
let seniorCustomer: number;
beforeAll(async () => {
  gw = await startGateway();
  senior = await gw.login('member-senior');
  basic = await gw.login('member-basic');
  seniorCustomer = (await customerOf(gw, 'member-senior')).customer_id;
});
afterAll(() => gw.close());

const link = (orderNo: string, cookie = senior) =>
  gw.call<OrderPayment>('blocLegal/personal/orderPayLink', { orderNo }, { cookie });
const status = (orderNo: string, cookie = senior) =>
  gw.call<OrderPayment>('blocLegal/personal/orderPayStatus', { orderNo }, { cookie });
const cashier = (payUrl: string, action?: 'pay' | 'fail') =>
  action
    ? gw.app.inject({ method: 'POST', url: `${payUrl}/${action}` })
    : gw.app.inject({ method: 'GET', url: payUrl });
const payments = (orderNo: string) =>
  gw.app.services.db
    .selectFrom('payment_attempt')
    .innerJoin('member_order', 'member_order.id', 'payment_attempt.subject_id')
    .select(['payment_attempt.payment_no', 'payment_attempt.state'])
    .where('payment_attempt.subject_kind', '=', 'order')
    .where('member_order.order_no', '=', orderNo)
    .orderBy('payment_attempt.id')
    .execute();

describe('personal/orderPayLink and the cashier', () => {
  it('answers one payment however often it is asked, pays it at the cashier, and issues the policy', async () => {
    const orderNo = await insertOrder(gw, seniorCustomer, { amount_fen: 36800 });
    const before = await status(orderNo);
    expect(before.data).toMatchObject({ orderNo, state: 1, payStatus: 'none', payUrl: null });

    // A double click, and a third click later: one payment, one link.
    const [a, b] = await Promise.all([link(orderNo), link(orderNo)]);
    const c = await link(orderNo);
    expect(a.status).toBe(Status.ok);
    expect(a.data).toMatchObject({ orderNo, payStatus: 'unpaid', amountFen: 36800 });
    expect(a.data.payUrl).toMatch(/^\/cashier\/[A-Za-z0-9_-]{32}$/);
    expect(b.data.paymentNo).toBe(a.data.paymentNo);
    expect(c.data.payUrl).toBe(a.data.payUrl);
    expect(await payments(orderNo)).toHaveLength(1);
    expect((await status(orderNo)).data.payStatus).toBe('unpaid');

    const page = await cashier(a.data.payUrl as string);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(orderNo);
    expect(page.body).toContain('¥368.00');
    expect(page.body).not.toContain('Correction');

    const paid = await cashier(a.data.payUrl as string, 'pay');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${a.data.payUrl}?done=paid`);
    const after = await status(orderNo);
    expect(after.data).toMatchObject({ state: 2, payStatus: 'paid', payUrl: null });
    expect(after.data.policyNo).toMatch(/^HLT\d{2}31\d{10}$/);
    expect(after.data.paidAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    // The policy is the member's, with the premium paid; the order lists as paid.
    const policies = await gw.call<Page<{ policyNo: string; state: number; premiumFen: number }>>(
      'blocLegal/policy/policyList',
      { pageSize: 50 },
      { cookie: senior },
    );
    expect(policies.data.list.find((p) => p.policyNo === after.data.policyNo)).toMatchObject({
      state: 1,
      premiumFen: 36800,
    });
    const premium = await gw.app.services.db
      .selectFrom('premium_payment')
      .select(['amount_fen', 'state'])
      .where('payment_no', '=', a.data.paymentNo as string)
      .executeTakeFirstOrThrow();
    expect({ amount: Number(premium.amount_fen), state: premium.state }).toEqual({ amount: 36800, state: 2 });
    const listed = await gw.call<Page<OrderSummary>>(
      'blocLegal/personal/orderList',
      { state: 2, pageSize: 50 },
      { cookie: senior },
    );
    expect(listed.data.list.find((o) => o.orderNo === orderNo)).toMatchObject({
      state: 2,
      payable: false,
      cancellable: false,
    });

    // Paying again: the cashier does not charge twice, and the portal is told why.
    const twice = await cashier(a.data.payUrl as string, 'pay');
    expect(twice.headers.location).toBe(`${a.data.payUrl}?done=already`);
    expect((await cashier(`${a.data.payUrl}?done=already`)).body).toContain(
      'This order was already paid; it was not charged again.',
    );
    const again = await link(orderNo);
    expect(again).toMatchObject({
      status: Status.business,
      statusText: `Order ${orderNo} is already paid; its policy is ${after.data.policyNo}. Nothing more is due.`,
    });
    expect(await payments(orderNo)).toEqual([{ payment_no: a.data.paymentNo, state: 'succeeded' }]);
  });

  it('lets a failed attempt be tried again, and replaces an expired link by a new one', async () => {
    const orderNo = await insertOrder(gw, seniorCustomer);
    const first = (await link(orderNo)).data;
    expect((await cashier(first.payUrl as string, 'fail')).headers.location).toBe(`${first.payUrl}?done=failed`);
    expect((await status(orderNo)).data).toMatchObject({ state: 1, payStatus: 'failed', payUrl: first.payUrl });
    expect((await link(orderNo)).data.paymentNo).toBe(first.paymentNo);

    await gw.app.services.db
      .updateTable('payment_attempt')
      .set({ expires_at: '2020-01-01T00:00:00.000Z' })
      .where('payment_no', '=', first.paymentNo as string)
      .execute();
    expect((await status(orderNo)).data).toMatchObject({ payStatus: 'expired', payUrl: null });
    expect((await cashier(first.payUrl as string)).body).toContain('This payment link has expired.');
    const second = (await link(orderNo)).data;
    expect(second.paymentNo).not.toBe(first.paymentNo);
    expect(second.payStatus).toBe('unpaid');
    // The old link can no longer pay.
    const old = await cashier(first.payUrl as string, 'pay');
    expect(old.statusCode).toBe(200);
    expect(old.body).toContain('data-status="expired"');
    expect((await cashier(second.payUrl as string, 'pay')).headers.location).toBe(`${second.payUrl}?done=paid`);
    expect((await payments(orderNo)).map((p) => p.state)).toEqual(['expired', 'succeeded']);
  });

  it('refuses cancelled, declined, underwriting and overdue orders with a clear sentence', async () => {
    expect(await link('DD202607110004')).toMatchObject({
      status: Status.business,
      statusText:
        'Order DD202607110004 is cancelled and can no longer be paid. Place a new order if you still want the cover.',
    });
    expect(await link('TB202611180007')).toMatchObject({
      status: Status.business,
      statusText: 'Application TB202611180007 is still being underwritten; you can pay once it is accepted.',
    });
    expect(await link('TB202604020003')).toMatchObject({
      status: Status.business,
      statusText: 'Application TB202604020003 was declined at underwriting and cannot be paid.',
    });
    const late = await insertOrder(gw, seniorCustomer, { pay_deadline: '2026-01-10T16:00:00.000Z' });
    expect(await link(late)).toMatchObject({
      status: Status.business,
      statusText: `The time to pay Order ${late} ended at 2026-01-11\u00a000:00 (Beijing time). Place a new order if you still want the cover.`,
    });
    const listed = await gw.call<Page<OrderSummary>>(
      'blocLegal/personal/orderList',
      { state: 1, pageSize: 50 },
      { cookie: senior },
    );
    expect(listed.data.list.find((o) => o.orderNo === late)).toMatchObject({ payable: false, cancellable: true });
    expect(await payments(late)).toHaveLength(0);
  });

  it('closes the open payment when the member cancels the order: the cashier can no longer take it', async () => {
    const orderNo = await insertOrder(gw, seniorCustomer);
    const open = (await link(orderNo)).data;
    const cancelled = await gw.call<OrderSummary>('blocLegal/personal/cancelOrder', { orderNo }, { cookie: senior });
    expect(cancelled.data).toMatchObject({ state: 3, payable: false });
    const page = await cashier(open.payUrl as string);
    expect(page.body).toContain('data-status="closed"');
    expect(page.body).toContain('This payment is closed: the order was cancelled');
    const tried = await cashier(open.payUrl as string, 'pay');
    expect(tried.statusCode).toBe(200);
    expect((await status(orderNo)).data).toMatchObject({ state: 3, payStatus: 'closed', payUrl: null, policyNo: null });
    expect(await link(orderNo)).toMatchObject({
      status: Status.business,
      statusText: `Order ${orderNo} is cancelled and can no longer be paid. Place a new order if you still want the cover.`,
    });
  });

  it("refuses another member's order with the sentence an unknown number gets, and creates nothing", async () => {
    const orderNo = await insertOrder(gw, seniorCustomer);
    const unknown = await link('DD209912310000', basic);
    expect(unknown).toMatchObject({
      status: Status.business,
      statusText: 'There is no such order in your account.',
      data: null,
    });
    expect(await link(orderNo, basic)).toEqual(unknown);
    expect(await status(orderNo, basic)).toEqual(unknown);
    expect(await gw.call('blocLegal/personal/cancelOrder', { orderNo }, { cookie: basic })).toEqual(unknown);
    expect(await payments(orderNo)).toHaveLength(0);
    expect((await link('<script>')).statusText).toBe('An order number is 6 to 40 letters and digits.');
    const corporate = await link(orderNo, await gw.login('corp-hr'));
    expect(corporate).toMatchObject({
      status: Status.refused,
      statusText: 'The personal centre is for individual members; corporate accounts use the corporate member centre.',
    });
  });

  it('personal/orderPayNotify (no session) trusts only a notification signed with the payment’s secret, for its amount', async () => {
    const orderNo = await insertOrder(gw, seniorCustomer, { amount_fen: 5000 });
    const open = (await link(orderNo)).data;
    const notify = (
      fields: { paymentNo: string; result: 'paid' | 'failed'; amountFen: number; notifyId: string },
      secret: string,
    ) =>
      gw.call<{ accepted: boolean; payStatus: string }>('blocLegal/personal/orderPayNotify', {
        ...fields,
        sign: signNotify(secret, fields),
      });
    const fields = { paymentNo: open.paymentNo as string, result: 'paid' as const, amountFen: 5000, notifyId: 'n1' };
    expect(await notify(fields, 'not-the-secret')).toMatchObject({
      status: Status.business,
      statusText: 'The notification signature is not valid; nothing was done.',
    });
    const row = await gw.app.services.db
      .selectFrom('payment_attempt')
      .select('secret')
      .where('payment_no', '=', open.paymentNo as string)
      .executeTakeFirstOrThrow();
    expect(await notify({ ...fields, amountFen: 1 }, row.secret)).toMatchObject({
      status: Status.business,
      statusText: 'The notified amount does not match the payment; nothing was done.',
    });
    expect(await notify({ ...fields, paymentNo: 'OP000' }, row.secret)).toMatchObject({
      status: Status.business,
      statusText: 'There is no such payment.',
    });
    expect(
      (await gw.call('blocLegal/personal/orderPayNotify', { ...fields, result: 'maybe', sign: 'x' })).statusText,
    ).toBe('The result must be one of: paid, failed.');
    expect((await status(orderNo)).data.state).toBe(1);
    expect((await notify(fields, row.secret)).data).toEqual({ accepted: true, payStatus: 'paid' });
    expect((await notify({ ...fields, notifyId: 'n2' }, row.secret)).data).toEqual({
      accepted: true,
      payStatus: 'paid',
    });
    expect((await status(orderNo)).data).toMatchObject({ state: 2, payStatus: 'paid' });
    expect(await payments(orderNo)).toEqual([{ payment_no: open.paymentNo, state: 'succeeded' }]);
  });
});
