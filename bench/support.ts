import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { openDatabase } from '@server/db/database';

/** A gateway on a SQLite database in memory, seeded with the demo world. */
export async function benchGateway(): Promise<FastifyInstance> {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: process.env.DATABASE_URL ?? '' });
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, file: ':memory:' });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return app;
}

export async function loginCookie(app: FastifyInstance, username: string, corporate: boolean): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/idprovider/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    payload: new URLSearchParams({
      username,
      password: 'Demo@2026',
      privacy: '1',
      flag: corporate ? 'legal' : '',
    }).toString(),
  });
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  return cookies.map((c) => c.split(';')[0]).join('; ');
}

export interface Timing {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Times `fn` n times (after a warm-up) and answers percentiles in milliseconds. */
export async function time(n: number, fn: (i: number) => Promise<unknown>, concurrency = 1): Promise<Timing> {
  for (let i = 0; i < Math.min(20, n); i += 1) await fn(i);
  const samples: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < n) {
      const i = next;
      next += 1;
      const t = performance.now();
      await fn(i);
      samples.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))];
  return { n, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: samples[samples.length - 1] };
}

export function printTiming(label: string, t: Timing) {
  const f = (v: number) => v.toFixed(2).padStart(8);
  process.stdout.write(
    `${label.padEnd(48)} n=${String(t.n).padStart(5)}  p50 ${f(t.p50)} ms  p95 ${f(t.p95)} ms  p99 ${f(t.p99)} ms  max ${f(t.max)} ms\n`,
  );
}

const root = path.join(__dirname, '..');
const tsxCli = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
/** The gateway as `npm start` runs it: the bundle of `npm run build` when it is there, else the sources through tsx. */
export const compiledGateway = path.join(root, 'dist', 'server', 'main.js');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * CPU time (user + system, milliseconds) a process and its children have used so far, from /proc
 * (Linux; null elsewhere): what a server spent on its answers, whatever else the machine ran meanwhile.
 */
export function cpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    // Fields 14 and 15 of /proc/<pid>/stat, after the parenthesised command name; clock ticks of 10 ms.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    let ms = (Number(fields[11]) + Number(fields[12])) * 10;
    const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    for (const child of children ? children.split(' ') : []) ms += cpuMs(Number(child)) ?? 0;
    return ms;
  } catch {
    return null;
  }
}

export interface Served {
  url: string;
  child: ChildProcess;
  /** How the server was started (for the printout). */
  how: string;
  stop(): Promise<void>;
}

/** Starts a Node program (a .ts file through tsx) on a free port and waits until `ready` answers. */
async function serve(
  script: string,
  env: NodeJS.ProcessEnv,
  readyPath: string,
  logFile: string,
  how: string,
): Promise<Served> {
  const port = await freePort();
  const log = fs.openSync(logFile, 'a');
  const args = script.endsWith('.ts') ? [tsxCli, script] : [script];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_resolve, reject) =>
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}) before answering; see ${logFile}`))),
  );
  const deadline = Date.now() + 120_000;
  const poll = async (): Promise<void> => {
    for (;;) {
      try {
        await fetch(url + readyPath);
        return;
      } catch {
        if (Date.now() > deadline) throw new Error(`${script} did not answer within 120 s; see ${logFile}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  };
  await Promise.race([poll(), exited]);
  exited.catch(() => undefined);
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.removeAllListeners('exit');
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { url, child, how, stop };
}

/**
 * The gateway in its own process, as `npm start` runs it (compiled when built), on a fresh SQLite
 * file seeded with the demo world; logs go to a file as they would in production.
 */
export async function startGateway(env: NodeJS.ProcessEnv = {}): Promise<Served & { dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mc-bench-'));
  const compiled = fs.existsSync(compiledGateway);
  const script = compiled ? compiledGateway : path.join(root, 'src', 'server', 'main.ts');
  const served = await serve(
    script,
    { DATA_DIR: dataDir, DATABASE_URL: '', ...env },
    '/gateway/blocLegal/login/getLoginInfo?channelType=1',
    path.join(dataDir, 'gateway.log'),
    compiled ? 'node dist/server/main.js' : 'tsx src/server/main.ts',
  );
  const stop = async () => {
    const { exitCode, signalCode } = served.child;
    if (exitCode !== null || signalCode !== null) {
      // The gateway ended before the bench stopped it: its log says why, so it stays.
      process.stderr.write(
        `the gateway exited early (${exitCode ?? signalCode}); its log: ${path.join(dataDir, 'gateway.log')}\n`,
      );
      return;
    }
    await served.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { ...served, dataDir, stop };
}

/** A bare Fastify answering fixed JSON bodies (bench/bareFastify.ts), the yardstick of the gateway's figures. */
export async function startBareFastify(bodies: Record<string, unknown>): Promise<Served> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mc-bare-'));
  const file = path.join(dir, 'bodies.json');
  fs.writeFileSync(file, JSON.stringify(bodies));
  const served = await serve(
    path.join(__dirname, 'bareFastify.ts'),
    { BARE_BODIES: file },
    '/ready',
    path.join(dir, 'bare.log'),
    'bare Fastify',
  );
  const stop = async () => {
    await served.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { ...served, stop };
}

/** Logs in over HTTP through the identity provider's form and answers the Cookie header of the session. */
export async function loginOverHttp(url: string, username: string, corporate: boolean): Promise<string> {
  const res = await fetch(`${url}/idprovider/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    body: new URLSearchParams({ username, password: 'Demo@2026', privacy: '1', flag: corporate ? 'legal' : '' }),
  });
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  if (!cookies.some((c) => c.startsWith('MC_SESSION='))) throw new Error(`login of ${username} failed (${res.status})`);
  return cookies.join('; ');
}
