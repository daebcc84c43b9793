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
import { policyMessages } from '@client/features/policy/messages';
import { ROLE_WORDS, USER_STATE_WORDS } from '@common/audit';
import { format } from '@client/shared/i18n';
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
    await menu.getByText(menuTitle.policyManage, { exact: true }).first().click();
    await menu.getByRole('menuitem', { name: menuTitle.myPolicy, exact: true }).last().click();
    await page.getByRole('tab', { name: policyMessages[lang].tabHealth, exact: true }).click();
    await page
      .getByTestId('policy-table-health')
      .locator('tbody tr.ant-table-row', { hasText: 'PGH26310100000533' })
      .getByRole('button', { name: buttonName(policyMessages[lang].employees) })
      .click();
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

    // a deep link (typed or shared) to a page the role does not reach says so
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
    await viewer.locator('button', { hasText: buttonName(accountMessages[lang].reactivate) }).click();
    await viewer.getByText(USER_STATE_WORDS.active[lang], { exact: true }).waitFor();
    // the administrator's own row offers nothing that would lock the company out
    const own = users.locator('tbody tr.ant-table-row', { hasText: 'corp-hr' });
    expect(await own.getByRole('button', { name: buttonName(accountMessages[lang].removeUser) }).count()).toBe(0);
    await context.close();
  });

  it('corp-hr invites a clerk by SMS; the clerk opens the link, sets a password and logs in with a clerk’s menu', async () => {
    const m = accountMessages[lang];
    const phone = lang === 'zh-CN' ? '13700001001' : '13700001002';
    const userName = lang === 'zh-CN' ? 'zhou-xiaolin' : 'zhou-xl';
    const admin = await journey.newPage();
    await journey.login(admin.page, 'corp-hr', { corporate: true, lang });
    await admin.page.getByTestId('corporate-home').waitFor();
    const menu = admin.page.getByRole('menu', { name: shellMessages[lang].mainMenu });
    await menu.getByText(menuTitle.accountManage, { exact: true }).first().click();
    await menu.getByRole('menuitem', { name: menuTitle.companyUsers, exact: true }).click();
    await admin.page.getByRole('button', { name: buttonName(m.inviteUser) }).click();
    const dialog = admin.page.getByRole('dialog', { name: m.inviteUser });
    await dialog.getByLabel(m.inviteName).fill('周晓琳');
    await dialog.getByLabel(m.inviteMobile).fill('1370000');
    await dialog.getByRole('button', { name: buttonName(m.inviteSend) }).click();
    // a number cut short is said on its field; nothing is sent
    await dialog.getByText(m.badMobile).waitFor();
    await dialog.getByLabel(m.inviteMobile).fill(phone);
    await dialog.getByRole('button', { name: buttonName(m.inviteSend) }).click();
    await admin.page.getByText(format(m.invited, { name: '周晓琳', phone: '137****' + phone.slice(7) })).waitFor();
    const waiting = admin.page.getByTestId('invitations').locator('tbody tr.ant-table-row', { hasText: '周晓琳' });
    await waiting.getByText(ROLE_WORDS.clerk[lang], { exact: true }).waitFor();

    // the SMS the colleague receives, and its link
    const sms = await journey.app.services.db
      .selectFrom('sms_outbox')
      .select('text')
      .where('phone', '=', phone)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const link = /https?:\/\/\S+\/idprovider\/invitation\?token=[A-Za-z0-9_-]+&lang=[A-Za-z-]+/.exec(sms.text)![0];
    const colleague = await journey.newPage();
    await colleague.page.goto(link);
    await colleague.page
      .getByText(
        journey.gatewayText(lang, 'idp.invitationIntro', {
          name: '周晓琳',
          company: '上海恒晟精密制造有限公司',
          role: ROLE_WORDS.clerk[lang],
        }),
      )
      .waitFor();
    await colleague.page.fill('input[name=userName]', userName);
    await colleague.page.fill('input[name=password]', 'Welcome2026');
    await colleague.page.fill('input[name=confirm]', 'Welcome2026');
    await colleague.page.getByTestId('invitation-submit').click();
    await colleague.page.getByText(journey.gatewayText(lang, 'idp.notice.invited')).waitFor();
    await colleague.page.fill('input[name=username]', userName);
    await colleague.page.fill('input[name=password]', 'Welcome2026');
    await colleague.page.check('input[name=privacy]');
    await colleague.page.click('button[type=submit]');
    await colleague.page.getByTestId('corporate-home').waitFor();
    const clerkMenu = colleague.page.getByRole('menu', { name: shellMessages[lang].mainMenu });
    await clerkMenu.getByText(menuTitle.policyManage, { exact: true }).first().click();
    await clerkMenu.getByRole('menuitem', { name: menuTitle.employeeChanges, exact: true }).waitFor();
    await clerkMenu.getByText(menuTitle.accountManage, { exact: true }).first().click();
    await clerkMenu.getByRole('menuitem', { name: menuTitle.legalAccountInfo, exact: true }).waitFor();
    expect(await clerkMenu.getByRole('menuitem', { name: menuTitle.companyUsers, exact: true }).count()).toBe(0);

    // the administrator's list: the colleague among the users, the invitation no longer waiting
    await admin.page.reload();
    const users = admin.page.getByTestId('company-users');
    await users.locator('tbody tr.ant-table-row', { hasText: userName }).getByText('周晓琳').waitFor();
    await admin.page.getByTestId('invitations').getByText(m.noInvitations).waitFor();
    await admin.context.close();
    await colleague.context.close();
  });
});
