/**
 * "Every link goes somewhere real": from the portal, a member follows every header, footer and
 * quick-service link and lands on a real page (its own, or the standalone install's main-portal pages
 * under /site/), never the portal home and never an error; Home keeps them in the portal. corp-hr
 * follows the header's links the same way.
 */
import type { Locator, Page } from 'playwright-core';
import { shellMessages } from '@client/app/messages';
import { INSURER } from '@common/insurer';
import siteData from '@fixtures/demo/site.json';
import { buttonName, LANGS, startJourney, switchPortalLanguage, type Journey, type Locale } from './support/harness';

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
async function followIn(page: Page, link: Locator, path: RegExp, home: string, lang: Locale) {
  await link.click();
  await page.waitForURL((url) => path.test(url.pathname + url.search));
  await page.locator('main h1, main h2, main h3, main h4, .ant-card-head-title').first().waitFor();
  expect(new URL(page.url()).pathname).not.toBe('/legal/index');
  expect(new URL(page.url()).pathname).not.toBe('/legal/404');
  expect(await page.getByText(shellMessages[lang].pageNotFoundTitle).count()).toBe(0);
  await page.goBack();
  await page.getByTestId(home).waitFor();
}

type ShellKey = keyof (typeof shellMessages)['en-US'];
type SiteKey = Parameters<Journey['gatewayText']>[1];

/** The header's links (the portal's texts) and the main site's page each opens, with its heading (the gateway's). */
const HEADER: Array<[ShellKey, RegExp, SiteKey]> = [
  ['headerProducts', /^\/site\/products$/, 'site.nav.products'],
  ['headerWealth', /^\/site\/wealth$/, 'site.nav.wealth'],
  ['headerService', /^\/site\/service$/, 'site.nav.service'],
  ['headerClaims', /^\/site\/claims$/, 'site.nav.claims'],
  ['headerAbout', /^\/site\/about$/, 'site.nav.about'],
];

async function headerLinks(page: Page, home: string, lang: Locale) {
  const header = page.getByTestId('header');
  const m = shellMessages[lang];
  for (const [name, path, heading] of HEADER)
    expect(await followOut(page, header.getByRole('link', { name: m[name], exact: true }), path)).toBe(
      journey.gatewayText(lang, heading),
    );
  // Home goes to the main site's home, whose heading is the insurer's name.
  expect(await followOut(page, header.getByRole('link', { name: m.headerHome, exact: true }), /^\/site\/$/)).toBe(
    INSURER.shortName[lang],
  );
  // The brand keeps a logged-in user in the portal: its own home page, no login page.
  await page.getByTestId('brand').click();
  await page.getByTestId(home).waitFor();
  expect(new URL(page.url()).pathname).toBe('/legal/index');
}

/** The assistant's answer to a question of the demo's questions and answers, in a language. */
function faqQuestion(en: string, lang: Locale): string {
  const entry = siteData.faq.find((e) => e.questionEn === en)!;
  return lang === 'zh-CN' ? entry.questionZh : entry.questionEn;
}

describe.each(LANGS)('member-senior (%s)', (lang) => {
  const m = shellMessages[lang];
  const site = (key: SiteKey) => journey.gatewayText(lang, key);
  it('follows every header, footer and quick-service link to a real page', async () => {
    const { context, page } = await journey.newPage();
    await journey.login(page, 'member-senior', { lang });
    const home = 'personal-home';
    await page.getByTestId(home).waitFor();

    await headerLinks(page, home, lang);

    const footer = page.getByTestId('footer');
    for (const [name, path, heading] of [
      [m.helpCenter, /^\/site\/help$/, site('site.nav.help')],
      [m.helpPrivacy, /^\/site\/privacy$/, site('site.nav.privacy')],
      [m.helpContact, /^\/site\/contact$/, site('site.nav.contact')],
    ] as const)
      expect(await followOut(page, footer.getByRole('link', { name, exact: true }), path)).toBe(heading);
    // The corporate help center opens in a window of its own.
    const [help] = await Promise.all([
      context.waitForEvent('page'),
      footer.getByRole('link', { name: m.helpLegal }).click(),
    ]);
    await help.waitForLoadState();
    expect(new URL(help.url()).pathname).toBe('/help/legal.html');
    expect(await help.locator('h1').textContent()).toBe(site('site.help.corporate'));
    await help.close();

    const quick = page.getByTestId('quick-panel');
    const open = async () => {
      const tab = quick.getByRole('button', { name: buttonName(m.quickService) });
      if ((await tab.getAttribute('aria-expanded')) !== 'true') await tab.click();
      return quick.locator('#mc-quick-list');
    };
    for (const [name, path] of [
      [m.quickPolicy, /^\/legal\/mypolicy\/policyList/],
      [m.quickClaimProgress, /^\/legal\/myclaims\/claimList/],
      [m.quickCarClaim, /^\/legal\/claimReport\?kind=car/],
      [m.quickNonCarClaim, /^\/legal\/claimReport\?kind=nonCar/],
      // a member's e-invoices for the premiums they paid
      [m.quickInvoice, /^\/legal\/mypolicy\/invoiceList/],
    ] as const)
      await followIn(page, (await open()).getByRole('link', { name, exact: true }), path, home, lang);
    for (const [name, path, heading] of [
      [m.quickAssistant, /^\/site\/assistant$/, site('site.nav.assistant')],
      [m.quickQuestionnaire, /^\/site\/questionnaire$/, site('site.nav.questionnaire')],
    ] as const)
      expect(await followOut(page, (await open()).getByRole('link', { name, exact: true }), path)).toBe(heading);

    // The assistant answers in the member's language and the way back to the Member Center is a click.
    await (await open()).getByRole('link', { name: m.quickAssistant }).click();
    await page.getByLabel(site('site.assistant.label')).fill(lang === 'zh-CN' ? '如何报案' : 'how do I report a claim');
    await page.getByRole('button', { name: buttonName(site('site.assistant.search')) }).click();
    await page.getByTestId('answers').getByText(faqQuestion('How do I report a claim?', lang)).waitFor();
    await page.getByTestId('member-center').click();
    await page.getByTestId(home).waitFor();
    await context.close();
  });
});

describe.each(LANGS)('corp-hr (%s)', (lang) => {
  it("follows the header's links to real pages and Home back to the corporate home", async () => {
    const { context, page } = await journey.newPage();
    await journey.login(page, 'corp-hr', { corporate: true, lang });
    const home = 'corporate-home';
    await page.getByTestId(home).waitFor();
    await headerLinks(page, home, lang);

    // The portal's language goes with the user: switched on the top bar, the main site's pages follow.
    const other: Locale = lang === 'zh-CN' ? 'en-US' : 'zh-CN';
    await switchPortalLanguage(page, lang, other);
    const service = shellMessages[other].headerService;
    const header = page.getByTestId('header');
    await header.getByRole('link', { name: service, exact: true }).waitFor();
    expect(await followOut(page, header.getByRole('link', { name: service, exact: true }), /^\/site\/service$/)).toBe(
      journey.gatewayText(other, 'site.nav.service'),
    );
    await context.close();
  });
});
