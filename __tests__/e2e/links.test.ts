/**
 * "Every link goes somewhere real": from the portal, a member follows every header, footer and
 * quick-service link and lands on a real page (its own, or the standalone install's main-portal pages
 * under /site/), never the portal home and never an error; Home keeps them in the portal. corp-hr
 * follows the header's links the same way.
 */
import { startJourney, type Journey } from './support/harness';
import type { Locator, Page } from 'playwright-core';

let journey: Journey;
beforeAll(async () => {
  journey = await startJourney();
});
afterAll(() => journey?.close());

/**
 * Opens a link that leaves the portal in a new tab (a modifier click, so the portal stays as it is):
 * the page answers 200 with a heading and is not the portal home. Answers the heading.
 */
async function followOut(page: Page, link: Locator, path: RegExp) {
  const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click({ modifiers: ['ControlOrMeta'] })]);
  await tab.waitForLoadState();
  // The tab's navigation started before it could be watched: the document's own timing entry has its status.
  const status = await tab.evaluate(
    () =>
      (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & { responseStatus: number })
        .responseStatus,
  );
  expect(status).toBe(200);
  expect(new URL(tab.url()).pathname).toMatch(path);
  const heading = (await tab.locator('h1').first().textContent())?.trim();
  expect(heading?.length).toBeGreaterThan(1);
  expect(new URL(tab.url()).pathname).not.toBe('/legal/index');
  await tab.close();
  return heading;
}

/** Clicks a link inside the portal: the address changes to the page, which shows a heading and no not-found page. */
async function followIn(page: Page, link: Locator, path: RegExp, home: string) {
  await link.click();
  await page.waitForURL((url) => path.test(url.pathname + url.search));
  await page.locator('main h1, main h2, main h3, main h4, .ant-card-head-title').first().waitFor();
  expect(new URL(page.url()).pathname).not.toBe('/legal/index');
  expect(new URL(page.url()).pathname).not.toBe('/legal/404');
  expect(await page.getByText('Page not found').count()).toBe(0);
  await page.goBack();
  await page.getByTestId(home).waitFor();
}

const HEADER: Array<[string, RegExp, string]> = [
  ['Insurance products', /^\/site\/products$/, 'Insurance products'],
  ['Wealth management', /^\/site\/wealth$/, 'Wealth management'],
  ['Service center', /^\/site\/service$/, 'Service center'],
  ['Claims center', /^\/site\/claims$/, 'Claims center'],
  ['About us', /^\/site\/about$/, 'About us'],
];

async function headerLinks(page: Page, home: string) {
  const header = page.getByTestId('header');
  for (const [name, path, heading] of HEADER)
    expect(await followOut(page, header.getByRole('link', { name, exact: true }), path)).toBe(heading);
  // Home keeps a logged-in user in the portal: its own home page, no login page.
  await header.getByRole('link', { name: 'Home', exact: true }).click();
  await page.getByTestId(home).waitFor();
  expect(new URL(page.url()).pathname).toBe('/legal/index');
}

describe('member-senior', () => {
  it('follows every header, footer and quick-service link to a real page', async () => {
    const { context, page } = await journey.newPage();
    await journey.login(page, 'member-senior');
    const home = 'personal-home';
    await page.getByTestId(home).waitFor();

    await headerLinks(page, home);

    const footer = page.getByTestId('footer');
    for (const [name, path, heading] of [
      ['Help center', /^\/site\/help$/, 'Help center'],
      ['Privacy policy', /^\/site\/privacy$/, 'Privacy policy'],
      ['Contact us', /^\/site\/contact$/, 'Contact us'],
    ] as const)
      expect(await followOut(page, footer.getByRole('link', { name, exact: true }), path)).toBe(heading);
    // The corporate help center opens in a window of its own.
    const [help] = await Promise.all([
      context.waitForEvent('page'),
      footer.getByRole('link', { name: 'Corporate help center' }).click(),
    ]);
    await help.waitForLoadState();
    expect(new URL(help.url()).pathname).toBe('/help/legal.html');
    expect(await help.locator('h1').textContent()).toBe('Corporate help center');
    await help.close();

    const quick = page.getByTestId('quick-panel');
    const open = async () => {
      const tab = quick.getByRole('button', { name: 'Quick service' });
      if ((await tab.getAttribute('aria-expanded')) !== 'true') await tab.click();
      return quick.locator('#mc-quick-list');
    };
    for (const [name, path] of [
      ['Policy lookup', /^\/legal\/mypolicy\/policyList/],
      ['Claim progress lookup', /^\/legal\/myclaims\/claimList/],
      ['Online car claim', /^\/legal\/claimReport\?kind=car/],
      ['Non-car claim', /^\/legal\/claimReport\?kind=nonCar/],
    ] as const)
      await followIn(page, (await open()).getByRole('link', { name, exact: true }), path, home);
    for (const [name, path, heading] of [
      // A member has no invoice page (corporate only): the help centre's invoice questions.
      ['E-invoice lookup', /^\/site\/help$/, 'Help center'],
      ['Intelligent customer service', /^\/site\/assistant$/, 'Intelligent customer service'],
      ['Questionnaire', /^\/site\/questionnaire$/, 'Satisfaction questionnaire'],
    ] as const)
      expect(await followOut(page, (await open()).getByRole('link', { name, exact: true }), path)).toBe(heading);

    // The assistant answers and the way back to the Member Center is a click.
    await (await open()).getByRole('link', { name: 'Intelligent customer service' }).click();
    await page.getByLabel('Your question').fill('how do I report a claim');
    await page.getByRole('button', { name: 'Ask' }).click();
    await page.getByTestId('answers').getByText('How do I report a claim?').waitFor();
    await page.getByTestId('member-center').click();
    await page.getByTestId(home).waitFor();
    await context.close();
  });
});

describe('corp-hr', () => {
  it("follows the header's links to real pages and Home back to the corporate home", async () => {
    const { context, page } = await journey.newPage();
    await journey.login(page, 'corp-hr', { corporate: true });
    const home = 'corporate-home';
    await page.getByTestId(home).waitFor();
    await headerLinks(page, home);

    // The portal's language goes with the user: in Chinese, the main site's pages are in Chinese.
    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: '简体中文' }).click();
    const header = page.getByTestId('header');
    await header.getByRole('link', { name: '服务中心', exact: true }).waitFor();
    expect(
      await followOut(page, header.getByRole('link', { name: '服务中心', exact: true }), /^\/site\/service$/),
    ).toBe('服务中心');
    await context.close();
  });
});
