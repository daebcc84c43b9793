import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';

/** The browsers of this journey file (harness.ts adds each one it connects). */
const browsers = new Set<Browser>();

export function watchBrowser(browser: Browser): void {
  browsers.add(browser);
  browser.on('disconnected', () => browsers.delete(browser));
}

/**
 * What every page still open showed when a journey failed: its address and visible text in the log, its
 * picture in the temporary directory. A journey closes its context at its end, so the pages open after a
 * failure are the failed journey's.
 */
export async function reportFailure(journey: string): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mc-journey-failure-'));
  const lines = [`The journey "${journey}" failed; the browser showed:`];
  let n = 0;
  for (const browser of browsers)
    for (const context of browser.contexts())
      for (const page of context.pages()) {
        n += 1;
        const text = await page
          .locator('body')
          .innerText({ timeout: 2_000 })
          .catch((e: Error) => `(no text: ${e.message})`);
        const picture = path.join(dir, `page-${n}.png`);
        await page.screenshot({ path: picture, fullPage: true, timeout: 5_000 }).catch(() => undefined);
        lines.push(`--- page ${n}: ${page.url()} (${picture})`, text.replace(/\n{2,}/g, '\n').slice(0, 3_000));
      }
  if (n === 0) lines.push('(no page open)');
  console.log(lines.join('\n'));
}
