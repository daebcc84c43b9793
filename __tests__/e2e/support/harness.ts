/**
 * The browser journeys' world: a real gateway (built portal, SQLite in a temporary folder, demo
 * data) listening on a free loopback port, and Debian's Chromium driven by playwright-core.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { openDatabase } from '../../../src/server/db/database';

export const DEMO_PASSWORD = 'Demo@2026';
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export interface Journey {
  baseUrl: string;
  /** The gateway itself (its database at app.services.db), for journeys that need data the demo seed lacks. */
  app: FastifyInstance;
  browser: Browser;
  newPage(): Promise<{ context: BrowserContext; page: Page }>;
  /** Logs in through the identity provider's page, as a person would. */
  login(page: Page, username: string, options?: { corporate?: boolean; password?: string }): Promise<void>;
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
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });

  return {
    baseUrl,
    app,
    browser,
    async newPage() {
      const context = await browser.newContext({
        baseURL: baseUrl,
        acceptDownloads: true,
        viewport: { width: 1366, height: 900 },
      });
      const page = await context.newPage();
      return { context, page };
    },
    async login(page, username, options = {}) {
      await page.goto(`/idprovider/login${options.corporate ? '?flag=legal' : ''}`);
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
