/**
 * Two-person approval in Chromium, each person from the login page (docs/roles.md): the administrator
 * turns it on in Users and roles; the clerk prepares an add; the administrator finds it on the home
 * page's queue, returns it from Correction records with why; the clerk reads why, checks it again;
 * the administrator sends it for approval and pays it in the cashier; the correction's history names
 * each step's person. In both languages; every text from the catalogues.
 */
import type { Page } from 'playwright-core';
import { AUDIT_KIND_WORDS } from '@common/audit';
import { accountMessages } from '@client/features/account/messages';
import { correctionMessages, kindNames } from '@client/features/correction/messages';
import { policyMessages } from '@client/features/policy/messages';
import { menuMessages } from '@client/app/menuMessages';
import { rosterChangeMessages } from '@client/shared/RosterChanges';
import { makePolicy, newPerson, type TestPolicy } from '../support/factories';
import {
  buttonName,
  format,
  fromSidebar,
  LANGS,
  openedDialog,
  startJourney,
  textPattern,
  type Journey,
  type Locale,
  waitState,
} from './support/harness';

let journey: Journey;
type Opened = Awaited<ReturnType<Journey['newPage']>>;
beforeAll(async () => {
  journey = await startJourney();
});
afterAll(() => journey?.close());

describe.each(LANGS)('two-person approval (%s)', (lang: Locale) => {
  const m = correctionMessages[lang];
  const a = accountMessages[lang];
  const p = policyMessages[lang];
  const menu = menuMessages[lang];
  const joiner = lang === 'zh-CN' ? '钱晓峰' : 'Qian Xiaofeng';
  const reason = lang === 'zh-CN' ? '请核对入职日期后再提交' : 'Check the start date first, please';
  let policy: TestPolicy;
  beforeAll(async () => {
    policy = await makePolicy(journey, { roster: 'employee', members: 3 });
  });

  /** A person's own browser, logged in on the corporate tab, on the home page. */
  async function signIn(user: string): Promise<Opened> {
    const opened = await journey.newPage();
    await opened.page.goto('/legal/');
    await opened.page.waitForURL(/\/idprovider\/login/);
    await journey.login(opened.page, user, { corporate: true, lang });
    await opened.page.getByTestId('corporate-home').waitFor();
    return opened;
  }

  /** The correction's row in Correction records, opened from the menu. */
  async function recordRow(page: Page, correctionNo: string) {
    await fromSidebar(page, lang, menu.policyManage, menu.correctRecord, /correctRecord/);
    const row = page.getByTestId('correct-record').locator('tbody tr.ant-table-row', { hasText: correctionNo });
    await row.waitFor();
    return row;
  }

  /** Check, preview and its confirmation: what the preparer does before a second person sends it. */
  async function check(page: Page) {
    await page.getByRole('button', { name: buttonName(m.toCheck) }).click();
    await waitState(page, 'preview');
    await page.getByRole('button', { name: buttonName(m.confirmPreview) }).click();
    // ready; an approver sends it
    await waitState(page, 'scenario.waiting');
  }

  // one correction followed through its people, a step a test
  let clerk: Opened;
  let home: Opened;
  let no = '';
  afterAll(async () => {
    for (const opened of [clerk, home]) await opened?.context.close();
  });

  it('the administrator turns it on; the clerk prepares an add and finds no Submit', async () => {
    const admin = await signIn('corp-hr');
    await fromSidebar(admin.page, lang, menu.accountManage, menu.companyUsers, /companyUsers/);
    const on = admin.page.getByRole('switch', { name: a.twoPerson });
    if ((await on.getAttribute('aria-checked')) !== 'true') {
      await on.click();
      await admin.page.getByText(a.twoPersonOn).waitFor();
    }

    await admin.context.close();

    // the clerk prepares an add on the policy's row in My policy
    clerk = await signIn('corp-clerk');
    await fromSidebar(clerk.page, lang, menu.policyManage, menu.myPolicy, /myPolicy/);
    const list = clerk.page.getByTestId('policy-table-group');
    await list.getByRole('textbox', { name: p.policyNo }).fill(policy.policyNo);
    await list.getByRole('button', { name: buttonName(p.search) }).click();
    await list.getByText(format(p.total, { total: 1 }), { exact: true }).waitFor();
    await list.locator('tbody tr.ant-table-row', { hasText: policy.policyNo }).getByTestId('roster-changes').click();
    await clerk.page.getByRole('menuitem', { name: rosterChangeMessages[lang].add, exact: true }).click();
    await waitState(clerk.page, 'editing.idle');
    const form = clerk.page.getByTestId('person-form');
    await form.getByLabel(m.name, { exact: true }).fill(joiner);
    await form
      .getByLabel(m.idNumber, { exact: true })
      .fill(newPerson(policy.region, lang === 'zh-CN' ? 31 : 32).idNumber);
    await form.getByRole('button', { name: buttonName(m.addPerson) }).click();
    await clerk.page.getByTestId('draft-items').getByText(joiner).waitFor();
    await check(clerk.page);
    // no Submit for the clerk: a second person sends it
    await clerk.page.getByTestId('waits-for-approver').waitFor();
    expect(await clerk.page.getByRole('button', { name: buttonName(m.submit) }).count()).toBe(0);
  });

  it("the administrator finds it on the home page's queue and returns it with why", async () => {
    home = await signIn('corp-hr');
    const queue = home.page.getByTestId('second-person-queue');
    const waiting = queue.locator('li', { hasText: policy.policyNo });
    await waiting.getByText(/张敏/).waitFor();
    await waiting.getByText(kindNames[lang].add, { exact: true }).waitFor();
    no = ((await waiting.locator('strong').first().textContent()) ?? '').trim();
    expect(no).toMatch(/^[A-Z]{2}\d+$/);

    // returned from Correction records, with why
    const row = await recordRow(home.page, no);
    await row.getByRole('button', { name: buttonName(m.detail) }).click();
    const detail = home.page.getByTestId('record-detail');
    await detail.getByRole('button', { name: buttonName(m.returnToPreparer) }).click();
    const dialog = await openedDialog(home.page.getByRole('dialog', { name: format(m.returnTitle, { no }) }));
    await dialog.getByLabel(m.returnReason).fill(reason);
    await dialog.getByRole('button', { name: buttonName(m.returnSend) }).click();
    await home.page.getByText(format(m.returnedDone, { no })).waitFor();
    // the drawer closed with its ✕, as a person does
    await home.page.locator('.ant-drawer-open .ant-drawer-close').click();
    await detail.waitFor({ state: 'hidden' });
  });

  it('the clerk reads why on the correction and checks it again', async () => {
    // the clerk continues it from Correction records: the reason is shown; checked again
    const clerkRow = await recordRow(clerk.page, no);
    await clerkRow.getByRole('button', { name: buttonName(m.resume) }).click();
    await waitState(clerk.page, 'editing.idle');
    await clerk.page.getByTestId('returned-note').getByText(new RegExp(reason)).waitFor();
    await check(clerk.page);
  });

  it("the administrator sends it from the home page's queue and pays it in the cashier", async () => {
    const queue = home.page.getByTestId('second-person-queue');
    await fromSidebar(home.page, lang, '', menu['legal.index'], /\/legal\/index/);
    await home.page.getByTestId('corporate-home').waitFor();
    await queue
      .locator('li', { hasText: no })
      .getByRole('button', { name: buttonName(m.queueSend) })
      .click();
    // opened at its premium, as its preparer left it; the second person reads it and goes on
    await waitState(home.page, 'preview');
    await home.page.getByRole('button', { name: buttonName(m.confirmPreview) }).click();
    await waitState(home.page, 'scenario.choosing');
    await home.page.getByRole('button', { name: buttonName(m.submit) }).click();
    const confirm = await openedDialog(home.page.getByRole('dialog'));
    await confirm.getByRole('button', { name: buttonName(m.submitConfirm), exact: true }).click();
    await confirm.waitFor({ state: 'hidden' });
    await waitState(home.page, 'approved');
    const [cashier] = await Promise.all([
      home.page.context().waitForEvent('page'),
      home.page.getByRole('button', { name: textPattern(m.payAmount, { amount: /-?¥[\d,]+\.\d{2}/ }) }).click(),
    ]);
    await cashier.waitForURL(/\/cashier\//);
    await cashier.getByRole('button', { name: journey.gatewayText(lang, 'cashier.pay'), exact: true }).click();
    await cashier.getByText(journey.gatewayText(lang, 'cashier.notice.paid')).waitFor();
    await cashier.close();
    await waitState(home.page, 'done', 30_000);
  });

  it("the correction's history names each step's person", async () => {
    // the correction's history names each step's person
    const done = await recordRow(home.page, no);
    await done.getByRole('button', { name: buttonName(m.detail) }).click();
    const history = home.page.getByTestId('record-detail').getByTestId('subject-history');
    const entry = (kind: keyof typeof AUDIT_KIND_WORDS, who: string) =>
      history.locator('.ant-timeline-item', { hasText: AUDIT_KIND_WORDS[kind][lang] }).filter({ hasText: who });
    await entry('correctionReturned', '王晓梅').first().waitFor();
    await entry('correctionSubmitted', '王晓梅').first().waitFor();
    expect(await entry('correctionChecked', '张敏').count()).toBe(2);
  });
});
