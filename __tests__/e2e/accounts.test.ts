/**
 * Accounts people open and recover on the identity provider's pages, and what the login page says
 * when the portal sends someone back to it. Each journey starts at the login page and clicks.
 */
import type { Page } from 'playwright-core';
import { startJourney, type Journey } from './support/harness';

let journey: Journey;
beforeAll(async () => {
  journey = await startJourney();
});
afterAll(() => journey?.close());

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

async function logIn(page: Page, username: string, password: string) {
  await page.getByLabel('User name').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.locator('input[name=privacy]').check();
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

it('registers a new member and logs in', async () => {
  const { context, page } = await journey.newPage();
  const mobile = '13712345678';
  await page.goto('/idprovider/login');
  await page.getByRole('link', { name: 'Register' }).click();
  await page.waitForURL(/\/idprovider\/register$/);
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByText('A code has been sent to 137****5678. It is valid for 5 minutes.').waitFor();
  await page.getByLabel('SMS code').fill(await smsCode(mobile));
  await page.getByLabel('Password', { exact: true }).fill('Harbour2026');
  await page.getByLabel('Confirm password').fill('Harbour2026');
  await page.locator('input[name=privacy]').check();
  await page.getByRole('button', { name: 'Register', exact: true }).click();

  await page.waitForURL(/\/idprovider\/login\?reason=registered$/);
  await page.getByText('Your account is open. Log in with your mobile number and password.').waitFor();
  await logIn(page, mobile, 'Harbour2026');
  await page.getByTestId('personal-home').waitFor();
  expect(await page.getByText('137****5678').first().isVisible()).toBe(true);
  await context.close();
});

it('resets a password and logs in with the new one', async () => {
  const { context, page } = await journey.newPage();
  await page.goto('/idprovider/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await page.getByLabel('User name or mobile number').fill('member-basic');
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByText(/If member-basic is an account with a bound mobile number, a code has been sent/).waitFor();
  await page.getByLabel('SMS code').fill(await smsCode('13611935520'));
  await page.getByLabel('Password', { exact: true }).fill('Lantern2026');
  await page.getByLabel('Confirm password').fill('Lantern2026');
  await page.getByRole('button', { name: 'Set the new password' }).click();

  await page.getByText('Your password has been changed. Log in with the new one.').waitFor();
  await logIn(page, 'member-basic', 'Lantern2026');
  await page.getByTestId('personal-home').waitFor();
  await context.close();
});

it('says the session expired when the portal sends the member back, and that the logout succeeded', async () => {
  const { context, page } = await journey.newPage();
  await page.goto('/idprovider/login');
  await logIn(page, 'member-senior', 'Demo@2026');
  await page.getByTestId('personal-home').waitFor();

  // The session ends on the gateway's side (idle expiry) while the page is open.
  await journey.app.services.db
    .updateTable('session')
    .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
    .execute();
  const menu = page.getByRole('menu', { name: 'Main menu' });
  await menu.getByText('My policies', { exact: true }).first().click();
  await menu.getByText('My orders', { exact: true }).click();
  await page.waitForURL(/\/idprovider\/login\?.*reason=expired/);
  await page.getByText('Your session has expired, please log in again.').waitFor();
  // The notice follows the page's language switch.
  await page.getByRole('link', { name: '中文' }).click();
  await page.getByText('您的登录已过期，请重新登录。').waitFor();
  await page.getByRole('link', { name: 'English' }).click();

  await logIn(page, 'member-senior', 'Demo@2026');
  await page.waitForURL(/\/legal\//);
  await page.getByTestId('logout').click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.waitForURL(/\/idprovider\/login\?reason=logout$/);
  await page.getByText('exit succeeded').waitFor();
  await context.close();
});
