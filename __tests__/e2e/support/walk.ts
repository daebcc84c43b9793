/**
 * The walk: every route of a user's server menu (hidden entries with a policy of theirs) and the
 * detail pages their lists open, in one language at one window width, each page inspected for
 * language and layout (support/inspect.ts). One browser context per language and width; the
 * language is chosen once with the top bar's switch, as a person would, and must be remembered.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { BrowserContext, Page } from 'playwright-core';
import type { MenuEntry } from '@contract/io/session';
import { policyDetailHref } from '@client/shared/paths';
import { inspectPage, type Finding } from './inspect';
import { motionsEnded, type Journey } from './harness';

export type Lang = 'zh-CN' | 'en-US';
export const LANGS: Lang[] = ['zh-CN', 'en-US'];
/** A phone, a tablet in portrait, a desktop. */
export const WIDTHS = [390, 768, 1440] as const;
const HEIGHT: Record<number, number> = { 390: 844, 768: 1024, 1440: 900 };

/** Latin words a Chinese page may show besides codes, numbers, dates, money and names. */
const LATIN_ALLOWED = ['English', 'Excel', 'App', 'e.g.'];
/** The demo's user names: data, shown as they are (a company's users and roles, the activity log). */
const USER_NAMES = (
  JSON.parse(fs.readFileSync(path.join(__dirname, '../../../fixtures/demo/accounts.json'), 'utf8')) as {
    users: { username: string }[];
  }
).users.map((u) => u.username);

export interface WalkUser {
  username: string;
  corporate: boolean;
}

/** Every CJK-bearing text value of the demo world (names, products, addresses, claim causes...). */
export async function demoData(journey: Journey): Promise<string> {
  const db = journey.app.services.db;
  const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db);
  const values = new Set<string>();
  for (const { name } of tables.rows) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
    for (const row of rows.rows)
      for (const v of Object.values(row))
        if (typeof v === 'string' && /[\u3400-\u9fff]/.test(v) && v.length < 2000) values.add(v);
  }
  return [...values].join('\n');
}

/** The routes a user's menu and lists lead to, with the parameters their pages need. */
export async function walkRoutes(journey: Journey, page: Page, user: WalkUser): Promise<string[]> {
  const menu = await page.evaluate(async () => {
    const answer = await fetch('/gateway/blocLegal/menu/getEcenterMenus', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'channelType=1',
    });
    return ((await answer.json()) as { data: MenuEntry[] }).data;
  });
  const db = journey.app.services.db;
  const owner = await db
    .selectFrom('app_user')
    .select('customer_id')
    .where('username', '=', user.username)
    .executeTakeFirstOrThrow();
  const policies = await db
    .selectFrom('policy')
    .select(['policy_no', 'kind', 'roster'])
    .where('customer_id', '=', owner.customer_id)
    .orderBy('policy_no')
    .execute();
  const withRoster = (roster: string) => policies.find((p) => p.roster === roster)?.policy_no;
  const params: Record<string, string | undefined> = {
    employeeView: withRoster('employee'),
    employeeCorrection: withRoster('employee'),
    insuredCorrection: withRoster('insured'),
  };
  const routes: string[] = [];
  for (const parent of menu)
    for (const child of parent.children) {
      if (child.component === 'External') continue;
      const path = `${parent.path.replace(/\/+$/, '')}/${child.path}`.replace(/\/{2,}/g, '/');
      const policyNo = params[child.name];
      routes.push(policyNo ? `${path}?policyNo=${policyNo}` : path);
    }
  // One detail page per kind of policy the user holds.
  const kinds = new Set<string>();
  for (const p of policies) {
    const href = policyDetailHref(p.kind, p.policy_no);
    const detail = href.split('?')[0];
    if (kinds.has(detail)) continue;
    kinds.add(detail);
    routes.push(href);
  }
  if (policies[0]) routes.push(`/counterPolicyDetails?policyNo=${policies[0].policy_no}`);
  const claim = await db
    .selectFrom('claim')
    .select('claim_no')
    .where('customer_id', '=', owner.customer_id)
    .orderBy('claim_no')
    .executeTakeFirst();
  if (claim && user.corporate) routes.push(`/myclaimsQueryDetail?claimNo=${claim.claim_no}`);
  // A group policy's renewal, prepared for the policies ending within its days (the home page opens it).
  if (user.corporate) {
    await journey.app.services.groupRenewals.settleDue(owner.customer_id);
    const renewal = await db
      .selectFrom('group_renewal')
      .innerJoin('policy', 'policy.id', 'group_renewal.policy_id')
      .select('policy.policy_no')
      .where('group_renewal.customer_id', '=', owner.customer_id)
      .orderBy('policy.policy_no')
      .executeTakeFirst();
    if (renewal) routes.push(`/groupRenewal?policyNo=${renewal.policy_no}`);
  }
  return [...new Set(routes)];
}

