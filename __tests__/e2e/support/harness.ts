/**
 * The browser journeys' world: a real gateway (built portal, SQLite in a temporary folder, demo
 * data) listening on a free loopback port, and the run's one Chromium (jest/e2eBrowser.js) driven by
 * playwright-core, in contexts of the file's own.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { chromium, type Browser, type BrowserContext, type Download, type Locator, type Page } from 'playwright-core';
import { buildApp } from '@server/app';
import { watchBrowser } from './failures';
import { loadConfig } from '@server/config';
import { openDatabase } from '@server/db/database';
import { LANGUAGE_NAMES, LOCALES, type Locale } from '@common/i18n';
import { shellMessages } from '@client/app/messages';
import { translate, type MessageKey, type MessageParams } from '@server/messages/catalogue';

export { format, type Locale } from '@common/i18n';

/** The two languages a journey runs in, for describe.each / it.each. */
export const LANGS: readonly Locale[] = LOCALES;

export const DEMO_PASSWORD = 'Demo@2026';

export interface Journey {
  baseUrl: string;
  /** The gateway itself (its database at app.services.db), for journeys that need data the demo seed lacks. */
  app: FastifyInstance;
  browser: Browser;
  newPage(): Promise<{ context: BrowserContext; page: Page }>;
  /** The portal's name (the brand, the end of every document title) in each language. */
  portalName: Record<Locale, string>;
  /** A document title as the portal writes it: the page's title, then the portal's name. */
  title(lang: Locale, pageTitle: string): string;
  /** A text the gateway writes (its catalogue, src/server/messages), in a language. */
  gatewayText(lang: Locale, key: MessageKey, params?: MessageParams): string;
  /**
   * Logs in through the identity provider's page, as a person would. With `lang`, first chooses that
   * language on the page's 中文/English switch (which the portal then starts in, its language cookie).
   */
  login(
    page: Page,
    username: string,
    options?: { corporate?: boolean; password?: string; lang?: Locale },
  ): Promise<void>;
  close(): Promise<void>;
}

