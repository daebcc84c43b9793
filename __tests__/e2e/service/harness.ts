/**
 * The service journeys' world: like ../support/harness.ts (built portal, SQLite in a temporary
 * folder, demo data, Debian's Chromium), and the gateway itself is at hand, for what a person would
 * read elsewhere: the SMS outbox, the insurer's reply command, the captcha's text.
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
import { Captcha } from '../../../src/server/services/captcha';
import { CHROMIUM, DEMO_PASSWORD } from '../support/harness';

export interface ServiceJourney {
  app: FastifyInstance;
  baseUrl: string;
  browser: Browser;
  /** The text every captcha picture of this gateway shows. */
  captchaText: string;
  newPage(): Promise<{ context: BrowserContext; page: Page }>;
  login(page: Page, username: string): Promise<void>;
  smsCode(phone: string): Promise<string>;
  close(): Promise<void>;
}

export async function startServiceJourney(): Promise<ServiceJourney> {
  const distIndex = path.join(__dirname, '../../../dist/index.html');
  if (!fs.existsSync(distIndex)) throw new Error('The portal is not built: run `npm run build` first (npm run test:e2e does).');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mc-e2e-service-'));
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', PORT: '0' });
  const database = openDatabase({ databaseUrl: null, dataDir });
  const app = await buildApp({ config, database, logger: false });
  const captchaText = 'Hx4p';
  app.services.captcha = new Captcha(app.services.db, () => captchaText);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  return {
    app,
    baseUrl,
    browser,
    captchaText,
    async newPage() {
      const context = await browser.newContext({ baseURL: baseUrl, acceptDownloads: true, viewport: { width: 1366, height: 900 } });
      return { context, page: await context.newPage() };
    },
    async login(page, username) {
      await page.goto('/idprovider/login?flag=legal');
      await page.fill('input[name=username]', username);
      await page.fill('input[name=password]', DEMO_PASSWORD);
      await page.check('input[name=privacy]');
      await page.click('button[type=submit]');
      await page.waitForURL(/\/legal\/index/);
    },
    async smsCode(phone) {
      const row = await app.services.db.selectFrom('sms_outbox').select('text').where('phone', '=', phone).orderBy('id', 'desc').executeTakeFirstOrThrow();
      return row.text.match(/\b(\d{6})\b/)![1];
    },
    async close() {
      await browser.close();
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
