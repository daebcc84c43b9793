import { type Page, Status } from '@contract/envelope';
import type { Coupon, GiftList, HomeSummary, OrderDetail, OrderSummary } from '@contract/io/personal';
import { startGateway, type TestGateway } from '../support/gateway';
import { customerOf, insertPolicy } from './support';

let gw: TestGateway;
let senior: string;
let basic: string;
beforeAll(async () => {
  gw = await startGateway();
  senior = await gw.login('member-senior');
  basic = await gw.login('member-basic');
});
afterAll(() => gw.close());

describe('personal/orderList and orderDetail', () => {
  it("lists only the member's own orders, newest first, paginated in the database", async () => {
    const page1 = await gw.call<Page<OrderSummary>>(
      'blocLegal/personal/orderList',
      { pageNum: 1, pageSize: 3 },
      { cookie: senior },
    );
    expect(page1.status).toBe(Status.ok);
    expect(page1.data.total).toBe(7);
    expect(page1.data.list.map((o) => o.orderNo)).toEqual(['DD202611210002', 'DD202611200001', 'TB202611180007']);
    const page3 = await gw.call<Page<OrderSummary>>(
      'blocLegal/personal/orderList',
      { pageNum: 3, pageSize: 3 },
      { cookie: senior },
    );
    expect(page3.data.list).toHaveLength(1);
    const theirs = await gw.call<Page<OrderSummary>>('blocLegal/personal/orderList', {}, { cookie: basic });
    expect(theirs.data.list.map((o) => o.orderNo).sort()).toEqual(['DD202608030009', 'DD202611150021']);
  });

  it('filters by kind and state', async () => {
    const apps = await gw.call<Page<OrderSummary>>(
      'blocLegal/personal/orderList',
      { kind: 'application' },
      { cookie: senior },
    );
    expect(apps.data.list.every((o) => o.kind === 'application')).toBe(true);
    expect(apps.data.total).toBe(3);
    const pending = await gw.call<Page<OrderSummary>>(
      'blocLegal/personal/orderList',
      { kind: 'order', state: 1 },
      { cookie: senior },
    );
    expect(pending.data.list.map((o) => o.orderNo)).toEqual(['DD202611210002', 'DD202611200001']);
    expect(pending.data.list.every((o) => o.cancellable)).toBe(true);
    const bad = await gw.call('blocLegal/personal/orderList', { kind: 'everything' }, { cookie: senior });
    expect(bad).toMatchObject({
      status: Status.business,
      statusText: 'The kind must be one of: order, application, renewal.',
    });
    const badPage = await gw.call('blocLegal/personal/orderList', { pageSize: 1000 }, { cookie: senior });
    expect(badPage.statusText).toBe('The page size must be at most 100.');
  });

  it("answers an order's detail and refuses another member's order", async () => {
    const res = await gw.call<OrderDetail>(
      'blocLegal/personal/orderDetail',
      { orderNo: 'DD202609050012' },
      { cookie: senior },
    );
    expect(res.data).toMatchObject({ state: 2, policyNo: 'TRV2026310400905', amountFen: 25600, cancellable: false });
    expect(res.data.coverages).toEqual([
      { name: 'Emergency medical abroad', sumInsuredFen: 50000000 },
      { name: 'Trip delay', sumInsuredFen: 120000 },
    ]);
    const theirs = await gw.call('blocLegal/personal/orderDetail', { orderNo: 'DD202611150021' }, { cookie: senior });
    expect(theirs).toMatchObject({
      status: Status.business,
      statusText: 'There is no such order in your account.',
      data: null,
    });
  });
});

describe('personal/cancelOrder', () => {
  it('cancels a pending order with the reason and refuses a second time', async () => {
    const res = await gw.call<OrderSummary>(
      'blocLegal/personal/cancelOrder',
      { orderNo: 'DD202611200001', reason: 'Changed my mind' },
      { cookie: senior },
    );
    expect(res.data).toMatchObject({ orderNo: 'DD202611200001', state: 3, cancellable: false });
    const detail = await gw.call<OrderDetail>(
      'blocLegal/personal/orderDetail',
      { orderNo: 'DD202611200001' },
      { cookie: senior },
    );
    expect(detail.data).toMatchObject({ state: 3, cancelReason: 'Changed my mind' });
    expect(detail.data.cancelledAt).toMatch(/^\d{4}-/);
    const again = await gw.call('blocLegal/personal/cancelOrder', { orderNo: 'DD202611200001' }, { cookie: senior });
    expect(again.statusText).toBe('This order is already cancelled.');
  });

  it('cancels an application under underwriting', async () => {
    const res = await gw.call<OrderSummary>(
      'blocLegal/personal/cancelOrder',
      { orderNo: 'TB202611180007' },
      { cookie: senior },
    );
    expect(res.data.state).toBe(3);
  });

  it('refuses paid and declined orders', async () => {
    const paid = await gw.call('blocLegal/personal/cancelOrder', { orderNo: 'DD202609050012' }, { cookie: senior });
    expect(paid.statusText).toMatch(/paid and its policy issued/);
    const declined = await gw.call('blocLegal/personal/cancelOrder', { orderNo: 'TB202604020003' }, { cookie: senior });
    expect(declined.statusText).toBe('This order can no longer be cancelled.');
  });

  it("refuses another member's order and leaves it as it was", async () => {
    const res = await gw.call('blocLegal/personal/cancelOrder', { orderNo: 'DD202611150021' }, { cookie: senior });
    expect(res.statusText).toBe('There is no such order in your account.');
    const theirs = await gw.call<OrderDetail>(
      'blocLegal/personal/orderDetail',
      { orderNo: 'DD202611150021' },
      { cookie: basic },
    );
    expect(theirs.data.state).toBe(1);
  });
});