export async function startJourney(env: Record<string, string> = {}): Promise<Journey> {
  const distIndex = path.join(__dirname, '../../../dist/index.html');
  if (!fs.existsSync(distIndex))
    throw new Error('The portal is not built: run `npm run build` first (npm run test:e2e does).');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mc-e2e-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    PORT: '0',
    ...env,
  });
  const database = openDatabase({ databaseUrl: null, dataDir });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  // The run's one Chromium, started by the e2e project's global setup (jest/e2eBrowser.js).
  const shared = process.env.E2E_BROWSER_WS;
  if (!shared) throw new Error('No shared Chromium: run the journeys as the e2e project of jest.config.js.');
  const browser = await chromium.connect(shared);
  watchBrowser(browser);

  const portalName = config.portal.portalName;
  return {
    baseUrl,
    app,
    browser,
    portalName,
    title: (lang, pageTitle) => `${pageTitle} - ${portalName[lang]}`,
    gatewayText: (lang, key, params) => translate(lang, key, params),
    async newPage() {
      const context = await browser.newContext({
        baseURL: baseUrl,
        acceptDownloads: true,
        viewport: { width: 1366, height: 900 },
        // as a person who asked the system for less motion: antd opens and closes without animating
        // (shared/AntdScope.tsx), so a journey waits for what a page does, not for its animations
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      return { context, page };
    },
    async login(page, username, options = {}) {
      await page.goto(`/idprovider/login${options.corporate ? '?flag=legal' : ''}`);
      if (options.lang) await chooseIdentityLanguage(page, options.lang);
      await page.fill('input[name=username]', username);
      await page.fill('input[name=password]', options.password ?? DEMO_PASSWORD);
      await page.check('input[name=privacy]');
      await page.click('button[type=submit]');
    },
    async close() {
      await browser.close();
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A download saved into a temporary file, answered by its path (the shared Chromium runs in a
 * process of its own: playwright hands a download's bytes over only through saveAs).
 */
export async function savedDownload(download: Download): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mc-download-')), download.suggestedFilename());
  await download.saveAs(file);
  return file;
}

/** The language an identity page (login, registration, reset) is shown in. */
export async function identityLanguage(page: Page): Promise<Locale> {
  const lang = await page.locator('html').getAttribute('lang');
  return lang?.startsWith('zh') ? 'zh-CN' : 'en-US';
}

/** Chooses a language on an identity page's 中文/English switch, when it is not already shown in it. */
export async function chooseIdentityLanguage(page: Page, lang: Locale): Promise<void> {
  if ((await identityLanguage(page)) === lang) return;
  await page.getByTestId('switch-language').click();
  await page.locator(`html[lang^="${lang.slice(0, 2)}"]`).waitFor({ state: 'attached' });
}

/**
 * Chooses a language on the portal's top-bar switch (labelled in the language shown, `from`) and
 * waits until the portal speaks it.
 */
export async function switchPortalLanguage(page: Page, from: Locale, to: Locale): Promise<void> {
  await page.getByRole('combobox', { name: shellMessages[from].language }).click();
  await page.getByRole('option', { name: LANGUAGE_NAMES[to] }).click();
  await page.waitForFunction((want) => document.documentElement.lang === want, to);
}

/**
 * A button's accessible name as antd draws it: a label of exactly two Chinese characters gets a space
 * between them ("提 交"), as Chinese interfaces set short buttons. Use for getByRole('button', { name }).
 */
export function buttonName(text: string): string | RegExp {
  const chars = [...text];
  return chars.length === 2 && chars.every((c) => /\p{Script=Han}/u.test(c))
    ? new RegExp(`^${chars[0]}\\s?${chars[1]}$`)
    : text;
}

/**
 * A catalogue text as a whole-text pattern, its placeholders standing for patterns (or fixed
 * values): `textPattern(m.total, { total: /[1-9][0-9]+/ })` matches "12 in all" and "共 12 条".
 */
export function textPattern(template: string, values: Record<string, string | number | RegExp>): RegExp {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const source = template
    .split(/(\{\w+\})/)
    .map((part) => {
      const key = /^\{(\w+)\}$/.exec(part)?.[1];
      if (key === undefined || !(key in values)) return escape(part);
      const v = values[key];
      return v instanceof RegExp ? `(?:${v.source})` : escape(String(v));
    })
    .join('');
  return new RegExp(`^${source}$`);
}

/**
 * A dialog (antd's Modal, role dialog) once it has opened: shown, and its zoom in over. A press during the
 * zoom can come to nothing: the button grows under the pointer between the press and the release, the
 * two land on different elements and the browser sends no click (a person takes longer than the 0.3 s
 * the zoom lasts; a test took 88 ms). Answers the dialog.
 */
export async function openedDialog(dialog: Locator): Promise<Locator> {
  await dialog.and(dialog.page().locator('.ant-modal:not([class*="-appear"]):not([class*="-enter"])')).waitFor();
  return dialog;
}

/**
 * Resolves once nothing moves: no group of the left menu unfolding (its CSS animations and
 * transitions), nothing of antd's folding, no drawer or dialog sliding in or out. A menu entry inside a
 * group that is still unfolding, or a drawer measured while it slides in, is not where a person would
 * click or see it.
 */
export async function motionsEnded(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.querySelector(
        '[class*="-motion-collapse-"], [class*="-motion-"][class*="-enter"], [class*="-motion-"][class*="-appear"], [class*="-motion-"][class*="-leave"]',
      ) &&
      !document.getAnimations().some((a) => {
        const target = (a.effect as KeyframeEffect | null)?.target;
        return a.playState === 'running' && !!target?.closest('.mc-nav');
      }),
  );
}

/**
 * Opens a page from the left menu as a person does: its group unfolded first when the entry is not
 * showing, the entry clicked once nothing moves (an entry inside a group that is still unfolding is
 * not where it will be when the click lands: under load the click took the entry above it), the
 * navigation awaited along with the click.
 */
export async function fromSidebar(page: Page, lang: Locale, group: string, entry: string, url: RegExp): Promise<void> {
  const menu = page.getByRole('menu', { name: shellMessages[lang].mainMenu });
  // an entry, not a group's title (a group and its first entry may share a title: 'My policy')
  const item = menu.getByRole('menuitem', { name: entry, exact: true }).and(page.locator(':not([aria-expanded])'));
  if (!(await item.isVisible())) {
    await menu.locator('[role=menuitem][aria-expanded]').getByText(group, { exact: true }).click();
  }
  await item.waitFor({ state: 'visible' });
  await motionsEnded(page);
  await Promise.all([page.waitForURL(url), item.click()]);
}

/**
 * Shows a menu entry by opening its group when it is folded. Right after a login the frame can still
 * be drawn again once the login check answers, folding a group opened a moment before: the group is
 * opened again then (at most three times), as a person would click it again.
 */
export async function showMenuEntry(page: Page, lang: Locale, entry: Locator, group: string): Promise<void> {
  const menu = page.getByRole('menu', { name: shellMessages[lang].mainMenu });
  for (let tries = 0; tries < 3 && !(await entry.isVisible()); tries += 1) {
    await menu.getByText(group, { exact: true }).first().click();
    await entry.waitFor({ state: 'visible', timeout: 5_000 }).catch(() => undefined);
  }
}

/** Waits for the correction flow's machine to be in a state (its data-state), named or matched. */
export async function waitState(page: Page, state: string | RegExp, timeout = 20_000) {
  await page.waitForFunction(
    ([s, isRe]) => {
      const v = document.querySelector('[data-testid=correction-flow]')?.getAttribute('data-state') ?? '';
      return isRe ? new RegExp(s).test(v) : v === s;
    },
    [state instanceof RegExp ? state.source : state, state instanceof RegExp] as const,
    { timeout },
  );
}
