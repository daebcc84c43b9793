/**
 * Corrections in Chromium as corp-hr, each started from the policy's row on My policy: a batch add from a file with bad rows (error report checked
 * with exceljs), the fixed file, preview, approval, payment in the cashier tab, seen paid without a
 * reload; removing two employees with a refund; exchanging one; a reload during pay polling.
 * The policy is made through the gateway's database: the demo seed of corp-hr's group policies is
 * on the policy branch. In both languages (chosen on the login page): every text the journey looks
 * for comes from the catalogues, the portal's and the gateway's (cashier, error report, template).
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { makePolicy, newPerson, type TestPolicy } from '../support/factories';
import bankAccounts from '@fixtures/demo/bank-accounts.json';
import { shellMessages } from '@client/app/messages';
import { menuMessages } from '@client/app/menuMessages';
import { correctionMessages } from '@client/features/correction/messages';
import { policyMessages } from '@client/features/policy/messages';
import { rosterChangeMessages } from '@client/shared/RosterChanges';
import { HEADERS } from '@server/services/corrections/rosterColumns';
import {
  buttonName,
  format,
  LANGS,
  openedDialog,
  showMenuEntry,
  startJourney,
  textPattern,
  type Journey,
  type Locale,
  savedDownload,
  waitState,
} from './support/harness';

let journey: Journey;
/** corp-hr's company's own account on file (the demo seed's). */
const HOLDER = bankAccounts.accounts.find((a) => a.customer === 'hengsheng')!;
const uploads = (name: string) => path.join(__dirname, '../../fixtures/uploads', name);

beforeAll(async () => {
  journey = await startJourney();
});
afterAll(() => journey?.close());

