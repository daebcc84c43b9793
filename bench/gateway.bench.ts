/**
 * The gateway's hot calls under load, as ratios of a bare Fastify answering the same body on the same
 * machine in the same run: login info (every navigation), the menu (every session) and the corporate
 * policy list (home page and My policy). The gateway runs as `npm start` runs it (the compiled bundle
 * when built), in its own process, on a fresh SQLite file, logging to a file; autocannon sends 50
 * connections from this process, with the headers a browser sends (session cookie, Accept-Encoding).
 *   npm run bench -- gateway        BENCH_SECONDS=10 BENCH_ROUNDS=1 by default
 */
import autocannon from 'autocannon';
import { record } from './figures';
import { cpuMs, loginOverHttp, startBareFastify, startGateway, type Served } from './support';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 1);
const WARM_UP_SECONDS = 2;

interface Call {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  form?: string;
  /** The goal as a share of bare Fastify's throughput, and the p99 ceiling when the goal has one. */
  goalRatio: number;
  goalText: string;
  goalP99Ms?: number;
}

/**
 * Shares of bare Fastify measured with this bench on this machine before the hot path was reworked
 * (tsx src/server/main.ts, 3 rounds of 10 s): the goal for the menu and the policy list is 3x these.
 */
const BEFORE = { menu: 0.154, policyList: 0.091 };

const calls: Call[] = [
  {
    name: 'login/getLoginInfo',
    method: 'GET',
    path: '/gateway/blocLegal/login/getLoginInfo?channelType=1',
    goalRatio: 0.4,
    goalText: '>= 40 % of bare, p99 <= 15 ms',
    goalP99Ms: 15,
  },
  {
    name: 'menu/getEcenterMenus',
    method: 'POST',
    path: '/gateway/blocLegal/menu/getEcenterMenus',
    form: 'channelType=1',
    goalRatio: 3 * BEFORE.menu,
    goalText: `>= 3x before (${(BEFORE.menu * 100).toFixed(1)} % of bare)`,
  },
  {
    name: 'legalPolicy/getLegalPolicyList',
    method: 'POST',
    path: '/gateway/blocLegal/legalPolicy/getLegalPolicyList',
    form: 'channelType=1&pageNum=1&pageSize=10',
    goalRatio: 3 * BEFORE.policyList,
    goalText: `>= 3x before (${(BEFORE.policyList * 100).toFixed(1)} % of bare)`,
  },
];

interface Load {
  rps: number;
  p50: number;
  p99: number;
  bad: number;
  /** CPU time the server process spent per answer (microseconds), when /proc tells it. */
  cpuUs: number | null;
}

