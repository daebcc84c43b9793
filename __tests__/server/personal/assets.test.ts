import { type Page, Status } from '@contract/envelope';
import type {
  AssetsDetails,
  AssetTransaction,
  BonusRecords,
  FundPosition,
  InvestmentManagement,
  RiskQuestionnaire,
  RiskResult,
  RiskReview,
} from '@contract/io/personal';
import type { CallName } from '@contract/calls';
import { scoreAnswers } from '@server/services/personal/riskQuestionnaire';
import { startGateway, type TestGateway } from '../support/gateway';

let gw: TestGateway;
let senior: string;
let basic: string;
beforeAll(async () => {
  gw = await startGateway();
  senior = await gw.login('member-senior');
  basic = await gw.login('member-basic');
});
afterAll(() => gw.close());

describe('assets are for senior members', () => {
  const assetCalls: CallName[] = [
    'blocLegal/assets/transactionQuery',
    'blocLegal/assets/assetsDetails',
    'blocLegal/assets/bonusRecord',
    'blocLegal/assets/riskQuestionnaire',
    'blocLegal/assets/riskEvaluating',
    'blocLegal/assets/investmentManagement',
    'blocLegal/personal/fundList',
    'blocLegal/personal/riskReview',
  ];
  it.each(assetCalls)('%s refuses a non-senior member with the message of docs/SPEC.md §5', async (name) => {
    const valid: Record<string, string> =
      name === 'blocLegal/assets/riskEvaluating' ? { answers: JSON.stringify({ age: 'A' }) } : {};
    const res = await gw.call(name, valid, { cookie: basic });
    expect(res).toEqual({
      status: Status.refused,
      statusText: 'Your information is incomplete; you cannot access the My Assets page!',
      data: null,
    });
  });
});

describe('assets/assetsDetails and personal/fundList', () => {
  it('values the accounts with their funds at the latest NAV', async () => {
    const res = await gw.call<AssetsDetails>('blocLegal/assets/assetsDetails', {}, { cookie: senior });
    const il = res.data.accounts.find((a) => a.accountNo === 'IL310400088')!;
    // 38835.00 units x 1.2876 + 25920.00 x 1.5432 + 15283.00 x 0.9815, in fen, plus ¥1,200.00 cash
    const funds =
      Math.round((3883500 * 12876) / 10000) +
      Math.round((2592000 * 15432) / 10000) +
      Math.round((1528300 * 9815) / 10000);
    expect(il.valueFen).toBe(120000 + funds);
    expect(res.data.totalFen).toBe(2531288 + 7260000 + 120000 + funds);
    expect(res.data.byKind.map((k) => k.kind).sort()).toEqual(['cash_value', 'unit_linked', 'universal']);
    expect(res.data.bonusThisYearFen).toBe(
      new Date().getUTCFullYear() === 2026 ? 1477002 + 1612050 + 372000 : res.data.bonusThisYearFen,
    );
  });

  it('opens an account’s policy only once the member’s account holds it', async () => {
    const universal = async () =>
      (await gw.call<AssetsDetails>('blocLegal/assets/assetsDetails', {}, { cookie: senior })).data.accounts.find(
        (a) => a.accountNo === 'UL310400017',
      )!;
    // Sold through a bank and not bound yet: the number is cited, the policy is not the member's to open.
    expect(await universal()).toMatchObject({ policyNo: 'LBK2025310400017', policyKind: null });
    const bound = await gw.call(
      'blocLegal/policy/addPolicy',
      { policyNo: 'LBK2025310400017', holderName: '李文静', holderIdNumber: '310104196001010026' },
      { cookie: senior },
    );
    expect(bound.status).toBe(Status.ok);
    expect(await universal()).toMatchObject({ policyNo: 'LBK2025310400017', policyKind: 'life' });
    const ul = (await gw.call<AssetsDetails>('blocLegal/assets/assetsDetails', {}, { cookie: senior })).data.accounts;
    expect(ul.find((a) => a.accountNo === 'IL310400088')).toMatchObject({ policyNo: null, policyKind: null });
  });

  it('pages the fund positions with gains', async () => {
    const res = await gw.call<Page<FundPosition>>('blocLegal/personal/fundList', { pageSize: 2 }, { cookie: senior });
    expect(res.data.total).toBe(3);
    expect(res.data.list.map((f) => f.fundCode)).toEqual(['F002', 'F003']);
    expect(res.data.list[0]).toMatchObject({ units: 38835, valueFen: 5000395, costFen: 4800000, gainFen: 200395 });
  });
});

describe('assets/transactionQuery', () => {
  it('filters by kind, account and dates, paginated', async () => {
    const all = await gw.call<Page<AssetTransaction>>(
      'blocLegal/assets/transactionQuery',
      { pageSize: 5 },
      { cookie: senior },
    );
    expect(all.data.total).toBe(16);
    expect(all.data.list[0].onDate).toBe('2026-11-20');
    const fees = await gw.call<Page<AssetTransaction>>(
      'blocLegal/assets/transactionQuery',
      { kind: 'fee' },
      { cookie: senior },
    );
    expect(fees.data.list.map((t) => t.txnNo)).toEqual(['T2026060300013', 'T2025060300011']);
    const y2024 = await gw.call<Page<AssetTransaction>>(
      'blocLegal/assets/transactionQuery',
      { from: '2024-01-01', to: '2024-12-31', accountNo: 'IL310400088' },
      { cookie: senior },
    );
    expect(y2024.data.total).toBe(4);
    const bad = await gw.call(
      'blocLegal/assets/transactionQuery',
      { from: '2026-02-01', to: '2026-01-01' },
      { cookie: senior },
    );
    expect(bad.statusText).toBe('The from date must not be after the to date.');
    const badDate = await gw.call('blocLegal/assets/transactionQuery', { from: '2026-02-30' }, { cookie: senior });
    expect(badDate).toMatchObject({ status: Status.business, statusText: 'The from date is not a real date.' });
  });
});

