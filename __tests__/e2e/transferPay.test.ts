/**
 * Paying a correction's premium by bank transfer, in Chromium as corp-hr from the login page: HR
 * chooses the transfer, sees the payee, amount, reference and deadline (no cashier texts), downloads
 * the payment notice (its PDF's text checked), then pays online instead (one click, the confirmation,
 * the cashier) and sees the correction in force. In both languages; every text from the catalogues.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { correctionMessages } from '@client/features/correction/messages';
import { policyMessages } from '@client/features/policy/messages';
import { shellMessages } from '@client/app/messages';
import { menuMessages } from '@client/app/menuMessages';
import { rosterChangeMessages } from '@client/shared/RosterChanges';
import { makePolicy, newPerson, type TestPolicy } from '../support/factories';
import { pdfText } from '../server/policy/pdfText';
import {
  buttonName,
  format,
  LANGS,
  openedDialog,
  savedDownload,
  showMenuEntry,
  startJourney,
  type Journey,
  type Locale,
  waitState,
} from './support/harness';

let journey: Journey;
beforeAll(async () => {
  journey = await startJourney();
});
afterAll(() => journey?.close());

describe.each(LANGS)('a correction paid by bank transfer, then online instead (%s)', (lang: Locale) => {
  const m = correctionMessages[lang];
  const p = policyMessages[lang];
  let page: Page;
  let policy: TestPolicy;
  beforeAll(async () => {
    policy = await makePolicy(journey, { roster: 'employee', members: 3 });
    ({ page } = await journey.newPage());
    await page.goto('/legal/');
    await page.waitForURL(/\/idprovider\/login/);
    await journey.login(page, 'corp-hr', { corporate: true, lang });
    await page.waitForURL(/\/legal\/index/);
  });

  it('chooses transfer, downloads the notice, switches to online, pays and sees it in force', async () => {
    // My policy, the policy's row, Add employees
    const menu = page.getByRole('menu', { name: shellMessages[lang].mainMenu });
    const leaf = menu.locator('li[data-key$="/myPolicy"]');
    await showMenuEntry(page, lang, leaf, menuMessages[lang].policyManage);
    await leaf.click();
    const list = page.getByTestId('policy-table-group');
    await list.getByRole('textbox', { name: p.policyNo }).fill(policy.policyNo);
    await list.getByRole('button', { name: buttonName(p.search) }).click();
    await list.getByText(format(p.total, { total: 1 }), { exact: true }).waitFor();
    await list
      .locator('tbody tr.ant-table-row')
      .filter({ hasText: policy.policyNo })
      .getByTestId('roster-changes')
      .click();
    await page.getByRole('menuitem', { name: rosterChangeMessages[lang].add, exact: true }).click();
    await waitState(page, 'editing.idle');

    const form = page.getByTestId('person-form');
    await form.getByLabel(m.name, { exact: true }).fill('Qian Hua');
    await form.getByLabel(m.idNumber, { exact: true }).fill(newPerson(policy.region, 21).idNumber);
    await form.getByRole('button', { name: buttonName(m.addPerson) }).click();
    await page.getByTestId('draft-items').getByText('Qian Hua').waitFor();
    await page.getByRole('button', { name: buttonName(m.toCheck) }).click();
    await waitState(page, 'preview');
    const net = (await page.getByTestId('net-amount').textContent()) ?? '';
    await page.getByRole('button', { name: buttonName(m.confirmPreview) }).click();
    await waitState(page, 'scenario.choosing');

    // the transfer, chosen when submitting
    await page.getByRole('radio', { name: new RegExp(m.scenario_transfer) }).check();
    await page.getByRole('button', { name: buttonName(m.submit) }).click();
    const dialog = await openedDialog(page.getByRole('dialog'));
    await dialog.getByRole('button', { name: buttonName(m.submitConfirm), exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await waitState(page, 'approved');
    await page.getByRole('button', { name: buttonName(m.transferDetails) }).click();
    await waitState(page, /^payment\.transfer/);

    // payee, amount, reference and deadline; no cashier texts
    const details = page.getByTestId('pay-transfer');
    await details.getByText(m.transferAwaited).waitFor();
    const account = (await page.getByTestId('transfer-account').textContent()) ?? '';
    const reference = (await page.getByTestId('transfer-reference').textContent()) ?? '';
    const deadline = (await page.getByTestId('transfer-deadline').textContent()) ?? '';
    expect(account).toMatch(/\d{4}/);
    expect(reference).toMatch(/^P[A-Z]\d+/);
    expect(deadline).toMatch(/^\d{4}-\d{2}-\d{2}\s23:59/);
    expect(await details.getByText(net, { exact: true }).count()).toBeGreaterThan(0);
    const body = (await page.getByTestId('correction-flow').textContent()) ?? '';
    expect(body).not.toContain(m.polling);
    expect(body).not.toContain(m.openCashierAgain);
    expect(body).not.toContain(format(m.linkExpires, { time: '' }).trim());

    // the payment notice, in the reader's language
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-notice').click()]);
    expect(download.suggestedFilename()).toBe(`payment-notice-${reference}.pdf`);
    const text = pdfText(await readFile(await savedDownload(download)));
    expect(text).toContain(journey.gatewayText(lang, 'transfer.notice.title'));
    expect(text).toContain(reference);
    expect(text).toContain(account.replace(/\s+$/, ''));
    expect(text).toContain(net);
    expect(text).toContain(deadline.slice(0, 10));

    // pay online instead: the click, the confirmation, the cashier in its window
    await page.getByTestId('pay-online-instead').click();
    const confirm = page.locator('.ant-popconfirm');
    await confirm.getByText(m.payOnlineConfirm).waitFor();
    const [cashier] = await Promise.all([
      page.context().waitForEvent('page'),
      confirm.getByRole('button', { name: buttonName(m.payOnlineOk) }).click(),
    ]);
    await cashier.waitForURL(/\/cashier\//);
    await cashier.getByText(reference).first().waitFor();
    await cashier.getByRole('button', { name: journey.gatewayText(lang, 'cashier.pay'), exact: true }).click();
    await cashier.getByText(journey.gatewayText(lang, 'cashier.notice.paid')).waitFor();
    await cashier.close();
    await waitState(page, 'done', 30_000);
    await page.getByTestId('flow-done').getByText(m.doneTitle).waitFor();
  });
});
