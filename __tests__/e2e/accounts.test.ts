/**
 * Accounts people open and recover on the identity provider's pages, and what the login page says
 * when the portal sends someone back to it. Each journey starts at the login page and clicks, in
 * English and in Chinese (the page's 中文/English switch); the texts are the gateway's catalogue's.
 */
import type { Page } from 'playwright-core';
import { shellMessages } from '@client/app/messages';
import { menuMessages } from '@client/app/menuMessages';
import { sessionMessages } from '@client/features/session/messages';
import type { MessageKey, MessageParams } from '@server/messages/catalogue';
import {
  buttonName,
  chooseIdentityLanguage,
  LANGS,
  openedDialog,
  startJourney,
  type Journey,
  type Locale,
} from './support/harness';

/**
 * Each language has a gateway of its own: a password reset may ask for one code a minute per account,
 * and the other language's journeys start from the demo data as a person would.
 */
let journey: Journey;

/** The six-digit code of the last SMS to a phone (the embedded sender's outbox). */
async function smsCode(phone: string): Promise<string> {
  const row = await journey.app.services.db
    .selectFrom('sms_outbox')
    .select('text')
    .where('phone', '=', phone)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return /\b(\d{6})\b/.exec(row.text)![1]!;
}

const other = (lang: Locale): Locale => (lang === 'zh-CN' ? 'en-US' : 'zh-CN');

describe.each(LANGS)('in %s', (lang) => {
  beforeAll(async () => {
    journey = await startJourney();
  });
  afterAll(() => journey?.close());

  /** The identity pages' text in this journey's language. */
  const t = (key: MessageKey, params?: MessageParams) => journey.gatewayText(lang, key, params);

  async function logIn(page: Page, username: string, password: string) {
    await page.getByLabel(t('idp.username')).fill(username);
    await page.getByLabel(t('idp.password'), { exact: true }).fill(password);
    await page.locator('input[name=privacy]').check();
    await page.getByRole('button', { name: buttonName(t('idp.login')), exact: true }).click();
  }

  /** The portal opened in the language chosen on the identity pages. */
  async function portalIn(page: Page) {
    await page.getByTestId('personal-home').waitFor();
    await page.waitForFunction((want) => document.title.endsWith(want), journey.portalName[lang]);
    expect(await page.title()).toBe(journey.title(lang, shellMessages[lang].personalCentre));
    expect(await page.locator('html').getAttribute('lang')).toBe(lang);
  }

  it('registers a new member and logs in', async () => {
    const { context, page } = await journey.newPage();
    const mobile = '13712345678';
    const masked = `${mobile.slice(0, 3)}****${mobile.slice(7)}`;
    await page.goto('/idprovider/login');
    await chooseIdentityLanguage(page, lang);
    await page.getByRole('link', { name: t('idp.register') }).click();
    await page.waitForURL(/\/idprovider\/register(\?|$)/);
    await page.getByLabel(t('idp.mobile')).fill(mobile);
    await page.getByRole('button', { name: buttonName(t('idp.sendCode')) }).click();
    await page.getByText(t('idp.notice.codeSent', { phone: masked })).waitFor();
    await page.getByLabel(t('idp.code')).fill(await smsCode(mobile));
    await page.getByLabel(t('idp.newPassword'), { exact: true }).fill('Harbour2026');
    await page.getByLabel(t('idp.confirmPassword')).fill('Harbour2026');
    await page.locator('input[name=privacy]').check();
    await page.getByRole('button', { name: buttonName(t('idp.createAccount')), exact: true }).click();

    await page.waitForURL(/\/idprovider\/login\?(.*&)?reason=registered/);
    await page.getByText(t('idp.notice.registered')).waitFor();
    await logIn(page, mobile, 'Harbour2026');
    await portalIn(page);
    expect(await page.getByText(masked).first().isVisible()).toBe(true);
    await context.close();
  });

  it('resets a password and logs in with the new one', async () => {
    const { context, page } = await journey.newPage();
    const password = 'Lantern2026';
    await page.goto('/idprovider/login');
    await chooseIdentityLanguage(page, lang);
    await page.getByRole('link', { name: t('idp.forgot') }).click();
    await page.getByLabel(t('idp.account')).fill('member-basic');
    await page.getByRole('button', { name: buttonName(t('idp.sendCode')) }).click();
    await page.getByText(t('idp.notice.resetCodeSent', { account: 'member-basic' })).waitFor();
    await page.getByLabel(t('idp.code')).fill(await smsCode('13611935520'));
    await page.getByLabel(t('idp.newPassword'), { exact: true }).fill(password);
    await page.getByLabel(t('idp.confirmPassword')).fill(password);
    await page.getByRole('button', { name: buttonName(t('idp.setPassword')) }).click();

    await page.getByText(t('idp.notice.reset')).waitFor();
    await logIn(page, 'member-basic', password);
    await portalIn(page);
    await context.close();
  });

  it('says the session expired when the portal sends the member back, and that the logout succeeded', async () => {
    const { context, page } = await journey.newPage();
    await page.goto('/idprovider/login');
    await chooseIdentityLanguage(page, lang);
    await logIn(page, 'member-senior', 'Demo@2026');
    await portalIn(page);

    // The session ends on the gateway's side (idle expiry) while the page is open.
    await journey.app.services.db
      .updateTable('session')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const menu = page.getByRole('menu', { name: shellMessages[lang].mainMenu });
    await menu.getByText(menuMessages[lang].mypolicy, { exact: true }).first().click();
    await menu.getByText(menuMessages[lang].orderList, { exact: true }).click();
    await page.waitForURL(/\/idprovider\/login\?.*reason=expired/);
    await page.getByText(t('idp.notice.expired')).waitFor();
    // The notice follows the page's language switch, there and back.
    await chooseIdentityLanguage(page, other(lang));
    await page.getByText(journey.gatewayText(other(lang), 'idp.notice.expired')).waitFor();
    await chooseIdentityLanguage(page, lang);
    await page.getByText(t('idp.notice.expired')).waitFor();

    await logIn(page, 'member-senior', 'Demo@2026');
    await page.waitForURL(/\/legal\//);
    await page.getByTestId('logout').click();
    const dialog = await openedDialog(page.getByRole('dialog'));
    await dialog.getByRole('button', { name: buttonName(sessionMessages[lang].confirm) }).click();
    await page.waitForURL(/\/idprovider\/login\?(.*&)?reason=logout/);
    await page.getByText(t('idp.notice.logout')).waitFor();
    await context.close();
  });
});
