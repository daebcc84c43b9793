/**
 * Corrections in Chromium as corp-hr, each started from the policy's row on My policy: a batch add from a file with bad rows (error report checked
 * with exceljs), the fixed file, preview, approval, payment in the cashier tab, seen paid without a
 * reload; removing two employees with a refund; exchanging one; a reload during pay polling.
 * The policy is made through the gateway's database: the demo seed of corp-hr's group policies is
 * on the policy branch.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { makePolicy, newPerson, type TestPolicy } from '../support/factories';
import { startJourney, type Journey } from './support/harness';

let journey: Journey;
let policy: TestPolicy;
const uploads = (name: string) => path.join(__dirname, '../../fixtures/uploads', name);

beforeAll(async () => {
  journey = await startJourney();
  policy = await makePolicy(journey, { roster: 'employee', members: 4 });
});
afterAll(() => journey?.close());

const flowState = (page: Page) => page.getByTestId('correction-flow').getAttribute('data-state');
async function waitState(page: Page, state: string | RegExp, timeout = 20_000) {
  await page.waitForFunction(
    ([s, isRe]) => {
      const v = document.querySelector('[data-testid=correction-flow]')?.getAttribute('data-state') ?? '';
      return isRe ? new RegExp(s).test(v) : v === s;
    },
    [state instanceof RegExp ? state.source : state, state instanceof RegExp] as const,
    { timeout },
  );
}

/** My policy through the server menu (its group opened first when it is closed). */
async function toMyPolicy(page: Page) {
  const menu = page.getByRole('menu', { name: 'Main menu' });
  const leaf = menu.locator('li[data-menu-id$="-/myPolicy"]');
  if (!(await leaf.isVisible())) await menu.getByText('My policy', { exact: true }).first().click();
  await leaf.click();
  await page.getByTestId('my-policy').waitFor();
}

/** Opens the change from the policy's row on My policy (the menu, the row's Employee changes). */
async function openFlow(page: Page, kind: 'Add' | 'Remove' | 'Exchange', of: TestPolicy = policy) {
  await toMyPolicy(page);
  const row = page.getByTestId('policy-table-group').getByRole('row').filter({ hasText: of.policyNo });
  await row.getByTestId('roster-changes').click();
  await page.getByRole('menuitem', { name: `${kind} people` }).click();
  await waitState(page, 'editing.idle');
}

async function submitAndSettle(page: Page) {
  await page.getByRole('button', { name: 'Check and calculate the premium' }).click();
  await waitState(page, 'preview');
  const net = (await page.getByTestId('net-amount').textContent()) ?? '';
  await page.getByRole('button', { name: 'Continue' }).click();
  await waitState(page, 'scenario.choosing');
  await page.getByRole('button', { name: 'Submit for business approval' }).click();
  // the summary of who joins and leaves and the money, then the submission
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('change-summary').waitFor();
  // a press during the dialog's opening animation can miss: pressed again while the dialog is still open
  const submit = dialog.getByRole('button', { name: 'Submit', exact: true });
  await submit.click();
  if (
    !(await dialog.waitFor({ state: 'hidden', timeout: 3_000 }).then(
      () => true,
      () => false,
    ))
  )
    await submit.click();
  await dialog.waitFor({ state: 'hidden' });
  await waitState(page, /^(approved|done)$/);
  return net;
}

/** One click from Pay to the cashier: the window opens with the click and goes to the cashier. */
async function payInCashier(page: Page) {
  const [cashier] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('button', { name: /^Pay ¥/ }).click(),
  ]);
  await cashier.waitForURL(/\/cashier\//);
  await cashier.getByRole('button', { name: 'Pay', exact: true }).click();
  await cashier.getByText('Payment received').waitFor();
  await cashier.close();
}

