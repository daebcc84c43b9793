/** The frame's journeys in real Chromium against the built portal and a real gateway. */
import type { Page } from 'playwright-core';
import { shellMessages } from '@client/app/messages';
import { menuMessages } from '@client/app/menuMessages';
import {
  buttonName,
  LANGS,
  motionsEnded,
  openedDialog,
  startJourney,
  type Journey,
  type Locale,
} from './support/harness';

let journey: Journey;
beforeAll(async () => {
  journey = await startJourney();
});
afterAll(() => journey?.close());

const menu = (page: Page, lang: Locale) => page.getByRole('menu', { name: shellMessages[lang].mainMenu });

/** A static help page opened from the portal: in the user's language, its heading the start of its title. */
async function helpPageIn(help: Page, lang: Locale) {
  expect(await help.locator('html').getAttribute('lang')).toBe(lang === 'zh-CN' ? 'zh-CN' : 'en');
  const heading = (await help.locator('h1').textContent())!;
  expect(await help.title()).toBe(journey.title(lang, heading));
  if (lang === 'zh-CN') expect(heading).toMatch(/^[\u4e00-\u9fff]+$/);
  return heading;
}

describe.each(LANGS)('non-senior member (member-basic, %s)', (lang) => {
  const m = shellMessages[lang];
  it('is refused the assets submenu and the club routes, with the warning dialog', async () => {
    const { context, page } = await journey.newPage();
    await page.goto('/legal/');
    // the portal sends a visitor to the login page; the login starts once it has
    await page.waitForURL(/\/idprovider\/login/);
    await journey.login(page, 'member-basic', { lang });
    await page.getByTestId('personal-home').waitFor();

    // The club's title invites a member not in the club yet: a real picture in the member's language and
    // a real Join button, which leads to the personal information that makes a member senior.
    await menu(page, lang).getByText(menuMessages[lang].myclub, { exact: true }).click();
    const overlay = page.getByTestId('promo-overlay');
    await overlay.waitFor();
    const image = overlay.locator('img.mc-promo-image');
    expect(await image.getAttribute('src')).toMatch(
      new RegExp(`^/legal/static/media/myclub-${lang === 'zh-CN' ? 'zh' : 'en'}\\.[0-9a-f]+\\.svg$`),
    );
    await page.waitForFunction(
      () => (document.querySelector('img.mc-promo-image') as HTMLImageElement | null)?.naturalWidth ?? 0 > 0,
    );
    await overlay.getByRole('button', { name: buttonName(m.promoJoin) }).click();
    await page.waitForURL(/\/legal\/myprofile\/personalInfo$/);
    await overlay.waitFor({ state: 'detached' });
    // Once a session: the club's title no longer invites (it only folds or unfolds its group; which of
    // the two depends on the menu's state after the navigation, so only the absence of the invitation is
    // asserted, once the next dialog shows that the page has handled the click).
    await menu(page, lang).locator('[role=menuitem][aria-expanded]', { hasText: menuMessages[lang].myclub }).click();

    await menu(page, lang).getByText(menuMessages[lang].assets, { exact: true }).click();
    await page.getByText(m.notSeniorAssets).waitFor();
    const dialog = await openedDialog(page.locator('.ant-modal').filter({ hasText: m.warningTitle }));
    expect(await overlay.count()).toBe(0);
    await dialog.getByRole('button', { name: buttonName(m.notNow) }).click();
    await page.waitForURL(/\/legal\/index$/);

    await page.goto('/legal/myclub/myScore');
    await page.getByTestId('senior-refused').waitFor();
    expect(await page.getByTestId('senior-refused').textContent()).toContain(m.notSenior);
    await page
      .locator('.ant-modal')
      .filter({ hasText: m.warningTitle })
      .getByRole('button', { name: buttonName(m.completeNow) })
      .click();
    await page.waitForURL(/\/legal\/myprofile\/personalInfo$/);
    await context.close();
  });
});

