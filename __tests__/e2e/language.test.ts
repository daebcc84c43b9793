/**
 * The language switch and the phone frame in real Chromium: one switch changes every text at once
 * (menu, brand, titles, antd's own texts, the promotional image) and is remembered; on a phone the
 * menu is a drawer behind a button and the quick service sits in the bar docked at the bottom.
 */
import type { Page } from 'playwright-core';
import { homeMessages } from '@client/features/home/messages';
import { shellMessages } from '@client/app/messages';
import { INSURER } from '@common/insurer';
import { startJourney, DEMO_PASSWORD, type Journey } from './support/harness';

let journey: Journey;
beforeAll(async () => {
  journey = await startJourney();
});
afterAll(() => journey?.close());

const brand = (page: Page) => page.getByTestId('brand');
const copyright = (page: Page) => page.getByTestId('footer').locator('.mc-copyright');

async function openDrawerMenu(page: Page, buttonName: string, menuName: string) {
  await page.getByRole('button', { name: buttonName }).click();
  const menu = page.getByTestId('menu-drawer').getByRole('menu', { name: menuName });
  await menu.waitFor();
  return menu;
}

describe('a browser set to Chinese, no language chosen yet', () => {
  it.each([
    ['member-senior', false, 'personal-home', homeMessages['zh-CN'].personalTitle],
    ['corp-hr', true, 'corporate-home', homeMessages['zh-CN'].corporateTitle],
  ] as const)('%s: the login page and the portal behind it are Chinese', async (user, corporate, home, title) => {
    const context = await journey.browser.newContext({ baseURL: journey.baseUrl, locale: 'zh-CN' });
    const page = await context.newPage();
    expect(await context.cookies()).toEqual([]);
    await page.goto(`/idprovider/login${corporate ? '?flag=legal' : ''}`);
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN');
    await page.getByRole('button', { name: journey.gatewayText('zh-CN', 'idp.login') }).waitFor();
    await page.fill('input[name=username]', user);
    await page.fill('input[name=password]', DEMO_PASSWORD);
    await page.check('input[name=privacy]');
    await page.click('button[type=submit]');
    await page.getByTestId(home).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN');
    expect(await page.title()).toBe(journey.title('zh-CN', title));
    await page.getByRole('heading', { name: title }).waitFor();
    expect(await brand(page).textContent()).toBe(journey.portalName['zh-CN']);
    await page.getByText(shellMessages['zh-CN'].logout, { exact: true }).first().waitFor();
    expect((await context.cookies()).find((c) => c.name === 'mc_locale')?.value).toBe('zh-CN');
    await context.close();
  });

  it('a language chosen on the portal stays chosen at the next login', async () => {
    const context = await journey.browser.newContext({ baseURL: journey.baseUrl, locale: 'zh-CN' });
    const page = await context.newPage();
    await journey.login(page, 'member-senior', { lang: 'en-US' });
    await page.getByTestId('personal-home').waitFor();
    expect(await page.title()).toBe(journey.title('en-US', homeMessages['en-US'].personalTitle));
    await page.goto('/idprovider/login');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await context.close();
  });
});

