/**
 * Corrections: batch import of 10,000 rows (parse + validate + error report), the employee list
 * page of a 50,000-person policy (p50/p95/p99), and getPayStatus p99 under concurrent load.
 * Runs a real gateway in process on an in-memory SQLite database (or PostgreSQL when
 * DATABASE_URL names a database). Figures, not assertions.
 */
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { addDays, insurerToday } from '../src/common/correction';
import { checkCharacter } from '../src/common/idNumber';
import { COLUMNS, DATA_SHEET } from '../src/server/services/corrections/sheets';
import { countyCodes } from '../src/server/services/divisions';
import { benchGateway, loginCookie } from './support';

const PREFIX = '/gateway/blocLegal/';

function id(birth: string, seq: number, region: string): string {
  const first17 = `${region}${birth.replace(/-/g, '')}${String((seq % 500) * 2 + 1).padStart(3, '0')}`;
  return first17 + checkCharacter(first17);
}

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

async function makePolicy(app: FastifyInstance, customerId: number, members: number, region: string): Promise<number> {
  const db = app.services.db;
  const start = addDays(insurerToday(), -30);
  const now = new Date().toISOString();
  const row = await db
    .insertInto('policy')
    .values({
      policy_no: `BENCH${randomBytes(4).toString('hex')}`,
      customer_id: customerId,
      kind: 'group_accident',
      product_code: 'GA01',
      product_name: 'Group accident (bench)',
      state: 1,
      holder_name: 'Bench Co.',
      insured_name: null,
      issue_date: start,
      start_date: start,
      end_date: addDays(start, 364),
      premium_fen: 0,
      sum_insured_fen: 0,
      payment_state: 1,
      auto_renew: 2,
      roster: 'employee',
      min_members: 0,
      min_age: 16,
      max_age: 65,
      details: '{}',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('policy_rate')
    .values({ policy_id: row.id, risk_category: 1, annual_premium_fen: 36_500 })
    .execute();
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < members; i += 500) {
      const rows = [];
      for (let j = i; j < Math.min(members, i + 500); j += 1) {
        const birth = `19${70 + (j % 30)}-${String(1 + (j % 12)).padStart(2, '0')}-${String(1 + (j % 28)).padStart(2, '0')}`;
        rows.push({
          policy_id: row.id,
          customer_id: customerId,
          name: `员工${j}`,
          id_type: 'ID',
          id_number: id(birth, j, String(Number(region) + Math.floor(j / 500))),
          sex: 'male',
          birthdate: birth,
          phone: '13800138000',
          employee_no: `B${j}`,
          department: 'Bench',
          occupation_code: null,
          occupation_name: null,
          risk_category: null,
          bank_name: null,
          bank_account: null,
          effective_date: start,
          end_date: null,
          state: 1,
          created_at: now,
          updated_at: now,
        });
      }
      await trx.insertInto('insured_person').values(rows).execute();
    }
  });
  return row.id;
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
  const customer = await app.services.db
    .selectFrom('app_user')
    .select('customer_id')
    .where('username', '=', 'corp-hr')
    .executeTakeFirstOrThrow();
  return { app, cookie, customer, dialect: app.services.dialect };
}

type Gateway = Awaited<ReturnType<typeof gateway>>;

/**
 * Latencies of a light call (account/state) made every 10 ms while `work` runs, beside a baseline
 * taken just before: what every other user of the gateway sees during an import.
 */