describe.each(LANGS)('senior member (member-senior, %s)', (lang) => {
  const titles = menuMessages[lang];
  it('is not invited to the club, being in it; newcarno leaves for the value-added page', async () => {
    const { context, page } = await journey.newPage();
    await page.goto('/legal/');
    await page.waitForURL(/\/idprovider\/login/);
    await journey.login(page, 'member-senior', { lang });
    await page.getByTestId('personal-home').waitFor();
    await menu(page, lang).getByText(titles.myclub, { exact: true }).click();
    await menu(page, lang).getByText(titles.myScore, { exact: true }).waitFor();
    expect(await page.getByTestId('promo-overlay').count()).toBe(0);

    // Footer QR codes are real images too.
    const qr = page.getByTestId('footer').locator('img');
    expect(await qr.count()).toBe(3);
    for (let i = 0; i < 3; i += 1)
      expect(await qr.nth(i).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    await menu(page, lang).getByText(titles.mypolicy, { exact: true }).first().click();
    // the submenu opens with an animation: the entry is clicked once it stands still and can be reached
    const entry = menu(page, lang).getByText(titles.newcarno);
    await entry.waitFor({ state: 'visible' });
    await motionsEnded(page);
    await Promise.all([page.waitForURL(/\/help\/new-car\.html$/, { waitUntil: 'commit' }), entry.click()]);
    await helpPageIn(page, lang);
    await context.close();
  });
});

describe.each(LANGS)('corporate user (corp-hr, %s)', (lang) => {
  const m = shellMessages[lang];
  it('adds flag=legal and t to menu clicks, opens the help center in a new window, hides the left menu on counterPolicyDetails', async () => {
    const { context, page } = await journey.newPage();
    await page.goto('/legal/');
    await page.waitForURL(/\/idprovider\/login/);
    await journey.login(page, 'corp-hr', { corporate: true, lang });
    await page.getByTestId('corporate-home').waitFor();
    // The fixed side navigation shows its three icons at a size a person can see and hit.
    const icons = page.getByTestId('side-nav').locator('svg');
    expect(await icons.count()).toBe(3);
    for (const box of await Promise.all((await icons.all()).map((i) => i.boundingBox())))
      expect(box?.width).toBeGreaterThanOrEqual(16);
    // The quick-service panel is a slim tab beside the page; it opens over the page on hover.
    const quick = page.getByTestId('quick-panel');
    const policyLookup = quick.getByRole('link', { name: m.quickPolicy });
    expect(await policyLookup.isVisible()).toBe(false);
    const tab = (await quick.getByRole('button', { name: buttonName(m.quickService) }).boundingBox())!;
    const content = (await page.locator('.mc-content').boundingBox())!;
    const card = (await page.getByTestId('corporate-home').boundingBox())!;
    expect(card.x + card.width).toBeLessThanOrEqual(tab.x);
    expect(content.x + content.width).toBeGreaterThan(tab.x);
    await quick.getByRole('button', { name: buttonName(m.quickService) }).hover();
    await policyLookup.waitFor({ state: 'visible' });
    await menu(page, lang).getByText(menuMessages[lang].legalqueryListClaim, { exact: true }).click();
    await page.waitForURL(/\/legal\/legalqueryListClaim\?flag=legal&t=\d+$/);
    expect(await page.getByTestId('left-menu').count()).toBe(1);

    await page.goto('/legal/index');
    await page.getByTestId('corporate-home').waitFor();
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      page
        .evaluate(() => window.history.pushState({}, '', '/legal/legalHelpCenter/legalHelpCenterList'))
        .then(() => page.goto('/legal/legalHelpCenter/legalHelpCenterList')),
    ]);
    await popup.waitForLoadState();
    expect(popup.url()).toMatch(/\/help\/legal\.html$/);
    await popup.getByRole('heading', { name: journey.gatewayText(lang, 'site.help.corporate') }).waitFor();
    await helpPageIn(popup, lang);
    await page.waitForURL(/\/legal\/index$/);

    await page.goto('/legal/counterPolicyDetails?policyNo=PDA26310100005390');
    await page.getByTestId('policy-detail').waitFor();
    expect(page.url()).toMatch(/\/legal\/counterPolicyDetails\?policyNo=PDA26310100005390$/);
    expect(await page.getByTestId('top-bar').count()).toBe(1);
    expect(await page.getByTestId('left-menu').count()).toBe(0);
    await context.close();
  });
});

describe('the pay bar rule in Chromium', () => {
  it('is suspended once the content bottom comes within 440 px of the viewport bottom, by real scrolling', async () => {
    const { payBarSuspended } = await import('@client/shared/PayBar');
    const { context, page } = await journey.newPage();
    await page.setContent(
      '<style>body{margin:0}</style><div id="content" style="height:3000px;background:#eee"></div><div style="height:600px"></div>',
    );
    // The browser scrolls and measures; the portal's own rule decides on what it measured.
    const at = async (y: number) => {
      const measured = await page.evaluate((scroll) => {
        window.scrollTo(0, scroll);
        const bottom = document.getElementById('content')!.getBoundingClientRect().bottom;
        return { bottom, height: window.innerHeight };
      }, y);
      return { ...measured, suspended: payBarSuspended(measured.bottom, measured.height) };
    };
    const top = await at(0);
    expect(top).toMatchObject({ bottom: 3000, height: 900, suspended: false });
    expect((await at(3000 - 900 - 441)).suspended).toBe(false);
    expect((await at(3000 - 900 - 440)).suspended).toBe(true);
    expect((await at(2600)).suspended).toBe(true);
    await context.close();
  });
});
