import { PaymentState } from '../../../src/contract/states';
import fs from 'node:fs';
import { replyAsInsurer } from '../../../src/server/services/opinion';
import { startServiceJourney, type ServiceJourney } from './harness';

let j: ServiceJourney;
beforeAll(async () => {
  j = await startServiceJourney();
});
afterAll(() => j?.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function seedPayments() {
  const db = j.app.services.db;
  const customer = await db
    .selectFrom('customer')
    .select('id')
    .where('name', '=', '上海恒晟精密制造有限公司')
    .executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const policy = await db
    .insertInto('policy')
    .values({
      policy_no: 'P3100E2E0001',
      customer_id: customer.id,
      kind: 'group_accident',
      product_code: 'GA',
      product_name: '团体意外伤害保险',
      state: 2,
      holder_name: 'x',
      insured_name: null,
      issue_date: '2025-01-01',
      start_date: '2025-01-01',
      end_date: '2026-01-01',
      premium_fen: 1,
      sum_insured_fen: 1,
      payment_state: PaymentState.paid,
      auto_renew: 2,
      roster: null,
      min_members: 0,
      min_age: 0,
      max_age: 120,
      details: '{}',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [no, fen] of [
    ['PAYE2E01', 106_000],
    ['PAYE2E02', 53_000],
  ] as const) {
    await db
      .insertInto('premium_payment')
      .values({
        payment_no: no,
        customer_id: customer.id,
        policy_id: policy.id,
        correction_id: null,
        description: '团体意外险保费',
        amount_fen: fen,
        state: 2,
        pay_type: 'transfer',
        paid_at: now,
        invoice_id: null,
        created_at: now,
      })
      .execute();
  }
}

describe('the corporate member center in Chromium', () => {
  it('issues an invoice for two payments and downloads a valid PDF', async () => {
    await seedPayments();
    const { context, page } = await j.newPage();
    await j.login(page, 'corp-hr');
    await page.goto('/legal/myInvoice');
    for (const no of ['PAYE2E01', 'PAYE2E02'])
      await page
        .getByRole('row', { name: new RegExp(no) })
        .getByRole('checkbox')
        .check();
    await page.getByRole('button', { name: 'Issue e-invoice' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Issue', exact: true }).click();
    const result = page.getByTestId('invoice-result');
    await result.waitFor();
    const invoiceNo = (await result.textContent())!.match(/\d{20}/)![0];
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('dialog').getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`电子发票-${invoiceNo}.pdf`);
    const file = await download.path();
    const pdf = fs.readFileSync(file!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(5000);
    // The invoice list has it too, with its state.
    await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).last().click();
    await page
      .getByRole('row', { name: new RegExp(invoiceNo) })
      .getByText('Issued')
      .waitFor();
    await context.close();
  });

  it('files a complaint with two pictures, sees the insurer’s reply as unread, opens it and the unread mark clears', async () => {
    const { context, page } = await j.newPage();
    await j.login(page, 'corp-hr');
    await page.goto('/legal/legalcomplaintProposalList');
    await page.getByRole('button', { name: 'New complaint or suggestion' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Type').click();
    await page.getByTitle('Claims handling').click();
    await dialog.getByLabel('What happened, or your suggestion').fill('Our claim for 张三 has waited three weeks.');
    await dialog
      .getByTestId('picture-upload')
      .locator('input[type=file]')
      .setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByTestId('uploaded-picture').first().waitFor();
    await dialog
      .getByTestId('picture-upload')
      .locator('input[type=file]')
      .setInputFiles({ name: 'b.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByTestId('uploaded-picture').nth(1).waitFor();
    // The uploaded pictures are served back to their owner and shown.
    expect(
      await dialog
        .locator('img')
        .first()
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBe(1);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.waitFor({ state: 'detached' });

    const filed = await j.app.services.db
      .selectFrom('opinion')
      .select('opinion_no')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await replyAsInsurer(j.app.services.db, {
      opinionNo: filed.opinion_no,
      text: 'We have escalated the claim.',
      staffName: 'Ms Zhou',
    });
    await page.reload();
    const row = page.getByRole('row', { name: new RegExp(filed.opinion_no) });
    await row.getByTestId('unread-badge').waitFor();
    await page.getByText('1 unread reply').waitFor();
    await row.getByRole('button', { name: 'View' }).click();
    await page.getByTestId('message-insurer').waitFor();
    expect(await page.getByTestId('opinion-picture').count()).toBe(2);
    await page.getByText('1 unread reply').waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await row.getByTestId('unread-badge').waitFor({ state: 'detached' });
    await context.close();
  });

  it('changes the administrator with the SMS code read from the outbox', async () => {
    const { context, page } = await j.newPage();
    await j.login(page, 'corp-hr');
    await page.goto('/legal/legalaccountChange');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('SMS code').waitFor();
    await page.getByLabel('SMS code').fill(await j.smsCode('13816620418'));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByLabel("New administrator's name").fill('周敏');
    await page.getByLabel("New administrator's ID number").fill('11010519491231002X');
    await page.getByLabel("New administrator's mobile phone").fill('13700001111');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('The administrator has been changed.').waitFor();
    await page.goto('/legal/legalAccountInfo');
    await page.getByText('137****1111').waitFor();
    await context.close();
  });

  it('cancels the second corporate account through the picture check and lands on the login page', async () => {
    const { context, page } = await j.newPage();
    await j.login(page, 'corp-closing');
    await page.goto('/legal/legalaccountCancel');
    const picture = page.getByTestId('captcha');
    await picture.waitFor();
    expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.getByLabel('Characters in the picture').fill(j.captchaText.toLowerCase());
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('button', { name: 'Cancel the account' }).click();
    await page.waitForURL(/\/idprovider\/login\?flag=legal/);
    expect(await page.locator('input[name=username]').isVisible()).toBe(true);
    // The account is gone: logging in again is refused.
    await page.fill('input[name=username]', 'corp-closing');
    await page.fill('input[name=password]', 'Demo@2026');
    await page.check('input[name=privacy]');
    await page.click('button[type=submit]');
    await page.locator('#login-error').waitFor();
    expect(await page.locator('#login-error').textContent()).toMatch(/cancelled/);
    await context.close();
  });
});
