/**
 * The demo world moves with the clock: seeded today, then read 60 and 400 days on (the embedded
 * insurer's routine run as the gateway runs it), what the portal shows stays plausible: no claim waits
 * on the insurer past its promise, every step is dated on its promised day and never after now, the
 * promises said are the ones kept, and no order past its payment deadline is offered for payment.
 */
import type { ClaimDetail, ClaimPage } from '@contract/io/policy';
import type { OrderSummary } from '@contract/io/personal';
import type { Page } from '@contract/envelope';
import { LOCALE_COOKIE } from '@contract/locale';
import { ClaimState, OrderState } from '@contract/states';
import { PROMISES } from '@common/insurer';
import { FixedClock } from '@server/services/clock';
import { translate } from '@server/messages/catalogue';
import { startGateway, type TestGateway } from './support/gateway';
import { ok } from './policy/support';

const DAY = 86_400_000;
const APPROVED = 'CLM2026GA0000764';
const REPORTED = 'CLM2026GH0001508';

let gw: TestGateway;
const clock = new FixedClock(new Date());
beforeAll(async () => {
  gw = await startGateway({}, { clock });
});
afterAll(() => gw.close());

async function claimsOf(username: string, locale: 'en-US' | 'zh-CN' = 'en-US') {
  const cookie = `${await gw.login(username)}; ${LOCALE_COOKIE}=${locale}`;
  const page = ok(await gw.call<ClaimPage>('blocLegal/claim/queryClaimList', { pageSize: 50 }, { cookie }));
  return Promise.all(
    page.list.map(async (c) =>
      ok(await gw.call<ClaimDetail>('blocLegal/claim/queryClaimDetail', { claimNo: c.claimNo }, { cookie })),
    ),
  );
}

/** What must hold of the world at any day: the insurer's promises kept, nothing dated after now. */
async function expectPlausible() {
  const now = clock.now();
  const overdue: string[] = [];
  for (const user of ['corp-hr', 'member-senior']) {
    for (const claim of await claimsOf(user)) {
      const since = Date.parse(claim.timeline[claim.timeline.length - 1].at);
      for (const step of claim.timeline) expect(Date.parse(step.at)).toBeLessThanOrEqual(now.getTime());
      const promise =
        claim.state === ClaimState.approved
          ? PROMISES.claimPayDays
          : claim.state === ClaimState.reported
            ? PROMISES.contactDays
            : null;
      if (promise !== null && now.getTime() - since >= promise * DAY) overdue.push(claim.claimNo);
    }
  }
  expect(overdue).toEqual([]);
  const orders = ok(
    await gw.call<Page<OrderSummary>>(
      'blocLegal/personal/orderList',
      { pageSize: 50 },
      { cookie: await gw.login('member-senior') },
    ),
  );
  for (const o of orders.list)
    if (o.payable) {
      expect(o.state).toBe(OrderState.pendingPayment);
      expect(Date.parse(o.payDeadline ?? '')).toBeGreaterThan(now.getTime());
    }
}

describe('the demo world', () => {
  it('is plausible on the day it is seeded: an approved claim is within its payment promise, which it says', async () => {
    await expectPlausible();
    const [approved] = (await claimsOf('corp-hr')).filter((c) => c.claimNo === APPROVED);
    expect(approved.state).toBe(ClaimState.approved);
    expect(approved.timeline[approved.timeline.length - 1].text).toBe(
      translate('en-US', 'claim.event.approved.text', { amount: '¥24,150.00' }),
    );
    expect(approved.timeline[approved.timeline.length - 1].text).toContain(`${PROMISES.claimPayDays} days`);
    const [zh] = (await claimsOf('corp-hr', 'zh-CN')).filter((c) => c.claimNo === APPROVED);
    expect(zh.timeline[zh.timeline.length - 1].text).toContain(`${PROMISES.claimPayDays} 日内支付`);
  });

  it('60 days on: the approved claim was paid on its promised day, the reported one reviewed the next day', async () => {
    const approvedAt = Date.parse((await claimsOf('corp-hr')).find((c) => c.claimNo === APPROVED)!.timeline.at(-1)!.at);
    const reportedAt = Date.parse((await claimsOf('corp-hr')).find((c) => c.claimNo === REPORTED)!.timeline[0].at);
    clock.advance(60 * DAY);
    const done = await gw.app.services.insurerRun.run();
    expect(done.paid).toContain(APPROVED);
    // (the reported claim may have been reviewed already when the gateway started: its day had come)
    await expectPlausible();

    const claims = await claimsOf('corp-hr');
    const paid = claims.find((c) => c.claimNo === APPROVED)!;
    expect(paid).toMatchObject({ state: ClaimState.paid, paidFen: paid.approvedFen });
    expect(paid.timeline.at(-1)).toMatchObject({
      state: ClaimState.paid,
      at: new Date(approvedAt + PROMISES.claimPayDays * DAY).toISOString(),
    });
    const reviewed = claims.find((c) => c.claimNo === REPORTED)!;
    expect(reviewed.state).toBe(ClaimState.underReview);
    expect(reviewed.timeline.at(-1)!.at).toBe(new Date(reportedAt + PROMISES.contactDays * DAY).toISOString());

    // caught up: a second run finds nothing due
    expect(await gw.app.services.insurerRun.run()).toMatchObject({ reviewed: [], paid: [], refunded: [] });
  });

  it('400 days on: still plausible, nothing payable past its deadline', async () => {
    clock.advance(340 * DAY);
    await gw.app.services.insurerRun.run();
    await expectPlausible();
  });
});

describe('the gateway', () => {
  it('runs the insurer’s routine before it answers, and not at all with INSURER_RUN_MINUTES=0', async () => {
    const later = new FixedClock(new Date(Date.now() + 30 * DAY));
    const running = await startGateway({}, { clock: later });
    const off = await startGateway({ INSURER_RUN_MINUTES: '0' }, { clock: later });
    try {
      const stateOf = async (g: TestGateway) =>
        (
          await g.app.services.db
            .selectFrom('claim')
            .select('state')
            .where('claim_no', '=', APPROVED)
            .executeTakeFirstOrThrow()
        ).state;
      expect(await stateOf(running)).toBe(ClaimState.paid);
      expect(await stateOf(off)).toBe(ClaimState.approved);
    } finally {
      await running.close();
      await off.close();
    }
  });
});
