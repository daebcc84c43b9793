/**
 * A company renews its group policy in Chromium, from the login page and by clicks only, in each
 * language (a gateway of its own each: the demo's group term life policy is renewed once): corp-hr sees
 * the renewal's notice with the days left on the corporate home, opens the renewal, uploads the whole
 * roster as the HR system exports it (one new employee), makes the joiner a correction and pays it, comes
 * back to the renewal by the home page's notice and finds the headcount and premium grown by one, accepts
 * the quote, pays it at the cashier, and finds the next year's policy in My policy with its own number
 * and the carried roster's headcount.
 */
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { formatFen } from '@common/money';
import { menuMessages } from '@client/app/menuMessages';
import { shellMessages } from '@client/app/messages';
import { correctionMessages, reconcileMessages } from '@client/features/correction/messages';
import { policyMessages } from '@client/features/policy/messages';
import { idNumber } from '../support/factories';
import {
  buttonName,
  format,
  fromSidebar,
  LANGS,
  openedDialog,
  startJourney,
  textPattern,
  waitState,
  type Journey,
} from './support/harness';

const LIFE = 'PGL26310100000610';
const RATE = 36_000;
const PRODUCT = { 'zh-CN': '团体定期寿险', 'en-US': 'Group term life insurance' } as const;

