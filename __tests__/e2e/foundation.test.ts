import { shellMessages } from '@client/app/messages';
import { menuMessages } from '@client/app/menuMessages';
import { homeMessages } from '@client/features/home/messages';
import { sessionMessages } from '@client/features/session/messages';
import { buttonName, LANGS, openedDialog, startJourney, textPattern, type Journey } from './support/harness';

let journey: Journey;
beforeAll(async () => {
  journey = await startJourney();
});
afterAll(() => journey?.close());

/** Each account's home (its heading and title: a key of homeMessages) and an entry of its server menu (menuMessages). */
const accounts = [
  { username: 'corp-hr', corporate: true, home: 'corporate-home', title: 'corporateTitle', menu: 'policyManage' },
  { username: 'member-senior', corporate: false, home: 'personal-home', title: 'personalTitle', menu: 'myclub' },
  { username: 'member-basic', corporate: false, home: 'personal-home', title: 'personalTitle', menu: 'mypolicy' },
] as const;

describe.each(LANGS)('in %s', (lang) => {
  const shell = shellMessages[lang];
  const session = sessionMessages[lang];

  describe.each(accounts)('$username in Chromium', ({ username, corporate, home, title: titleKey, menu: menuKey }) => {
    const title = homeMessages[lang][titleKey];
    const menu = menuMessages[lang][menuKey];
    it('logs in, sees the right home and the server menu, survives a reload, logs out', async () => {
      const { context, page } = await journey.newPage();
      const refused: string[] = [];
      page.on('console', (msg) => {
        if (/Content Security Policy/i.test(msg.text())) refused.push(msg.text());
      });
      await page.goto('/legal/');
      // Not logged in: the portal sends the browser to the identity provider.
      await page.waitForURL(/\/idprovider\/login/);
      await journey.login(page, username, { corporate, lang });
      await page.waitForURL(/\/legal\/index/);
      await page.getByTestId(home).waitFor();
      expect(await page.getByRole('heading', { level: 3 }).first().textContent()).toBe(title);
      await page.getByRole('menu', { name: shell.mainMenu }).getByText(menu, { exact: true }).first().waitFor();
      expect(await page.title()).toBe(journey.title(lang, title));

      // Styles and the configuration script load under the gateway's Content Security Policy.
      expect(refused).toEqual([]);
      const topbar = await page.locator('.mc-topbar').evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(topbar).not.toBe('rgba(0, 0, 0, 0)');

      await page.reload();
      await page.getByTestId(home).waitFor();
      expect(await page.getByTestId('greeting').textContent()).toMatch(textPattern(shell.greeting, { name: /.+/ }));

      await page.getByRole('button', { name: buttonName(session.logout) }).click();
      const dialog = await openedDialog(page.getByRole('dialog'));
      await dialog.getByRole('button', { name: buttonName(session.confirm) }).click();
      await page.waitForURL(/\/idprovider\/login/);
      expect(await page.locator('input[name=username]').isVisible()).toBe(true);

      // The session is over: the portal sends the browser back to the login page.
      await page.goto('/legal/index');
      await page.waitForURL(/\/idprovider\/login/);
      await context.close();
    });
  });

  describe('a wrong password', () => {
    it('shows the error and logs nobody in', async () => {
      const { context, page } = await journey.newPage();
      await journey.login(page, 'member-senior', { password: 'not-the-password', lang });
      await page.locator('#login-error').waitFor();
      // The login page's own styles apply under the Content Security Policy.
      expect(await page.locator('main').evaluate((el) => getComputedStyle(el).borderTopLeftRadius)).toBe('10px');
      expect(await page.locator('#login-error').textContent()).toBe(journey.gatewayText(lang, 'login.wrong'));
      expect(await page.inputValue('input[name=username]')).toBe('member-senior');
      const cookies = await context.cookies();
      expect(cookies.find((c) => c.name === 'MC_SESSION')).toBeUndefined();
      await context.close();
    });
  });
});
