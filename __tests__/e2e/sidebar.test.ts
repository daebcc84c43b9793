/**
 * The left menu in Chromium as corp-hr with an unread reply to a complaint: at 1440 px (the sider) and
 * 390 px (the drawer) no menu label is cut off and the complaint item's red dot lies inside its item.
 */
import type { Locator, Page } from 'playwright-core';
import { replyAsInsurer } from '@server/services/opinion';
import { menuMessages } from '@client/app/menuMessages';
import { LANGS, motionsEnded, startJourney, type Journey, type Locale } from './support/harness';

/**
 * Each language's journey has a gateway of its own: it files a complaint and replies to it, and the
 * other language's run starts from the demo data, with no unread reply before its own.
 */
let journey: Journey;

/** Every label of a menu shows its whole text, and the unread dot is drawn inside its item. */
async function checkMenu(menu: Locator, lang: Locale) {
  const clipped = await menu.locator('.mc-nav-title').evaluateAll((els) =>
    els
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
      .map((el) => el.textContent),
  );
  expect(clipped).toEqual([]);
  const dot = menu.getByTestId('unread-dot');
  const item = menu.locator('[role=menuitem]:has([data-testid=unread-dot])');
  const [d, i] = [await dot.boundingBox(), await item.boundingBox()];
  expect(d && i).toBeTruthy();
  expect(d!.x).toBeGreaterThanOrEqual(i!.x);
  expect(d!.x + d!.width).toBeLessThanOrEqual(i!.x + i!.width);
  expect(await item.textContent()).toContain(menuMessages[lang].legalcomplaintProposalList);
}

describe.each(LANGS)('the left menu in Chromium (%s)', (lang) => {
  const titles = menuMessages[lang];
  beforeAll(async () => {
    journey = await startJourney();
  });
  afterAll(() => journey?.close());

  it('corp-hr with an unread reply: the dot and every label are whole at 1440 and 390 px', async () => {
    const { page } = await journey.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await journey.login(page, 'corp-hr', { corporate: true, lang });
    await page.waitForURL(/\/legal\/index/);
    // A complaint, and the insurer's reply to it.
    const base = new URL(page.url()).origin;
    const filed = await page.request.post(`${base}/gateway/blocLegal/opinions/updateOpinions`, {
      form: { channelType: '1', kind: 'complaint', typeCode: 'claim', content: 'Our claim has waited three weeks.' },
      headers: { Origin: base },
    });
    const opinionNo = ((await filed.json()) as { data: { opinionNo: string } }).data.opinionNo;
    await replyAsInsurer(journey.app.services.db, { opinionNo, text: 'We are on it.', staffName: 'Ms Zhou' });

    const sider = page.getByTestId('left-menu');
    await sider.getByText(titles.claimManage, { exact: true }).click();
    await sider.getByTestId('unread-dot').waitFor();
    await motionsEnded(page);
    await checkMenu(sider, lang);

    await page.setViewportSize({ width: 390, height: 844 });
    await openDrawer(page);
    await checkMenu(page.getByTestId('menu-drawer'), lang);
  });
});

async function openDrawer(page: Page) {
  await page.getByTestId('menu-button').click();
  await page.getByTestId('menu-drawer').getByTestId('unread-dot').waitFor();
  await motionsEnded(page); // measured once it has slid in
}