describe('on a phone (390 x 844)', () => {
  it('switches everything to Chinese at once, remembers it, and back to English', async () => {
    const context = await journey.browser.newContext({
      baseURL: journey.baseUrl,
      viewport: { width: 390, height: 844 },
      hasTouch: true,
    });
    const page = await context.newPage();
    await journey.login(page, 'member-senior');
    await page.getByTestId('personal-home').waitFor();
    expect(await page.title()).toBe('Personal center - Member Center');
    // Phone frame: no sider, a menu button, and the page never wider than the window.
    expect(await page.getByTestId('left-menu').isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: '简体中文' }).click();
    await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
    expect(await page.title()).toBe('个人中心 - 会员中心');
    expect(await brand(page).textContent()).toBe('会员中心');
    expect(await copyright(page).textContent()).toBe(`© ${INSURER.name['zh-CN']} 版权所有`);
    expect((await context.cookies()).find((c) => c.name === 'mc_locale')?.value).toBe('zh-CN');

    // The server menu's titles in Chinese, in the drawer; choosing a page closes it.
    let menu = await openDrawerMenu(page, '打开菜单', '主菜单');
    await menu.getByText('我的保单', { exact: true }).first().click();
    await menu.getByText('我的订单', { exact: true }).click();
    await page.waitForURL(/\/legal\/mypolicy\/orderList$/);
    await page.getByTestId('menu-drawer').waitFor({ state: 'hidden' });
    await page.waitForFunction(() => document.title === '我的订单 - 会员中心');

    // The list, cards on a phone, counts in Chinese.
    const total = page.locator('.mc-list-cards-total');
    await total.filter({ hasText: /^共 \d+ 条$/ }).waitFor();

    // Remembered across a reload.
    await page.reload();
    await total.filter({ hasText: /^共 \d+ 条$/ }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN');
    expect(await page.title()).toBe('我的订单 - 会员中心');

    // The club's group in Chinese (a senior member is in the club: no invitation over it).
    menu = await openDrawerMenu(page, '打开菜单', '主菜单');
    await menu.getByText('会员俱乐部', { exact: true }).click();
    await menu.getByText('我的积分', { exact: true }).waitFor();
    expect(await page.getByTestId('promo-overlay').count()).toBe(0);
    await page.getByTestId('menu-drawer').getByRole('button', { name: '关闭' }).click();
    await page.getByTestId('menu-drawer').waitFor({ state: 'hidden' });

    // The quick service is in the bar docked at the bottom; its list opens above the bar.
    const dock = page.locator('.mc-dock');
    const dockBox = (await dock.boundingBox())!;
    expect(dockBox.y + dockBox.height).toBeCloseTo(844, 0);
    await page.getByRole('button', { name: '快捷服务' }).click();
    const lookup = page.getByRole('link', { name: '保单查询' });
    await lookup.waitFor();
    expect((await lookup.boundingBox())!.y).toBeLessThan(dockBox.y);

    // And back: every text English again at once.
    await page.getByRole('combobox', { name: '语言' }).click();
    await page.getByRole('option', { name: 'English' }).click();
    await page.waitForFunction(() => document.documentElement.lang === 'en-US');
    expect(await page.title()).toBe('My orders - Member Center');
    expect(await brand(page).textContent()).toBe('Member Center');
    await total.filter({ hasText: /^\d+ in all$/ }).waitFor();
    await context.close();
  });
});

describe('on a desktop (1440 x 900)', () => {
  it('keeps the sider with titles in the chosen language and the quick-service tab beside the page', async () => {
    const context = await journey.browser.newContext({
      baseURL: journey.baseUrl,
      viewport: { width: 1440, height: 900 },
    });
    const page = await context.newPage();
    await journey.login(page, 'corp-hr', { corporate: true });
    await page.getByTestId('corporate-home').waitFor();
    expect(await page.getByTestId('menu-button').isVisible()).toBe(false);
    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: '简体中文' }).click();
    const menu = page.getByTestId('left-menu').getByRole('menu', { name: '主菜单' });
    for (const title of ['企业客户首页', '我的保单', '理赔查询', '我的发票', '投诉建议', '企业账户'])
      await menu.getByText(title, { exact: true }).first().waitFor();
    expect(await page.title()).toBe('企业客户首页 - 会员中心');
    // antd's date picker speaks Chinese with the portal.
    await menu.getByText('我的保单', { exact: true }).first().click();
    await menu.getByText('我的保单', { exact: true }).last().click();
    await page.getByPlaceholder('起始日期').click();
    await page
      .locator('.ant-picker-dropdown .ant-picker-year-btn')
      .first()
      .filter({ hasText: /^\d{4}年$/ })
      .waitFor();
    await page.keyboard.press('Escape');
    // The vertical tab's characters stand one under another without touching.
    const tab = page.locator('.mc-quick-tab span').last();
    const boxes = await tab.evaluate((el) => {
      const node = el.firstChild as Text;
      return [...(node.nodeValue ?? '')].map((_, i) => {
        const r = document.createRange();
        r.setStart(node, i);
        r.setEnd(node, i + 1);
        const b = r.getBoundingClientRect();
        return { top: b.top, bottom: b.bottom, left: b.left };
      });
    });
    expect(boxes.map((b) => b.left)).toEqual(boxes.map(() => boxes[0].left));
    for (let i = 1; i < boxes.length; i += 1) expect(boxes[i].top).toBeGreaterThanOrEqual(boxes[i - 1].bottom - 0.5);
    await context.close();
  });
});
