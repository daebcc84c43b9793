#!/usr/bin/env node
// Renders fixtures/documents/seal.svg to seal.png (transparent, 300 x 300 px: enough for the seal's
// 46 mm on the page, and small enough that a zip of hundreds of certificates is written quickly) with
// Debian's Chromium and the project's playwright-core; needs fonts-noto-cjk for the Chinese text. Run
// it when the SVG changes and commit both: the gateway embeds the PNG in certificates of insurance.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'documents');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
try {
  const page = await browser.newPage({ viewport: { width: 300, height: 300 } });
  await page.goto(`file://${path.join(dir, 'seal.svg')}`);
  await page.screenshot({ path: path.join(dir, 'seal.png'), omitBackground: true });
} finally {
  await browser.close();
}