const flowState = (page: Page) => page.getByTestId('correction-flow').getAttribute('data-state');
/** The journey's steps in one language: its texts from the catalogues. */
function steps(lang: Locale) {
  const m = correctionMessages[lang];
  const amount = /-?¥[\d,]+\.\d{2}/;

  /** My policy through the server menu (its group opened first when it is closed). */
  async function toMyPolicy(page: Page) {
    const menu = page.getByRole('menu', { name: shellMessages[lang].mainMenu });
    const leaf = menu.locator('li[data-key$="/myPolicy"]');
    await showMenuEntry(page, lang, leaf, menuMessages[lang].policyManage);
    await leaf.click();
    await page.getByTestId('my-policy').waitFor();
  }

  /**
   * A policy's row in one of My policy's tables, found with the table's policy-number search as HR
   * would (the journeys' own policies can be more than a page).
   */
  async function policyRow(page: Page, table: 'group' | 'employer', policyNo: string) {
    const p = policyMessages[lang];
    const list = page.getByTestId(`policy-table-${table}`);
    await list.getByRole('textbox', { name: p.policyNo }).fill(policyNo);
    await list.getByRole('button', { name: buttonName(p.search) }).click();
    await list.getByText(format(p.total, { total: 1 }), { exact: true }).waitFor();
    return list.locator('tbody tr.ant-table-row').filter({ hasText: policyNo });
  }

  /** Opens the change from the policy's row on My policy (the menu, the row's Employee changes). */
  async function openFlow(page: Page, kind: 'add' | 'subtract' | 'exchange', of: TestPolicy) {
    await toMyPolicy(page);
    const row = await policyRow(page, 'group', of.policyNo);
    await row.getByTestId('roster-changes').click();
    await page.getByRole('menuitem', { name: rosterChangeMessages[lang][kind], exact: true }).click();
    await waitState(page, 'editing.idle');
  }

  async function submitAndSettle(page: Page) {
    await page.getByRole('button', { name: buttonName(m.toCheck) }).click();
    await waitState(page, 'preview');
    const net = (await page.getByTestId('net-amount').textContent()) ?? '';
    await page.getByRole('button', { name: buttonName(m.confirmPreview) }).click();
    await waitState(page, 'scenario.choosing');
    await page.getByRole('button', { name: buttonName(m.submit) }).click();
    // the summary of who joins and leaves and the money, then the submission
    const dialog = await openedDialog(page.getByRole('dialog'));
    await dialog.getByText(m.confirmTitle, { exact: true }).waitFor();
    await dialog.getByTestId('change-summary').waitFor();
    await dialog.getByRole('button', { name: buttonName(m.submitConfirm), exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await waitState(page, /^(approved|done)$/);
    return net;
  }

  /** The portal's Pay button, which names the amount. */
  const payButton = (page: Page) => page.getByRole('button', { name: textPattern(m.payAmount, { amount }) });

  /** Pays in the cashier, which speaks the portal's language. */
  async function payIn(cashier: Page) {
    await cashier.waitForURL(/\/cashier\//);
    await cashier.getByRole('button', { name: journey.gatewayText(lang, 'cashier.pay'), exact: true }).click();
    await cashier.getByText(journey.gatewayText(lang, 'cashier.notice.paid')).waitFor();
  }

  /** One click from Pay to the cashier: the window opens with the click and goes to the cashier. */
  async function payInCashier(page: Page) {
    const [cashier] = await Promise.all([page.context().waitForEvent('page'), payButton(page).click()]);
    await payIn(cashier);
    await cashier.close();
  }

  return { m, amount, toMyPolicy, policyRow, openFlow, submitAndSettle, payButton, payIn, payInCashier };
}

/** Reads a workbook's first sheet as rows of strings. */
async function sheetRows(file: string): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const rows: string[][] = [];
  wb.worksheets[0].eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return rows;
}

describe.each(LANGS)('employee corrections in Chromium as corp-hr (%s)', (lang) => {
  const { m, amount, toMyPolicy, policyRow, openFlow, submitAndSettle, payButton, payIn, payInCashier } = steps(lang);
  let page: Page;
  let policy: TestPolicy;
  beforeAll(async () => {
    // held by corp-hr's company in its own name, so that its refund account on file is the holder's
    policy = await makePolicy(journey, { roster: 'employee', members: 4, holderName: HOLDER.account_name });
    ({ page } = await journey.newPage());
    await page.goto('/legal/');
    await page.waitForURL(/\/idprovider\/login/);
    await journey.login(page, 'corp-hr', { corporate: true, lang });
    await page.waitForURL(/\/legal\/index/);
  });

  it('adds a batch: bad file, error report, fixed file, preview, approval, cashier, paid without a reload', async () => {
    await openFlow(page, 'add', policy);
    await page.getByRole('tab', { name: m.addBatch }).click();
    await page.setInputFiles('input[type=file]', uploads('employees-bad.xlsx'));
    await waitState(page, 'editing.importRejected');
    await page.getByTestId('import-errors').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: buttonName(m.errorReport) }).click(),
    ]);
    const rows = await sheetRows(await savedDownload(download));
    // The report is the template holding every row of the file: row number and reasons in its last columns.
    const [rowCol, reasonsCol] = [rows[0].length - 2, rows[0].length - 1];
    const bad = rows.slice(1).filter((r) => r[reasonsCol]);
    expect(bad.length).toBe(4);
    expect(bad.map((r) => r[rowCol]).sort((a, b) => Number(a) - Number(b))).toEqual(['3', '4', '6', '8']);
    // in the uploader's language: its headers and reasons
    expect(rows[0][0]).toBe(HEADERS.name[lang]);
    expect(rows.flat().join(' ')).toContain(journey.gatewayText(lang, 'id.checkDigit'));

    await page.getByTestId('dismiss-import').click();
    await waitState(page, 'editing.idle');
    await page.setInputFiles('input[type=file]', uploads('employees-good.xlsx'));
    await page.getByText(format(m.importOk, { count: 6, file: 'employees-good.xlsx' })).waitFor();
    await waitState(page, 'editing.idle');
    expect(await page.getByTestId('draft-items').getByText('110***********0622').count()).toBe(1);

    const net = await submitAndSettle(page);
    expect(net).toMatch(/^¥\d/);
    expect(await flowState(page)).toBe('approved');
    const [cashier] = await Promise.all([page.context().waitForEvent('page'), payButton(page).click()]);
    // the amount is read while the cashier is open, before paying: once paid, the portal may move on at once
    expect(await page.getByTestId('pay-amount').textContent()).toBe(net);
    await payIn(cashier);
    await cashier.close();
    // no reload: the portal's own polling sees the payment
    await waitState(page, 'done', 30_000);
    await page.getByTestId('flow-done').getByText(m.doneTitle).waitFor();

    await page.getByRole('link', { name: m.toRecords }).click();
    await page.getByTestId('correct-record').waitFor();
    await page
      .getByTestId('correct-record')
      .getByText(journey.gatewayText(lang, 'correction.state.in_force'), { exact: true })
      .first()
      .waitFor();
    await openFlow(page, 'subtract', policy);
    await page.getByPlaceholder(m.search).fill('HS1001');
    await page.getByPlaceholder(m.search).press('Enter');
    await page.getByTestId('employee-list').getByText('王芳').waitFor();
    await page.getByRole('button', { name: buttonName(m.saveLater) }).click();
    await waitState(page, 'saved');
  });

  it('removes two employees with a refund, without payment', async () => {
    await openFlow(page, 'subtract', policy);
    const list = page.getByTestId('employee-list');
    await list.getByText('Member A0').waitFor();
    await list.getByRole('checkbox', { name: 'Member A0' }).check();
    await list.getByRole('checkbox', { name: 'Member B1' }).check();
    await page.getByRole('button', { name: format(m.subtractSelected, { count: 2 }) }).click();
    await page.getByTestId('draft-items').getByText('Member B1').waitFor();
    const net = await submitAndSettle(page);
    expect(net).toMatch(/^-¥/);
    await waitState(page, 'done');
    await page.getByText(textPattern(m.doneRefund, { amount: /¥[\d,]+\.\d{2}/ })).waitFor();

    // the refund on the correction's record: in progress, its amount, to the company's own account, masked
    await page.getByRole('link', { name: m.toRecords }).click();
    const records = page.getByTestId('correct-record');
    const row = records.locator('tbody tr.ant-table-row').filter({ hasText: m.refundState_processing }).first();
    await row.waitFor();
    await row.getByRole('button', { name: buttonName(m.detail) }).click();
    const refund = page.getByTestId('refund-status');
    await refund.getByText(m.refundState_processing, { exact: true }).waitFor();
    await refund.getByText(m.refundProcessingHint).waitFor();
    expect(await refund.getByText(net.replace(/^-/, ''), { exact: true }).count()).toBe(1);
    const account = (await refund.getByTestId('refund-account').textContent()) ?? '';
    expect(account).toContain(HOLDER.account_name);
    expect(account).toContain(lang === 'zh-CN' ? HOLDER.bank_name_zh : HOLDER.bank_name);
    expect(account).toMatch(new RegExp(`${HOLDER.account_no.slice(-4)}$`));
    expect(account).not.toContain(HOLDER.account_no.slice(0, 8));
    await page.keyboard.press('Escape');
    await refund.waitFor({ state: 'hidden' });
  });

  it('exchanges one employee', async () => {
    await openFlow(page, 'exchange', policy);
    const list = page.getByTestId('employee-list');
    await list.getByRole('radio', { name: 'Member C2' }).check();
    const joiner = newPerson(policy.region, 7);
    const form = page.getByTestId('person-form');
    await form.getByLabel(m.name, { exact: true }).fill('Zhang Lei');
    await form.getByLabel(m.idNumber, { exact: true }).fill(joiner.idNumber);
    await form.getByRole('button', { name: buttonName(m.exchangeSubmit) }).click();
    await page.getByTestId('draft-items').getByText('Zhang Lei').waitFor();
    await submitAndSettle(page);
    if ((await flowState(page)) === 'approved') {
      await payInCashier(page);
    }
    await waitState(page, 'done', 30_000);
  });

  // Resuming after a reload is the machine's behaviour, not a text: its texts (the form, the check, the
  // submission, Pay and the cashier) are asserted in both languages by the other steps, so it runs in
  // the first language only, to keep the journey's time.
  const inFirstLanguage = lang === LANGS[0] ? it : () => undefined;
  inFirstLanguage('resumes pay polling after a reload and sees the payment', async () => {
    await openFlow(page, 'add', policy);
    const person = newPerson(policy.region, 9);
    const form = page.getByTestId('person-form');
    await form.getByLabel(m.name, { exact: true }).fill('Sun Li');
    await form.getByLabel(m.idNumber, { exact: true }).fill(person.idNumber);
    await form.getByRole('button', { name: buttonName(m.addPerson) }).click();
    await page.getByTestId('draft-items').getByText('Sun Li').waitFor();
    await submitAndSettle(page);
    const [cashier] = await Promise.all([page.context().waitForEvent('page'), payButton(page).click()]);
    await waitState(page, /^payment\.watching/);
    expect(page.url()).toMatch(/correctionId=\d+/);

    await page.reload();
    await waitState(page, /^payment\.watching/);
    await payIn(cashier);
    await waitState(page, 'done', 30_000);
    await cashier.close();
  });

  let fresh: TestPolicy;
  it('adds two employees one by one from the policy row, is declined at the cashier, pays again in the same tab, and sees them on the employee view', async () => {
    fresh = await makePolicy(journey, { roster: 'employee', members: 3 });
    await openFlow(page, 'add', fresh);
    const form = page.getByTestId('person-form');
    const draft = page.getByTestId('draft-items');
    for (const [n, name] of [
      [11, 'Zhou Min'],
      [12, 'Wu Tao'],
    ] as const) {
      await form.getByLabel(m.name, { exact: true }).fill(name);
      await form.getByLabel(m.idNumber, { exact: true }).fill(newPerson(fresh.region, n).idNumber);
      await form.getByRole('button', { name: buttonName(m.addPerson) }).click();
      await draft.getByText(name).waitFor();
      await waitState(page, 'editing.idle');
    }
    // both stay in the draft
    expect(await draft.locator('tbody tr.ant-table-row').count()).toBe(2);
    await draft.getByText('Zhou Min').waitFor();

    const net = await submitAndSettle(page);
    expect(await flowState(page)).toBe('approved');
    // The bank declines the first attempt: the portal says so and keeps watching.
    const [cashier] = await Promise.all([page.context().waitForEvent('page'), payButton(page).click()]);
    await cashier.waitForURL(/\/cashier\//);
    await cashier.getByLabel(journey.gatewayText(lang, 'cashier.sandbox.decline')).check();
    await cashier.getByRole('button', { name: journey.gatewayText(lang, 'cashier.pay'), exact: true }).click();
    await cashier.getByText(journey.gatewayText(lang, 'cashier.notice.failed'), { exact: true }).waitFor();
    await page.getByTestId('pay-failed').getByText(m.payFailed, { exact: true }).waitFor();
    // Paid again in the same cashier tab: in force without Pay pressed again.
    await cashier.getByLabel(journey.gatewayText(lang, 'cashier.sandbox.succeed')).check();
    await payIn(cashier);
    await waitState(page, 'done', 30_000);
    expect(page.context().pages()).toHaveLength(2);
    await cashier.close();
    expect(net).toMatch(/^¥\d/);

    await page.getByRole('link', { name: m.toEmployees }).click();
    const view = page.getByTestId('employee-view');
    await view.getByText('Zhou Min').waitFor();
    await view.getByText('Wu Tao').waitFor();
  });

  it('removes two people selected on the employee view, after the confirmation', async () => {
    const view = page.getByTestId('employee-view');
    await view.getByText('Wu Tao').waitFor();
    const draft = page.getByTestId('draft-items');
    // remove two selected people: the page says what happens first
    const list = page.getByTestId('employee-list');
    await list.getByRole('checkbox', { name: 'Zhou Min' }).check();
    await list.getByRole('checkbox', { name: 'Wu Tao' }).check();
    await page.getByRole('button', { name: format(m.removeSelected, { count: 2 }) }).click();
    const dialog = await openedDialog(page.getByRole('dialog'));
    await dialog.getByText(format(m.removeSelectedTitle, { count: 2 })).waitFor();
    await dialog.getByRole('button', { name: buttonName(m.removeSelectedOk) }).click();
    await waitState(page, 'editing.idle');
    await draft.getByText('Wu Tao').waitFor();
    expect(await draft.getByText(m.leaves, { exact: true }).count()).toBe(2);
    const refund = await submitAndSettle(page);
    expect(refund).toMatch(new RegExp(`^-${amount.source.replace(/^-\?/, '')}$`));
    await waitState(page, 'done');
  });

  it("imports a batch from the employer policy's detail page", async () => {
    const employer = await makePolicy(journey, { roster: 'employeeNew', members: 2 });
    await toMyPolicy(page);
    await page.getByRole('tab', { name: policyMessages[lang].tabEmployer }).click();
    await (await policyRow(page, 'employer', employer.policyNo)).getByRole('link', { name: employer.policyNo }).click();
    await page.getByTestId('policy-detail').waitFor();
    await page
      .getByTestId('roster-changes')
      .getByRole('button', { name: buttonName(rosterChangeMessages[lang].add) })
      .click();
    await waitState(page, 'editing.idle');
    await page.getByRole('tab', { name: m.addBatch }).click();
    expect(page.url()).toMatch(/\/employeeCorrection\?/);
    // the template from the page, in the user's language, filled with two people, back through the drop zone
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: buttonName(m.template) }).click(),
    ]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await savedDownload(download));
    const sheet = wb.getWorksheet(journey.gatewayText(lang, 'roster.sheet.people'))!;
    expect(sheet).toBeDefined();
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    expect(header).toEqual(
      expect.arrayContaining([HEADERS.name[lang], HEADERS.idNumber[lang], HEADERS.occupationCode[lang]]),
    );
    const people = [newPerson(employer.region, 21), newPerson(employer.region, 22)].map((p, i) => ({
      ...p,
      name: ['Qian Hui', 'Feng Yu'][i],
    }));
    for (const p of people)
      sheet.addRow(
        header.map((h) =>
          h === HEADERS.name[lang]
            ? p.name
            : h === HEADERS.idNumber[lang]
              ? p.idNumber
              : h === HEADERS.occupationCode[lang]
                ? '010021'
                : '',
        ),
      );
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'journey-')), 'employer-people.xlsx');
    await wb.xlsx.writeFile(file);
    await page.setInputFiles('input[type=file]', file);
    await page.getByText(format(m.importOk, { count: 2, file: 'employer-people.xlsx' })).waitFor();
    await page.getByTestId('draft-items').getByText('Feng Yu').waitFor();
  });
});
