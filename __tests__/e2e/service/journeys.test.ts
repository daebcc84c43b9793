import { PaymentState } from '@contract/states';
import fs from 'node:fs';
import { replyAsInsurer } from '@server/services/opinion';
import { accountMessages } from '@client/features/account/messages';
import { invoiceMessages } from '@client/features/invoice/messages';
import { opinionMessages, typeNames } from '@client/features/opinion/messages';
import { buttonName, LANGS, savedDownload, type Locale } from '../support/harness';
import { startServiceJourney, type ServiceJourney } from './harness';

/**
 * Each language has a gateway of its own: the journeys change the administrator (one code a minute per
 * account) and cancel an account, and the other language's run starts from the demo data.
 */
let j: ServiceJourney;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Two paid premiums of a group policy of corp-hr's company; answers their numbers. */
async function seedPayments(): Promise<[string, string]> {
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
  const numbers: [string, string] = ['PAYE2E01', 'PAYE2E02'];
  for (const [no, fen] of [
    [numbers[0], 106_000],
    [numbers[1], 53_000],
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
  return numbers;
}

describe.each(LANGS)('the corporate member center in Chromium (%s)', (lang: Locale) => {
  const inv = invoiceMessages[lang];
  const op = opinionMessages[lang];
  const acc = accountMessages[lang];
  beforeAll(async () => {
    j = await startServiceJourney();
  });
  afterAll(() => j?.close());

  it('issues an invoice for two payments and downloads a valid PDF', async () => {
    const payments = await seedPayments();
    const { context, page } = await j.newPage();
    await j.login(page, 'corp-hr', lang);
    await page.goto('/legal/myInvoice');
    for (const no of payments)
      await page
        .getByRole('row', { name: new RegExp(no) })
        .getByRole('checkbox')
        .check();
    await page.getByRole('button', { name: buttonName(inv.issue) }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: buttonName(inv.confirmIssue), exact: true })
      .click();
    const result = page.getByTestId('invoice-result');
    await result.waitFor();
    const invoiceNo = (await result.textContent())!.match(/\d{20}/)![0];
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('dialog')
        .getByRole('button', { name: buttonName(inv.download) })
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe(`电子发票-${invoiceNo}.pdf`);
    const file = await savedDownload(download);
    const pdf = fs.readFileSync(file!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(5000);
    // The invoice list has it too, with its state.
    await page
      .getByRole('dialog')
      .getByRole('button', { name: buttonName(inv.close), exact: true })
      .last()
      .click();
    await page
      .getByRole('row', { name: new RegExp(invoiceNo) })
      .getByText(inv.stateIssued)
      .waitFor();
    await context.close();
  });

  it('files a complaint with two pictures, sees the insurer’s reply as unread, opens it and the unread mark clears', async () => {
    const { context, page } = await j.newPage();
    await j.login(page, 'corp-hr', lang);
    await page.goto('/legal/legalcomplaintProposalList');
    await page.getByRole('button', { name: buttonName(op.newOpinion) }).click();
    const dialog = page.getByRole('dialog');
    // The dialog and the type's list once they have finished moving in (antd's zoom and slide), as a
    // person clicks: a click during the motion can miss. The choice then shows in the field.
    const settled = (selector: string) => page.waitForFunction((s) => !document.querySelector(s), selector);
    await settled('.ant-modal-wrap [class*="-zoom-appear"], .ant-modal-wrap [class*="-zoom-enter"]');
    await dialog.getByLabel(op.type).click();
    await settled('.ant-select-dropdown[class*="-appear"], .ant-select-dropdown[class*="-enter"]');
    await page.getByTitle(typeNames[lang].claim!).click();
    await dialog.getByTitle(typeNames[lang].claim!).waitFor();
    await dialog.getByLabel(op.content).fill('Our claim for 张三 has waited three weeks.');
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
    await dialog.getByRole('button', { name: buttonName(op.submit) }).click();
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
    await page.getByText(op.unreadCountOne).waitFor();
    await row.getByRole('button', { name: buttonName(op.view) }).click();
    await page.getByTestId('message-insurer').waitFor();
    expect(await page.getByTestId('opinion-picture').count()).toBe(2);
    await page.getByText(op.unreadCountOne).waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await row.getByTestId('unread-badge').waitFor({ state: 'detached' });
    await context.close();
  });

  it('changes the administrator with the SMS code read from the outbox', async () => {
    const { context, page } = await j.newPage();
    await j.login(page, 'corp-hr', lang);
    await page.goto('/legal/legalaccountChange');
    await page.getByRole('button', { name: buttonName(acc.sendCode) }).click();
    await page.getByLabel(acc.smsCode).waitFor();
    await page.getByLabel(acc.smsCode).fill(await j.smsCode('13816620418'));
    await page.getByRole('button', { name: buttonName(acc.verify) }).click();
    await page.getByLabel(acc.administratorName).fill('周敏');
    await page.getByLabel(acc.administratorIdNumber).fill('11010519491231002X');
    await page.getByLabel(acc.administratorPhone).fill('13700001111');
    await page.getByRole('button', { name: buttonName(acc.next) }).click();
    await page.getByRole('button', { name: buttonName(acc.confirm), exact: true }).click();
    await page.getByText(acc.changed).waitFor();
    await page.getByText('周敏 · 137****1111').waitFor();
    await page.getByText(acc.changedLoggedOut).waitFor();
    // The old administrator's session ended with the change: reloading the page leads to the login page.
    await page.reload();
    await page.waitForURL(/\/idprovider\/login\?/);
    await context.close();
  });

  it('cancels the second corporate account through the picture check and lands on the login page', async () => {
    const { context, page } = await j.newPage();
    await j.login(page, 'corp-closing', lang);
    await page.goto('/legal/legalaccountCancel');
    const picture = page.getByTestId('captcha');
    await picture.waitFor();
    expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.getByLabel(acc.pictureAnswer).fill(j.captchaText.toLowerCase());
    await page.getByRole('button', { name: buttonName(acc.verify) }).click();
    await page.getByRole('button', { name: buttonName(acc.confirmCancel) }).click();
    await page.waitForURL(/\/idprovider\/login\?flag=legal/);
    expect(await page.locator('input[name=username]').isVisible()).toBe(true);
    // The account is gone: logging in again is refused.
    await page.fill('input[name=username]', 'corp-closing');
    await page.fill('input[name=password]', 'Demo@2026');
    await page.check('input[name=privacy]');
    await page.click('button[type=submit]');
    await page.locator('#login-error').waitFor();
    expect(await page.locator('#login-error').textContent()).toContain(j.gatewayText(lang, 'login.cancelled'));
    await context.close();
  });
});
