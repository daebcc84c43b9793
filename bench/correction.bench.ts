/**
 * Corrections: batch import of 10,000 rows (parse + validate + error report), the employee list
 * page of a 50,000-person policy (p50/p95/p99), and getPayStatus p99 under concurrent load.
 * Runs a real gateway in process on an in-memory SQLite database (or PostgreSQL when
 * DATABASE_URL names a database). Figures, not assertions.
 */
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { insurerToday } from '@common/correction';
import { COLUMNS, DATA_SHEET } from '@server/services/corrections/sheets';
import { idNumber, makePolicy as makeTestPolicy } from '@tests/support/factories';
import { benchGateway, loginCookie } from './support';

const PREFIX = '/gateway/blocLegal/';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

async function call(app: FastifyInstance, cookie: string, name: string, values: Record<string, string | number>) {
  const res = await app.inject({
    method: 'POST',
    url: `${PREFIX}${name}`,
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      channelType: '1',
      ...Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])),
    }).toString(),
  });
  return res;
}

/** A group accident policy of corp-hr with `members` people (ID numbers in `region` and on). */
async function makePolicy(app: FastifyInstance, members: number, region: string): Promise<number> {
  const policy = await makeTestPolicy({ app }, { roster: 'employee', members, region });
  return policy.policyId;
}

