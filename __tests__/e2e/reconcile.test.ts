/**
 * Whole-roster reconciliation in Chromium, in Chinese, as an HR administrator does it: login, 我的保单 →
 * 员工变更, the policy's 全员名单比对, the company's roster exported by its HR system (Chinese headers,
 * a title row) uploaded, the leavers unticked, the joiners made one correction after the confirmation,
 * and the correction's page opened with the draft. Every text from the catalogues.
 */
import ExcelJS from 'exceljs';
import { menuMessages } from '@client/app/menuMessages';
import { reconcileMessages } from '@client/features/correction/messages';
import { idNumber, makePolicy, type TestPolicy } from '../support/factories';
import { buttonName, format, fromSidebar, openedDialog, startJourney, type Journey } from './support/harness';

let journey: Journey;
beforeAll(async () => {
  journey = await startJourney();
});
afterAll(() => journey?.close());

const lang = 'zh-CN';
const m = reconcileMessages[lang];
const menu = menuMessages[lang];

/** The roster as an HR system exports it: a title row, Chinese headers, one person changed, one new, one gone. */
async function hrExport(policy: TestPolicy): Promise<Buffer> {
  const people = await journey.app.services.db
    .selectFrom('insured_person')
    .selectAll()
    .where('policy_id', '=', policy.policyId)
    .orderBy('id')
    .execute();
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('在职员工');
  ws.addRow(['在职员工花名册（人事系统导出）']);
  ws.addRow(['员工姓名', '证件号码', '手机号码', '所属部门']);
  for (const p of people.slice(1)) ws.addRow([p.name, p.id_number, p.phone ?? '', p.department ?? '']);
  ws.addRow(['吴新月', idNumber('1994-09-10', 21, 'female', policy.region), '13600136000', '研发部']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('whole-roster reconciliation (zh-CN)', () => {
  it('compares the HR export with the insured list and makes the joiner one correction', async () => {
    const policy = await makePolicy(journey, { roster: 'employee', members: 4 });
    const { page } = await journey.newPage();
    await page.goto('/legal/');
    await page.waitForURL(/\/idprovider\/login/);
    await journey.login(page, 'corp-hr', { corporate: true, lang });
    await page.getByTestId('corporate-home').waitFor();

    await fromSidebar(page, lang, menu.policyManage, menu.employeeChanges, /employeeChanges/);
    const row = page.locator('[data-row-key]').filter({ hasText: policy.policyNo });
    await Promise.all([
      page.waitForURL(/rosterReconcile/),
      row.getByRole('button', { name: buttonName(m.open) }).click(),
    ]);
    await page.getByText(format(m.intro, { no: policy.policyNo })).waitFor();

    await page.setInputFiles('[data-testid=reconcile-dragger] input[type=file]', {
      name: '花名册.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await hrExport(policy),
    });
    const result = page.getByTestId('reconcile-result');
    await result.waitFor();
    await result.getByRole('tab', { name: format(m.joining, { count: 1 }) }).waitFor();
    await page.getByTestId('reconcile-joining').getByText('吴新月').waitFor();
    // joiners and leavers ticked, one of each: an exchange
    const plan = page.getByTestId('reconcile-plan');
    await plan.getByText(format(m.planExchange, { count: 1 })).waitFor();

    await result.getByRole('tab', { name: format(m.leaving, { count: 1 }) }).click();
    await page
      .getByTestId('reconcile-leaving')
      .getByRole('button', { name: buttonName(m.untickAll) })
      .click();
    await plan.getByText(format(m.planAdd, { count: 1 })).waitFor();

    await page.getByTestId('reconcile-create').click();
    const dialog = await openedDialog(page.getByRole('dialog'));
    await dialog.getByText(m.confirmTitle).waitFor();
    await Promise.all([
      page.waitForURL(/employeeCorrection/),
      dialog.getByRole('button', { name: buttonName(m.confirmOk) }).click(),
    ]);
    await page.getByTestId('correction-flow').waitFor();
    await page.getByText('吴新月').first().waitFor();

    const made = await journey.app.services.db
      .selectFrom('correction')
      .select(['kind', 'item_count', 'state'])
      .where('policy_id', '=', policy.policyId)
      .execute();
    expect(made).toEqual([{ kind: 'add', item_count: 1, state: 'draft' }]);
  });
});