describe('employee corrections in Chromium as corp-hr', () => {
  let page: Page;
  beforeAll(async () => {
    ({ page } = await journey.newPage());
    await page.goto('/legal/');
    await page.waitForURL(/\/idprovider\/login/);
    await journey.login(page, 'corp-hr', { corporate: true });
    await page.waitForURL(/\/legal\/index/);
  });

  it('adds a batch: bad file, error report, fixed file, preview, approval, cashier, paid without a reload', async () => {
    await openFlow(page, 'Add');
    await page.getByRole('tab', { name: 'Add from a file' }).click();
    await page.setInputFiles('input[type=file]', uploads('employees-bad.xlsx'));
    await waitState(page, 'editing.importRejected');
    await page.getByTestId('import-errors').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the error report' }).click(),
    ]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await download.path());
    const rows: string[][] = [];
    wb.worksheets[0].eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    // The report is the template holding every row of the file: row number and reasons in its last columns.
    const bad = rows.slice(1).filter((r) => r[9]);
    expect(bad.length).toBe(4);
    expect(bad.map((r) => r[8]).sort((a, b) => Number(a) - Number(b))).toEqual(['3', '4', '6', '8']);
    expect(rows.flat().join(' ')).toMatch(/check digit/);

    await page.getByTestId('dismiss-import').click();
    await waitState(page, 'editing.idle');
    await page.setInputFiles('input[type=file]', uploads('employees-good.xlsx'));
    await page.getByText('6 people from employees-good.xlsx were added to the correction.').waitFor();
    await waitState(page, 'editing.idle');
    expect(await page.getByTestId('draft-items').getByText('110***********0622').count()).toBe(1);

    const net = await submitAndSettle(page);
    expect(net).toMatch(/^¥\d/);
    expect(await flowState(page)).toBe('approved');
    await payInCashier(page);
    expect(await page.getByTestId('pay-amount').textContent()).toBe(net);
    // no reload: the portal's own polling sees the payment
    await waitState(page, 'done', 30_000);
    await page.getByTestId('flow-done').getByText('The correction is in force').waitFor();

    await page.getByRole('link', { name: 'Correction records' }).click();
    await page.getByTestId('correct-record').waitFor();
    await page.getByText('In force').first().waitFor();
    await openFlow(page, 'Remove');
    await page.getByPlaceholder('Name, ID number or employee number').fill('HS1001');
    await page.getByPlaceholder('Name, ID number or employee number').press('Enter');
    await page.getByTestId('employee-list').getByText('王芳').waitFor();
    await page.getByRole('button', { name: 'Save for later' }).click();
    await waitState(page, 'saved');
  });

  it('removes two employees with a refund, without payment', async () => {
    await openFlow(page, 'Remove');
    const list = page.getByTestId('employee-list');
    await list.getByText('Member A0').waitFor();
    await list.getByRole('checkbox', { name: 'Member A0' }).check();
    await list.getByRole('checkbox', { name: 'Member B1' }).check();
    await page.getByRole('button', { name: 'Remove the selected people (2)' }).click();
    await page.getByTestId('draft-items').getByText('Member B1').waitFor();
    const net = await submitAndSettle(page);
    expect(net).toMatch(/^-¥/);
    await waitState(page, 'done');
    await page.getByText(/The refund of ¥[\d.,]+ goes to the account on file/).waitFor();
  });

  it('exchanges one employee', async () => {
    await openFlow(page, 'Exchange');
    const list = page.getByTestId('employee-list');
    await list.getByRole('radio', { name: 'Member C2' }).check();
    const joiner = newPerson(policy.region, 7);
    const form = page.getByTestId('person-form');
    await form.getByLabel('Name').fill('Zhang Lei');
    await form.getByLabel('ID number').fill(joiner.idNumber);
    await form.getByRole('button', { name: 'Exchange' }).click();
    await page.getByTestId('draft-items').getByText('Zhang Lei').waitFor();
    await submitAndSettle(page);
    if ((await flowState(page)) === 'approved') {
      await payInCashier(page);
    }
    await waitState(page, 'done', 30_000);
  });

  it('resumes pay polling after a reload and sees the payment', async () => {
    await openFlow(page, 'Add');
    const person = newPerson(policy.region, 9);
    const form = page.getByTestId('person-form');
    await form.getByLabel('Name').fill('Sun Li');
    await form.getByLabel('ID number').fill(person.idNumber);
    await form.getByRole('button', { name: 'Add to the correction' }).click();
    await page.getByTestId('draft-items').getByText('Sun Li').waitFor();
    await submitAndSettle(page);
    const [cashier] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('button', { name: /^Pay ¥/ }).click(),
    ]);
    await waitState(page, /^payment\.polling/);
    expect(page.url()).toMatch(/correctionId=\d+/);

    await page.reload();
    await waitState(page, /^payment\.polling/);
    await cashier.waitForURL(/\/cashier\//);
    await cashier.getByRole('button', { name: 'Pay', exact: true }).click();
    await cashier.getByText('Payment received').waitFor();
    await waitState(page, 'done', 30_000);
  });

  let fresh: TestPolicy;
  it('adds two employees one by one from the policy row, pays, and sees them on the employee view', async () => {
    fresh = await makePolicy(journey, { roster: 'employee', members: 3 });
    await openFlow(page, 'Add', fresh);
    const form = page.getByTestId('person-form');
    const draft = page.getByTestId('draft-items');
    for (const [n, name] of [
      [11, 'Zhou Min'],
      [12, 'Wu Tao'],
    ] as const) {
      await form.getByLabel('Name').fill(name);
      await form.getByLabel('ID number').fill(newPerson(fresh.region, n).idNumber);
      await form.getByRole('button', { name: 'Add to the correction' }).click();
      await draft.getByText(name).waitFor();
      await waitState(page, 'editing.idle');
    }
    // both stay in the draft
    expect(await draft.locator('tbody tr.ant-table-row').count()).toBe(2);
    await draft.getByText('Zhou Min').waitFor();

    const net = await submitAndSettle(page);
    expect(await flowState(page)).toBe('approved');
    await payInCashier(page);
    await waitState(page, 'done', 30_000);
    expect(net).toMatch(/^¥\d/);

    await page.getByRole('link', { name: 'Insured employees' }).click();
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
    await page.getByRole('button', { name: 'Remove the selected (2)' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Remove 2 people?').waitFor();
    await dialog.getByRole('button', { name: 'Continue to the removal' }).click();
    await waitState(page, 'editing.idle');
    await draft.getByText('Wu Tao').waitFor();
    expect(await draft.getByText('Leaves').count()).toBe(2);
    const refund = await submitAndSettle(page);
    expect(refund).toMatch(/^-¥/);
    await waitState(page, 'done');
  });

  it("imports a batch from the employer policy's detail page", async () => {
    const employer = await makePolicy(journey, { roster: 'employeeNew', members: 2 });
    await toMyPolicy(page);
    await page.getByRole('tab', { name: 'Employer policies' }).click();
    await page.getByTestId('policy-table-employer').getByRole('link', { name: employer.policyNo }).click();
    await page.getByTestId('policy-detail').waitFor();
    await page.getByTestId('roster-changes').getByRole('button', { name: 'Add people' }).click();
    await waitState(page, 'editing.idle');
    await page.getByRole('tab', { name: 'Add from a file' }).click();
    expect(page.url()).toMatch(/\/employeeCorrection\?/);
    // the template from the page, filled with two people, back through the drop zone
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the template' }).click(),
    ]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await download.path());
    const sheet = wb.getWorksheet('People')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const people = [newPerson(employer.region, 21), newPerson(employer.region, 22)].map((p, i) => ({
      ...p,
      name: ['Qian Hui', 'Feng Yu'][i],
    }));
    for (const p of people)
      sheet.addRow(
        header.map((h) =>
          h === 'Name' ? p.name : h === 'ID number' ? p.idNumber : /occupation/i.test(h) ? '010021' : '',
        ),
      );
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'journey-')), 'employer-people.xlsx');
    await wb.xlsx.writeFile(file);
    await page.setInputFiles('input[type=file]', file);
    await page.getByText('2 people from employer-people.xlsx were added to the correction.').waitFor();
    await page.getByTestId('draft-items').getByText('Feng Yu').waitFor();
  });
});
