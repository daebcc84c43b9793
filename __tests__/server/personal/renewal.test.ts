/**
 * A member renewing a personal policy online: where each policy stands in the lists, the quote (the
 * next period's dates, the product's current rate), the renewal order paid at the cashier, the new
 * policy and the old one renewed by it, one renewal per policy, and another member's policy read as
 * a missing one.
 */
import { addDays, insurerToday } from '@common/correction';
import { PROMISES } from '@common/insurer';
import { type Page, Status } from '@contract/envelope';
import type { OrderPayment, OrderSummary, RenewalQuote } from '@contract/io/personal';
import type { PolicyDetail, PolicyRow } from '@contract/io/policy';
import { translate } from '@server/messages/catalogue';
import { renewalPeriod, renewalPremium, yearFrom } from '@server/services/personal/renewals';
import { startGateway, type TestGateway } from '../support/gateway';
import { customerOf, insertPolicy } from './support';

const EXPIRING = 'HLT25310100006618';
const LAPSED = 'PRP25310100009544';
const OTHER_MEMBERS = 'HLT26440300001207';

let gw: TestGateway;
let senior: string;
let seniorCustomer: number;
beforeAll(async () => {
  gw = await startGateway();
  senior = await gw.login('member-senior');
  seniorCustomer = (await customerOf(gw, 'member-senior')).customer_id;
});
afterAll(() => gw.close());

const today = () => insurerToday(gw.app.services.clock.now());
const quote = (policyNo: string, cookie = senior) =>
  gw.call<RenewalQuote>('blocLegal/personal/renewalQuote', { policyNo }, { cookie });
const renew = (policyNo: string, amountFen: number, cookie = senior) =>
  gw.call<OrderSummary>('blocLegal/personal/renewPolicy', { policyNo, amountFen }, { cookie });
const listed = async (policyNo: string) => {
  const page = await gw.call<Page<PolicyRow>>('blocLegal/policy/policyList', { pageSize: 100 }, { cookie: senior });
  return page.data.list.find((p) => p.policyNo === policyNo);
};
const ordersOf = (policyNo: string) =>
  gw.app.services.db
    .selectFrom('member_order')
    .select(['order_no', 'state'])
    .where('renews_policy_no', '=', policyNo)
    .execute();
const product = async (code: string) => (await gw.app.services.products.all()).get(code)!;

/** A policy of the member's on a real product (AC05), ending on the day given. */
async function policyEnding(endDate: string) {
  const policyNo = await insertPolicy(gw, seniorCustomer, {
    start_date: addDays(endDate, -364),
    end_date: endDate,
    auto_renew: 2,
  });
  await gw.app.services.db
    .updateTable('policy')
    .set({ product_code: 'AC05', sum_insured_fen: 55_000_000 })
    .where('policy_no', '=', policyNo)
    .execute();
  return policyNo;
}

describe('the renewed period', () => {
  it('starts the day after the old end and lasts a year, 29 February included', () => {
    expect(renewalPeriod('2026-12-31', '2026-12-01')).toEqual({
      startDate: '2027-01-01',
      endDate: '2027-12-31',
      lapsed: false,
    });
    // ending on 29 February: the next period begins on 1 March
    expect(renewalPeriod('2028-02-29', '2028-02-10')).toEqual({
      startDate: '2028-03-01',
      endDate: '2029-02-28',
      lapsed: false,
    });
    // ending on 28 February before a leap year: the next period ends on 29 February
    expect(renewalPeriod('2027-02-28', '2027-02-01').endDate).toBe('2028-02-29');
    // starting on 29 February: it ends on 28 February
    expect(yearFrom('2028-02-29')).toBe('2029-02-28');
    // ending today: the next period begins tomorrow, not lapsed
    expect(renewalPeriod('2026-11-29', '2026-11-29')).toMatchObject({ startDate: '2026-11-30', lapsed: false });
  });

  it('starts the day after today once the old one has lapsed', () => {
    expect(renewalPeriod('2026-10-01', '2026-11-29')).toEqual({
      startDate: '2026-11-30',
      endDate: '2027-11-29',
      lapsed: true,
    });
    expect(renewalPeriod('2028-01-15', '2028-02-28')).toEqual({
      startDate: '2028-02-29',
      endDate: '2029-02-28',
      lapsed: true,
    });
  });
});

