#!/usr/bin/env node
/**
 * `npm test`: every check and suite, each started as soon as it can run, side by side, since most of
 * them wait on something (Chromium, the network, a database) part of the time and the machine's cores
 * are busiest that way:
 *   typecheck, lint, the page and gateway tests (Jest projects client and server) and the build start
 *   at once; the browser journeys (Jest project e2e) start when the build is done. With
 *   `--postgres` (TEST_DATABASE_URL naming a PostgreSQL server, as scripts/with-postgres.sh sets it),
 *   the gateway suite runs a second time on PostgreSQL beside them; the other parts run on SQLite.
 * The page and gateway tests' output streams; every other part's is printed when it ends. Ends with
 * each part's wall time; fails when any part fails.
 */
import { spawn } from 'node:child_process';

const started = Date.now();
const seconds = (ms) => `${Math.round(ms / 1000)} s`;
const postgres = process.argv.includes('--postgres');
const jest = ['node_modules/jest/bin/jest.js'];
const sqliteEnv = { TEST_DATABASE_URL: '' };
if (postgres && !process.env.TEST_DATABASE_URL) {
  process.stderr.write(
    '--postgres needs TEST_DATABASE_URL: run it as scripts/with-postgres.sh npm test -- --postgres\n',
  );
  process.exit(2);
}

function run(name, command, args, { stream = false, env = {} } = {}) {
  const begin = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: stream ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        NODE_OPTIONS: [process.env.NODE_OPTIONS, '--experimental-vm-modules'].filter(Boolean).join(' '),
        FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0'),
        ...env,
      },
    });
    const output = [];
    child.stdout?.on('data', (d) => output.push(d));
    child.stderr?.on('data', (d) => output.push(d));
    child.on('close', (code) => {
      const result = { name, code: code ?? 1, ms: Date.now() - begin };
      if (!stream) process.stdout.write(`\n> ${name} (${seconds(result.ms)})\n${Buffer.concat(output).toString()}`);
      resolve(result);
    });
  });
}

const node = process.execPath;
const parts = [
  run('typecheck', node, ['scripts/typecheck.mjs']),
  run('lint', 'npm', ['run', '--silent', 'lint']),
  run(
    'test:unit (page and gateway tests, SQLite)',
    node,
    [...jest, '--selectProjects', 'client', 'server', '--maxWorkers=2'],
    {
      stream: true,
      env: sqliteEnv,
    },
  ),
  run('build', 'npm', ['run', '--silent', 'build']).then(async (build) => [
    build,
    build.code === 0
      ? await run('test:e2e (browser journeys)', node, [...jest, '--selectProjects', 'e2e', '--maxWorkers=2'], {
          env: sqliteEnv,
        })
      : { name: 'test:e2e (browser journeys)', code: 1, ms: 0 },
  ]),
];
if (postgres)
  parts.push(
    run('test:pg (gateway tests, PostgreSQL)', node, [...jest, '--selectProjects', 'server', '--maxWorkers=1']),
  );

const results = (await Promise.all(parts)).flat();
process.stdout.write('\n');
for (const r of results) process.stdout.write(`${r.code === 0 ? 'ok  ' : 'FAIL'} ${r.name}: ${seconds(r.ms)}\n`);
process.stdout.write(`npm test: ${seconds(Date.now() - started)}\n`);
process.exit(results.every((r) => r.code === 0) ? 0 : 1);
