/**
 * The frame against a real gateway: top bar, header, footer, quick panel, side navigation and the
 * configuration helper; the sidebar's rules; unread indicator; non-senior refusals; routes; titles;
 * scroll; the SSO check. Every page renders the whole portal over real HTTP.
 */
import { lazy } from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { applyHideMenu, isSeniorOnly, SENIOR_ONLY_ROUTES } from '@client/state/menu';
import { isCorporate } from '@client/state/session';
import { personalCentreLinks } from '@client/app/layout/TopBar';
import { menuTarget } from '@client/app/layout/Sidebar';
import type { MenuEntry } from '@contract/io/session';
import { hasPage, pageRegistry } from '@client/app/pageRegistry';
import { callAnswer, renderPortal, startClientGateway, type ClientGateway } from '../support/portal';
import { createStore } from '@client/app/store';
import { INSURER } from '@common/insurer';
import { recorders } from '../support/probe';

let gw: ClientGateway;
const rec = recorders();

// The area pages are built by other issues: until they are registered, a plain stand-in per menu
// component lets the frame's navigation be observed (a real registration always wins).
function standIn(name: string) {
  const Page = () => <div data-testid={`page-${name}`}>{name}</div>;
  return { default: Page };
}
for (const name of [
  'OrderList',
  'PersonalClaimList',
  'LegalClaimList',
  'TransactionQuery',
  'AccountSecurity',
  'PersonalInfo',
  'CorrectRecord',
]) {
  if (!hasPage(name)) pageRegistry[name] = lazy(async () => standIn(name));
}
beforeAll(async () => {
  gw = await startClientGateway();
});
afterAll(() => gw.close());
beforeEach(() => {
  rec.clear();
  window.sessionStorage.clear();
});
afterEach(() => gw.forget());

const menu = () => screen.getByRole('menu', { name: 'Main menu' });
async function home(username: string, path = '/legal/index') {
  await gw.login(username);
  const portal = await renderPortal(path);
  if (path === '/legal/index')
    await screen.findByTestId(username.startsWith('corp') ? 'corporate-home' : 'personal-home');
  await waitFor(() => expect(within(menu()).getAllByRole('menuitem').length).toBeGreaterThan(0));
  return portal;
}
/** The warning dialog of docs/SPEC.md §5 (antd labels every modal 'test-id' under test, so find it by its text). */
async function warningDialog() {
  const text = await screen.findByText(
    'Complete your personal information to become a senior member and use the club and asset services.',
    {},
  );
  const dialog = text.closest('[role=dialog]') as HTMLElement;
  expect(within(dialog).getByText('Warning')).toHaveClass('ant-modal-title');
  return dialog;
}
const here = () => `${window.location.pathname}${window.location.search}`;