export interface WalkSession {
  context: BrowserContext;
  page: Page;
  routes: string[];
  /** Resolves once no request has been under way for a moment since `since` (a Date.now()). */
  quiet(since: number): Promise<void>;
}

/** Counts the page's requests under way, to wait until a page has everything it asked for. */
function requestTracker(page: Page): (since: number) => Promise<void> {
  const underWay = new Set<unknown>();
  let lastChange = Date.now();
  const done = (r: unknown) => {
    underWay.delete(r);
    lastChange = Date.now();
  };
  page.on('request', (r) => {
    underWay.add(r);
    lastChange = Date.now();
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return (since) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (underWay.size === 0 && Date.now() - Math.max(lastChange, since) >= 250) resolve();
        else setTimeout(check, 25);
      };
      check();
    });
}

/** Logs in at the given width, switches to the language with the top bar, and checks it is remembered. */
export async function openWalk(journey: Journey, user: WalkUser, lang: Lang, width: number): Promise<WalkSession> {
  const context = await journey.browser.newContext({
    baseURL: journey.baseUrl,
    viewport: { width, height: HEIGHT[width] ?? 900 },
    hasTouch: width < 992,
    // no animations to wait for (support/harness.ts): the layout is checked as it settles
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  const quiet = requestTracker(page);
  await journey.login(page, user.username, { corporate: user.corporate });
  await page.waitForURL(/\/legal\//);
  await page.getByTestId(user.corporate ? 'corporate-home' : 'personal-home').waitFor();
  const switcher = page.getByRole('combobox', { name: /^(Language|语言)$/ });
  const current = await page.locator('html').getAttribute('lang');
  if (current !== lang) {
    await switcher.click();
    await page.getByRole('option', { name: lang === 'zh-CN' ? '简体中文' : 'English' }).click();
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
  }
  await page.reload();
  await page.getByTestId(user.corporate ? 'corporate-home' : 'personal-home').waitFor();
  if ((await page.locator('html').getAttribute('lang')) !== lang)
    throw new Error(`The language ${lang} was not remembered after a reload`);
  const routes = await walkRoutes(journey, page, user);
  return { context, page, routes, quiet };
}

/**
 * Sets the window to a width (and its usual height) and waits until the page has laid itself out
 * again: what the new width asks for has arrived, nothing moves, the fonts are ready.
 */
export async function resize(walk: WalkSession, width: number): Promise<void> {
  const { page } = walk;
  const size = page.viewportSize();
  if (size?.width === width) return;
  const since = Date.now();
  await page.setViewportSize({ width, height: HEIGHT[width] ?? 900 });
  await page.waitForFunction((w) => window.innerWidth === w, width);
  await settled(walk, since);
}

/** Resolves once the page has what it asked for since `since`, shows no spinner and nothing moves. */
async function settled(walk: WalkSession, since: number): Promise<void> {
  const { page } = walk;
  await walk.quiet(since);
  await page.waitForFunction(
    () =>
      document.querySelector('.mc-content') !== null &&
      !document.querySelector('.mc-page-loading, .ant-spin-spinning, .ant-skeleton-active, .mc-loading-overlay'),
  );
  // The menu folds the group left behind and opens the one of the new page: a folding group clips its
  // labels until its motion ends, so the page is inspected once no menu group is moving.
  await motionsEnded(page);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/**
 * Opens one route inside the running portal (as a menu click does: the router follows the history)
 * and waits until its content has arrived.
 */
export async function visit(walk: WalkSession, route: string, corporate: boolean): Promise<void> {
  const { page } = walk;
  const sep = route.includes('?') ? '&' : '?';
  const target = `/legal${route}${corporate ? `${sep}flag=legal` : ''}`;
  const since = Date.now();
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, target);
  await page.waitForURL((url) => `${url.pathname}${url.search}` === target);
  await settled(walk, since);
}

/** The findings on the page as it is now. */
export async function inspect(page: Page, lang: Lang, width: number, data: string, login: string): Promise<Finding[]> {
  return page.evaluate(inspectPage, {
    lang,
    data,
    latinAllowed: [...LATIN_ALLOWED, ...USER_NAMES, login],
    touch: width < 992,
    datesOneLine: width >= 1200,
    phone: width < 576,
  });
}

/**
 * Opens the page's date pickers and selects one after another (a few of each) and finds the popups
 * that do not fit the window's width; each is closed again before the next.
 */
export async function inspectPopups(page: Page): Promise<Finding[]> {
  const findings: Finding[] = [];
  const POPUPS =
    '.ant-picker-dropdown:not(.ant-picker-dropdown-hidden), .ant-select-dropdown:not(.ant-select-dropdown-hidden)';
  const controls = [
    ...(await page.locator('.mc-content .ant-picker:not(.ant-picker-disabled):visible').all()).slice(0, 4),
    ...(await page.locator('.mc-content .ant-select:not(.ant-select-disabled):visible').all()).slice(0, 4),
  ];
  for (const control of controls) {
    await control.scrollIntoViewIfNeeded();
    await control.click();
    const popup = page.locator(POPUPS).last();
    const opened = await popup
      .waitFor({ state: 'visible', timeout: 3000 })
      .then(() => true)
      .catch(() => false);
    if (opened) {
      await motionsEnded(page);
      const { box, width, name } = await popup.evaluate((el) => ({
        box: el.getBoundingClientRect().toJSON() as DOMRect,
        width: window.innerWidth,
        name: el.className.split(' ')[0],
      }));
      if (box.left < -1 || box.right > width + 1)
        findings.push({
          kind: 'popup outside the window',
          text: `${Math.round(box.left)}..${Math.round(box.right)} px in ${width} px`,
          where: `${name} of ${(await control.getAttribute('class'))?.split(' ')[0] ?? 'control'}`,
        });
    }
    await page.keyboard.press('Escape');
    await page
      .locator(POPUPS)
      .first()
      .waitFor({ state: 'hidden', timeout: 3000 })
      .catch(() => undefined);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await motionsEnded(page);
  }
  return findings;
}

/**
 * Findings on pages being rewritten elsewhere (the roster corrections, the claims pages, the personal
 * centre), by audience, route and kind. Each entry must still be found (the walk fails once it is
 * fixed, so the list only shrinks); anything else found on a page fails the walk.
 */
export const KNOWN: Record<'corporate' | 'personal', Record<string, string[]>> = {
  corporate: {},
  personal: {},
};

/** The findings of a route split into the known ones (by kind) and the rest. */
export function sortFindings(
  known: Record<string, string[]>,
  route: string,
  findings: Finding[],
): { known: string[]; rest: Finding[] } {
  const kinds = known[route] ?? [];
  return {
    known: [...new Set(findings.filter((f) => kinds.includes(f.kind)).map((f) => f.kind))],
    rest: findings.filter((f) => !kinds.includes(f.kind)),
  };
}

/** Findings as lines a person can read in a failed test's message. */
export function describeFindings(findings: Finding[]): string[] {
  return findings.map((f) => `${f.kind}: "${f.text}" at ${f.where}`);
}
