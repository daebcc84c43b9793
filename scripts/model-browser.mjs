/**
 * `npm run model -- correction --browser [--lang en-US] [--out DIR] [--no-build]`: drives the correction
 * machine's model paths (the covering set of its user model) through the built portal in Chromium against
 * the real gateway, a screenshot per step, and writes a report a tester opens (DIR/index.html; default
 * model-report/correction, Chinese). Builds the portal first unless told not to. Exits with Jest's code;
 * the report is written also when a path fails (its failed step last, with the error).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const machine = args.find((a) => !a.startsWith('--') && a !== option('--lang') && a !== option('--out'));
if (machine !== 'correction') {
  console.error(`a browser report is made for the correction machine: npm run model -- correction --browser`);
  process.exit(2);
}
const lang = option('--lang') === 'en-US' ? 'en-US' : 'zh-CN';
const out = resolve(option('--out') ?? `model-report/${machine}`);

if (!args.includes('--no-build')) {
  const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const run = spawnSync(
  process.execPath,
  [
    'node_modules/jest/bin/jest.js',
    '--selectProjects',
    'model-browser',
    '--runInBand',
    `__tests__/e2e/model/${machine}.browser.ts`,
  ],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_OPTIONS: [process.env.NODE_OPTIONS, '--experimental-vm-modules'].filter(Boolean).join(' '),
      MODEL_LANG: lang,
      MODEL_REPORT_DIR: out,
    },
  },
);
const index = `${out}/index.html`;
console.log(existsSync(index) ? `\nreport: ${index}` : '\nno report was written');
process.exit(run.status ?? 1);
