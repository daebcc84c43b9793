/**
 * Paying a correction's premium by bank transfer: the payee, reference and deadline while the
 * transfer is awaited, the payment notice (PDF) in the reader's language, the transfer receipt,
 * paying online instead, a transfer past its deadline releasing the policy, and the insurer's
 * command that matches an arrived transfer.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Status } from '@contract/envelope';
import type {
  CheckBeforeResult,
  CorrectionDetail,
  ItemChange,
  PaymentInfo,
  PayStatusResult,
  PayTypeResult,
} from '@contract/io/correction';
import { LOCALE_COOKIE } from '@contract/locale';
import { addDays } from '@common/correction';
import { formatFen } from '@common/money';
import { beijingDay } from '@common/time';
import { translate } from '@server/messages/catalogue';
import { matchTransfer } from '@server/operator/matchTransfer';
import { FixedClock } from '@server/services/clock';
import { startGateway, type TestGateway } from '../support/gateway';
import { key, makePolicy, newPerson, ok, today, uploadRaw } from '../correction/support';
import { pdfText } from '../policy/pdfText';

const E = 'blocLegal/employee/';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from(
    '0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000100e221bc330000000049454e44ae426082',
    'hex',
  ),
]);

let gw: TestGateway;
let hr: string;
let dir: string;
const clock = new FixedClock(new Date());
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mc-transfer-'));
  gw = await startGateway({ DATA_DIR: dir }, { clock, onDisk: true });
  hr = await gw.login('corp-hr');
});
afterAll(async () => {
  await gw.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The session's cookie with the portal's language chosen. */
const inLanguage = (locale: 'zh-CN' | 'en-US') => `${hr}; ${LOCALE_COOKIE}=${locale}`;

/** A correction approved with its premium to be paid by transfer, and its awaited transfer. */
async function awaitedTransfer() {
  const policy = await makePolicy(gw);
  const added = await ok<ItemChange>(
    gw,
    `${E}addSingleEmployee`,
    { policyId: policy.policyId, effectiveDate: today(), idempotencyKey: key(), ...newPerson(policy.region, 4) },
    hr,
  );
  const id = added.correction.correctionId;
  await ok(gw, `${E}underwriting`, { correctionId: id }, hr);
  await ok(gw, `${E}selectOrderScenario`, { correctionId: id, scenario: 'transfer' }, hr);
  await ok(gw, `${E}applyBusinessApprove`, { correctionId: id, idempotencyKey: key() }, hr);
  const link = await ok<PaymentInfo>(gw, `${E}getPaymentLink`, { correctionId: id, idempotencyKey: key() }, hr);
  return { policy, id, link };
}

const attemptOf = (paymentNo: string) =>
  gw.app.services.db
    .selectFrom('payment_attempt')
    .selectAll()
    .where('payment_no', '=', paymentNo)
    .executeTakeFirstOrThrow();

const notice = (correctionId: number, locale: 'zh-CN' | 'en-US') =>
  gw.raw(`${E}downloadPaymentNotice`, { correctionId }, { cookie: inLanguage(locale) });

