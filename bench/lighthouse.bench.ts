/**
 * Lighthouse 12, performance only, against the gateway as `npm start` runs it, logged in through the
 * browser's profile (cookies): its default mobile run (a mid-range phone, 4x CPU slowdown, slow 4G,
 * simulated) on the member home and My policies as member-senior and on the corporate home as corp-hr;
 * its desktop preset on the corporate home and the claims query as corp-hr. Needs a build
 * (`npm run build`) and Chromium (/usr/bin/chromium, or CHROME_PATH); skipped without them. The median
 * of LIGHTHOUSE_RUNS runs (3 by default) per page and preset, by performance score, the runs of all
 * pages interleaved (one round of every page, then the next) so that the machine's load falls on each
 * alike; LIGHTHOUSE_REPORTS=<folder> keeps the JSON reports; LIGHTHOUSE_PRESETS=mobile (or desktop)
 * runs one preset alone.
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

type Preset = 'mobile' | 'desktop';
const PRESETS = (process.env.LIGHTHOUSE_PRESETS || 'mobile,desktop').split(',') as Preset[];

interface Page {
  name: string;
  path: string;
  user: 'member-senior' | 'corp-hr';
  preset: Preset;
}

const pages: Page[] = [
  { name: 'member home', path: '/legal/index', user: 'member-senior', preset: 'mobile' },
  { name: 'My policies', path: '/legal/mypolicy/policyList', user: 'member-senior', preset: 'mobile' },
  { name: 'corporate home', path: '/legal/index', user: 'corp-hr', preset: 'mobile' },
  { name: 'corporate home', path: '/legal/index', user: 'corp-hr', preset: 'desktop' },
  { name: 'claims query', path: '/legal/legalqueryListClaim', user: 'corp-hr', preset: 'desktop' },
];

/** The goals: Lighthouse's mobile run at 90 with LCP within 2.5 s, the desktop preset at 95 with TBT under 100 ms. */
const goals: Record<Preset, { text: string; met: (s: Scores) => boolean }> = {
  mobile: { text: '>= 90, LCP <= 2.5 s', met: (s) => s.score >= 90 && s.lcp <= 2500 },
  desktop: { text: '>= 95, TBT < 100 ms', met: (s) => s.score >= 95 && s.tbt < 100 },
};

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
export async function lighthouse(
  url: string,
  cookie: string,
  preset: Preset,
  dir: string,
  outFile: string,
): Promise<Scores> {
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
        // Without a preset Lighthouse runs its mobile default.
        ...(preset === 'desktop' ? ['--preset=desktop'] : []),
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
export async function measured(once: () => Promise<Scores>, what: string): Promise<Scores> {
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
    const chosen = pages.filter((page) => PRESETS.includes(page.preset));
    const cookies: Record<string, string> = {};
    for (const user of new Set(chosen.map((page) => page.user)))
      cookies[user] = await loginOverHttp(gateway.url, user, user === 'corp-hr');
    process.stdout.write(
      `lighthouse 12 (${PRESETS.join(', ')}), ${RUNS} run(s) per page, interleaved, gateway: ${gateway.how}\n`,
    );
    const runs = chosen.map((): Scores[] => []);
    for (let i = 0; i < RUNS; i += 1) {
      for (const [n, page] of chosen.entries()) {
        const label = `${page.preset}-${page.name.replace(/ /g, '-')}-${i + 1}`;
        const report = path.join(dir, `${label}.json`);
        runs[n].push(
          await measured(
            () => lighthouse(gateway.url + page.path, cookies[page.user], page.preset, dir, report),
            `${page.preset} ${page.name} run ${i + 1}`,
          ),
        );
        if (keep) fs.copyFileSync(report, path.join(keep, `${label}.json`));
      }
    }
    const medians = chosen.map((page, n) => {
      const sorted = [...runs[n]].sort((a, b) => a.score - b.score);
      const mid = sorted[Math.floor(sorted.length / 2)];
      const all = runs[n].map((r) => `${r.score}/${Math.round(r.tbt)}/${(r.lcp / 1000).toFixed(1)}`).join(', ');
      process.stdout.write(
        `${page.preset.padEnd(7)} ${page.name.padEnd(15)} (${page.user.padEnd(13)}) performance ${String(mid.score).padStart(3)}  TBT ${String(Math.round(mid.tbt)).padStart(5)} ms  LCP ${(mid.lcp / 1000).toFixed(2)} s  FCP ${(mid.fcp / 1000).toFixed(2)} s  CLS ${mid.cls.toFixed(3)}   (score/TBT/LCP of each run: ${all})\n`,
      );
      return mid;
    });
    // The page's figures side by side: the phone's and the desktop's.
    process.stdout.write(`\n${'page'.padEnd(16)} ${'mobile'.padEnd(34)} desktop\n`);
    for (const name of new Set(chosen.map((page) => page.name))) {
      const cell = (preset: Preset) => {
        const n = chosen.findIndex((page) => page.name === name && page.preset === preset);
        if (n < 0) return '-';
        const mid = medians[n];
        return `${mid.score} (TBT ${Math.round(mid.tbt)} ms, LCP ${(mid.lcp / 1000).toFixed(2)} s)`;
      };
      process.stdout.write(`${name.padEnd(16)} ${cell('mobile').padEnd(34)} ${cell('desktop')}\n`);
    }
    for (const [n, page] of chosen.entries()) {
      const mid = medians[n];
      record({
        figure: `Lighthouse ${page.name} (${page.preset})`,
        value: `performance ${mid.score}, TBT ${Math.round(mid.tbt)} ms, LCP ${(mid.lcp / 1000).toFixed(2)} s`,
        goal: goals[page.preset].text,
        met: goals[page.preset].met(mid),
      });
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    await gateway.stop();
  }
}
