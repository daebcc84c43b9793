import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';

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
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
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
