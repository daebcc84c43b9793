#!/usr/bin/env node
/**
 * `npm test`: every check and suite, in stages sized for a two-core machine (every part running at
 * once made each of them several times slower and the journeys time out):
 *   1. typecheck, lint and the build side by side (one process each, short);
 *   2. the page and gateway tests (Jest projects client and server, two workers) on SQLite;
 *   3. the browser journeys (Jest project e2e, two workers) against the build, on SQLite;
 *   4. with `--postgres` (TEST_DATABASE_URL naming a PostgreSQL server, as scripts/with-postgres.sh sets
 *      it), the gateway suite a second time, on PostgreSQL (but the files that touch no database).
 * A stage starts when the one before it has ended, also when it failed, so that one run shows every
 * failure. The test output streams; the checks' output is printed when they end. Ends with each part's
 * wall time; fails when any part fails.
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
const results = [];
results.push(
  ...(await Promise.all([
    run('typecheck', node, ['scripts/typecheck.mjs']),
    run('lint', 'npm', ['run', '--silent', 'lint']),
    run('build', 'npm', ['run', '--silent', 'build']),
  ])),
);
results.push(
  await run(
    'test:unit (page and gateway tests, SQLite)',
    node,
    [...jest, '--selectProjects', 'client', 'server', '--maxWorkers=2'],
    {
      stream: true,
      env: sqliteEnv,
    },
  ),
);
const built = results.find((r) => r.name === 'build').code === 0;
results.push(
  built
    ? await run('test:e2e (browser journeys)', node, [...jest, '--selectProjects', 'e2e', '--maxWorkers=2'], {
        stream: true,
        env: sqliteEnv,
      })
    : { name: 'test:e2e (browser journeys): not run, the build failed', code: 1, ms: 0 },
);
/**
 * Gateway-project files that touch no database (the contract's own checks, the picture check's solver,
 * pure functions): the SQLite stage runs them; a second run on PostgreSQL would test nothing new (the
 * solver alone took 36 s of it).
 */
const WITHOUT_DATABASE = [
  '<rootDir>/__tests__/contract/',
  '<rootDir>/__tests__/server/contract/(decode|layers|messages)\\.test\\.ts$',
  '<rootDir>/__tests__/server/security/captchaSolver\\.test\\.ts$',
  '<rootDir>/__tests__/server/correction/(premium|zipBounds)\\.test\\.ts$',
  '<rootDir>/__tests__/server/config\\.test\\.ts$',
];
if (postgres)
  results.push(
    await run(
      'test:pg (gateway tests, PostgreSQL)',
      node,
      [
        ...jest,
        '--selectProjects',
        'server',
        '--maxWorkers=2',
        ...WITHOUT_DATABASE.flatMap((p) => ['--testPathIgnorePatterns', p]),
      ],
      { stream: true },
    ),
  );

process.stdout.write('\n');
for (const r of results) process.stdout.write(`${r.code === 0 ? 'ok  ' : 'FAIL'} ${r.name}: ${seconds(r.ms)}\n`);
process.stdout.write(`npm test: ${seconds(Date.now() - started)}\n`);
process.exit(results.every((r) => r.code === 0) ? 0 : 1);
