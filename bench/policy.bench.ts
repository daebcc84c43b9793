/**
 * Policy area benchmark: the employee view's page call (insuredPersonAndEmployee/queryInsuredPerson
 * filtered by policy, pageSize 20) on a policy grown to 50,000 insured employees, with and without a
 * name search, through app.inject on SQLite; and the e-policy PDF generation time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { growPolicyRoster } from '../src/server/db/seeds/policy';
import type { PeoplePools } from '../src/server/db/seeds/people';
import { cookieHeader } from '../__tests__/server/support/gateway';

const POLICY = 'PGA26310100000415';
const EMPLOYEES = 50_000;
const REQUESTS = 200;

function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  return `p50 ${at(50).toFixed(2)} ms  p95 ${at(95).toFixed(2)} ms  p99 ${at(99).toFixed(2)} ms  (n=${samples.length})`;
}

export async function run(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mc-bench-policy-'));
  const config = loadConfig({ ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', DATA_DIR: dir });
  const database = openDatabase({ databaseUrl: null, dataDir: dir });
  const app = await buildApp({ config, database, logger: false });
  try {
    await app.ready();
    const pools = JSON.parse(fs.readFileSync(path.join(config.fixturesDir, 'demo', 'people.json'), 'utf8')) as PeoplePools;
    let t = performance.now();
    const added = await growPolicyRoster(database.db, pools, POLICY, EMPLOYEES);
    await sql`analyze`.execute(database.db);
    console.log(`policy: grew ${POLICY} by ${added} to ${EMPLOYEES} insured employees in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    const login = await app.inject({
      method: 'POST',
      url: '/idprovider/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=corp-hr&password=Demo%402026&flag=legal&privacy=1',
    });
    const cookie = cookieHeader(login.headers['set-cookie']);
    const call = async (values: Record<string, string | number>) => {
      const started = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/gateway/blocLegal/insuredPersonAndEmployee/queryInsuredPerson',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
        payload: new URLSearchParams({ channelType: '1', policyNo: POLICY, state: '1', pageSize: '20', ...Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])) }).toString(),
      });
      const ms = performance.now() - started;
      const body = res.json();
      if (body.status !== 'SUC_0001') throw new Error(`employee view failed: ${body.statusText}`);
      return { ms, total: body.data.total as number };
    };

    for (let i = 0; i < 20; i += 1) await call({ pageNum: 1 + i });
    const plain: number[] = [];
    let total = 0;
    for (let i = 0; i < REQUESTS; i += 1) {
      const r = await call({ pageNum: 1 + ((i * 37) % 2500) });
      plain.push(r.ms);
      total = r.total;
    }
    const surnames = pools.surnames.slice(0, 40);
    const searched: number[] = [];
    for (let i = 0; i < REQUESTS; i += 1) {
      const given = i % 2 === 0 ? pools.givenMale : pools.givenFemale;
      const keyword = i % 3 === 0 ? surnames[i % surnames.length] : surnames[i % surnames.length] + given[i % given.length];
      searched.push((await call({ pageNum: 1, keyword })).ms);
    }
    const idSearch: number[] = [];
    for (let i = 0; i < 50; i += 1) idSearch.push((await call({ pageNum: 1, keyword: pools.areas[i % pools.areas.length] + '19' })).ms);
    console.log(`policy: employee view (queryInsuredPerson, ${total} insured, pageSize 20, SQLite, app.inject)`);
    console.log(`  pages spread over the list:   ${percentiles(plain)}`);
    console.log(`  with a name search:           ${percentiles(searched)}`);
    console.log(`  with an ID-number prefix:     ${percentiles(idSearch)}`);

    const pdf = async (url: string, policyNo: string) => {
      const started = performance.now();
      const res = await app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded', cookie }, payload: `channelType=1&policyNo=${policyNo}` });
      if (res.headers['content-type'] !== 'application/pdf') throw new Error(`PDF failed: ${res.body.slice(0, 200)}`);
      return { ms: performance.now() - started, bytes: res.rawPayload.length };
    };
    const first = await pdf('/gateway/blocLegal/policyDownload/download', POLICY);
    const epolicy: number[] = [];
    let bytes = 0;
    for (let i = 0; i < 20; i += 1) {
      const r = await pdf('/gateway/blocLegal/policyDownload/download', i % 2 ? POLICY : 'PDA26310100004417');
      epolicy.push(r.ms);
      bytes = r.bytes;
    }
    console.log(`policy: e-policy PDF (policyDownload/download): first ${first.ms.toFixed(0)} ms; then ${percentiles(epolicy)}; ~${Math.round(bytes / 1024)} KB`);
    const cert: number[] = [];
    for (let i = 0; i < 5; i += 1) cert.push((await pdf('/gateway/blocLegal/electronicDocuments/generateForEmployer', 'PEL26310100000352')).ms);
    console.log(`policy: employer certificate PDF with its 176-person roster: ${percentiles(cert)}`);
    t = performance.now();
  } finally {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && /policy\.bench\.ts$/.test(process.argv[1])) {
  run().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
