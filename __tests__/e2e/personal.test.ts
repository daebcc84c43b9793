import { aside } from '@common/i18n';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pdfText } from '../server/policy/pdfText';
import { insertOrder } from '../server/personal/support';
import type { Page } from 'playwright-core';
import { shellMessages } from '@client/app/messages';
import { menuMessages } from '@client/app/menuMessages';
import { personalMessages } from '@client/features/personal/messages';
import { policyMessages } from '@client/features/policy/messages';
import { sharedMessages } from '@client/shared/sharedMessages';
import personalDemo from '@fixtures/demo/personal.json';
import assetsDemo from '@fixtures/demo/personal-assets.json';
import {
  buttonName,
  format,
  LANGS,
  motionsEnded,
  openedDialog,
  startJourney,
  type Journey,
  type Locale,
} from './support/harness';

/**
 * Each language's journeys have a gateway of their own: they change what they find (a true name
 * verified, a policy bound, a renewal stopped, a risk level), and the other language's run starts
 * from the demo data as a member would.
 */
let journey: Journey;

/** A points reason of the demo data (its bilingual text), in a language. */
function demoText(en: string, lang: Locale): string {
  const points = (personalDemo as { points: Array<{ text_params?: { text?: Record<Locale, string> } }> }).points;
  const text = points.find((p) => p.text_params?.text?.['en-US'] === en)?.text_params?.text;
  if (!text) throw new Error(`The demo data has no points reason "${en}".`);
  return text[lang];
}

/** An asset account's name in a language (the demo's English name, or its Chinese one). */
function assetName(en: string, lang: Locale): string {
  const find = (v: unknown): { name: string; name_zh?: string } | undefined => {
    if (Array.isArray(v)) return v.map(find).find(Boolean);
    if (v && typeof v === 'object') {
      const o = v as { name?: unknown; name_zh?: string };
      if (o.name === en) return o as { name: string; name_zh?: string };
      return Object.values(o).map(find).find(Boolean);
    }
    return undefined;
  };
  const account = find(assetsDemo)!;
  return lang === 'zh-CN' ? account.name_zh! : account.name;
}

/**
 * Opens a page from the sidebar as a member does: its group first when the entry is not showing
 * (a senior member is not invited to the club: no promotion over it), then the entry, with the
 * navigation awaited along with the click.
 */
async function fromMenu(
  page: Page,
  lang: Locale,
  group: 'mypolicy' | 'myclub' | 'assets',
  entry: 'policyList' | 'orderList' | 'myScore' | 'assetsDetails' | 'riskEvaluating',
  path: RegExp,
) {
  const titles = menuMessages[lang];
  const menu = page.getByRole('menu', { name: shellMessages[lang].mainMenu });
  // by its address: a group and its first entry may share a title ('My policies')
  const item = menu.locator(`[role=menuitem][data-key="/${group}/${entry}"]`);
  if (!(await item.isVisible())) {
    await menu.locator('[role=menuitem][aria-expanded]', { hasText: titles[group] }).click();
  }
  // the submenu opens with an animation: the entry is clicked once it can be reached
  await item.waitFor({ state: 'visible' });
  await motionsEnded(page);
  await Promise.all([page.waitForURL(path), item.click()]);
}

/** From the portal's address to the login page and back to the member's home, as a member signs in. */
async function signIn(page: Page, username: string, lang: Locale) {
  await page.goto('/legal/');
  await page.waitForURL(/\/idprovider\/login/);
  await journey.login(page, username, { lang });
  await page.waitForURL(/\/legal\/index/);
}