describe('a transfer awaited', () => {
  it('answers the payee, the reference and the deadline, never a cashier link', async () => {
    const { id, link } = await awaitedTransfer();
    const deadline = new Date(`${addDays(beijingDay(clock.now()), 7)}T23:59:59+08:00`).toISOString();
    expect(link).toMatchObject({
      payType: 'transfer',
      payStatus: 'unpaid',
      payUrl: null,
      linkExpiresAt: null,
      transfer: {
        reference: link.paymentNo,
        deadline,
        payee: { accountName: expect.stringContaining('Huaxin'), accountNo: expect.stringMatching(/\d{4}/) },
        receipt: null,
      },
    });
    expect((await attemptOf(link.paymentNo)).state).toBe('transfer_awaited');
    const detail = await ok<CorrectionDetail>(gw, `${E}correctDetail`, { correctionId: id }, hr);
    expect(detail.payment?.transfer).toEqual(link.transfer);
    const status = await ok<PayStatusResult>(gw, `${E}getPayStatus`, { correctionId: id }, hr);
    expect(status).toMatchObject({
      payStatus: 'unpaid',
      state: 'awaiting_payment',
      payment: { transfer: link.transfer },
    });
    // Said in the reader's language.
    const zh = await gw.call<CorrectionDetail>(
      `${E}correctDetail`,
      { correctionId: id },
      { cookie: inLanguage('zh-CN') },
    );
    expect(zh.data.payment?.transfer?.payee.accountName).toContain('华信');
  });

  it('gives the payment notice as a PDF in the reader’s language', async () => {
    const { id, link } = await awaitedTransfer();
    const deadline = `${addDays(beijingDay(clock.now()), 7)} 23:59`;
    const en = await notice(id, 'en-US');
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toContain('application/pdf');
    expect(en.headers['content-disposition']).toContain(`payment-notice-${link.paymentNo}.pdf`);
    const enText = pdfText(en.rawPayload);
    for (const said of [
      translate('en-US', 'transfer.notice.title'),
      link.paymentNo,
      formatFen(link.amountFen),
      link.transfer?.payee.accountNo ?? '-',
      deadline,
      'Beijing time',
    ])
      expect(enText).toContain(said);
    const zhText = pdfText((await notice(id, 'zh-CN')).rawPayload);
    for (const said of [translate('zh-CN', 'transfer.notice.title'), link.paymentNo, deadline, '北京时间', '华信'])
      expect(zhText).toContain(said);
    expect(zhText).not.toContain('Payment notice');
  });

  it('refuses the notice and a receipt when no transfer is awaited', async () => {
    const { id, link } = await awaitedTransfer();
    await ok(gw, `${E}updatePayType`, { correctionId: id, payType: 'online' }, hr);
    const refused = await gw.call(`${E}downloadPaymentNotice`, { correctionId: id }, { cookie: inLanguage('zh-CN') });
    expect(refused).toMatchObject({ status: Status.business, statusText: translate('zh-CN', 'transfer.notAwaited') });
    const receipt = await uploadRaw(
      gw,
      `${E}uploadTransferReceipt`,
      hr,
      { correctionId: id },
      {
        name: 'slip.png',
        data: PNG,
        type: 'image/png',
      },
    );
    expect(receipt.json()).toMatchObject({ statusText: translate('en-US', 'transfer.notAwaited') });
    expect(
      await gw.app.services.db
        .selectFrom('transfer_receipt')
        .select('id')
        .where('attempt_id', '=', (await attemptOf(link.paymentNo)).id)
        .execute(),
    ).toEqual([]);
  });
});

describe('a transfer receipt', () => {
  it('keeps a picture or a PDF and refuses anything else in the user’s language', async () => {
    const { id, link } = await awaitedTransfer();
    const sent = await uploadRaw(
      gw,
      `${E}uploadTransferReceipt`,
      hr,
      { correctionId: id },
      {
        name: 'bank\u202egnp.slip.png',
        data: PNG,
        type: 'image/png',
      },
    );
    const payment = sent.json().data as PaymentInfo;
    expect(payment.transfer?.receipt).toMatchObject({ fileName: 'bankgnp.slip.png', size: PNG.length });
    const pdf = await uploadRaw(
      gw,
      `${E}uploadTransferReceipt`,
      hr,
      { correctionId: id },
      {
        name: 'slip.pdf',
        data: Buffer.from('%PDF-1.4\n%\u00e2\u00e3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'),
        type: 'application/pdf',
      },
    );
    expect((pdf.json().data as PaymentInfo).transfer?.receipt?.fileName).toBe('slip.pdf');

    const hostile = [
      { name: 'slip.png', data: Buffer.from('<html><script>alert(1)</script></html>'), type: 'image/png' },
      { name: 'slip.pdf', data: Buffer.from('MZ\u0090\u0000 this is a program'), type: 'application/pdf' },
      {
        name: 'slip.svg',
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
        type: 'image/svg+xml',
      },
    ];
    for (const file of hostile) {
      const en = await uploadRaw(gw, `${E}uploadTransferReceipt`, hr, { correctionId: id }, file);
      expect(en.json()).toMatchObject({
        status: Status.business,
        statusText: translate('en-US', 'transfer.receiptType'),
      });
    }
    const zh = await uploadRaw(gw, `${E}uploadTransferReceipt`, inLanguage('zh-CN'), { correctionId: id }, hostile[0]);
    expect(zh.json().statusText).toBe(translate('zh-CN', 'transfer.receiptType'));
    const empty = await uploadRaw(
      gw,
      `${E}uploadTransferReceipt`,
      hr,
      { correctionId: id },
      { name: 'a.png', data: Buffer.alloc(0) },
    );
    expect(empty.json().statusText).toBe(translate('en-US', 'transfer.receiptEmpty'));
    const large = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const tooLarge = await uploadRaw(
      gw,
      `${E}uploadTransferReceipt`,
      hr,
      { correctionId: id },
      { name: 'big.png', data: large, type: 'image/png' },
    );
    expect(tooLarge.json().statusText).toBe(translate('en-US', 'transfer.receiptTooLarge', { mb: 5 }));
    // Only the two good files were kept; the answer names the last.
    const kept = await gw.app.services.db
      .selectFrom('transfer_receipt')
      .select(['file_name', 'content_type'])
      .where('attempt_id', '=', (await attemptOf(link.paymentNo)).id)
      .orderBy('id')
      .execute();
    expect(kept).toEqual([
      { file_name: 'bankgnp.slip.png', content_type: 'image/png' },
      { file_name: 'slip.pdf', content_type: 'application/pdf' },
    ]);
  });
});

