import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startJourney, type Journey } from './support/harness';

let journey: Journey;
let dir: string;
beforeAll(async () => {
  journey = await startJourney();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mc-claim-files-'));
});
afterAll(async () => {
  await journey?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A real 1×1 PNG picture and a small PDF, as a phone or scanner would produce them. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const file = (name: string, content: Buffer) => {
  const p = path.join(dir, name);
  fs.writeFileSync(p, content);
  return p;
};

describe('member-senior reports a claim in Chromium', () => {
  it('reports a non-car claim with two pictures from the home page, finds it in My claims, opens it and sends an outstanding document', async () => {
    const { context, page } = await journey.newPage();
    await page.goto('/legal/');
    await page.waitForURL(/\/idprovider\/login/);
    await journey.login(page, 'member-senior');
    await page.waitForURL(/\/legal\/index/);

    // From the home page's shortcuts to the report form.
    await page.getByTestId('personal-shortcuts').getByRole('link', { name: 'Report a claim' }).click();
    await page.waitForURL(/\/legal\/claimReport\?kind=nonCar/);
    const form = page.getByTestId('claim-report');
    await form.getByRole('heading', { name: 'Report a non-car claim' }).waitFor();

    await form.getByLabel('Policy').click();
    await page.locator('.ant-select-item-option', { hasText: 'HLT26310100008812' }).click();
    await form.getByTestId('claim-policy-period').waitFor();
    await form.getByLabel('Date of the accident').click();
    await page.locator('.ant-picker-dropdown .ant-picker-today-btn, .ant-picker-dropdown .ant-picker-now-btn').click();
    await form.getByLabel('Place').fill('上海市第六人民医院');
    await form.getByLabel('What happened, in a few words').fill('Hospital stay');
    await form.getByLabel('Description').fill('急性胃肠炎住院两天。');
    await form.getByLabel('Contact person').fill('李文静');
    await form.getByLabel('Mobile number').fill('13901728856');

    // Two pictures, uploaded as they are chosen.
    const pictures = form.locator('input[type=file]').first();
    await pictures.setInputFiles(file('scene.png', PNG));
    await form.locator('.ant-upload-list-item-done').first().waitFor();
    await form.locator('input[type=file]').first().setInputFiles(file('bill.png', PNG));
    await form.locator('.ant-upload-list-item-done').nth(1).waitFor();

    await form.getByRole('button', { name: 'Report the claim' }).click();
    const reported = page.getByTestId('reported-claim-no');
    await reported.waitFor();
    const claimNo = /CLM[0-9A-Z]+/.exec((await reported.textContent()) ?? '')?.[0];
    expect(claimNo).toBeDefined();

    // In My claims at once; its row opens the claim's details.
    await page.getByRole('button', { name: 'My claims' }).click();
    await page.waitForURL(/\/legal\/myclaims\/claimList/);
    const list = page.getByTestId('personal-claim-list');
    await list.getByRole('link', { name: claimNo! }).first().click();
    await page.waitForURL(/\/legal\/myclaimsQueryDetail\?claimNo=/);
    const detail = page.getByTestId('claim-detail');
    expect(await detail.getByTestId('claim-no').textContent()).toBe(claimNo);
    await detail.getByTestId('claim-files').locator('img').nth(1).waitFor();
    expect(await detail.getByTestId('claim-files').locator('img').count()).toBe(2);
    expect(await page.title()).toBe('Claim details - Member Center');

    // The claim waits for documents: one is sent from its row and counts as received.
    const outstanding = detail.locator('[data-testid^="outstanding-"]').first();
    const testId = (await outstanding.getAttribute('data-testid'))!;
    await outstanding.locator('input[type=file]').setInputFiles(file('invoice.pdf', PDF));
    await page.getByText(/ was sent\.$/).waitFor();
    await detail.getByTestId(testId).waitFor({ state: 'detached' });
    await context.close();
  });
});