describe('top bar, header, footer, quick panel, side navigation', () => {
  it('greets by nickname and offers personal centre, logout and close privacy authorisation', async () => {
    await home('member-basic');
    expect(screen.getByTestId('greeting')).toHaveTextContent('Hello, 赵鹏');
    const bar = screen.getByTestId('top-bar');
    expect(within(bar).getByText('Log out')).toBeInTheDocument();
    expect(within(bar).getByText('Close privacy authorisation')).toBeInTheDocument();
    expect(within(bar).queryByText('Log in')).toBeNull();
    fireEvent.mouseEnter(screen.getByTestId('personal-centre'));
    fireEvent.click(screen.getByTestId('personal-centre'));
    // The home page's shortcuts have links of the same names: look inside the dropdown only.
    const dropdown = await screen.findByRole('menu', { name: 'Personal center' });
    expect(screen.getByTestId('personal-centre')).toHaveAttribute('aria-expanded', 'true');
    const links = within(dropdown);
    expect(links.getByRole('menuitem', { name: 'My policies' })).toHaveAttribute('href', '/legal/mypolicy/policyList');
    expect(links.getByRole('menuitem', { name: 'My assets' })).toHaveAttribute('href', '/legal/assets/assetsDetails');
    expect(links.getByRole('menuitem', { name: 'My claims' })).toHaveAttribute('href', '/legal/myclaims/claimList');
    expect(links.getByRole('menuitem', { name: 'Personal info' })).toHaveAttribute(
      'href',
      '/legal/myprofile/personalInfo',
    );
    expect(links.queryByRole('menuitem', { name: 'Invoice list' })).toBeNull();
    // Escape closes it.
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu', { name: 'Personal center' })).toBeNull());
    expect(screen.getByTestId('personal-centre')).toHaveAttribute('aria-expanded', 'false');
  });

  it('gives a corporate user only the invoice list in the personal-centre dropdown', async () => {
    expect(personalCentreLinks(true, '/legal/')).toEqual([{ key: 'invoiceList', href: '/legal/myInvoice' }]);
    expect(personalCentreLinks(false, '/legal/').map((l) => l.key)).toEqual([
      'myPolicies',
      'myAssets',
      'myClaims',
      'personalInfo',
    ]);
    await home('corp-hr');
    fireEvent.mouseEnter(screen.getByTestId('personal-centre'));
    fireEvent.click(screen.getByTestId('personal-centre'));
    const dropdown = await screen.findByRole('menu', { name: 'Personal center' });
    expect(within(dropdown).getByRole('menuitem', { name: 'Invoice list' })).toHaveAttribute(
      'href',
      '/legal/myInvoice',
    );
    expect(within(dropdown).getAllByRole('menuitem')).toHaveLength(1);
    expect(screen.queryByRole('link', { name: 'My policies' })).toBeNull();
  });

  it("links the brand to the portal's home and the header to the main site, and shows the footer, quick panel and side navigation", async () => {
    await home('member-senior');
    const links = window.__PORTAL_CONFIG__!.links;
    const header = screen.getByTestId('header');
    const hrefs = within(header)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    // The main site's entries, in the header and again in the menu they fold into below 992 px.
    const mainSite = [
      ['Home', links.mainSite],
      ['Insurance products', links.products],
      ['Wealth management', links.wealth],
      ['Service center', links.serviceCenter],
      ['Claims center', links.claimsCenter],
      ['About us', links.about],
    ];
    expect(hrefs).toEqual([['Member Center', '/legal/index'], ...mainSite]);
    expect(within(header).getByTestId('brand').querySelector('img')).toHaveAttribute('src', INSURER.logo);
    // Below 992 px the links fold into a menu button: the keyboard opens it, moves in it and closes it.
    const more = within(header).getByRole('button', { name: 'Main site' });
    expect(more).toHaveAttribute('aria-haspopup', 'menu');
    fireEvent.keyDown(more, { key: 'ArrowDown' });
    const folded = await within(header).findByRole('menu', { name: 'Main site' });
    const entries = within(folded).getAllByRole('menuitem');
    expect(entries.map((e) => [e.textContent, e.getAttribute('href')])).toEqual(mainSite);
    await waitFor(() => expect(entries[0]).toHaveFocus());
    fireEvent.keyDown(entries[0], { key: 'ArrowDown' });
    expect(entries[1]).toHaveFocus();
    fireEvent.keyDown(entries[1], { key: 'End' });
    expect(entries[5]).toHaveFocus();
    fireEvent.keyDown(entries[5], { key: 'ArrowDown' });
    expect(entries[0]).toHaveFocus();
    fireEvent.keyDown(entries[0], { key: 'Escape' });
    await waitFor(() => expect(within(header).queryByRole('menu')).toBeNull());
    expect(more).toHaveFocus();
    expect(more).toHaveAttribute('aria-expanded', 'false');
    // A click opens it, a click elsewhere closes it.
    fireEvent.click(more);
    expect(await within(header).findByRole('menu', { name: 'Main site' })).toBeInTheDocument();
    fireEvent.mouseDown(document.body);
    await waitFor(() => expect(within(header).queryByRole('menu')).toBeNull());
    const footer = screen.getByTestId('footer');
    for (const brand of ['Property & Casualty', 'Life', 'Health', 'Asset Management'])
      expect(within(footer).getByText(brand)).toBeInTheDocument();
    const hotlines = within(screen.getByTestId('hotlines'))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(hotlines).toHaveLength(5);
    expect(hotlines[0]).toBe('National service hotline 95518');
    expect(footer.querySelector('.mc-copyright')).toHaveTextContent(`© ${INSURER.name['en-US']}. All rights reserved.`);
    expect(hotlines.slice(1).map((h) => h!.replace(/ [\d-]+$/, ''))).toEqual([
      'Property insurance',
      'Life insurance',
      'Health insurance',
      'Asset management',
    ]);
    expect(
      within(footer)
        .getAllByRole('img')
        .map((i) => i.getAttribute('alt')),
    ).toEqual(['Mobile app', 'WeChat official account', 'Weibo']);
    expect(within(footer).getByRole('link', { name: 'Corporate help center' })).toHaveAttribute(
      'href',
      links.legalHelpCenter,
    );
    // The help links go to their own pages: the help centre, the privacy policy, the contact page.
    expect(within(footer).getByRole('link', { name: 'Help center' })).toHaveAttribute('href', '/site/help');
    expect(within(footer).getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/site/privacy');
    expect(within(footer).getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/site/contact');
    expect(links.products).toBe('/site/products');
    const quick = within(screen.getByTestId('quick-panel'))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(quick).toEqual([
      'Policy lookup',
      'Claim progress lookup',
      'E-invoice lookup',
      'Online car claim',
      'Non-car claim',
      'Intelligent customer service',
      'Questionnaire',
      'Official account QR code',
    ]);
    // The portal's own pages behind the entries it has: a member's policies, claims, invoices, the claim report.
    const quickHref = (name: string) =>
      within(screen.getByTestId('quick-panel')).getByRole('link', { name }).getAttribute('href');
    expect(quickHref('Policy lookup')).toBe('/legal/mypolicy/policyList');
    expect(quickHref('Claim progress lookup')).toBe('/legal/myclaims/claimList');
    // A member's own e-invoices (the help centre's invoice questions no longer send them to the hotline).
    expect(quickHref('E-invoice lookup')).toBe('/legal/mypolicy/invoiceList');
    expect(quickHref('Online car claim')).toBe('/legal/claimReport?kind=car');
    expect(quickHref('Non-car claim')).toBe('/legal/claimReport?kind=nonCar');
    expect(quickHref('Intelligent customer service')).toBe('/site/assistant');
    expect(quickHref('Questionnaire')).toBe('/site/questionnaire');
    // The official account's QR code opens beside its entry, and closes with Escape.
    const panel = within(screen.getByTestId('quick-panel'));
    const qr = panel.getByRole('button', { name: 'Official account QR code' });
    expect(panel.queryByRole('img', { name: 'WeChat official account' })).toBeNull();
    fireEvent.click(qr);
    expect(qr).toHaveAttribute('aria-expanded', 'true');
    expect(await panel.findByRole('img', { name: 'WeChat official account' })).toBeInTheDocument();
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(panel.queryByRole('img', { name: 'WeChat official account' })).toBeNull());
    expect(screen.getByTestId('side-nav')).toBeInTheDocument();
  });

  it('hides top bar, header, footer, quick panel and side navigation when the configuration says so', async () => {
    window.__PORTAL_CONFIG__ = { ...window.__PORTAL_CONFIG__!, showChrome: false };
    try {
      await home('member-senior');
      for (const id of ['top-bar', 'header', 'footer', 'quick-panel', 'side-nav'])
        expect(screen.queryByTestId(id)).toBeNull();
      expect(screen.getByTestId('left-menu')).toBeInTheDocument();
    } finally {
      window.__PORTAL_CONFIG__ = { ...window.__PORTAL_CONFIG__!, showChrome: true };
    }
  });

  it('switches the language from the top bar, antd included', async () => {
    const { store } = await home('member-senior');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Language' }));
    fireEvent.click(await screen.findByTitle('简体中文'));
    expect(await screen.findByText('退出')).toBeInTheDocument();
    expect(screen.getByTestId('greeting')).toHaveTextContent('您好，李文静');
    expect(within(screen.getByTestId('hotlines')).getAllByRole('listitem')[0]).toHaveTextContent(
      '全国统一客服热线 95518',
    );
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(store.getState().ui.locale).toBe('zh-CN');
    // Remembered in the cookie the gateway's own pages read too.
    expect(document.cookie).toContain('mc_locale=zh-CN');
  });

  it('starts in the language last chosen, in the portal or on the login page (its cookie), else the default', () => {
    try {
      document.cookie = 'mc_locale=zh-CN; path=/';
      expect(createStore().store.getState().ui.locale).toBe('zh-CN');
      document.cookie = 'mc_locale=fr-FR; path=/';
      expect(createStore().store.getState().ui.locale).toBe('en-US');
    } finally {
      document.cookie = 'mc_locale=; path=/; max-age=0';
    }
  });

  it("with no choice made, starts in the browser's first Chinese or English language, else the default, and remembers it", () => {
    const languages = jest.spyOn(navigator, 'languages', 'get');
    const fresh = () => {
      document.cookie = 'mc_locale=; path=/; max-age=0';
      return createStore().store.getState().ui.locale;
    };
    try {
      languages.mockReturnValue(['zh-CN', 'zh', 'en']);
      expect(fresh()).toBe('zh-CN');
      expect(document.cookie).toContain('mc_locale=zh-CN');
      languages.mockReturnValue(['fr-FR', 'zh-TW', 'en-US']);
      expect(fresh()).toBe('zh-CN');
      languages.mockReturnValue(['de-DE', 'en-GB']);
      expect(fresh()).toBe('en-US');
      languages.mockReturnValue(['ja-JP']);
      expect(fresh()).toBe(window.__PORTAL_CONFIG__?.defaultLocale ?? 'en-US');
      // A choice already made wins over the browser's language.
      languages.mockReturnValue(['zh-CN']);
      document.cookie = 'mc_locale=en-US; path=/';
      expect(createStore().store.getState().ui.locale).toBe('en-US');
    } finally {
      languages.mockRestore();
      document.cookie = 'mc_locale=; path=/; max-age=0';
    }
  });
});

describe('sidebar', () => {
  it('expands submenus one at a time, skips hidden children, makes single-child items plain links, highlights the current route', async () => {
    await home('corp-hr');
    const m = menu();
    expect(within(m).queryByText('Insured employees')).toBeNull();
    // 'Claims query' has one child: a plain item, not a submenu.
    const claims = within(m).getByText('Claims query').closest('li')!;
    expect(claims).toHaveAttribute('role', 'menuitem');
    expect(claims).not.toHaveAttribute('aria-expanded');
    fireEvent.click(within(m).getByText('My policy', { selector: '.mc-nav-title' }));
    expect(await within(m).findByText('Correction records')).toBeVisible();
    fireEvent.click(within(m).getByText('Corporate account'));
    await within(m).findByText('Account change');
    await waitFor(() => expect(m.querySelectorAll('[aria-expanded=true]')).toHaveLength(1));
    expect(m.querySelector('[aria-expanded=true]')).toHaveTextContent('Corporate account');
    expect(within(m).queryByText('Correction records')).toBeNull();
    const selected = m.querySelector('[aria-current=page]');
    expect(selected).toHaveTextContent('Corporate customer home');
  });

  it('goes to parent path/child path, with flag=legal and a timestamp t for corporate users', async () => {
    expect(menuTarget('/myPolicy', true, 42)).toBe('/myPolicy?flag=legal&t=42');
    expect(menuTarget('/mypolicy/orderList', false, 42)).toBe('/mypolicy/orderList');
    await home('corp-hr');
    fireEvent.click(within(menu()).getByText('Claims query'));
    await waitFor(() => expect(here()).toMatch(/^\/legal\/legalqueryListClaim\?flag=legal&t=\d+$/));
    await gw.login('member-senior');
  });

  it('goes to parent path/child path for individuals, and the current route is highlighted', async () => {
    await home('member-senior');
    fireEvent.click(within(menu()).getByText('My policies', { selector: '.mc-nav-title' }));
    fireEvent.click(await within(menu()).findByText('My orders'));
    await waitFor(() => expect(here()).toBe('/legal/mypolicy/orderList'));
    await waitFor(() => expect(menu().querySelector('[aria-current=page]')).toHaveTextContent('My orders'));
  });

  it('is worked by keyboard: every entry is reached by Tab, Enter or Space opens a group and follows an entry', async () => {
    await home('member-senior');
    const group = within(menu()).getByRole('menuitem', { name: 'My policies', expanded: false });
    expect(group).toHaveAttribute('tabindex', '0');
    fireEvent.keyDown(group, { key: 'Enter' });
    expect(group).toHaveAttribute('aria-expanded', 'true');
    const orders = within(menu()).getByRole('menuitem', { name: 'My orders' });
    expect(orders).toHaveAttribute('tabindex', '0');
    fireEvent.keyDown(orders, { key: ' ' });
    await waitFor(() => expect(here()).toBe('/legal/mypolicy/orderList'));
    expect(orders).toHaveAttribute('aria-current', 'page');
    // arrows move between the visible entries
    fireEvent.keyDown(orders, { key: 'ArrowUp' });
    expect(document.activeElement).toHaveTextContent('My policies');
    fireEvent.keyDown(group, { key: ' ' });
    expect(group).toHaveAttribute('aria-expanded', 'false');
    expect(within(menu()).queryByText('My orders')).toBeNull();
  });

  it('sends the newcarno child to the external value-added page', async () => {
    await home('member-senior');
    fireEvent.click(within(menu()).getByText('My policies', { selector: '.mc-nav-title' }));
    fireEvent.click(await within(menu()).findByText('Car insurance value-added services'));
    expect(rec.left).toEqual([window.__PORTAL_CONFIG__!.links.newCarValueAdded]);
    expect(here()).toBe('/legal/index');
  });

  it('invites a member not in the club from the club parent once a session: its picture, a real Join button, its close icon', async () => {
    await home('member-basic');
    const club = () => within(menu()).getByText('My club');
    fireEvent.click(club());
    const overlay = await screen.findByTestId('promo-overlay');
    expect(within(overlay).getByRole('img', { name: /Member club/ })).toBeInTheDocument();
    fireEvent.click(overlay);
    expect(screen.getByTestId('promo-overlay')).toBeInTheDocument();
    fireEvent.click(within(overlay).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('promo-overlay')).toBeNull();
    expect(here()).toBe('/legal/index');
    // Once a session: the club's title folds and unfolds without it from then on.
    fireEvent.click(club());
    fireEvent.click(club());
    expect(screen.queryByTestId('promo-overlay')).toBeNull();
  });

  it('leads from the invitation’s Join button to the personal information that makes a member senior', async () => {
    await home('member-basic');
    fireEvent.click(within(menu()).getByText('My club'));
    const overlay = await screen.findByTestId('promo-overlay');
    fireEvent.click(within(overlay).getByRole('button', { name: 'Join now' }));
    await waitFor(() => expect(here()).toBe('/legal/myprofile/personalInfo'));
    expect(screen.queryByTestId('promo-overlay')).toBeNull();
  });

  it('does not invite a senior member, who is in the club', async () => {
    await home('member-senior');
    fireEvent.click(within(menu()).getByText('My club'));
    await within(menu()).findByText('My points');
    expect(screen.queryByTestId('promo-overlay')).toBeNull();
  });

  it('removes two entries of the sixth top-level menu from the third on when hide_menu is 1', async () => {
    const child = (n: string) => ({
      name: n,
      path: n,
      component: n,
      hidden: false,
      meta: { title: n, icon: '', requireAuth: true, leftMenu: true },
      children: [],
    });
    const entries: MenuEntry[] = ['a', 'b', 'c', 'd', 'e', 'f'].map((n) => ({
      ...child(n),
      children: ['1', '2', '3', '4', '5', '6'].map((c) => child(`${n}${c}`)),
    }));
    expect(applyHideMenu(entries, 1)[5].children.map((c) => c.name)).toEqual(['f1', 'f2', 'f5', 'f6']);
    expect(applyHideMenu(entries, 1).slice(0, 5)).toEqual(entries.slice(0, 5));
    expect(applyHideMenu(entries, 2)).toBe(entries);
    // member-basic has hide_menu 1: 'My points' and 'Points orders' (3rd and 4th of My club) are gone.
    await home('member-basic');
    fireEvent.click(within(menu()).getByText('My club'));
    expect(await within(menu()).findByText('Custom services')).toBeInTheDocument();
    expect(within(menu()).queryByText('My points')).toBeNull();
    expect(within(menu()).queryByText('Points orders')).toBeNull();
    expect(within(menu()).getByText('My favourites')).toBeInTheDocument();
  });

  it('fetches the menu once per session: later navigations skip the call', async () => {
    const { store } = await home('member-senior');
    const menuCalls = () => Object.keys(store.getState().gateway.queries).filter((k) => k.startsWith('getMenus'));
    fireEvent.click(within(menu()).getByText('My policies', { selector: '.mc-nav-title' }));
    fireEvent.click(await within(menu()).findByText('My orders'));
    await waitFor(() => expect(here()).toBe('/legal/mypolicy/orderList'));
    fireEvent.click(within(menu()).getByText('Personal center'));
    await waitFor(() => expect(here()).toBe('/legal/index'));
    expect(menuCalls()).toHaveLength(1);
    expect(store.getState().gateway.queries[menuCalls()[0]]?.fulfilledTimeStamp).toBeLessThan(Date.now());
  });
});

describe('the first answers written into index.html', () => {
  it('draws the frame and the menu from them without asking for the menu, then still confirms the login', async () => {
    await gw.login('corp-hr');
    const answer = callAnswer;
    window.__FIRST_ANSWERS__ = {
      loginInfo: await answer('blocLegal/login/getLoginInfo'),
      menus: await answer('blocLegal/menu/getEcenterMenus'),
      hideMenu: await answer('blocLegal/menu/queryHideMyScore'),
    };
    const { store } = await renderPortal('/legal/index');
    expect(window.__FIRST_ANSWERS__).toBeUndefined();
    await screen.findByTestId('corporate-home');
    expect(within(menu()).getByText('My policy', { selector: '.mc-nav-title' })).toBeInTheDocument();
    const asked = (name: string) => Object.keys(store.getState().gateway.queries).filter((k) => k.startsWith(name));
    expect(asked('getMenus')).toEqual([]);
    expect(asked('getHideMenu')).toEqual([]);
    await waitFor(() => expect(asked('getLoginInfo')).toHaveLength(1));
  });
});

describe('unread indicator on the complaint entry', () => {
  async function setUnread(unread: boolean) {
    const db = gw.app.services.db;
    const user = await db
      .selectFrom('app_user')
      .select(['id', 'customer_id'])
      .where('username', '=', 'corp-hr')
      .executeTakeFirstOrThrow();
    let opinion = await db
      .selectFrom('opinion')
      .select('id')
      .where('opinion_no', '=', 'OP-SHELL-TEST')
      .executeTakeFirst();
    if (!opinion) {
      const now = new Date().toISOString();
      await db
        .insertInto('opinion')
        .values({
          opinion_no: 'OP-SHELL-TEST',
          customer_id: user.customer_id,
          user_id: user.id,
          kind: 'suggestion',
          type_code: '01',
          title: 'Test',
          content: 'Test',
          contact_phone: null,
          state: 2,
          created_at: now,
          updated_at: now,
        })
        .execute();
      opinion = await db
        .selectFrom('opinion')
        .select('id')
        .where('opinion_no', '=', 'OP-SHELL-TEST')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('opinion_reply')
        .values({
          opinion_id: opinion.id,
          author: 'insurer',
          author_name: 'Service',
          content: 'Answered.',
          created_at: now,
          read_at: null,
        })
        .execute();
    }
    await db
      .updateTable('opinion_reply')
      .set({ read_at: unread ? null : new Date().toISOString() })
      .where('author', '=', 'insurer')
      .execute();
  }

  it('is red when replies are unread, and turns plain on the next route change once they are read', async () => {
    await setUnread(true);
    await home('corp-hr');
    const entry = () => within(menu()).getByText('Complaints and suggestions').closest('[data-unread]');
    await waitFor(() => expect(entry()).toHaveAttribute('data-unread', 'red'));
    expect(within(menu()).getByTestId('unread-dot')).toBeInTheDocument();
    await setUnread(false);
    fireEvent.click(within(menu()).getByText('Claims query'));
    await waitFor(() => expect(entry()).toHaveAttribute('data-unread', 'plain'));
    expect(within(menu()).queryByTestId('unread-dot')).toBeNull();
    await setUnread(true);
    fireEvent.click(within(menu()).getByText('Corporate customer home'));
    await waitFor(() => expect(entry()).toHaveAttribute('data-unread', 'red'));
  });

  it('does not run for individual members', async () => {
    const { store } = await home('member-senior');
    expect(within(menu()).getByText('Complaints and suggestions').closest('[data-unread]')).toBeNull();
    expect(Object.keys(store.getState().gateway.queries).some((k) => k.startsWith('getUnread'))).toBe(false);
  });
});

describe('non-senior members (userAnk not 1)', () => {
  it('lists the eleven club and asset routes', () => {
    expect(SENIOR_ONLY_ROUTES).toHaveLength(11);
    expect(isSeniorOnly('/myclub/myScore')).toBe(true);
    expect(isSeniorOnly('/mypolicy/policyList')).toBe(false);
  });

  it('refuses the assets submenu with its message and the warning dialog; not now goes home', async () => {
    await home('member-basic');
    fireEvent.click(within(menu()).getByText('Personal info', { selector: '.mc-nav-title' }));
    fireEvent.click(await within(menu()).findByText('Account security'));
    await waitFor(() => expect(here()).toBe('/legal/myprofile/accountSecurity'));
    fireEvent.click(within(menu()).getByText('My assets'));
    expect(
      await screen.findByText('Your information is incomplete; you cannot access the My Assets page!'),
    ).toBeInTheDocument();
    const dialog = await warningDialog();
    expect(within(menu()).queryByText('Transaction query')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(here()).toBe('/legal/index'));
  });

  it('refuses a club route typed into the address bar; immediately complete goes to personal info', async () => {
    await home('member-basic', '/legal/myclub/myScore');
    expect(await screen.findByTestId('senior-refused')).toHaveTextContent(
      'Your information is incomplete; you cannot take part in club activities!',
    );
    const dialog = await warningDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Complete now' }));
    await waitFor(() => expect(here()).toBe('/legal/myprofile/personalInfo'));
  }, 20000);

  it('refuses a club child in the menu without navigating', async () => {
    await home('member-basic');
    fireEvent.click(within(menu()).getByText('My club'));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.click(await within(menu()).findByText('My favourites'));
    expect(
      await screen.findByText('Your information is incomplete; you cannot take part in club activities!'),
    ).toBeInTheDocument();
    expect(here()).toBe('/legal/index');
  });

  it('lets a senior member in', async () => {
    await home('member-senior');
    fireEvent.click(within(menu()).getByText('My assets'));
    fireEvent.click(await within(menu()).findByText('Transaction query'));
    await waitFor(() => expect(here()).toBe('/legal/assets/transactionQuery'));
    expect(
      screen.queryByText(
        'Complete your personal information to become a senior member and use the club and asset services.',
      ),
    ).toBeNull();
  });
});

describe('routes, titles and scrolling', () => {
  it('opens the legal help center in a new window instead of navigating', async () => {
    const opened: unknown[][] = [];
    const original = window.open;
    window.open = ((...args: unknown[]) => {
      opened.push(args);
      return null;
    }) as typeof window.open;
    try {
      await home('corp-hr', '/legal/legalHelpCenter/legalHelpCenterList');
      // the page opens the window from its effect once its chunk has loaded, then goes home
      await waitFor(() => expect(here()).toBe('/legal/index'));
      expect(opened).toEqual([['/help/legal.html', '_blank', 'noopener']]);
    } finally {
      window.open = original;
    }
  });

  it('shows counterPolicyDetails without the left menu, in the frame, while other pages keep it', async () => {
    await home('corp-hr');
    expect(screen.getByTestId('left-menu')).toBeInTheDocument();
    fireEvent.click(within(menu()).getByText('Claims query'));
    await waitFor(() => expect(here()).toMatch(/^\/legal\/legalqueryListClaim\?flag=legal&t=\d+$/));
    expect(screen.getByTestId('left-menu')).toBeInTheDocument();
    act(() => {
      window.history.pushState({}, '', '/legal/counterPolicyDetails?policyNo=PDA26310100005390');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await screen.findByTestId('policy-detail');
    expect(window.location.pathname).toBe('/legal/counterPolicyDetails');
    expect(screen.getByTestId('top-bar')).toBeInTheDocument();
    expect(screen.queryByTestId('left-menu')).toBeNull();
  });

  it('titles pages as route title followed by the portal name; the home page has its own', async () => {
    await home('member-senior');
    expect(document.title).toBe('Personal center - Member Center');
    await act(async () => {
      window.history.pushState({}, '', '/legal/nowhere');
    });
    await gw.login('member-senior');
    await renderPortal('/legal/nowhere');
    await screen.findByText('Page not found');
    expect(document.title).toBe('Page not found - Member Center');
  });

  it('scrolls to top after each navigation and restores the earlier position on returning to the root', async () => {
    const calls: [number, number][] = [];
    window.scrollTo = ((x: number, y: number) => void calls.push([x, y])) as unknown as typeof window.scrollTo;
    await home('member-senior');
    Object.defineProperty(window, 'scrollY', { value: 640, configurable: true });
    fireEvent.scroll(window);
    fireEvent.click(within(menu()).getByText('My claims'));
    await waitFor(() => expect(here()).toBe('/legal/myclaims/claimList'));
    expect(calls.at(-1)).toEqual([0, 0]);
    Object.defineProperty(window, 'scrollY', { value: 120, configurable: true });
    fireEvent.scroll(window);
    fireEvent.click(within(menu()).getByText('Personal center'));
    await waitFor(() => expect(here()).toBe('/legal/index'));
    expect(calls.at(-1)).toEqual([0, 640]);
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });
});

describe('session', () => {
  it('offers login and register in the top bar while nobody is logged in, and sends the visitor to log in', async () => {
    await renderPortal('/legal/index');
    const bar = await screen.findByTestId('top-bar');
    expect(within(bar).getByTestId('greeting')).toHaveTextContent('Welcome to the Member Center');
    expect(within(bar).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/idprovider/login');
    expect(within(bar).getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/idprovider/register');
    expect(within(bar).queryByText('Log out')).toBeNull();
    expect(within(bar).queryByText('Close privacy authorisation')).toBeNull();
    expect(screen.queryByTestId('personal-centre')).toBeNull();
    await waitFor(() => expect(rec.left).toHaveLength(1));
    expect(new URL(rec.left[0], 'http://portal').pathname).toBe('/idprovider/login');
    expect(screen.queryByTestId('left-menu')).toBeNull();
  });

  it('marks a corporate user by the islegal cookie', () => {
    document.cookie = 'islegal=1; path=/';
    expect(isCorporate(null)).toBe(true);
    document.cookie = 'islegal=; path=/; max-age=0';
    expect(isCorporate(null)).toBe(false);
    expect(isCorporate({ legalFlag: 1 } as never)).toBe(true);
  });

  it('re-checks the login state when the login cookie differs from the value kept in session storage', async () => {
    const { store } = await home('member-senior');
    expect(window.sessionStorage.getItem('mc-sso-seen')).toBeTruthy();
    const before = window.sessionStorage.getItem('mc-sso-seen');
    // Another tab logs in as someone else: the SSO cookie changes behind the portal's back.
    await gw.login('corp-hr');
    fireEvent.click(within(menu()).getByText('My claims'));
    await waitFor(() => expect(screen.getByTestId('greeting')).toHaveTextContent('Hello, 王晓梅 (HR)'));
    await waitFor(() => expect(within(menu()).getByText('Corporate account')).toBeInTheDocument());
    expect(window.sessionStorage.getItem('mc-sso-seen')).not.toBe(before);
    expect(store.getState().session.info?.legalFlag).toBe(1);
  });
});
