/**
 * Roles from the login page: a viewer of corp-hr's company reads the company's policies, employees,
 * invoices and complaints and finds no button that writes, nor the pages that do; the administrator finds
 * them where the viewer does not.
 */
import { shellMessages } from '@client/app/messages';
import { menuMessages } from '@client/app/menuMessages';
import { accountMessages } from '@client/features/account/messages';
import { kindNames } from '@client/features/correction/messages';
import { invoiceMessages } from '@client/features/invoice/messages';
import { opinionMessages } from '@client/features/opinion/messages';
import { USER_STATE_WORDS } from '@common/audit';
import { buttonName, LANGS, startJourney, type Journey } from './support/harness';

let journey: Journey;
beforeAll(async () => {
  journey = await startJourney();
});
afterAll(() => journey?.close());

describe.each(LANGS)('roles in Chromium (%s)', (lang) => {
  const menuTitle = menuMessages[lang];

  it.each(['corp-viewer', 'corp-hr'])('%s sees the buttons that write only if the role may', async (user) => {
    const writes = user === 'corp-hr';
    const { context, page } = await journey.newPage();
    await journey.login(page, user, { corporate: true, lang });
    await page.getByTestId('corporate-home').waitFor();
    const menu = page.getByRole('menu', { name: shellMessages[lang].mainMenu });

    // the menu: the correction hub and the account's change only for who may
    await menu.getByText(menuTitle.policyManage, { exact: true }).first().click();
    await menu.getByRole('menuitem', { name: menuTitle.correctRecord, exact: true }).waitFor();
    expect(await menu.getByRole('menuitem', { name: menuTitle.employeeChanges, exact: true }).count()).toBe(
      writes ? 1 : 0,
    );
    await menu.getByText(menuTitle.accountManage, { exact: true }).first().click();
    await menu.getByRole('menuitem', { name: menuTitle.legalAccountInfo, exact: true }).click();
    await page.getByTestId('legal-account-info').getByText('上海恒晟精密制造有限公司').first().waitFor();
    expect(await menu.getByRole('menuitem', { name: menuTitle.legalaccountChange, exact: true }).count()).toBe(
      writes ? 1 : 0,
    );
    expect(await page.getByRole('button', { name: accountMessages[lang].changeAdministrator }).isVisible()).toBe(
      writes,
    );

    // the employees of a group policy: read, and the roster's actions only for who prepares
    await page.goto('/legal/employeeView?policyNo=PGH26310100000533&flag=legal');
    await page.getByTestId('employee-list').locator('tbody tr.ant-table-row').first().waitFor();
    expect(await page.getByRole('button', { name: buttonName(kindNames[lang].add) }).count()).toBe(writes ? 1 : 0);

    // invoices and complaints: the lists, and the buttons that write only for who may
    await menu.getByText(menuTitle.invoiceManage, { exact: true }).first().click();
    await menu.getByRole('menuitem', { name: menuTitle.myInvoice, exact: true }).click();
    await page.getByText(invoiceMessages[lang].invoices).first().waitFor();
    expect(await page.getByRole('button', { name: invoiceMessages[lang].issue }).isVisible()).toBe(writes);
    await menu.getByText(menuTitle.complaintManage, { exact: true }).first().click();
    await menu.getByRole('menuitem', { name: menuTitle.legalcomplaintProposalList, exact: true }).click();
    await page.getByTestId('opinion-counts').waitFor();
    expect(await page.getByRole('button', { name: opinionMessages[lang].newOpinion }).isVisible()).toBe(writes);

    // a deep link to a page the role does not reach says so
    if (!writes) {
      await page.goto('/legal/legalaccountChange?flag=legal');
      await page.getByText(shellMessages[lang].roleRestrictedText).waitFor();
      expect(await page.getByRole('button', { name: accountMessages[lang].changeAdministrator }).count()).toBe(0);
    }
    await context.close();
  });

  it('corp-hr suspends the viewer from Users and roles, and re-activates them', async () => {
    const { context, page } = await journey.newPage();
    await journey.login(page, 'corp-hr', { corporate: true, lang });
    await page.getByTestId('corporate-home').waitFor();
    const menu = page.getByRole('menu', { name: shellMessages[lang].mainMenu });
    await menu.getByText(menuTitle.accountManage, { exact: true }).first().click();
    await menu.getByRole('menuitem', { name: menuTitle.companyUsers, exact: true }).click();
    const users = page.getByTestId('company-users');
    const viewer = users.locator('tbody tr.ant-table-row', { hasText: 'corp-viewer' });
    await viewer.getByText(USER_STATE_WORDS.active[lang], { exact: true }).waitFor();
    expect(await viewer.getByRole('combobox').first().getAttribute('aria-label')).toBe(
      `${accountMessages[lang].userRole} corp-viewer`,
    );
    await viewer.getByRole('button', { name: buttonName(accountMessages[lang].suspend) }).click();
    await viewer.getByText(USER_STATE_WORDS.suspended[lang], { exact: true }).waitFor();
    await viewer.getByRole('button', { name: buttonName(accountMessages[lang].reactivate) }).click();
    await viewer.getByText(USER_STATE_WORDS.active[lang], { exact: true }).waitFor();
    // the administrator's own row offers nothing that would lock the company out
    const own = users.locator('tbody tr.ant-table-row', { hasText: 'corp-hr' });
    expect(await own.getByRole('button', { name: buttonName(accountMessages[lang].removeUser) }).count()).toBe(0);
    await context.close();
  });
});
