import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PROMISES } from '@common/insurer';
import { claimMessages } from '@client/features/policy/claimMessages';
import { personalMessages } from '@client/features/personal/messages';
import { buttonName, format, LANGS, startJourney, type Journey } from './support/harness';

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

describe.each(LANGS)('member-senior reports a claim in Chromium (%s)', (lang) => {
  const c = claimMessages[lang];
  it('reports a non-car claim with two pictures from the home page, finds it in My claims, opens it and sends an outstanding document', async () => {
    const { context, page } = await journey.newPage();
    await page.goto('/legal/');
    await page.waitForURL(/\/idprovider\/login/);
    await journey.login(page, 'member-senior', { lang });
    await page.waitForURL(/\/legal\/index/);

    // From the home page's shortcuts to the report form.
    await page
      .getByTestId('personal-shortcuts')
      .getByRole('link', { name: personalMessages[lang].reportClaim })
      .click();
    await page.waitForURL(/\/legal\/claimReport\?kind=nonCar/);
    const form = page.getByTestId('claim-report');
    await form.getByRole('heading', { name: c.reportNonCarTitle }).waitFor();

    await form.getByLabel(c.policy).click();
    await page.locator('.ant-select-item-option', { hasText: 'HLT26310100008812' }).click();
    await form.getByTestId('claim-policy-period').waitFor();
    await form.getByLabel(c.accidentDate).click();
    await page.locator('.ant-picker-dropdown .ant-picker-today-btn, .ant-picker-dropdown .ant-picker-now-btn').click();
    await form.getByLabel(c.place).fill('上海市第六人民医院');
    await form.getByLabel(c.cause).fill('Hospital stay');
    await form.getByLabel(c.description).fill('急性胃肠炎住院两天。');
    await form.getByLabel(c.contactName).fill('李文静');
    await form.getByLabel(c.contactPhone).fill('13901728856');

    // Two pictures, uploaded as they are chosen.
    const pictures = form.locator('input[type=file]').first();
    await pictures.setInputFiles(file('scene.png', PNG));
    await form.locator('.ant-upload-list-item-done').first().waitFor();
    await form.locator('input[type=file]').first().setInputFiles(file('bill.png', PNG));
    await form.locator('.ant-upload-list-item-done').nth(1).waitFor();

    await form.getByRole('button', { name: buttonName(c.submit) }).click();
    const reported = page.getByTestId('reported-claim-no');
    await reported.waitFor();
    const claimNo = /CLM[0-9A-Z]+/.exec((await reported.textContent()) ?? '')?.[0];
    expect(claimNo).toBeDefined();
    // The promise is the configured one, as the claims centre says it.
    expect(await reported.textContent()).toBe(format(c.reportedText, { claimNo: claimNo!, ...PROMISES }));

    // In My claims at once; its row opens the claim's details.
    await page.getByRole('button', { name: buttonName(c.myClaims) }).click();
    await page.waitForURL(/\/legal\/myclaims\/claimList/);
    const list = page.getByTestId('personal-claim-list');
    await list.getByRole('link', { name: claimNo! }).first().click();
    await page.waitForURL(/\/legal\/myclaimsQueryDetail\?claimNo=/);
    const detail = page.getByTestId('claim-detail');
    expect(await detail.getByTestId('claim-no').textContent()).toBe(claimNo);
    await detail.getByTestId('claim-files').locator('img').nth(1).waitFor();
    expect(await detail.getByTestId('claim-files').locator('img').count()).toBe(2);
    expect(await page.title()).toBe(journey.title(lang, c.claimDetailTitle));

    // The claim waits for documents: one is sent from its row and counts as received.
    const outstanding = detail.locator('[data-testid^="outstanding-"]').first();
    const testId = (await outstanding.getAttribute('data-testid'))!;
    // The document's name is the gateway's (its catalogue), in the member's language.
    const document = journey.gatewayText(lang, `claim.doc.${testId.replace(/^outstanding-/, '')}` as never);
    await outstanding.locator('input[type=file]').setInputFiles(file('invoice.pdf', PDF));
    await page.getByText(format(c.documentSent, { document })).waitFor();
    await detail.getByTestId(testId).waitFor({ state: 'detached' });
    await context.close();
  });
});
