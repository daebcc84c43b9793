import { aside } from '@common/i18n';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pdfText } from '../server/policy/pdfText';
import { shellMessages } from '@client/app/messages';
import { menuMessages } from '@client/app/menuMessages';
import { correctionMessages } from '@client/features/correction/messages';
import { claimStateText } from '@client/features/policy/format';
import { policyMessages } from '@client/features/policy/messages';
import { buttonName, format, LANGS, startJourney, textPattern, type Journey } from './support/harness';

let journey: Journey;
beforeAll(async () => {
  journey = await startJourney();
});
afterAll(() => journey?.close());

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe.each(LANGS)('the policy area in Chromium (%s)', (lang) => {
  const m = policyMessages[lang];
  const menuTitle = menuMessages[lang];
  const cm = correctionMessages[lang];
  it('corp-hr: my policy, filter, four detail pages, employee view, claims, an e-policy download, insurance records', async () => {
    const { context, page } = await journey.newPage();
    await journey.login(page, 'corp-hr', { corporate: true, lang });
    await page.waitForURL(/\/legal\/index/);
    await page.getByTestId('corporate-home').waitFor();

    // My policy through the server menu.
    const menu = page.getByRole('menu', { name: shellMessages[lang].mainMenu });
    await menu.getByText(menuTitle.policyManage, { exact: true }).first().click();
    await menu.getByRole('menuitem', { name: menuTitle.myPolicy, exact: true }).last().click();
    await page.getByTestId('my-policy').waitFor();
    const group = page.getByTestId('policy-table-group');
    await group.getByText('PGL26310100000610').waitFor();

    // Filter by policy number.
    await group.getByRole('textbox', { name: m.policyNo }).fill('PGA25');
    await group.getByRole('button', { name: buttonName(m.search) }).click();
    await group.getByText(format(m.total, { total: 1 }), { exact: true }).waitFor();
    expect(await group.locator('tbody tr.ant-table-row').count()).toBe(1);

    // Property, motor, life and health details, each with a way back.
    await page.getByRole('tab', { name: m.tabProperty, exact: true }).click();
    const property = page.getByTestId('policy-table-property');
    await property.getByRole('link', { name: 'PRP26310100000126' }).click();
    await page.getByTestId('policy-no').getByText('PRP26310100000126').waitFor();
    await page.getByTestId('back').click();
    await property.getByRole('link', { name: 'PDA26310100004417' }).click();
    await page.getByTestId('vehicle').getByText('沪A·D82K6').waitFor();
    await page.getByTestId('back').click();
    await page.getByRole('tab', { name: m.tabLife, exact: true }).click();
    await page.getByTestId('policy-table-life').getByRole('link', { name: 'PGL26310100000610' }).click();
    await page.getByTestId('receipts').waitFor();
    expect(await page.getByTestId('policy-no').textContent()).toBe('PGL26310100000610');
    await page.getByTestId('back').click();
    await page.getByRole('tab', { name: m.tabHealth, exact: true }).click();
    await page.getByTestId('policy-table-health').getByRole('link', { name: 'PGH26310100000533' }).click();
    await page.getByTestId('roster-summary').getByTestId('roster-count').getByText('118').waitFor();

    // The employee view of that policy, searched on the server.
    await page.getByRole('button', { name: buttonName(m.viewEmployees) }).click();
    const view = page.getByTestId('employee-view');
    const all = format(cm.peopleTotal, { total: 118 });
    await view.getByText(all, { exact: true }).waitFor();
    // the first cell after the selection box is the name
    const nameCells = view.locator('tbody tr.ant-table-row td:not(.ant-table-selection-column):nth-child(2)');
    const firstName = (await nameCells.first().textContent()) as string;
    const search = view.getByRole('searchbox', { name: cm.search });
    await search.fill(firstName);
    await search.press('Enter');
    await view.getByText(textPattern(cm.peopleTotal, { total: /[1-9]\d*/ })).waitFor();
    await view.getByText(all, { exact: true }).waitFor({ state: 'detached' });
    for (const cell of await nameCells.allTextContents()) expect(cell.startsWith(firstName)).toBe(true);

    // Claims query and a claim's details.
    await page.goto('/legal/legalqueryListClaim?flag=legal');
    const claims = page.getByTestId('claim-list');
    await claims.getByText(format(m.total, { total: 9 }), { exact: true }).waitFor();
    await claims.getByRole('tab', { name: aside(lang, claimStateText(m, 2), 1), exact: true }).click();
    await claims.getByText(format(m.total, { total: 1 }), { exact: true }).waitFor();
    // the claim's row: the policy under its number, the state as a tag
    const row = claims.locator('tbody tr.ant-table-row');
    expect(await row.count()).toBe(1);
    expect(await row.locator('td').first().innerText()).toBe('CLM2026EL0001187\nPEL26310100000352');
    await row.locator('.ant-tag').getByText(claimStateText(m, 2), { exact: true }).waitFor();
    await claims.getByRole('link', { name: 'CLM2026EL0001187' }).click();
    const claim = page.getByTestId('claim-detail');
    await claim.getByText(m.outstanding, { exact: true }).first().waitFor();
    expect(await claim.getByTestId('claim-no').textContent()).toBe('CLM2026EL0001187');

    // Download an e-policy: a valid PDF whose text holds the policy number.
    await page.goto('/legal/legalPolicyDetail?policyNo=PRP26310100000126&flag=legal');
    await page.getByTestId('policy-detail').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: new RegExp(escape(m.ePolicy)) }).click(),
    ]);
    const fileName = journey.gatewayText(lang, 'document.file.ePolicy', { no: 'PRP26310100000126' });
    expect(download.suggestedFilename()).toBe(fileName);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mc-e2e-pdf-')), 'e-policy.pdf');
    await download.saveAs(file);
    const pdf = fs.readFileSync(file);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfText(pdf)).toContain('PRP26310100000126');
    await page.getByText(format(m.savedAs, { name: fileName })).waitFor();

    // Insurance records and one record's people.
    await page.goto('/legal/insuranceRecord?flag=legal');
    const records = page.getByTestId('insurance-records');
    await records.locator('tbody tr.ant-table-row').first().waitFor();
    // The record number opens the record.
    await records
      .locator('tbody tr.ant-table-row')
      .first()
      .getByRole('button', { name: /^[A-Z]+\d+/ })
      .click();
    await page.getByTestId('record-detail').waitFor();
    await context.close();
  });

  it('member-senior opens a life policy', async () => {
    const { context, page } = await journey.newPage();
    await journey.login(page, 'member-senior', { lang });
    await page.waitForURL(/\/legal\/index/);
    await page.goto('/legal/lifePolicyDetail?policyNo=LIF21310100003321');
    expect(await page.getByTestId('policy-no').textContent()).toBe('LIF21310100003321');
    await page.getByText(aside(lang, '周明远', '50%')).waitFor();
    await page.getByTestId('receipts').getByText('PAY-LIF3321-05').waitFor();
    await context.close();
  });
});
