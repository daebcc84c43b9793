/**
 * A correction whose net effect is a refund: the refund is requested when the correction takes effect,
 * to the holder's own account on file (masked, its bank in the reader's language), followed on the
 * correction's detail and the records list, and settled by the insurer's command (refunded, or failed
 * with why); without an account in the holder's name it fails at once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ApprovalResult, CorrectionDetail, CorrectionSummary, ItemChange } from '@contract/io/correction';
import type { Page } from '@contract/envelope';
import { LOCALE_COOKIE } from '@contract/locale';
import { addDays, daysInclusive, insurerToday, proRataFen } from '@common/correction';
import { formatDateTime } from '@common/time';
import { PROMISES } from '@common/insurer';
import { translate } from '@server/messages/catalogue';
import { settleRefund } from '@server/operator/settleRefund';
import { FixedClock } from '@server/services/clock';
import { startGateway, type TestGateway } from '../support/gateway';
import { key, makePolicy, ok } from '../correction/support';

const E = 'blocLegal/employee/';
const HOLDER = '上海恒晟退费测试有限公司';
const ACCOUNT = '6225880212349876';

let gw: TestGateway;
let hr: string;
let dir: string;
const clock = new FixedClock(new Date());
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mc-refund-'));
  gw = await startGateway({ DATA_DIR: dir }, { clock, onDisk: true });
  hr = await gw.login('corp-hr');
  const customerId = (
    await gw.app.services.db
      .selectFrom('app_user')
      .select('customer_id')
      .where('username', '=', 'corp-hr')
      .executeTakeFirstOrThrow()
  ).customer_id;
  // an account in another company's name, then the holder's own: the refund goes to the holder's
  await gw.app.services.db
    .insertInto('customer_bank_account')
    .values([
      {
        customer_id: customerId,
        account_name: 'Another Company Ltd.',
        bank_name: 'Bank of China, Beijing Branch',
        bank_name_zh: '中国银行北京分行',
        account_no: '1111222233330000',
        created_at: clock.now().toISOString(),
      },
      {
        customer_id: customerId,
        account_name: HOLDER,
        bank_name: 'China Merchants Bank, Shanghai Branch',
        bank_name_zh: '招商银行上海分行',
        account_no: ACCOUNT,
        created_at: clock.now().toISOString(),
      },
    ])
    .execute();
});
afterAll(async () => {
  await gw.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const inLanguage = (locale: 'zh-CN' | 'en-US') => `${hr}; ${LOCALE_COOKIE}=${locale}`;

/** Two people removed from a policy held by `holderName`, approved and so in force. */
async function removedTwo(holderName = HOLDER) {
  const policy = await makePolicy(gw, { holderName });
  const effectiveDate = addDays(insurerToday(clock.now()), 1);
  const removed = await ok<ItemChange>(
    gw,
    `${E}subtractEmployee`,
    {
      policyId: policy.policyId,
      effectiveDate,
      idempotencyKey: key(),
      personIds: JSON.stringify(policy.personIds.slice(0, 2)),
    },
    hr,
  );
  const id = removed.correction.correctionId;
  await ok(gw, `${E}underwriting`, { correctionId: id }, hr);
  const approval = await ok<ApprovalResult>(
    gw,
    `${E}applyBusinessApprove`,
    { correctionId: id, idempotencyKey: key() },
    hr,
  );
  expect(approval.correction.state).toBe('in_force');
  const amount = 2 * proRataFen(36_500, daysInclusive(effectiveDate, policy.endDate), 365);
  return { id, amount };
}

const detailOf = (id: number, locale: 'zh-CN' | 'en-US' = 'en-US') =>
  gw.call<CorrectionDetail>(`${E}correctDetail`, { correctionId: id }, { cookie: inLanguage(locale) });

async function listed(id: number) {
  const page = await ok<Page<CorrectionSummary>>(gw, `${E}correctRecordList`, { pageNum: 1, pageSize: 50 }, hr);
  return page.list.find((c) => c.correctionId === id);
}

const command = async (...args: string[]) => {
  const out = { stdout: '', stderr: '' };
  const code = await settleRefund(
    args,
    { databaseUrl: gw.config.databaseUrl, dataDir: dir, auditRetentionDays: gw.config.auditRetentionDays },
    { log: (line) => (out.stdout += `${line}\n`), error: (line) => (out.stderr += `${line}\n`) },
    clock,
  );
  return { code, ...out };
};