describe('paying online instead', () => {
  it('moves the awaited transfer to the cashier and pays it there', async () => {
    const { id, link } = await awaitedTransfer();
    const online = await ok<PayTypeResult>(gw, `${E}updatePayType`, { correctionId: id, payType: 'online' }, hr);
    expect(online).toMatchObject({
      payType: 'online',
      payTo: null,
      payment: {
        paymentNo: link.paymentNo,
        payType: 'online',
        payUrl: expect.stringMatching(/^\/cashier\//),
        transfer: null,
      },
    });
    // The same attempt, moved by the model from transfer awaited to awaiting at the cashier.
    expect(await attemptOf(link.paymentNo)).toMatchObject({ state: 'awaiting', method: 'online' });
    const paid = await gw.app.inject({
      method: 'POST',
      url: `${online.payment?.payUrl}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(paid.statusCode).toBe(303);
    expect(await ok<PayStatusResult>(gw, `${E}getPayStatus`, { correctionId: id }, hr)).toMatchObject({
      payStatus: 'paid',
      state: 'in_force',
    });
    expect((await attemptOf(link.paymentNo)).state).toBe('succeeded');
    // A transfer for it that arrives after all is not taken: it goes back to the payer.
    await expect(gw.app.services.corrections.payments.matchTransfer(link.paymentNo, link.amountFen)).rejects.toThrow(
      translate('en-US', 'transfer.alreadyPaid', { reference: link.paymentNo }),
    );
  });
});

describe('a transfer past its deadline', () => {
  it('expires, cancels the correction with its reason and releases the policy', async () => {
    const { policy, id, link } = await awaitedTransfer();
    const open = await ok<CheckBeforeResult>(
      gw,
      `${E}checkBeforeCorrect`,
      { policyId: policy.policyId, kind: 'add' },
      hr,
    );
    expect(open.openCorrection?.correctionId).toBe(id);
    const before = clock.now();
    try {
      clock.set(new Date(new Date(link.transfer?.deadline ?? '').getTime() + 1000));
      hr = await gw.login('corp-hr');
      const after = await ok<CheckBeforeResult>(
        gw,
        `${E}checkBeforeCorrect`,
        { policyId: policy.policyId, kind: 'add' },
        hr,
      );
      expect(after.openCorrection).toBeNull();
      expect(await attemptOf(link.paymentNo)).toMatchObject({ state: 'expired', method: 'transfer' });
      const deadline = `${addDays(beijingDay(before), 7)} 23:59`;
      const detail = await ok<CorrectionDetail>(gw, `${E}correctDetail`, { correctionId: id }, hr);
      expect(detail.correction).toMatchObject({
        state: 'cancelled',
        reasons: [translate('en-US', 'transfer.lapsedReason', { reference: link.paymentNo, deadline })],
      });
      expect(detail.payment).toMatchObject({ payStatus: 'closed', transfer: null });
      const zh = await gw.call<CorrectionDetail>(
        `${E}correctDetail`,
        { correctionId: id },
        { cookie: inLanguage('zh-CN') },
      );
      expect(zh.data.correction.reasons).toEqual([
        translate('zh-CN', 'transfer.lapsedReason', { reference: link.paymentNo, deadline }),
      ]);
      // Refused from now on; the policy takes a new correction.
      expect((await gw.call(`${E}downloadPaymentNotice`, { correctionId: id }, { cookie: hr })).statusText).toBe(
        translate('en-US', 'transfer.notAwaited'),
      );
      await expect(gw.app.services.corrections.payments.matchTransfer(link.paymentNo, link.amountFen)).rejects.toThrow(
        translate('en-US', 'transfer.closed', { reference: link.paymentNo }),
      );
      const again = await ok<ItemChange>(
        gw,
        `${E}addSingleEmployee`,
        {
          policyId: policy.policyId,
          effectiveDate: beijingDay(clock.now()),
          idempotencyKey: key(),
          ...newPerson(policy.region, 5),
        },
        hr,
      );
      expect(again.correction.correctionId).not.toBe(id);
    } finally {
      clock.set(before);
      hr = await gw.login('corp-hr');
    }
  });

  it('stays awaited until its deadline has passed', async () => {
    const { id, link } = await awaitedTransfer();
    const before = clock.now();
    try {
      clock.set(new Date(new Date(link.transfer?.deadline ?? '').getTime() - 1000));
      hr = await gw.login('corp-hr');
      expect((await ok<PayStatusResult>(gw, `${E}getPayStatus`, { correctionId: id }, hr)).state).toBe(
        'awaiting_payment',
      );
      expect((await attemptOf(link.paymentNo)).state).toBe('transfer_awaited');
    } finally {
      clock.set(before);
      hr = await gw.login('corp-hr');
    }
  });
});

describe('the insurer matching a transfer', () => {
  // The command as scripts/match-transfer.ts runs it, in this process: what it prints and its exit code.
  const command = async (...args: string[]) => {
    const out = { stdout: '', stderr: '' };
    const code = await matchTransfer(
      args,
      { databaseUrl: gw.config.databaseUrl, dataDir: dir },
      {
        log: (line) => (out.stdout += `${line}\n`),
        error: (line) => (out.stderr += `${line}\n`),
      },
    );
    return { code, ...out };
  };

  it('lists awaited transfers and matches one by its reference, which puts the correction in force in every view', async () => {
    const { id, link } = await awaitedTransfer();
    const yuan = (link.amountFen / 100).toFixed(2);
    const list = await command('--list');
    expect(list).toMatchObject({ code: 0, stdout: expect.stringContaining(link.paymentNo) });
    expect(list.stdout).toMatch(
      new RegExp(
        `${link.paymentNo} +${formatFen(link.amountFen).replace(/[.$]/g, '\\$&')} +due by \\d{4}-\\d{2}-\\d{2} 23:59 \\(Beijing time\\)`,
      ),
    );
    const wrong = await command('--reference', link.paymentNo, '--amount', '1.00');
    expect(wrong).toMatchObject({
      code: 1,
      stderr: expect.stringContaining(
        translate('en-US', 'transfer.amountDiffers', { received: formatFen(100), due: formatFen(link.amountFen) }),
      ),
    });
    expect((await attemptOf(link.paymentNo)).state).toBe('transfer_awaited');

    const matched = await command('--reference', link.paymentNo.toLowerCase(), '--amount', yuan);
    expect(matched).toMatchObject({ code: 0, stdout: expect.stringContaining('matched; the payment is complete') });
    expect(await attemptOf(link.paymentNo)).toMatchObject({
      state: 'transfer_matched',
      settled_at: expect.any(String),
    });
    expect(await ok<PayStatusResult>(gw, `${E}getPayStatus`, { correctionId: id }, hr)).toMatchObject({
      payStatus: 'paid',
      state: 'in_force',
    });
    const detail = await ok<CorrectionDetail>(gw, `${E}correctDetail`, { correctionId: id }, hr);
    expect(detail).toMatchObject({ correction: { state: 'in_force' }, payment: { payStatus: 'paid', transfer: null } });
    const records = await ok<{ list: Array<{ correctionId: number; state: string }> }>(
      gw,
      `${E}correctRecordList`,
      { policyId: detail.policy.policyId },
      hr,
    );
    expect(records.list.find((r) => r.correctionId === id)?.state).toBe('in_force');
    // A repeat of the same match changes nothing; an unknown reference and a bad amount are refused.
    expect(await command('--reference', link.paymentNo, '--amount', yuan)).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('already matched'),
    });
    expect(await command('--reference', 'PM000', '--amount', yuan)).toMatchObject({
      code: 1,
      stderr: expect.stringContaining(translate('en-US', 'transfer.noSuchReference', { reference: 'PM000' })),
    });
    expect(await command('--reference', link.paymentNo, '--amount', '12,00')).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^Usage: /),
    });
  });
});
