import { Status } from '@contract/envelope';
import type { ClaimDetail, ClaimPage } from '@contract/io/policy';
import { startGateway, type TestGateway } from '../support/gateway';
import { DEMO, ok } from './support';

// A fresh PostgreSQL database and logins take a while when every suite shares two cores.

let gw: TestGateway;
let hr: string;
beforeAll(async () => {
  gw = await startGateway();
  hr = await gw.login('corp-hr');
});
afterAll(() => gw.close());

const claims = async (values: Record<string, string | number> = {}, cookie = hr) =>
  ok(await gw.call<ClaimPage>('blocLegal/claim/queryClaimList', values, { cookie }));

describe('claim/queryClaimList', () => {
  it("lists the company's claims newest first with counts by state", async () => {
    const all = await claims({ pageSize: 50 });
    expect(all.total).toBe(9);
    expect(all.list.map((c) => c.reportDate)).toEqual(
      all.list
        .map((c) => c.reportDate)
        .sort()
        .reverse(),
    );
    expect(all.list.some((c) => c.claimNo === DEMO.lanting.claim)).toBe(false);
    expect(all.stateCounts).toEqual({ '1': 1, '2': 1, '3': 1, '4': 4, '5': 1, '6': 1 });
    const page = await claims({ pageSize: 4, pageNum: 3 });
    expect(page.list).toHaveLength(1);
  });

  it('filters by claim number, policy, claimant, state and report dates, and sorts by amount', async () => {
    expect((await claims({ claimNo: 'clm2026el' })).total).toBe(2);
    const health = await claims({ policyNo: DEMO.hengsheng.groupHealth });
    expect(health.total).toBe(3);
    expect(health.stateCounts).toEqual({ '1': 1, '4': 1, '5': 1 });
    expect((await claims({ state: 4 })).list.every((c) => c.state === 4 && c.paidFen > 0)).toBe(true);
    const one = (await claims({ pageSize: 1 })).list[0];
    expect(
      (await claims({ claimantName: one.claimantName.slice(1) })).list.some((c) => c.claimNo === one.claimNo),
    ).toBe(true);
    expect(
      (await claims({ reportFrom: one.reportDate, reportTo: one.reportDate })).list.every(
        (c) => c.reportDate === one.reportDate,
      ),
    ).toBe(true);
    const byAmount = (await claims({ sortField: 'claimedFen', sortOrder: 'ascend', pageSize: 50 })).list.map(
      (c) => c.claimedFen,
    );
    expect(byAmount).toEqual([...byAmount].sort((a, b) => a - b));
    expect((await gw.call('blocLegal/claim/queryClaimList', { state: 9 }, { cookie: hr })).status).toBe(
      Status.business,
    );
  });

  it("lists an individual's own claims", async () => {
    const mine = await claims({}, await gw.login('member-senior'));
    expect(mine.list.map((c) => c.claimNo).sort()).toEqual(['CLM2026DA0009905', DEMO.liWenjing.claim].sort());
  });
});

describe('claim/queryClaimDetail', () => {
  it('answers a paid claim with its progress timeline, amounts, insured employee and documents', async () => {
    const d = ok(
      await gw.call<ClaimDetail>(
        'blocLegal/claim/queryClaimDetail',
        { claimNo: DEMO.hengsheng.claimPaid },
        { cookie: hr },
      ),
    );
    expect(d).toMatchObject({
      claimNo: DEMO.hengsheng.claimPaid,
      state: 4,
      claimedFen: 3860000,
      approvedFen: 3520000,
      paidFen: 3520000,
    });
    expect(d.policy).toMatchObject({ policyNo: DEMO.hengsheng.employer, kind: 'employer' });
    expect(d.insured?.name).toBe(d.claimantName);
    expect(d.insured?.idNumber).toContain('*');
    expect(d.timeline.map((e) => e.state)).toEqual([1, 2, 3, 4]);
    expect(d.timeline.map((e) => e.at)).toEqual([...d.timeline.map((e) => e.at)].sort());
    expect(d.timeline[3].text).toContain('¥35,200.00');
    expect(d.documents.every((x) => x.state === 1 && x.receivedAt)).toBe(true);
  });

  it('shows outstanding documents of a claim under review and the reason of a rejection', async () => {
    const review = ok(
      await gw.call<ClaimDetail>(
        'blocLegal/claim/queryClaimDetail',
        { claimNo: DEMO.hengsheng.claimReview },
        { cookie: hr },
      ),
    );
    expect(review.documents.filter((x) => x.state === 2)).toHaveLength(1);
    const rejected = ok(
      await gw.call<ClaimDetail>(
        'blocLegal/claim/queryClaimDetail',
        { claimNo: DEMO.hengsheng.claimRejected },
        { cookie: hr },
      ),
    );
    expect(rejected.timeline.map((e) => e.state)).toEqual([1, 2, 5]);
    expect(rejected.timeline[2].text).toMatch(/not covered/);
  });

  it('refuses an unknown claim number clearly', async () => {
    expect(await gw.call('blocLegal/claim/queryClaimDetail', { claimNo: 'CLM0' }, { cookie: hr })).toMatchObject({
      status: Status.business,
      statusText: 'There is no such claim in your account.',
    });
    expect((await gw.call('blocLegal/claim/queryClaimDetail', {}, { cookie: hr })).status).toBe(Status.business);
  });
});