describe.each(LANGS)('in %s', (lang) => {
  beforeAll(async () => {
    journey = await startJourney();
  });
  afterAll(() => journey?.close());

  describe('member-basic in Chromium', () => {
    const shell = shellMessages[lang];
    const m = personalMessages[lang];
    it('is refused the club with the message and the warning, completes the true name, and is let in', async () => {
      const { context, page } = await journey.newPage();
      await signIn(page, 'member-basic', lang);

      // The assets group of the menu refuses with the message and the warning; 'Not now' goes home.
      await page
        .getByRole('menu', { name: shell.mainMenu })
        .locator('[role=menuitem][aria-expanded]', { hasText: menuMessages[lang].assets })
        .click();
      await page.locator('.ant-message').getByText(shell.notSeniorAssets).waitFor();
      const notNow = await openedDialog(page.getByRole('dialog').filter({ hasText: shell.warningTitle }));
      await notNow.getByRole('button', { name: buttonName(shell.notNow) }).click();
      await notNow.waitFor({ state: 'detached' });
      expect(page.url()).toMatch(/\/legal\/index/);

      // A club page's address, typed or bookmarked, refuses the same way.
      await page.goto('/legal/myclub/myScore');
      await page.getByTestId('senior-refused').waitFor();
      expect(await page.getByTestId('senior-refused').textContent()).toContain(shell.notSenior);
      const warning = await openedDialog(page.getByRole('dialog').filter({ hasText: shell.warningTitle }));
      await warning.getByRole('button', { name: buttonName(shell.completeNow) }).click();
      await page.waitForURL(/\/legal\/myprofile\/personalInfo/);

      await page.getByTestId('personal-info').waitFor();
      await page
        .getByRole('button', { name: buttonName(m.verifyNow) })
        .first()
        .click();
      const dialog = await openedDialog(page.getByRole('dialog'));
      await dialog.getByLabel(m.realName).fill('赵鹏');
      await dialog.getByLabel(m.idNumber).fill('44030519900315');
      await dialog.getByRole('button', { name: buttonName(m.submit) }).click();
      await dialog.getByText(sharedMessages[lang].idDigits).waitFor();
      await dialog.getByLabel(m.idNumber).fill('440305199003150313');
      await dialog.getByText(format(m.derived, { sex: m.male, birthdate: '1990-03-15' })).waitFor();
      await dialog.getByRole('button', { name: buttonName(m.submit) }).click();
      await page.getByText(m.nowSenior).waitFor();
      await page.getByTestId('membership').getByText(m.senior).waitFor();

      // Now let in: the assets group opens from the menu, and the home's points block leads to the club's
      // points (the menu keeps this session's entries, docs/SPEC.md §4).
      await fromMenu(page, lang, 'assets', 'assetsDetails', /\/legal\/assets\/assetsDetails$/);
      await page.getByTestId('assets-details').waitFor();
      await page.getByTestId('brand').click();
      await page.getByTestId('personal-points').getByRole('link', { name: m.details, exact: true }).click();
      await page.waitForURL(/\/legal\/myclub\/myScore/);
      await page.getByTestId('my-score').getByText(demoText('Welcome to the member centre', lang)).waitFor();
      await context.close();
    });
  });

  describe('member-senior in Chromium', () => {
    const m = personalMessages[lang];
    const cashierText = (key: Parameters<Journey['gatewayText']>[1]) => journey.gatewayText(lang, key);
    it('binds a policy, stops a renewal, opens and downloads a life policy, pays an order at the cashier and earns its points', async () => {
      const { context, page } = await journey.newPage();
      await signIn(page, 'member-senior', lang);

      await fromMenu(page, lang, 'mypolicy', 'policyList', /\/legal\/mypolicy\/policyList$/);
      await page.getByTestId('personal-policy-list').waitFor();
      await page.getByRole('button', { name: buttonName(m.bindPolicy) }).click();
      const dialog = await openedDialog(page.getByRole('dialog'));
      await dialog.getByLabel(m.policyNo).fill('HAG2026310400233');
      await dialog.getByLabel(m.holderName).fill('李文静');
      await dialog.getByLabel(m.holderIdNumber).fill('310104196001010026');
      await dialog.getByRole('button', { name: buttonName(m.submit) }).click();
      await page.getByText(format(m.bound, { policyNo: 'HAG2026310400233' })).waitFor();

      // Stop the automatic renewal of the health policy, confirming first; the list says so, also after a reload.
      const list = page.getByTestId('personal-policy-list');
      const health = () => list.locator('tbody tr.ant-table-row').filter({ hasText: 'HLT26310100008812' });
      await health()
        .getByRole('button', { name: buttonName(m.stopRenewal) })
        .click();
      const confirm = await openedDialog(page.getByRole('dialog').filter({ hasText: m.stopRenewalTitle }));
      await confirm
        .getByText(
          format(m.stopRenewalText, { policyNo: 'HLT26310100008812', endDate: '\u0000' }).split('\u0000')[0]!,
          { exact: false },
        )
        .waitFor();
      await confirm.getByRole('button', { name: buttonName(m.confirm) }).click();
      await page.getByText(m.renewalStopped).waitFor();
      await health().getByRole('cell', { name: m.renewOff, exact: true }).waitFor();
      expect(
        await health()
          .getByRole('button', { name: buttonName(m.stopRenewal) })
          .count(),
      ).toBe(0);
      await page.reload();
      await health().getByRole('cell', { name: m.renewOff, exact: true }).waitFor();
      expect(
        await health()
          .getByRole('button', { name: buttonName(m.stopRenewal) })
          .count(),
      ).toBe(0);

      // Open the life policy from the list and download its e-policy: a real PDF that names the policy.
      await list.getByRole('link', { name: 'LIF21310100003321' }).click();
      await page.waitForURL(/\/legal\/lifePolicyDetail\?policyNo=LIF21310100003321/);
      expect(await page.getByTestId('policy-no').textContent()).toBe('LIF21310100003321');
      await page.getByText(aside(lang, '周明远', '50%')).waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: buttonName(policyMessages[lang].lifePolicy) }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(
        journey.gatewayText(lang, 'document.file.lifePolicy', { no: 'LIF21310100003321' }),
      );
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mc-e2e-life-')), 'life.pdf');
      await download.saveAs(file);
      const pdf = fs.readFileSync(file);
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.length).toBeGreaterThan(2000);
      const text = pdfText(pdf).replace(/\s*\n\s*/g, '');
      expect(text).toContain('LIF21310100003321');
      expect(text).toContain('福寿安康终身寿险');
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
      // The portal says where the document went; the member closes the notice.
      const saved = page.getByRole('dialog').filter({ hasText: download.suggestedFilename() });
      // Closed once it has finished opening (antd's zoom), as a person would: a click during the zoom
      // was lost once in .ci/run.
      await page.waitForFunction(() => !document.querySelector('[class*="-zoom-appear"], [class*="-zoom-enter"]'));
      await saved
        .locator('.ant-modal-footer')
        .getByRole('button', { name: buttonName(policyMessages[lang].close) })
        .click();
      await saved.waitFor({ state: 'detached' });

      // Pay an order at the gateway's cashier (a new window); the order's drawer follows the payment.
      const member = await journey.app.services.db
        .selectFrom('app_user')
        .select('customer_id')
        .where('username', '=', 'member-senior')
        .executeTakeFirstOrThrow();
      const orderNo = await insertOrder(journey, member.customer_id, { amount_fen: 36800 });
      await fromMenu(page, lang, 'mypolicy', 'orderList', /\/legal\/mypolicy\/orderList$/);
      const orders = page.getByTestId('order-list');
      const row = orders.locator('tbody tr.ant-table-row').filter({ hasText: orderNo });
      const [cashier] = await Promise.all([
        context.waitForEvent('page'),
        row.getByRole('button', { name: buttonName(m.payOrder) }).click(),
      ]);
      await cashier.waitForLoadState();
      expect(await cashier.locator('main').getAttribute('data-status')).toBe('open');
      // The cashier's page is in the member's language: what it collects for, and the order's line.
      await cashier.getByText(journey.gatewayText(lang, 'cashier.paysFor.order', { ref: orderNo })).waitFor();
      await cashier.getByText(orderNo, { exact: true }).waitFor();
      expect(await cashier.locator('html').getAttribute('lang')).toMatch(lang === 'zh-CN' ? /^zh/ : /^en/);
      await cashier.getByText('¥368.00').waitFor();
      await cashier.getByRole('button', { name: buttonName(cashierText('cashier.pay')), exact: true }).click();
      await cashier.getByText(cashierText('cashier.notice.paid')).waitFor();
      await cashier.close();
      await page
        .getByTestId('payment-watch')
        .getByText(new RegExp(format(m.payDone, { policyNo: 'HLT\\d{14}' }).replace(/[.()]/g, '\\$&')))
        .waitFor();
      await row.getByText(m.orderState_2, { exact: true }).waitFor();
      // Paid in every view without a reload: the drawer's state, and neither Pay nor Cancel in it or on the row.
      const details = page.getByTestId('order-details');
      await details.getByTestId('order-state').getByText(m.orderState_2, { exact: true }).waitFor();
      expect(await details.getByRole('button', { name: buttonName(m.payOrder) }).count()).toBe(0);
      expect(await details.getByRole('button', { name: buttonName(m.cancelOrder) }).count()).toBe(0);
      expect(await row.getByRole('button', { name: buttonName(m.payOrder) }).count()).toBe(0);
      // The order's drawer lies over the page (the menu too): the member closes it first.
      const drawer = page.getByRole('dialog').filter({ has: page.getByTestId('order-details') });
      await drawer.press('Escape');
      await page.getByTestId('order-details').waitFor({ state: 'detached' });
      await drawer.waitFor({ state: 'hidden' });

      await fromMenu(page, lang, 'myclub', 'myScore', /\/legal\/myclub\/myScore$/);
      // 7,416 before, and the ¥368 order just paid earns its premium in points
      await page.getByTestId('my-score').getByText('7,784').first().waitFor();
      await page.getByTestId('my-score').getByText('+368').first().waitFor();
      await context.close();
    });

    it('checks the assets and takes the risk questionnaire', async () => {
      const { context, page } = await journey.newPage();
      await signIn(page, 'member-senior', lang);
      await fromMenu(page, lang, 'assets', 'assetsDetails', /\/legal\/assets\/assetsDetails$/);
      await page
        .getByTestId('assets-details')
        .getByText(assetName('Zhixuan investment-linked account', lang))
        .first()
        .waitFor();

      await fromMenu(page, lang, 'assets', 'riskEvaluating', /\/legal\/assets\/riskEvaluating$/);
      const risk = page.getByTestId('risk-evaluating');
      await risk
        .getByText(
          format(m.riskLatest, { level: m.level_3, score: 44, validUntil: '\u0000' }).split('\u0000')[0]!.trim(),
          {
            exact: false,
          },
        )
        .waitFor();
      await risk.getByRole('button', { name: buttonName(m.riskAgain) }).click();
      for (let n = 1; n <= 10; n += 1) {
        await risk.getByText(format(m.riskQuestion, { n, total: 10 })).waitFor();
        await risk.getByRole('radio').last().check();
        if (n < 10) await risk.getByRole('button', { name: buttonName(m.next) }).click();
      }
      await risk.getByRole('button', { name: buttonName(m.submit) }).click();
      await risk.getByText(format(m.riskResult, { level: m.level_5 })).waitFor();
      await context.close();
    });
  });
});