describe('assets/bonusRecord', () => {
  it('lists bonuses by policy and year with their total', async () => {
    const all = await gw.call<BonusRecords>('blocLegal/assets/bonusRecord', {}, { cookie: senior });
    expect(all.data.total).toBe(4);
    expect(all.data.totalFen).toBe(1477002 + 1612050 + 356000 + 372000);
    const one = await gw.call<BonusRecords>(
      'blocLegal/assets/bonusRecord',
      { policyNo: 'WLF2019310400512', year: 2025 },
      { cookie: senior },
    );
    expect(one.data.list).toEqual([expect.objectContaining({ amountFen: 372000, method: 'cash' })]);
    expect(one.data.totalFen).toBe(372000);
  });
});

describe('the risk questionnaire', () => {
  const cautious = {
    age: 'A',
    income: 'A',
    share: 'A',
    experience: 'A',
    knowledge: 'A',
    horizon: 'A',
    goal: 'A',
    loss: 'A',
    reaction: 'A',
    debt: 'A',
  };

  it('answers the questions without their points, and the stored result', async () => {
    const res = await gw.call<RiskQuestionnaire>('blocLegal/assets/riskQuestionnaire', {}, { cookie: senior });
    expect(res.data.questions).toHaveLength(10);
    expect(JSON.stringify(res.data)).not.toMatch(/points/);
    expect(res.data.latest).toMatchObject({ score: 44, level: 3, levelName: 'Balanced' });
  });

  it('scores answers on the gateway, stores the result and answers it', async () => {
    const res = await gw.call<RiskResult>(
      'blocLegal/assets/riskEvaluating',
      { answers: JSON.stringify(cautious) },
      { cookie: senior },
    );
    expect(res.data).toMatchObject({ score: 10, level: 1, levelName: 'Conservative', valid: true });
    const review = await gw.call<RiskReview>('blocLegal/personal/riskReview', {}, { cookie: senior });
    expect(review.data.latest?.level).toBe(1);
    expect(review.data.history.map((h) => h.score)).toEqual([10, 44]);
    // Every fund above level 1 is now out of line with the member's risk level.
    expect(review.data.mismatched.map((f) => f.fundCode)).toEqual(['F002', 'F003', 'F005']);
    const invest = await gw.call<InvestmentManagement>('blocLegal/assets/investmentManagement', {}, { cookie: senior });
    expect(invest.data).toMatchObject({ riskLevel: 1, riskLevelName: 'Conservative' });
  });

  it('refuses incomplete, unknown or unreadable answers and stores nothing', async () => {
    const before = await gw.app.services.db.selectFrom('risk_evaluation').select('id').execute();
    const { debt: _debt, ...partial } = cautious;
    const missing = await gw.call(
      'blocLegal/assets/riskEvaluating',
      { answers: JSON.stringify(partial) },
      { cookie: senior },
    );
    expect(missing.statusText).toBe('Answer question 10 before submitting.');
    const wrong = await gw.call(
      'blocLegal/assets/riskEvaluating',
      { answers: JSON.stringify({ ...cautious, goal: 'Z' }) },
      { cookie: senior },
    );
    expect(wrong.statusText).toBe('The answer to question 7 is not one of its options.');
    const extra = await gw.call(
      'blocLegal/assets/riskEvaluating',
      { answers: JSON.stringify({ ...cautious, lucky: 'A' }) },
      { cookie: senior },
    );
    expect(extra.statusText).toMatch(/does not have/);
    const garbage = await gw.call('blocLegal/assets/riskEvaluating', { answers: '{oops' }, { cookie: senior });
    expect(garbage.statusText).toBe('The answers could not be read.');
    const after = await gw.app.services.db.selectFrom('risk_evaluation').select('id').execute();
    expect(after.length).toBe(before.length);
  });

  it('maps scores to the five levels at their bounds', () => {
    const all = (option: string) => Object.fromEntries(Object.keys(cautious).map((k) => [k, option]));
    expect(scoreAnswers(all('A'))).toEqual({ ok: true, score: 10, level: 1 });
    expect(scoreAnswers(all('D'))).toMatchObject({ ok: true, level: 5 });
    expect(scoreAnswers({ ...all('B'), age: 'B' })).toMatchObject({ score: 30, level: 2 });
  });
});

describe('assets/investmentManagement', () => {
  it('answers the investment accounts with their funds and totals', async () => {
    const res = await gw.call<InvestmentManagement>('blocLegal/assets/investmentManagement', {}, { cookie: senior });
    expect(res.data.accounts.map((a) => a.accountNo)).toEqual(['IL310400088', 'UL310400017']);
    expect(res.data.accounts[0].funds).toHaveLength(3);
    expect(res.data.accounts[1].funds).toHaveLength(0);
    expect(res.data.totalGainFen).toBe(res.data.accounts[0].funds.reduce((s, f) => s + f.gainFen, 0));
  });
});