async function lightCallsDuring(app: FastifyInstance, cookie: string, work: () => Promise<unknown>) {
  const light = () => call(app, cookie, 'account/state', {});
  const baseline: number[] = [];
  for (let i = 0; i < 100; i += 1) {
    const s = performance.now();
    await light();
    baseline.push(performance.now() - s);
  }
  const during: number[] = [];
  let running = true;
  const probe = (async () => {
    while (running) {
      const s = performance.now();
      await light();
      during.push(performance.now() - s);
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  const t = performance.now();
  await work();
  const workMs = performance.now() - t;
  running = false;
  await probe;
  baseline.sort((a, b) => a - b);
  during.sort((a, b) => a - b);
  return { workMs, baseline, during };
}

const REGIONS = countyCodes();

/** Batch import of 10,000 rows, 1,000 of them wrong: parse + validate (upload), then the error report. */
async function importScenario({ app, cookie, customer }: Gateway): Promise<void> {
  const importPolicy = await makePolicy(app, customer.customer_id, 2_000, '410100');
  const rows = Array.from({ length: 10_000 }, (_, i) => {
    const birth = `19${70 + (i % 30)}-0${1 + (i % 9)}-1${i % 10}`;
    const good = {
      name: `新员工${String.fromCharCode(65 + (i % 26))}𠮷`,
      idNumber: id(birth, i, REGIONS[200 + Math.floor(i / 500)]),
      phone: '13900139000',
      employeeNo: `N${i}`,
      department: `销区北华客财销${i % 300}部`,
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
  let up: Awaited<ReturnType<typeof app.inject>> | null = null;
  const upLight = await lightCallsDuring(app, cookie, async () => {
    up = await app.inject({
      method: 'POST',
      url: `${PREFIX}employee/addBatchEmployee`,
      headers: { ...body.headers, cookie },
      payload: body.payload,
    });
  });
  const uploadMs = upLight.workMs;
  if (!up) throw new Error('no answer');
  up = up as Awaited<ReturnType<typeof app.inject>>;
  const result = up.json().data as { importId: number; errorRows: number; totalRows: number };
  console.log(
    `light call during that upload: p50 ${fmt(percentile(upLight.during, 50))}, p99 ${fmt(percentile(upLight.during, 99))}, max ${fmt(upLight.during[upLight.during.length - 1])}`,
  );
  let report: Awaited<ReturnType<typeof call>> | null = null;
  const reportLight = await lightCallsDuring(app, cookie, async () => {
    report = await call(app, cookie, 'employee/downloadErrorExcel', { importId: result.importId });
  });
  const reportMs = reportLight.workMs;
  if (!report) throw new Error('no report');
  report = report as Awaited<ReturnType<typeof call>>;
  console.log(
    `batch import 10,000 rows (${result.errorRows} wrong; ${(file.length / 1024).toFixed(0)} KB): upload + parse + validate ${fmt(uploadMs)}, error report ${fmt(reportMs)} (${(report.rawPayload.length / 1024).toFixed(0)} KB), total ${fmt(uploadMs + reportMs)} (goal < 3000 ms)`,
  );
  console.log(
    `light call during that error report: p50 ${fmt(percentile(reportLight.during, 50))}, p99 ${fmt(percentile(reportLight.during, 99))}, max ${fmt(reportLight.during[reportLight.during.length - 1])}`,
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
  let goodUp: Awaited<ReturnType<typeof app.inject>> | null = null;
  const light = await lightCallsDuring(app, cookie, async () => {
    goodUp = await app.inject({
      method: 'POST',
      url: `${PREFIX}employee/addBatchEmployee`,
      headers: { ...goodBody.headers, cookie },
      payload: goodBody.payload,
    });
  });
  if (!goodUp) throw new Error('no answer');
  goodUp = goodUp as Awaited<ReturnType<typeof app.inject>>;
  console.log(
    `batch import 10,000 good rows into a draft: ${fmt(light.workMs)} (ok=${goodUp.json().data?.ok}; goal < 2000 ms)`,
  );
  console.log(
    `light call (account/state) during that import: ${light.during.length} calls, p50 ${fmt(percentile(light.during, 50))}, p99 ${fmt(percentile(light.during, 99))}, max ${fmt(light.during[light.during.length - 1])}; before it: p50 ${fmt(percentile(light.baseline, 50))}, p99 ${fmt(percentile(light.baseline, 99))}`,
  );
  const correctionId = goodUp.json().data.correction.correctionId as number;
  let t = performance.now();
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
async function listScenario({ app, cookie, customer }: Gateway): Promise<void> {
  const t = performance.now();
  const bigPolicy = await makePolicy(app, customer.customer_id, 50_000, '430100');
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
    await call(app, cookie, 'employee/employeeList', { policyId: bigPolicy, keyword: `B${i * 911}`, pageSize: 20 });
    searches.push(performance.now() - s);
  }
  searches.sort((a, b) => a - b);
  console.log(
    `employee list search by keyword (50,000 people): p50 ${fmt(percentile(searches, 50))}, p95 ${fmt(percentile(searches, 95))}`,
  );
}

/** getPayStatus under concurrent load: an awaiting-payment correction polled by 50 clients at once. */
async function payStatusScenario({ app, cookie, customer }: Gateway): Promise<void> {
  const payPolicy = await makePolicy(app, customer.customer_id, 10, '440100');
  const add = await call(app, cookie, 'employee/addSingleEmployee', {
    policyId: payPolicy,
    effectiveDate: insurerToday(),
    idempotencyKey: `bench_${randomBytes(6).toString('hex')}`,
    name: '张三',
    idNumber: id('1990-05-05', 7, '450100'),
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
