/**
 * Scale-out: throughput of the session calls with one gateway, then two behind a round-robin
 * balancer (this process), on one PostgreSQL. Each gateway is a process of its own, as an install
 * runs them. Needs PostgreSQL: `scripts/with-postgres.sh npm run bench -- scaleout`.
 */
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sharedDatabase, startGatewayProcess, type GatewayProcess } from '@tests/support/gatewayProcess';

const CONNECTIONS = 32;
const SECONDS = 8;

async function login(gateway: GatewayProcess): Promise<string> {
  const res = await fetch(`${gateway.url}/idprovider/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    body: new URLSearchParams({ username: 'corp-hr', password: 'Demo@2026', privacy: '1', flag: 'legal' }),
  });
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** The calls every page of the portal makes: login info (GET) and the menu (POST). */
function request(agent: http.Agent, base: string, cookie: string, i: number): Promise<number> {
  const url = new URL(base);
  const post = i % 2 === 1;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method: post ? 'POST' : 'GET',
        path: post ? '/gateway/blocLegal/menu/getEcenterMenus' : '/gateway/blocLegal/login/getLoginInfo?channelType=1',
        headers: post
          ? { cookie, 'content-type': 'application/x-www-form-urlencoded', 'content-length': 13 }
          : { cookie },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(post ? 'channelType=1' : undefined);
  });
}

async function load(gateways: GatewayProcess[], cookie: string) {
  const agents = gateways.map(() => new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS }));
  const latencies: number[] = [];
  let failed = 0;
  let n = 0;
  const until = performance.now() + SECONDS * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const i = n++;
      const which = i % gateways.length;
      const start = performance.now();
      const status = await request(agents[which], gateways[which].url, cookie, i).catch(() => 0);
      latencies.push(performance.now() - start);
      if (status !== 200) failed++;
    }
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const seconds = (performance.now() - began) / 1000;
  for (const agent of agents) agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99), failed, total: latencies.length };
}

export async function run() {
  if (!process.env.TEST_DATABASE_URL) {
    process.stdout.write(
      'skipped: needs PostgreSQL (scripts/with-postgres.sh npm run bench -- scaleout starts a private one)\n',
    );
    return;
  }
  const database = await sharedDatabase();
  const gateways: GatewayProcess[] = [];
  try {
    gateways.push(await startGatewayProcess({ ...database.env, LOG_LEVEL: 'silent' }));
    const cookie = await login(gateways[0]);
    const print = (label: string, r: Awaited<ReturnType<typeof load>>) =>
      process.stdout.write(
        `${label.padEnd(14)} ${r.rps.toFixed(0).padStart(6)} req/s   p50 ${r.p50.toFixed(1)} ms   p99 ${r.p99.toFixed(1)} ms   (${r.total} requests, ${r.failed} failed)\n`,
      );
    process.stdout.write(
      `login info + menu, ${CONNECTIONS} connections, ${SECONDS} s each, PostgreSQL, ${os.cpus().length} cores shared by PostgreSQL, the gateways and this client\n`,
    );
    await load(gateways, cookie); // warm-up: compiled queries, pooled connections
    print('one gateway', await load(gateways, cookie));
    gateways.push(await startGatewayProcess({ ...database.env, LOG_LEVEL: 'silent' }));
    await load(gateways, cookie);
    print('two gateways', await load(gateways, cookie));
  } finally {
    await Promise.all(gateways.map((g) => g.stop()));
    await database.drop();
  }
}
