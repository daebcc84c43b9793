/**
 * A certificate of insurance in Chromium, from the login page: corp-hr opens a group policy's insured
 * employees by clicks (menu, My policy, the policy's Employees), downloads one employee's certificate,
 * and a visitor checks its verification code on the site's verify page, reached from the login page's
 * link. In both languages; every text looked for comes from the catalogues.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { shellMessages } from '@client/app/messages';
import { menuMessages } from '@client/app/menuMessages';
import { correctionMessages } from '@client/features/correction/messages';
import { policyMessages } from '@client/features/policy/messages';
import { pdfText } from '../server/policy/pdfText';
import {
  buttonName,
  chooseIdentityLanguage,
  format,
  LANGS,
  savedDownload,
  startJourney,
  type Journey,
} from './support/harness';

const POLICY = 'PGA26310100000415';
let journey: Journey;
beforeAll(async () => {
  journey = await startJourney();
});
afterAll(() => journey?.close());

describe.each(LANGS)('a certificate of insurance and its verification (%s)', (lang) => {
  const m = correctionMessages[lang];
  const p = policyMessages[lang];
  const say = (key: Parameters<Journey['gatewayText']>[1], params?: Parameters<Journey['gatewayText']>[2]) =>
    journey.gatewayText(lang, key, params);
  let code = '';

  it('HR opens the employees of a group policy by clicks and downloads one employee’s certificate', async () => {
    const { page } = await journey.newPage();
    await page.goto('/legal/');
    await page.waitForURL(/\/idprovider\/login/);
    await journey.login(page, 'corp-hr', { corporate: true, lang });
    await page.getByTestId('corporate-home').waitFor();
    const menu = page.getByRole('menu', { name: shellMessages[lang].mainMenu });
    await menu.getByText(menuMessages[lang].policyManage, { exact: true }).first().click();
    await menu.getByRole('menuitem', { name: menuMessages[lang].myPolicy, exact: true }).last().click();
    const list = page.getByTestId('policy-table-group');
    await list.getByRole('textbox', { name: p.policyNo }).fill(POLICY);
    await list.getByRole('button', { name: buttonName(p.search) }).click();
    await list.getByText(format(p.total, { total: 1 }), { exact: true }).waitFor();
    await list
      .locator('tbody tr.ant-table-row', { hasText: POLICY })
      .getByRole('button', { name: buttonName(p.employees) })
      .click();

    const view = page.getByTestId('employee-view');
    const firstRow = view.locator('tbody tr.ant-table-row').first();
    await firstRow.waitFor();
    const name = ((await firstRow.locator('td').nth(1).textContent()) ?? '').trim();
    expect(name).not.toBe('');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      firstRow.getByRole('button', { name: format(m.certificateOf, { name }) }).click(),
    ]);
    const file = say('certificate.file', { policyNo: POLICY, name });
    expect(download.suggestedFilename()).toBe(file);
    await page.getByText(format(m.downloaded, { file })).waitFor();
    const text = pdfText(fs.readFileSync(await savedDownload(download))).replace(/\s*\n\s*/g, '');
    expect(text).toContain(say('certificate.title'));
    expect(text).toContain(name);
    expect(text).toContain(POLICY);
    code = /([A-HJ-NP-Z2-9]{4}-){3}[A-HJ-NP-Z2-9]{4}/.exec(text)?.[0] ?? '';
    expect(code).not.toBe('');
    await page.context().close();
  });

  it('a visitor checks the code on the verify page, reached from the login page', async () => {
    const { page } = await journey.newPage();
    await page.goto('/idprovider/login');
    await chooseIdentityLanguage(page, lang);
    await page.getByTestId('verify-certificate').click();
    await page.getByRole('heading', { name: say('site.nav.verify'), level: 1 }).waitFor();
    await verify(page, 'ABCD-EFGH-JKLM-NPQR');
    await page
      .getByText(say('certificate.verify.unknown', { code: 'ABCD-EFGH-JKLM-NPQR', hotline: '95518' }))
      .waitFor();
    await verify(page, code);
    const valid = page.getByTestId('verify-valid');
    await valid.waitFor();
    expect(await page.getByTestId('verify-standing').getAttribute('data-standing')).toBe('inForce');
    await valid.getByText(POLICY, { exact: true }).waitFor();
    await valid.getByText(code, { exact: true }).waitFor();
    await page.context().close();
  });

  async function verify(page: Page, typed: string) {
    await page.getByLabel(say('certificate.verify.label')).fill(typed);
    await page.getByRole('button', { name: say('certificate.verify.check'), exact: true }).click();
  }
});
