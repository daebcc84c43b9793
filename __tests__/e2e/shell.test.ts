/** The frame's journeys in real Chromium against the built portal and a real gateway. */
import { startJourney, type Journey } from './support/harness';
import type { Page } from 'playwright-core';

let journey: Journey;
beforeAll(async () => {
  journey = await startJourney();
});
afterAll(() => journey?.close());

const menu = (page: Page) => page.getByRole('menu', { name: 'Main menu' });

describe('non-senior member (member-basic)', () => {
  it('is refused the assets submenu and the club routes, with the warning dialog', async () => {
    const { context, page } = await journey.newPage();
    await page.goto('/legal/');
    // the portal sends a visitor to the login page; the login starts once it has
    await page.waitForURL(/\/idprovider\/login/);
    await journey.login(page, 'member-basic');
    await page.getByTestId('personal-home').waitFor();
    await menu(page).getByText('My assets', { exact: true }).click();
    await page.getByText('Your information is incomplete; you cannot access the My Assets page!').waitFor();
    const dialog = page.locator('.ant-modal').filter({ hasText: 'Warning' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'not now' }).click();
    await page.waitForURL(/\/legal\/index$/);

    await page.goto('/legal/myclub/myScore');
    await page.getByTestId('senior-refused').waitFor();
    expect(await page.getByTestId('senior-refused').textContent()).toContain(
      'Your information is incomplete; you cannot take part in club activities!',
    );
    await page
      .locator('.ant-modal')
      .filter({ hasText: 'Warning' })
      .getByRole('button', { name: 'immediately complete' })
      .click();
    await page.waitForURL(/\/legal\/myprofile\/personalInfo$/);
    await context.close();
  });
});

describe('senior member (member-senior)', () => {
  it('opens the club promotion (a real image) and closes it by its icon; newcarno leaves for the value-added page', async () => {
    const { context, page } = await journey.newPage();
    await page.goto('/legal/');
    await page.waitForURL(/\/idprovider\/login/);
    await journey.login(page, 'member-senior');
    await page.getByTestId('personal-home').waitFor();
    await menu(page).getByText('My club', { exact: true }).click();
    const overlay = page.getByTestId('promo-overlay');
    await overlay.waitFor();
    const image = overlay.locator('img.mc-promo-image');
    expect(await image.getAttribute('src')).toMatch(/^\/legal\/static\/media\/myclub-en\.[0-9a-f]+\.svg$/);
    await page.waitForFunction(
      () => (document.querySelector('img.mc-promo-image') as HTMLImageElement | null)?.naturalWidth ?? 0 > 0,
    );
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await overlay.getByRole('button', { name: 'Close' }).click();
    await overlay.waitFor({ state: 'detached' });

    // Footer QR codes are real images too.
    const qr = page.getByTestId('footer').locator('img');
    expect(await qr.count()).toBe(3);
    for (let i = 0; i < 3; i += 1)
      expect(await qr.nth(i).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    await menu(page).getByText('My policies', { exact: true }).first().click();
    await menu(page).getByText('Car insurance value-added services').click();
    await page.waitForURL(/\/help\/new-car\.html$/);
    await page.getByRole('heading', { name: 'New car value-added services' }).waitFor();
    await context.close();
  });
});

describe('corporate user (corp-hr)', () => {
  it('adds flag=legal and t to menu clicks, opens the help center in a new window, hides the left menu on counterPolicyDetails', async () => {
    const { context, page } = await journey.newPage();
    await page.goto('/legal/');
    await page.waitForURL(/\/idprovider\/login/);
    await journey.login(page, 'corp-hr', { corporate: true });
    await page.getByTestId('corporate-home').waitFor();
    // The fixed side navigation shows its three icons at a size a person can see and hit.
    const icons = page.getByTestId('side-nav').locator('svg');
    expect(await icons.count()).toBe(3);
    for (const box of await Promise.all((await icons.all()).map((i) => i.boundingBox())))
      expect(box?.width).toBeGreaterThanOrEqual(16);
    // The quick-service panel is a slim tab beside the page; it opens over the page on hover.
    const quick = page.getByTestId('quick-panel');
    const policyLookup = quick.getByRole('link', { name: 'Policy lookup' });
    expect(await policyLookup.isVisible()).toBe(false);
    const tab = (await quick.getByRole('button', { name: 'Quick service' }).boundingBox())!;
    const content = (await page.locator('.mc-content').boundingBox())!;
    const card = (await page.getByTestId('corporate-home').boundingBox())!;
    expect(card.x + card.width).toBeLessThanOrEqual(tab.x);
    expect(content.x + content.width).toBeGreaterThan(tab.x);
    await quick.getByRole('button', { name: 'Quick service' }).hover();
    await policyLookup.waitFor({ state: 'visible' });
    await menu(page).getByText('Claims query', { exact: true }).click();
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
    await popup.getByRole('heading', { name: 'Corporate help center' }).waitFor();
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
    const { payBarSuspended } = await import('../../src/client/shared/PayBar');
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
