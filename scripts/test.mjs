#!/usr/bin/env node
/**
 * `npm test`: the typecheck and the lint first (side by side), then the Jest suites of the portal and the gateway
 * (`npm run test:unit`) and, at the same time, the build and the browser journeys (`npm run test:e2e`).
 * The journeys mostly wait on Chromium and the network, so they share the cores with the unit suites
 * instead of running after them. The unit suites' output streams; the journeys' is printed when both
 * are done. Ends with each part's wall time; fails when any part fails.
 */
import { spawn } from 'node:child_process';

const started = Date.now();
const seconds = (ms) => `${Math.round(ms / 1000)} s`;

function run(script, { capture = false } = {}) {
  const begin = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], {
      stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0') },
    });
    const output = [];
    if (capture) {
      child.stdout.on('data', (d) => output.push(d));
      child.stderr.on('data', (d) => output.push(d));
    }
    child.on('close', (code) =>
      resolve({ script, code: code ?? 1, ms: Date.now() - begin, output: Buffer.concat(output).toString() }),
    );
  });
}

const checks = await Promise.all([run('typecheck'), run('lint')]);
const results = [...checks];
if (checks.every((c) => c.code === 0)) {
  process.stdout.write('\n> test:unit and test:e2e (build, then the journeys) side by side\n\n');
  const [unit, e2e] = await Promise.all([run('test:unit'), run('test:e2e', { capture: true })]);
  process.stdout.write(`\n> test:e2e\n${e2e.output}`);
  results.push(unit, e2e);
}
process.stdout.write('\n');
for (const r of results) process.stdout.write(`${r.code === 0 ? 'ok  ' : 'FAIL'} ${r.script}: ${seconds(r.ms)}\n`);
process.stdout.write(`npm test: ${seconds(Date.now() - started)}\n`);
process.exit(results.every((r) => r.code === 0) ? 0 : 1);