describe('personal/renewalQuote and personal/renewPolicy', () => {
  it('quotes the expiring demo policy at the product’s current rate for the next period', async () => {
    const row = await listed(EXPIRING);
    expect(row?.renewal).toMatchObject({ state: 'due', lapsed: false, orderNo: null, policyNo: null });
    expect(row?.renewal?.until).toBe(addDays(row!.endDate, PROMISES.renewAfterDays));
    const q = await quote(EXPIRING);
    expect(q.status).toBe(Status.ok);
    const ac05 = await product('AC05');
    expect(q.data).toMatchObject({
      policyNo: EXPIRING,
      insuredName: '李文静',
      startDate: addDays(row!.endDate, 1),
      endDate: yearFrom(addDays(row!.endDate, 1)),
      // the demo policy has the product's standard cover: today's price, not last year's 188.00
      amountFen: ac05.priceFromFen,
      previousPremiumFen: 18800,
      lapsed: false,
    });
    expect(q.data.amountFen).toBe(19800);
    expect(q.data.coverages.map((c) => c.sumInsuredFen)).toEqual([50_000_000, 5_000_000]);
  });

  it('prices other cover in proportion to the product’s standard cover', async () => {
    const ac05 = await product('AC05');
    expect(renewalPremium(ac05, 55_000_000)).toBe(19800);
    expect(renewalPremium(ac05, 110_000_000)).toBe(39600);
    expect(renewalPremium(ac05, 27_500_000)).toBe(9900);
    expect(renewalPremium({ ...ac05, priceFromFen: 22000 }, 55_000_000)).toBe(22000);
  });

  it('renews once: the order is paid at the cashier, the new policy is listed, the old one says by which', async () => {
    const q = (await quote(EXPIRING)).data;
    // a premium other than the one quoted is refused and orders nothing
    const stale = await renew(EXPIRING, q.amountFen + 100);
    expect(stale).toMatchObject({
      status: Status.business,
      statusText: translate('en-US', 'renewal.premiumChanged', { policyNo: EXPIRING }),
    });
    expect(await ordersOf(EXPIRING)).toHaveLength(0);

    // two tabs confirm at once: one order, the other told which
    const [a, b] = await Promise.all([renew(EXPIRING, q.amountFen), renew(EXPIRING, q.amountFen)]);
    const [made, refused] = a.status === Status.ok ? [a, b] : [b, a];
    expect(made.status).toBe(Status.ok);
    expect(made.data).toMatchObject({
      kind: 'renewal',
      state: 1,
      amountFen: q.amountFen,
      renewsPolicyNo: EXPIRING,
      payable: true,
    });
    const orderNo = made.data.orderNo;
    expect(refused).toMatchObject({
      status: Status.business,
      statusText: translate('en-US', 'renewal.alreadyOrdered', { policyNo: EXPIRING, orderNo }),
    });
    expect(await ordersOf(EXPIRING)).toHaveLength(1);
    expect((await listed(EXPIRING))?.renewal).toMatchObject({ state: 'ordered', orderNo });
    const detail = await gw.call<OrderSummary & { startDate: string; endDate: string }>(
      'blocLegal/personal/orderDetail',
      { orderNo },
      { cookie: senior },
    );
    expect(detail.data).toMatchObject({ startDate: q.startDate, endDate: q.endDate });

    // paid through the one cashier, as any order
    const link = await gw.call<OrderPayment>('blocLegal/personal/orderPayLink', { orderNo }, { cookie: senior });
    expect(link.data.amountFen).toBe(q.amountFen);
    const page = await gw.app.inject({ method: 'GET', url: link.data.payUrl as string });
    expect(page.body).toContain(orderNo);
    const paid = await gw.app.inject({ method: 'POST', url: `${link.data.payUrl}/pay` });
    expect(paid.statusCode).toBe(303);
    const status = await gw.call<OrderPayment>('blocLegal/personal/orderPayStatus', { orderNo }, { cookie: senior });
    expect(status.data).toMatchObject({ state: 2, payStatus: 'paid' });
    const newNo = status.data.policyNo as string;
    expect(newNo).toMatch(/^HLT\d{2}31\d{10}$/);

    const renewed = await listed(newNo);
    expect(renewed).toMatchObject({
      state: 1,
      productCode: 'AC05',
      insuredName: '李文静',
      startDate: q.startDate,
      endDate: q.endDate,
      premiumFen: q.amountFen,
      sumInsuredFen: 55_000_000,
    });
    expect((await listed(EXPIRING))?.renewal).toMatchObject({ state: 'renewed', policyNo: newNo });
    const old = await gw.call<PolicyDetail>(
      'blocLegal/policy/noCarPolicyQueryEcenter',
      { policyNo: EXPIRING },
      { cookie: senior },
    );
    expect(old.data.renewal).toMatchObject({ state: 'renewed', policyNo: newNo });
    const fresh = await gw.call<PolicyDetail>(
      'blocLegal/policy/noCarPolicyQueryEcenter',
      { policyNo: newNo },
      { cookie: senior },
    );
    expect(fresh.data.risks.map((r) => r.code)).toEqual(['AC01', 'AC02']);
    expect(fresh.data.details).toMatchObject({ occupationClass: expect.any(String), renewalOf: EXPIRING });
    expect(fresh.data.payments).toEqual([
      expect.objectContaining({ amountFen: q.amountFen, state: 2, invoiced: false }),
    ]);

    // and never twice
    for (const again of [await quote(EXPIRING), await renew(EXPIRING, q.amountFen)])
      expect(again).toMatchObject({
        status: Status.business,
        statusText: translate('en-US', 'renewal.alreadyRenewed', { policyNo: EXPIRING, newPolicyNo: newNo }),
      });
    expect(await ordersOf(EXPIRING)).toHaveLength(1);
  });

  it('renews a lapsed policy from the day after today', async () => {
    const row = await listed(LAPSED);
    expect(row!.endDate < today()).toBe(true);
    expect(row?.renewal).toMatchObject({ state: 'due', lapsed: true });
    const q = await quote(LAPSED);
    expect(q.data).toMatchObject({
      startDate: addDays(today(), 1),
      endDate: yearFrom(addDays(today(), 1)),
      lapsed: true,
      amountFen: (await product('JC01')).priceFromFen,
    });
    // payable until the new period begins
    const made = await renew(LAPSED, q.data.amountFen);
    expect(made.data.payDeadline).toBe(new Date(`${addDays(today(), 1)}T00:00:00+08:00`).toISOString());
  });

  it('opens only within the window, saying when', async () => {
    const early = await policyEnding(addDays(today(), PROMISES.renewBeforeDays + 1));
    const late = await policyEnding(addDays(today(), -PROMISES.renewAfterDays - 1));
    const first = await policyEnding(addDays(today(), PROMISES.renewBeforeDays));
    const last = await policyEnding(addDays(today(), -PROMISES.renewAfterDays));
    expect((await listed(early))?.renewal).toBeNull();
    expect((await listed(late))?.renewal).toBeNull();
    expect((await listed(first))?.renewal?.state).toBe('due');
    expect((await listed(last))?.renewal).toMatchObject({ state: 'due', until: today() });
    expect(await quote(early)).toMatchObject({
      status: Status.business,
      statusText: translate('en-US', 'renewal.tooEarly', { policyNo: early, from: addDays(today(), 1) }),
    });
    expect(await quote(late)).toMatchObject({
      status: Status.business,
      statusText: translate('en-US', 'renewal.tooLate', {
        policyNo: late,
        until: addDays(today(), -1),
      }),
    });
  });

  it('answers another member’s policy as it answers a missing one', async () => {
    const missing = await quote('HLT99999999999999');
    const others = await quote(OTHER_MEMBERS);
    expect(missing).toMatchObject({
      status: Status.business,
      statusText: translate('en-US', 'policy.noSuchPolicy'),
    });
    expect(others.status).toBe(missing.status);
    expect(others.statusText).toBe(missing.statusText);
    const orderOther = await renew(OTHER_MEMBERS, 19800);
    expect(orderOther.statusText).toBe(missing.statusText);
    // its own member sees it renewable in nothing of the senior member's
    expect(await listed(OTHER_MEMBERS)).toBeUndefined();
  });

  it('is the personal centre’s: a company’s session is refused', async () => {
    const hr = await gw.login('corp-hr');
    const answer = await quote('PRP26310100000126', hr);
    expect(answer.status).not.toBe(Status.ok);
    const corporate = await gw.call<Page<PolicyRow>>(
      'blocLegal/legalPolicy/getLegalPolicyList',
      { pageSize: 5 },
      { cookie: hr },
    );
    expect(corporate.data.list.every((p) => p.renewal === null)).toBe(true);
  });
});