describe('a refund', () => {
  it('is requested when the correction takes effect, to the holder’s own account, masked, in the reader’s language', async () => {
    const { id, amount } = await removedTwo();
    const requestedAt = clock.now().toISOString();
    const { data } = await detailOf(id);
    expect(data.refund).toEqual({
      refundNo: expect.stringMatching(/^RF\d{16}$/),
      amountFen: amount,
      state: 'processing',
      requestedAt,
      settledAt: null,
      account: {
        accountName: HOLDER,
        bankName: 'China Merchants Bank, Shanghai Branch',
        accountNo: expect.any(String),
      },
      failure: null,
    });
    expect(data.refund?.account?.accountNo).toMatch(/^[*\s]+9876$/);
    expect(data.refund?.account?.accountNo).not.toContain('62258802');
    expect(data.correction.refundState).toBe('processing');
    expect((await detailOf(id, 'zh-CN')).data.refund?.account?.bankName).toBe('招商银行上海分行');
    expect(await listed(id)).toMatchObject({ refundState: 'processing' });
    // its booking is dated only when the bank confirms it
    const bill = await gw.app.services.db
      .selectFrom('premium_payment')
      .selectAll()
      .where('correction_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(bill).toMatchObject({ amount_fen: -amount, paid_at: null });
  });

  it('is listed for the insurer and settled refunded once; the record shows the day', async () => {
    const { id, amount } = await removedTwo();
    const refundNo = (await detailOf(id)).data.refund!.refundNo;
    const list = await command('--list');
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(refundNo);
    expect(list.stdout).not.toContain(ACCOUNT);

    clock.advance(2 * 86_400_000);
    hr = await gw.login('corp-hr'); // the session lapsed meanwhile
    const done = await command('--refund', refundNo.toLowerCase(), '--refunded');
    expect(done).toMatchObject({ code: 0, stdout: expect.stringContaining(`${refundNo}: `) });
    const settledAt = clock.now().toISOString();
    expect((await detailOf(id)).data.refund).toMatchObject({ state: 'refunded', settledAt, amountFen: amount });
    expect(await listed(id)).toMatchObject({ refundState: 'refunded' });
    expect((await command('--list')).stdout).not.toContain(refundNo);
    const bill = await gw.app.services.db
      .selectFrom('premium_payment')
      .select('paid_at')
      .where('correction_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(bill.paid_at).toBe(settledAt);

    // the company's activity log: the refund requested, then settled, by the insurer
    const correctionNo = (await detailOf(id)).data.correction.correctionNo;
    const logged = await gw.app.services.db
      .selectFrom('audit_event')
      .select(['kind', 'actor', 'at'])
      .where('subject', '=', correctionNo)
      .where('kind', 'in', ['refundRequested', 'refundSettled'])
      .orderBy('id')
      .execute();
    expect(logged).toEqual([
      { kind: 'refundRequested', actor: 'insurer', at: expect.any(String) },
      { kind: 'refundSettled', actor: 'insurer', at: settledAt },
    ]);

    // settled once: again, or failed afterwards, changes nothing
    const again = await command('--refund', refundNo, '--failed', 'accountClosed');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(refundNo);
    expect((await detailOf(id)).data.refund).toMatchObject({ state: 'refunded', settledAt, failure: null });
  });

  it('is confirmed by the embedded insurer’s routine on its promised day, dated that day, once', async () => {
    const { id } = await removedTwo();
    const { refundNo, requestedAt } = (await detailOf(id)).data.refund!;
    clock.advance((PROMISES.refundDays - 1) * 86_400_000);
    expect((await gw.app.services.insurerRun.run()).refunded).not.toContain(refundNo);
    hr = await gw.login('corp-hr'); // the session lapsed meanwhile
    expect((await detailOf(id)).data.refund?.state).toBe('processing');
    clock.advance(2 * 86_400_000);
    expect((await gw.app.services.insurerRun.run()).refunded).toContain(refundNo);
    hr = await gw.login('corp-hr');
    expect((await detailOf(id)).data.refund).toMatchObject({
      state: 'refunded',
      settledAt: new Date(Date.parse(requestedAt) + PROMISES.refundDays * 86_400_000).toISOString(),
    });
    expect((await gw.app.services.insurerRun.run()).refunded).not.toContain(refundNo);
  });

  it('fails with why when the bank returns it', async () => {
    const { id } = await removedTwo();
    const refundNo = (await detailOf(id)).data.refund!.refundNo;
    expect(await command('--refund', refundNo, '--failed', 'lost')).toMatchObject({ code: 2 });
    expect(await command('--refund', refundNo)).toMatchObject({ code: 2 });
    expect((await detailOf(id)).data.refund?.state).toBe('processing');
    expect(await command('--refund', refundNo, '--failed', 'accountClosed')).toMatchObject({ code: 0 });
    expect((await detailOf(id)).data.refund).toMatchObject({
      state: 'failed',
      failure: 'accountClosed',
      settledAt: clock.now().toISOString(),
    });
    expect(await listed(id)).toMatchObject({ refundState: 'failed' });
  });

  it('fails at once without an account in the holder’s own name, and cannot be marked refunded', async () => {
    const { id } = await removedTwo('Holder Without Account Co.');
    const refund = (await detailOf(id)).data.refund!;
    expect(refund).toMatchObject({ state: 'failed', failure: 'noAccount', account: null });
    const refused = await command('--refund', refund.refundNo, '--refunded');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      translate('en-US', 'refund.alreadySettled', {
        refundNo: refund.refundNo,
        state: 'failed',
        at: formatDateTime(refund.settledAt, { space: ' ' }),
      }),
    );
    expect((await detailOf(id)).data.refund?.state).toBe('failed');
  });

  it('is none for a correction without a refund, and an unknown number is refused', async () => {
    const policy = await makePolicy(gw, { holderName: HOLDER });
    const draft = await ok<ItemChange>(
      gw,
      `${E}subtractEmployee`,
      {
        policyId: policy.policyId,
        effectiveDate: insurerToday(clock.now()),
        idempotencyKey: key(),
        personIds: JSON.stringify([policy.personIds[0]]),
      },
      hr,
    );
    const { data } = await detailOf(draft.correction.correctionId);
    expect(data.refund).toBeNull();
    expect(data.correction.refundState).toBeNull();
    const unknown = await command('--refund', 'RF000', '--refunded');
    expect(unknown).toMatchObject({
      code: 1,
      stderr: expect.stringContaining(translate('en-US', 'refund.noSuchRefund', { refundNo: 'RF000' })),
    });
  });
});