async function load(
  url: string,
  method: 'GET' | 'POST',
  headers: Record<string, string>,
  body: string | undefined,
  seconds: number,
  pid?: number,
): Promise<Load> {
  const before = cpuMs(pid);
  const result = await autocannon({ url, method, headers, body, connections: CONNECTIONS, duration: seconds });
  const after = cpuMs(pid);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
    cpuUs:
      before !== null && after !== null && result.requests.total > 0
        ? ((after - before) * 1000) / result.requests.total
        : null,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmtLoad = (l: Load) =>
  `${Math.round(l.rps).toLocaleString('en-US').padStart(7)} req/s  p50 ${String(l.p50).padStart(3)} ms  p99 ${String(l.p99).padStart(3)} ms${l.bad ? `  ${l.bad} failed` : ''}`;

export async function run(): Promise<void> {
  const gateway = await startGateway();
  let bare: Served | null = null;
  try {
    const cookie = await loginOverHttp(gateway.url, 'corp-hr', true);
    const browserHeaders = { cookie, 'accept-encoding': 'gzip, deflate, br' };
    const headersOf = (call: Call) =>
      call.form ? { ...browserHeaders, 'content-type': 'application/x-www-form-urlencoded' } : browserHeaders;

    // The bodies the gateway answers: the bare yardstick answers the same ones.
    const bodies: Record<string, unknown> = {};
    const sizes: Record<string, { raw: number; wire: number; encoding: string }> = {};
    for (const call of calls) {
      const res = await fetch(gateway.url + call.path, {
        method: call.method,
        headers: headersOf(call),
        body: call.form,
      });
      const text = await res.text();
      const body = JSON.parse(text) as { status: string; statusText: string };
      if (body.status !== 'SUC_0001') throw new Error(`${call.name} answered ${body.status}: ${body.statusText}`);
      bodies[`/${call.name}`] = body;
      const wire = await fetch(gateway.url + call.path, {
        method: call.method,
        headers: headersOf(call),
        body: call.form,
      });
      const encoding = wire.headers.get('content-encoding') ?? 'identity';
      // fetch decodes: the length on the wire is the Content-Length header when the answer had one.
      const wireLength = Number(wire.headers.get('content-length') ?? Buffer.byteLength(text));
      await wire.arrayBuffer();
      sizes[call.name] = { raw: Buffer.byteLength(text), wire: wireLength, encoding };
    }
    bare = await startBareFastify(bodies);

    process.stdout.write(
      `gateway: ${gateway.how}; yardstick: bare Fastify 5, same body; autocannon ${CONNECTIONS} connections, ${SECONDS} s, ${ROUNDS} round(s)\n`,
    );
    const ratios: Record<string, number[]> = {};
    const p99s: Record<string, number[]> = {};
    const gateways: Record<string, Load[]> = {};
    const cpuRatios: Record<string, number[]> = {};
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const call of calls) {
        const headers = headersOf(call);
        await load(gateway.url + call.path, call.method, headers, call.form, WARM_UP_SECONDS);
        await load(`${bare.url}/${call.name}`, 'GET', browserHeaders, undefined, WARM_UP_SECONDS);
        const yard = await load(`${bare.url}/${call.name}`, 'GET', browserHeaders, undefined, SECONDS, bare.child.pid);
        const ours = await load(gateway.url + call.path, call.method, headers, call.form, SECONDS, gateway.child.pid);
        const ratio = ours.rps / yard.rps;
        (ratios[call.name] ??= []).push(ratio);
        (p99s[call.name] ??= []).push(ours.p99);
        (gateways[call.name] ??= []).push(ours);
        const cpuRatio = yard.cpuUs !== null && ours.cpuUs ? yard.cpuUs / ours.cpuUs : null;
        if (cpuRatio !== null) (cpuRatios[call.name] ??= []).push(cpuRatio);
        const size = sizes[call.name];
        process.stdout.write(
          `${call.name} (${size.raw} B${size.encoding !== 'identity' ? `, ${size.wire} B ${size.encoding}` : ''})${ROUNDS > 1 ? ` round ${round}` : ''}\n` +
            `  bare     ${fmtLoad(yard)}\n  gateway  ${fmtLoad(ours)}\n  ratio    ${(ratio * 100).toFixed(1)} % of bare\n` +
            (cpuRatio !== null
              ? `  cpu      ${Math.round(ours.cpuUs as number)} µs per answer, bare ${Math.round(yard.cpuUs as number)} µs: ${(cpuRatio * 100).toFixed(1)} % (bare's CPU per answer over the gateway's)\n`
              : ''),
        );
      }
    }
    for (const call of calls) {
      const ratio = median(ratios[call.name]);
      const p99 = median(p99s[call.name]);
      const rps = median(gateways[call.name].map((l) => l.rps));
      const failed = gateways[call.name].some((l) => l.bad > 0);
      record({
        figure: `${call.name} under ${CONNECTIONS} connections`,
        value: `${(ratio * 100).toFixed(1)} % of bare (${Math.round(rps).toLocaleString('en-US')} req/s), p99 ${p99} ms`,
        goal: call.goalText,
        met: !failed && ratio >= call.goalRatio && (call.goalP99Ms === undefined || p99 <= call.goalP99Ms),
      });
      // The same ratio by CPU time per answer: what each server spent, whatever else the machine ran.
      if (cpuRatios[call.name]?.length)
        record({
          figure: `${call.name} CPU per answer`,
          value: `${(median(cpuRatios[call.name]) * 100).toFixed(1)} % of bare's cost`,
          goal: 'context (bare µs / gateway µs)',
          met: null,
        });
    }
  } finally {
    await bare?.stop();
    await gateway.stop();
  }
}