async function sheet(rows: Array<Record<string, string>>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(DATA_SHEET);
  ws.addRow(COLUMNS.add.map((c) => c.header));
  for (const r of rows) ws.addRow(COLUMNS.add.map((c) => r[c.key] ?? ''));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function multipart(fields: Record<string, string | number>, file: Buffer) {
  const boundary = `----bench${randomBytes(6).toString('hex')}`;
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function gateway() {
  const app = await benchGateway();
  const cookie = await loginCookie(app, 'corp-hr', true);
  return { app, cookie, dialect: app.services.dialect };
}

type Gateway = Awaited<ReturnType<typeof gateway>>;

/** Batch import of 10,000 rows, 1,000 of them wrong: parse + validate (upload), then the error report. */
async function importScenario({ app, cookie }: Gateway): Promise<void> {
  const importPolicy = await makePolicy(app, 2_000, '410100');
  const rows = Array.from({ length: 10_000 }, (_, i) => {
    const birth = `19${70 + (i % 30)}-0${1 + (i % 9)}-1${i % 10}`;
    const good = {
      name: `新员工${String.fromCharCode(65 + (i % 26))}`,
      idNumber: idNumber(birth, i, 'male', String(420100 + Math.floor(i / 500))),
      phone: '13900139000',
      employeeNo: `N${i}`,
      department: 'Import',
    };
    return i % 10 === 9 ? { ...good, phone: '12345' } : good;
  });
  // Warm up (a server that has imported before): the first import in a process also compiles the code paths.
  const warm = multipart(
    {
      channelType: '1',
      policyId: importPolicy,
      effectiveDate: insurerToday(),
      idempotencyKey: `bench_${randomBytes(6).toString('hex')}`,
    },
    await sheet(rows.slice(0, 300)),
  );
  await app.inject({
    method: 'POST',
    url: `${PREFIX}employee/addBatchEmployee`,
    headers: { ...warm.headers, cookie },
    payload: warm.payload,
  });
  const file = await sheet(rows);
  const body = multipart(
    {
      channelType: '1',
      policyId: importPolicy,
      effectiveDate: insurerToday(),
      idempotencyKey: `bench_${randomBytes(6).toString('hex')}`,
    },
    file,
  );
  let t = performance.now();
  const up = await app.inject({
    method: 'POST',
    url: `${PREFIX}employee/addBatchEmployee`,
    headers: { ...body.headers, cookie },
    payload: body.payload,
  });
  const uploadMs = performance.now() - t;
  const result = up.json().data as { importId: number; errorRows: number; totalRows: number };
  t = performance.now();
  const report = await call(app, cookie, 'employee/downloadErrorExcel', { importId: result.importId });
  const reportMs = performance.now() - t;
  console.log(
    `batch import 10,000 rows (${result.errorRows} wrong; ${(file.length / 1024).toFixed(0)} KB): upload + parse + validate ${fmt(uploadMs)}, error report ${fmt(reportMs)} (${(report.rawPayload.length / 1024).toFixed(0)} KB), total ${fmt(uploadMs + reportMs)} (goal < 3000 ms)`,
  );
  const goodFile = await sheet(rows.map((r) => ({ ...r, phone: '13900139000' })));
  const goodBody = multipart(
    {
      channelType: '1',
      policyId: importPolicy,
      effectiveDate: insurerToday(),
      idempotencyKey: `bench_${randomBytes(6).toString('hex')}`,
    },
    goodFile,
  );
  t = performance.now();
  const goodUp = await app.inject({
    method: 'POST',
    url: `${PREFIX}employee/addBatchEmployee`,
    headers: { ...goodBody.headers, cookie },
    payload: goodBody.payload,
  });
  const goodMs = performance.now() - t;
  console.log(`batch import 10,000 good rows into a draft: ${fmt(goodMs)} (ok=${goodUp.json().data?.ok})`);
  const correctionId = goodUp.json().data.correction.correctionId as number;
  t = performance.now();
  const uw = await call(app, cookie, 'employee/underwriting', { correctionId });
  const uwMs = performance.now() - t;
  t = performance.now();
  const approval = await call(app, cookie, 'employee/applyBusinessApprove', {
    correctionId,
    idempotencyKey: `bench_${randomBytes(6).toString('hex')}`,
  });
  console.log(
    `checks + premium of the 10,000-person draft: ${fmt(uwMs)} (net ${uw.json().data?.correction?.netFen} fen); approval checks again: ${fmt(performance.now() - t)} (${approval.json().data?.decision})`,
  );
}

/** The employee list of a 50,000-person policy: random pages, then keyword searches. */
async function listScenario({ app, cookie }: Gateway): Promise<void> {
  const t = performance.now();
  const bigPolicy = await makePolicy(app, 50_000, '430100');
  console.log(`seeded a 50,000-person roster in ${fmt(performance.now() - t)}`);
  const times: number[] = [];
  for (let i = 0; i < 300; i += 1) {
    const pageNum = 1 + ((i * 97) % 2500);
    const s = performance.now();
    const res = await call(app, cookie, 'employee/employeeList', { policyId: bigPolicy, pageNum, pageSize: 20 });
    times.push(performance.now() - s);
    if (i === 0 && res.json().data?.total !== 50_000)
      throw new Error(`unexpected list answer ${res.body.slice(0, 200)}`);
  }
  times.sort((a, b) => a - b);
  console.log(
    `employee list page (50,000 people, 20 a page, 300 pages): p50 ${fmt(percentile(times, 50))}, p95 ${fmt(percentile(times, 95))}, p99 ${fmt(percentile(times, 99))} (goal p95 < 50 ms)`,
  );
  const searches: number[] = [];
  for (let i = 0; i < 50; i += 1) {
    const s = performance.now();
    await call(app, cookie, 'employee/employeeList', {
      policyId: bigPolicy,
      keyword: `E${String(i * 911).padStart(6, '0')}`,
      pageSize: 20,
    });
    searches.push(performance.now() - s);
  }
  searches.sort((a, b) => a - b);
  console.log(
    `employee list search by keyword (50,000 people): p50 ${fmt(percentile(searches, 50))}, p95 ${fmt(percentile(searches, 95))}`,
  );
}

/** getPayStatus under concurrent load: an awaiting-payment correction polled by 50 clients at once. */
async function payStatusScenario({ app, cookie }: Gateway): Promise<void> {
  const payPolicy = await makePolicy(app, 10, '440100');
  const add = await call(app, cookie, 'employee/addSingleEmployee', {
    policyId: payPolicy,
    effectiveDate: insurerToday(),
    idempotencyKey: `bench_${randomBytes(6).toString('hex')}`,
    name: '张三',
    idNumber: idNumber('1990-05-05', 7, 'male', '450100'),
  });
  const correctionId = add.json().data.correction.correctionId as number;
  await call(app, cookie, 'employee/underwriting', { correctionId });
  await call(app, cookie, 'employee/applyBusinessApprove', {
    correctionId,
    idempotencyKey: `bench_${randomBytes(6).toString('hex')}`,
  });
  await call(app, cookie, 'employee/getPaymentLink', {
    correctionId,
    idempotencyKey: `bench_${randomBytes(6).toString('hex')}`,
  });
  for (let i = 0; i < 300; i += 1) await call(app, cookie, 'employee/getPayStatus', { correctionId });
  const concurrency = 50;
  const total = 3_000;
  const latencies: number[] = [];
  let sent = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (sent < total) {
        sent += 1;
        const s = performance.now();
        const res = await call(app, cookie, 'employee/getPayStatus', { correctionId });
        latencies.push(performance.now() - s);
        if (res.json().data?.payStatus !== 'unpaid') throw new Error(`unexpected pay status ${res.body.slice(0, 200)}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  console.log(
    `getPayStatus under load (${total} calls, ${concurrency} concurrent): ${(total / seconds).toFixed(0)} calls/s, p50 ${fmt(percentile(latencies, 50))}, p99 ${fmt(percentile(latencies, 99))}`,
  );
}

/** Each figure on a fresh gateway, so that one scenario's data and garbage do not weigh on the next. */
export async function run(): Promise<void> {
  for (const scenario of [importScenario, listScenario, payStatusScenario]) {
    const g = await gateway();
    if (scenario === importScenario) console.log(`database: ${g.dialect}`);
    try {
      await scenario(g);
    } finally {
      await g.app.close();
    }
  }
}

if (require.main === module) {
  run().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
