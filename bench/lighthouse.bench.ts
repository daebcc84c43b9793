/**
 * Lighthouse (desktop preset, performance only) on the corporate home and the claims query page,
 * logged in as corp-hr (cookies in the browser's profile), against the gateway as `npm start` runs it. Needs a build (`npm run build`)
 * and Chromium (/usr/bin/chromium, or CHROME_PATH); skipped without them. The median of
 * LIGHTHOUSE_RUNS runs (3 by default) per page, by performance score; LIGHTHOUSE_REPORTS=<folder> keeps
 * the JSON reports.
 *   npm run bench -- lighthouse
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { record } from './figures';
import { freePort, loginOverHttp, startGateway } from './support';

const run$ = promisify(execFile);
const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS || 3);
/** A folder to keep the JSON reports in (for Lighthouse's viewer or a closer look). */
const keep = process.env.LIGHTHOUSE_REPORTS;
const cli = path.join(__dirname, '..', 'node_modules', 'lighthouse', 'cli', 'index.js');

const pages = [
  { name: 'corporate home', path: '/legal/index' },
  { name: 'claims query', path: '/legal/legalqueryListClaim' },
];

interface Report {
  finalDisplayedUrl: string;
  categories: { performance: { score: number } };
  audits: Record<string, { numericValue?: number }>;
}

interface Scores {
  score: number;
  tbt: number;
  lcp: number;
  fcp: number;
  cls: number;
}

/**
 * One Lighthouse run in a fresh Chromium profile (a cold cache, as a first visit) holding the
 * session's cookies, as a logged-in browser would: Lighthouse attaches to it and keeps its storage.
 * (Lighthouse's --extra-headers sends a Cookie header with the page but not with the portal's own
 * calls, which then find nobody logged in.)
 */
async function lighthouse(url: string, cookie: string, dir: string, outFile: string): Promise<Scores> {
  const { chromium } = await import('playwright-core');
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(dir, 'profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chrome,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', `--remote-debugging-port=${port}`],
  });
  try {
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const eq = pair.indexOf('=');
        return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url: new URL(url).origin };
      }),
    );
    await run$(
      process.execPath,
      [
        cli,
        url,
        `--port=${port}`,
        '--preset=desktop',
        '--only-categories=performance',
        '--disable-storage-reset',
        '--output=json',
        `--output-path=${outFile}`,
        '--quiet',
      ],
      { env: { ...process.env, CHROME_PATH: chrome }, maxBuffer: 64 * 1024 * 1024 },
    );
  } finally {
    await context.close();
  }
  const report = JSON.parse(fs.readFileSync(outFile, 'utf8')) as Report;
  if (!report.finalDisplayedUrl.startsWith(url.split('?')[0]))
    throw new Error(`Lighthouse measured ${report.finalDisplayedUrl} instead of ${url}: the login did not hold`);
  const audit = (id: string) => report.audits[id]?.numericValue ?? NaN;
  return {
    score: Math.round(report.categories.performance.score * 100),
    tbt: audit('total-blocking-time'),
    lcp: audit('largest-contentful-paint'),
    fcp: audit('first-contentful-paint'),
    cls: audit('cumulative-layout-shift'),
  };
}

/**
 * A run again when Lighthouse itself failed to record the page ("Runtime error encountered", as
 * NO_NAVSTART: its trace missed the navigation), at most twice; any other failure (the login did not
 * hold, Chromium did not start) ends the bench.
 */
async function measured(once: () => Promise<Scores>, what: string): Promise<Scores> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await once();
    } catch (error) {
      const said = /Runtime error encountered: [^\n]*/.exec(String((error as { stderr?: string }).stderr ?? error));
      if (!said || attempt === 3) throw error;
      process.stdout.write(`  ${what}: Lighthouse failed (${said[0]}), measured again\n`);
    }
  }
}

export async function run(): Promise<void> {
  if (!fs.existsSync(chrome)) {
    process.stdout.write(`lighthouse: skipped, no Chromium at ${chrome}\n`);
    return;
  }
  if (!fs.existsSync(path.join(__dirname, '..', 'dist', 'index.html'))) {
    process.stdout.write('lighthouse: skipped, dist/ is missing; run `npm run build` first\n');
    return;
  }
  if (keep) fs.mkdirSync(keep, { recursive: true });
  const gateway = await startGateway();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mc-lighthouse-'));
  try {
    const cookie = await loginOverHttp(gateway.url, 'corp-hr', true);
    process.stdout.write(
      `lighthouse 12, desktop preset, as corp-hr, ${RUNS} run(s) per page, gateway: ${gateway.how}\n`,
    );
    for (const page of pages) {
      const runs: Scores[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        const report = path.join(dir, `report-${i}.json`);
        runs.push(
          await measured(() => lighthouse(gateway.url + page.path, cookie, dir, report), `${page.name} run ${i + 1}`),
        );
        if (keep) fs.copyFileSync(report, path.join(keep, `${page.name.replace(/ /g, '-')}-${i + 1}.json`));
      }
      runs.sort((a, b) => a.score - b.score);
      const mid = runs[Math.floor(runs.length / 2)];
      const all = runs.map((r) => `${r.score}/${Math.round(r.tbt)}`).join(', ');
      process.stdout.write(
        `${page.name.padEnd(16)} performance ${mid.score}  TBT ${Math.round(mid.tbt)} ms  LCP ${(mid.lcp / 1000).toFixed(2)} s  FCP ${(mid.fcp / 1000).toFixed(2)} s  CLS ${mid.cls.toFixed(3)}   (score/TBT of each run: ${all})\n`,
      );
      record({
        figure: `Lighthouse ${page.name} (desktop)`,
        value: `performance ${mid.score}, TBT ${Math.round(mid.tbt)} ms, LCP ${(mid.lcp / 1000).toFixed(2)} s`,
        goal: '>= 95, TBT < 100 ms',
        met: mid.score >= 95 && mid.tbt < 100,
      });
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    await gateway.stop();
  }
}