describe('personal/giftList and couponList', () => {
  it('answers the gift catalogue with the balance and what it affords', async () => {
    const res = await gw.call<GiftList>('blocLegal/personal/giftList', {}, { cookie: senior });
    expect(res.data.balance).toBe(7416);
    const byCode = Object.fromEntries(res.data.gifts.map((g) => [g.code, g]));
    expect(byCode['G-SPK'].affordable).toBe(false);
    expect(byCode['G-CHK'].affordable).toBe(true);
    expect(byCode['G-BAG']).toMatchObject({ stock: 0, affordable: false });
    const theirs = await gw.call<GiftList>('blocLegal/personal/giftList', {}, { cookie: basic });
    expect(theirs.data.balance).toBe(200);
  });

  it('lists coupons by state, expiry read from the date', async () => {
    const all = await gw.call<Page<Coupon>>('blocLegal/personal/couponList', {}, { cookie: senior });
    expect(all.data.total).toBe(4);
    const expired = await gw.call<Page<Coupon>>(
      'blocLegal/personal/couponList',
      { state: 'expired' },
      { cookie: senior },
    );
    expect(expired.data.list.map((c) => c.couponNo)).toEqual(['CP2603000015']);
    expect(expired.data.list[0].state).toBe('expired');
    const used = await gw.call<Page<Coupon>>('blocLegal/personal/couponList', { state: 'used' }, { cookie: senior });
    expect(used.data.list.map((c) => c.couponNo)).toEqual(['CP2609000077']);
    const unused = await gw.call<Page<Coupon>>(
      'blocLegal/personal/couponList',
      { state: 'unused' },
      { cookie: senior },
    );
    expect(unused.data.list.every((c) => c.state === 'unused')).toBe(true);
    const theirs = await gw.call<Page<Coupon>>('blocLegal/personal/couponList', {}, { cookie: basic });
    expect(theirs.data.list.map((c) => c.couponNo)).toEqual(['CP2605000988']);
    const bad = await gw.call('blocLegal/personal/couponList', { state: 'lost' }, { cookie: basic });
    expect(bad.statusText).toBe('The state must be one of: unused, used, expired.');
  });
});

describe('personal/homeSummary', () => {
  it("sums up the member's policies, pending orders, claims and points", async () => {
    const me = await customerOf(gw, 'member-senior');
    await insertPolicy(gw, me.customer_id, { kind: 'life', auto_renew: 2 });
    const res = await gw.call<HomeSummary>('blocLegal/personal/homeSummary', {}, { cookie: senior });
    expect(res.data.nickName).toBe('李文静');
    expect(res.data.userAnk).toBe(1);
    expect(res.data.points).toBe(7416);
    expect(res.data.policies.total).toBeGreaterThanOrEqual(1);
    expect(res.data.policies.byKind.find((k) => k.kind === 'life')?.count).toBeGreaterThanOrEqual(1);
    expect(res.data.pendingOrders.every((o) => o.cancellable)).toBe(true);
    const basicHome = await gw.call<HomeSummary>('blocLegal/personal/homeSummary', {}, { cookie: basic });
    expect(basicHome.data.points).toBeNull();
    expect(basicHome.data.pendingOrders.map((o) => o.orderNo)).toEqual(['DD202611150021']);
  });
});

describe('the personal calls and corporate users', () => {
  it('refuses corporate accounts with ERR_0007', async () => {
    const corp = await gw.login('corp-hr');
    for (const name of [
      'blocLegal/personal/orderList',
      'blocLegal/personal/homeSummary',
      'blocLegal/personal/couponList',
    ] as const) {
      const res = await gw.call(name, {}, { cookie: corp });
      expect({ name, status: res.status }).toEqual({ name, status: Status.refused });
    }
  });
});