describe.each(LANGS)('a company renews its group policy in Chromium (%s)', (lang) => {
  const m = policyMessages[lang];
  const rm = reconcileMessages[lang];
  const cm = correctionMessages[lang];
  const menuTitle = menuMessages[lang];

  let journey: Journey;
  beforeAll(async () => {
    journey = await startJourney();
  });
  afterAll(() => journey?.close());

  /** The roster as the company's HR system exports it: a title row, Chinese headers, everyone insured and one new employee. */
  async function hrExport(): Promise<Buffer> {
    const policy = await journey.app.services.db
      .selectFrom('policy')
      .select('id')
      .where('policy_no', '=', LIFE)
      .executeTakeFirstOrThrow();
    const people = await journey.app.services.db
      .selectFrom('insured_person')
      .selectAll()
      .where('policy_id', '=', policy.id)
      .where('state', '=', 1)
      .orderBy('id')
      .execute();
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('在职员工');
    ws.addRow(['在职员工花名册（人事系统导出）']);
    ws.addRow(['员工姓名', '证件号码', '手机号码', '所属部门']);
    for (const p of people) ws.addRow([p.name, p.id_number, p.phone ?? '', p.department ?? '']);
    ws.addRow(['吴新月', idNumber('1994-09-10', 21, 'female', '110105'), '13600136000', '研发部']);
    return Buffer.from(await wb.xlsx.writeBuffer());
  }

  /** The renewal's notice on the corporate home, its sentence checked; answers the renewal page opened from it. */
  async function renewalFromHome(page: Page, headcount: number) {
    const notice = page.getByTestId(`group-renewal-${LIFE}`);
    await notice.waitFor();
    expect(await notice.getAttribute('data-state')).toBe('prepared');
    const said = (await notice.getByTestId('renewal-sentence').textContent()) ?? '';
    // the end date and the days left as the sentence gives them, the rest as the catalogue says it
    const [, date, days] = /(\d{4}-\d{2}-\d{2})\D+(\d+)/.exec(said) ?? [];
    expect(Number(days)).toBeGreaterThan(0);
    expect(said).toBe(
      format(m.renewalPrepared, {
        product: PRODUCT[lang],
        policyNo: LIFE,
        date,
        days: Number(days),
        headcount,
        premium: formatFen(headcount * RATE),
      }),
    );
    await notice.getByRole('button', { name: buttonName(m.openRenewal) }).click();
    await page.waitForURL(/\/legal\/groupRenewal\?policyNo=/);
    const renewal = page.getByTestId('group-renewal-page');
    await renewal.waitFor();
    await renewal.getByTestId('renewal-headcount').getByText(String(headcount), { exact: true }).waitFor();
    expect(await renewal.getByTestId('renewal-premium').textContent()).toBe(formatFen(headcount * RATE));
    return renewal;
  }

  // One journey in two steps (each within the journeys' time limit), on one page.
  let page: Page;
  let before = 0;
  beforeAll(async () => {
    before = (
      await journey.app.services.db
        .selectFrom('policy')
        .select('insured_count')
        .where('policy_no', '=', LIFE)
        .executeTakeFirstOrThrow()
    ).insured_count;
    ({ page } = await journey.newPage());
  });

  it('corp-hr: the renewal from the home page, the whole roster uploaded, the joiner a correction paid', async () => {
    await page.goto('/legal/');
    await page.waitForURL(/\/idprovider\/login/);
    await journey.login(page, 'corp-hr', { corporate: true, lang });
    await page.waitForURL(/\/legal\/index/);

    // The home page says the renewal is ready; its page offers the whole roster's upload.
    const renewal = await renewalFromHome(page, before);
    await Promise.all([
      page.waitForURL(/rosterReconcile/),
      renewal.getByRole('button', { name: buttonName(m.renewalCompareRoster) }).click(),
    ]);
    await page.getByText(format(rm.intro, { no: LIFE })).waitFor();
    await page.setInputFiles('[data-testid=reconcile-dragger] input[type=file]', {
      name: '花名册.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await hrExport(),
    });
    const result = page.getByTestId('reconcile-result');
    await result.waitFor();
    await result.getByRole('tab', { name: format(rm.joining, { count: 1 }) }).waitFor();
    await page.getByTestId('reconcile-joining').getByText('吴新月').waitFor();
    await page
      .getByTestId('reconcile-plan')
      .getByText(format(rm.planAdd, { count: 1 }))
      .waitFor();
    await page.getByTestId('reconcile-create').click();
    const made = await openedDialog(page.getByRole('dialog').filter({ hasText: rm.confirmTitle }));
    await Promise.all([
      page.waitForURL(/employeeCorrection/),
      made.getByRole('button', { name: buttonName(rm.confirmOk) }).click(),
    ]);

    // The joiner's correction: checked, priced, submitted and paid at the cashier.
    await waitState(page, 'editing.idle');
    await page.getByTestId('draft-items').getByText('吴新月').waitFor();
    await page.getByRole('button', { name: buttonName(cm.toCheck) }).click();
    await waitState(page, 'preview');
    await page.getByRole('button', { name: buttonName(cm.confirmPreview) }).click();
    await waitState(page, 'scenario.choosing');
    await page.getByRole('button', { name: buttonName(cm.submit) }).click();
    const submit = await openedDialog(page.getByRole('dialog'));
    await submit.getByTestId('change-summary').waitFor();
    await submit.getByRole('button', { name: buttonName(cm.submitConfirm), exact: true }).click();
    await waitState(page, 'approved');
    const [correctionCashier] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('button', { name: textPattern(cm.payAmount, { amount: /¥[\d,]+\.\d{2}/ }) }).click(),
    ]);
    await correctionCashier.waitForURL(/\/cashier\//);
    await correctionCashier
      .getByRole('button', { name: journey.gatewayText(lang, 'cashier.pay'), exact: true })
      .click();
    await correctionCashier.getByText(journey.gatewayText(lang, 'cashier.notice.paid')).waitFor();
    await correctionCashier.close();
    await waitState(page, 'done');
  });

  it('corp-hr: one more in the quote, the renewal accepted and paid, the next year in My policy', async () => {
    const headcount = before + 1;
    // Back to the renewal by the home page: one more person, the premium with them.
    await fromSidebar(page, lang, menuTitle.home, menuTitle['legal.index'], /\/legal\/index/);
    const renewal = await renewalFromHome(page, headcount);

    // Accept the quote after its confirmation.
    await renewal.getByRole('button', { name: buttonName(m.renewalAccept) }).click();
    const dialog = await openedDialog(page.getByRole('dialog').filter({ hasText: m.renewalAcceptTitle }));
    await dialog.getByRole('button', { name: buttonName(m.confirm) }).click();
    await renewal.getByTestId('renewal-state').getByText(m.renewalStateaccepted, { exact: true }).waitFor();

    // Pay opens the cashier in the click; the company pays there the premium of the roster as it is.
    const [cashier] = await Promise.all([
      page.context().waitForEvent('page'),
      renewal.getByRole('button', { name: buttonName(m.renewalPay) }).click(),
    ]);
    await cashier.waitForURL(/\/cashier\//);
    await cashier.getByText(LIFE).first().waitFor();
    expect(await cashier.locator('[data-amount-fen]').getAttribute('data-amount-fen')).toBe(String(headcount * RATE));
    await cashier.getByLabel(journey.gatewayText(lang, 'cashier.sandbox.succeed')).check();
    await cashier.getByRole('button', { name: journey.gatewayText(lang, 'cashier.pay'), exact: true }).click();
    await cashier.getByText(journey.gatewayText(lang, 'cashier.notice.paid'), { exact: true }).waitFor();
    await cashier.close();
    await page.bringToFront();

    // The page follows the payment to the next year's policy.
    await renewal.getByTestId('renewal-state').getByText(m.renewalStatepaid, { exact: true }).waitFor();
    const newNo = ((await renewal.getByTestId('renewal-new-policy').textContent()) ?? '').trim();
    expect(newNo).toMatch(/^PGL\d{14}$/);
    expect(newNo).not.toBe(LIFE);
    const watch = page.getByTestId('renewal-pay-watch');
    await watch.waitFor();
    expect(await watch.textContent()).toMatch(
      textPattern(m.renewalPayDone, { policyNo: newNo, date: /\d{4}-\d{2}-\d{2}/ }),
    );

    // My policy lists the next year's policy with its own number and the carried headcount, the joiner in it.
    const menu = page.getByRole('menu', { name: shellMessages[lang].mainMenu });
    await menu.getByText(menuTitle.policyManage, { exact: true }).first().click();
    await menu.getByRole('menuitem', { name: menuTitle.myPolicy, exact: true }).last().click();
    await page.getByTestId('my-policy').waitFor();
    const group = page.getByTestId('policy-table-group');
    const row = group.locator('tbody tr.ant-table-row').filter({ hasText: newNo });
    await row.waitFor();
    const cells = await row.locator('td').allTextContents();
    expect(cells).toContain(String(headcount));
    expect(cells).toContain(newNo);
  });
});
