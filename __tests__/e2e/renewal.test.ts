/**
 * A member renews and invoices in Chromium, from the login page and by clicks only: member-senior
 * opens My policies from the left menu, renews the policy in its renewal window (the quote at the
 * product's current rate), pays the renewal order at the cashier, sees the new policy in the list and
 * the old one renewed by it, then asks for the new premium's e-invoice in My e-invoices and downloads
 * it: a PDF that names the invoice, the member and the new policy.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { formatFen } from '@common/money';
import { menuMessages } from '@client/app/menuMessages';
import { personalMessages } from '@client/features/personal/messages';
import { pdfText } from '../server/policy/pdfText';
import {
  buttonName,
  format,
  fromSidebar,
  LANGS,
  openedDialog,
  startJourney,
  textPattern,
  type Journey,
} from './support/harness';

const EXPIRING = 'HLT25310100006618';

/** Each language's journey has a gateway of its own: a policy is renewed once. */
let journey: Journey;

describe.each(LANGS)('a member renews and invoices in Chromium (%s)', (lang) => {
  const m = personalMessages[lang];
  const menu = menuMessages[lang];
  beforeAll(async () => {
    journey = await startJourney();
  });
  afterAll(() => journey?.close());

  it('member-senior renews the expiring policy, pays at the cashier, and downloads the e-invoice', async () => {
    const { page } = await journey.newPage();
    await page.goto('/legal/');
    await page.waitForURL(/\/idprovider\/login/);
    await journey.login(page, 'member-senior', { lang });
    await page.waitForURL(/\/legal\/index/);

    await fromSidebar(page, lang, menu.mypolicy, menu.policyList, /\/mypolicy\/policyList/);
    const list = page.getByTestId('personal-policy-list');
    await list.getByRole('button', { name: format(m.renewLabel, { policyNo: EXPIRING }) }).click();
    const dialog = await openedDialog(page.getByRole('dialog').filter({ hasText: EXPIRING }));
    const premium = dialog.getByTestId('renew-premium');
    await premium.waitFor();
    expect(await premium.getAttribute('data-amount-fen')).toBe('19800');
    expect(await premium.textContent()).toBe(formatFen(19800));
    await dialog.getByRole('button', { name: buttonName(m.renewConfirm) }).click();
    const order = dialog.getByTestId('renew-order');
    await order.waitFor();
    const orderNo = /RN\d{14}/.exec((await order.textContent()) ?? '')?.[0] as string;
    expect(orderNo).toMatch(/^RN\d{14}$/);

    // Pay opens the cashier in the click; the member pays there.
    const [cashier] = await Promise.all([
      page.context().waitForEvent('page'),
      order.getByRole('button', { name: buttonName(m.payOrder) }).click(),
    ]);
    await cashier.waitForURL(/\/cashier\//);
    await cashier.getByText(orderNo).first().waitFor();
    expect(await cashier.locator('[data-amount-fen]').getAttribute('data-amount-fen')).toBe('19800');
    await cashier.getByLabel(journey.gatewayText(lang, 'cashier.sandbox.succeed')).check();
    await cashier.getByRole('button', { name: journey.gatewayText(lang, 'cashier.pay'), exact: true }).click();
    await cashier.getByText(journey.gatewayText(lang, 'cashier.notice.paid'), { exact: true }).waitFor();
    await cashier.close();
    await page.bringToFront();

    // The dialog follows the payment to the new policy; the list shows it, and the old one renewed by it.
    const renewed = dialog.getByTestId('renewed-policy');
    await renewed.waitFor();
    const newNo = (await renewed.textContent()) as string;
    expect(newNo).toMatch(/^HLT\d{2}31\d{10}$/);
    await order.getByRole('button', { name: buttonName(m.close) }).click();
    await dialog.waitFor({ state: 'detached' });
    // the new policy's own row, and the old one's "renewed" naming it
    await list.getByRole('link', { name: newNo }).nth(1).waitFor();
    const oldRow = list.locator('tr', { hasText: EXPIRING }).or(list.locator('.mc-card', { hasText: EXPIRING }));
    await oldRow.getByRole('link', { name: newNo }).waitFor();
    expect(await oldRow.textContent()).toContain(format(m.renewedAs, { policyNo: newNo }));

    // My e-invoices: the new premium, invoiced in the member's name, downloaded.
    await fromSidebar(page, lang, menu.mypolicy, menu.invoiceList, /\/mypolicy\/invoiceList/);
    const invoices = page.getByTestId('personal-invoice-list');
    const row = invoices.locator('tr', { hasText: newNo });
    await row.getByRole('button', { name: textPattern(m.requestInvoiceLabel, { paymentNo: /\S+/ }) }).click();
    const ask = await openedDialog(page.getByRole('dialog').filter({ hasText: m.invoiceTitle }));
    await ask.getByRole('button', { name: buttonName(m.submit) }).click();
    await ask.waitFor({ state: 'detached' });
    const shown = row.getByTestId('invoice-no');
    await shown.waitFor();
    const invoiceNo = (await shown.textContent()) as string;
    expect(invoiceNo).toMatch(/^\d{20}$/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: format(m.downloadInvoiceLabel, { invoiceNo }) }).click(),
    ]);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mc-e2e-invoice-')), 'invoice.pdf');
    await download.saveAs(file);
    const pdf = fs.readFileSync(file);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf).replace(/\s*\n\s*/g, '');
    expect(text).toContain(invoiceNo);
    expect(text).toContain('李文静');
    expect(text).toContain(newNo);
    expect(text).toContain('198.00');
  });
});
