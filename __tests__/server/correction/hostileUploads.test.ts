/**
 * No upload can stall the gateway: hostile files (a zip bomb whose directory lies about its sizes,
 * a sheet of rows without row numbers far beyond any roster, a sheet of a million tiny cells) are
 * refused by what they hold, measured before they are read (zipBounds.test.ts shows the measure
 * stops at the first bound), while light calls made all the while are answered (their latency is
 * `npm run bench -- uploads`'s). The worker pool under them stops a task at its
 * deadline or its memory limit and goes on serving.
 */
import path from 'node:path';
import zlib from 'node:zlib';
import { callPath, type CallName } from '@contract/calls';
import { LOCALE_COOKIE } from '@contract/locale';
import type { Envelope } from '@contract/envelope';
import { WorkerBusy, WorkerOutOfMemory, WorkerPool, WorkerTimeout } from '@server/services/workerPool';
import {
  inline,
  issueBomb,
  rowsWithoutNumbers,
  slowWorkbook,
  SHEET_CLOSE,
  SHEET_OPEN,
  workbook,
} from '@tests/support/hostileWorkbooks';
import { startGateway, type TestGateway } from '../support/gateway';
import { idNumber, key, makePolicy, multipart, today, type TestPolicy } from './support';

let gw: TestGateway;
let hr: string;
let policy: TestPolicy;
/** Uploads and light calls go over real HTTP, in the chunks a network delivers. */
let base: string;
beforeAll(async () => {
  gw = await startGateway();
  hr = await gw.login('corp-hr');
  base = await gw.app.listen({ port: 0, host: '127.0.0.1' });
  policy = await makePolicy(gw);
  // A gateway that has read a file before: the worker thread is up.
  const warm = await upload('blocLegal/employee/addBatchEmployee', {
    name: 'warm.csv',
    data: Buffer.from(`Name,ID number\nWarm Up,${idNumber('1990-01-01', 1, 'male', policy.region)}\n`),
  });
  expect(warm.status).toBe('SUC_0001');
});
afterAll(() => gw.close());

async function upload(
  name: CallName,
  file: { name: string; data: Buffer },
  target: TestPolicy = policy,
  cookie: string = hr,
): Promise<Envelope<unknown>> {
  const body = multipart(
    { channelType: '1', policyId: target.policyId, effectiveDate: today(), idempotencyKey: key() },
    file,
  );
  const res = await fetch(`${base}${callPath(name, gw.config.portal.gatewayPrefix)}`, {
    method: 'POST',
    headers: { ...body.headers, cookie },
    body: body.payload,
  });
  return (await res.json()) as Envelope<unknown>;
}

/** One light call (the session's account state): what every other user is doing meanwhile. */
async function light(): Promise<void> {
  const res = await fetch(`${base}${callPath('blocLegal/account/state', gw.config.portal.gatewayPrefix)}`, {
    method: 'POST',
    headers: { cookie: hr, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'channelType=1',
  });
  expect(((await res.json()) as Envelope<unknown>).status).toBe('SUC_0001');
}

/**
 * Runs an upload while a light call is made every few milliseconds; answers the upload's answer and
 * how many light calls were answered meanwhile (each of them answered well: `light` asserts it).
 * How long they took is `npm run bench -- uploads`'s to measure, not a test's.
 */
async function whileLight(send: () => Promise<Envelope<unknown>>) {
  let done = false;
  let answered = 0;
  const answer = send().finally(() => {
    done = true;
  });
  while (!done) {
    await light();
    answered += 1;
    await new Promise((r) => setTimeout(r, 5));
  }
  return { answer: await answer, answered };
}

/** The refusals of a workbook's bounds (the first reached while it is measured). */
const BOUNDS = /^The workbook (is too large once unpacked \(over 32 MB\)|has too many filled cells \(over 300,000\))/;

describe('hostile uploads', () => {
  it('reads a sheet whose rows carry no row numbers', async () => {
    const id = idNumber('1991-02-03', 7, 'male', policy.region);
    const sheet = Buffer.from(
      `${SHEET_OPEN}<row>${inline('Name')}${inline('ID number')}</row><row>${inline('Row Less')}${inline(id)}</row>${SHEET_CLOSE}`,
    );
    const res = await upload(
      'blocLegal/employee/addBatchEmployee',
      { name: 'rows.xlsx', data: workbook({ data: sheet }) },
      await makePolicy(gw),
    );
    expect(res).toMatchObject({ status: 'SUC_0001', data: { ok: true, totalRows: 1 } });
  });

  it('refuses a zip bomb whose directory declares small sizes, other calls answered', async () => {
    const huge = Buffer.alloc(120 * 1024 * 1024, 0x20);
    const deflated = zlib.deflateRawSync(huge, { level: 9 });
    const bomb = workbook({ deflated, declared: 2_000 });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const r = await whileLight(() => upload('blocLegal/employee/addBatchEmployee', { name: 'bomb.xlsx', data: bomb }));
    expect(r.answer).toMatchObject({
      status: 'ERR_0003',
      statusText:
        'The workbook is too large once unpacked (over 32 MB); keep only the sheet of people, with at most 10,000 rows.',
    });
    expect(r.answered).toBeGreaterThan(0);
  });

  it.each([
    ['groupSubtractUpload', 'blocLegal/employee/groupSubtractUpload'],
    ['groupExchangeUpload', 'blocLegal/employee/groupExchangeUpload'],
    ['addBatchInsured', 'blocLegal/correctInsured/addBatchInsured'],
  ] as const)(
    'refuses an 80 MB sheet of rows without row numbers through %s',
    async (_n, call) => {
      const sheet = rowsWithoutNumbers(`<row>${inline('x')}${inline('y')}</row>`, 81 * 1024 * 1024);
      const file = workbook({ deflated: zlib.deflateRawSync(sheet), declared: 80_000 });
      expect(file.length).toBeLessThan(1024 * 1024);
      const target = call.includes('correctInsured') ? await makePolicy(gw, { roster: 'insured' }) : policy;
      const saved = policy;
      policy = target;
      try {
        const r = await whileLight(() => upload(call, { name: 'rows.xlsx', data: file }));
        expect(r.answer.statusText).toMatch(BOUNDS);
        expect(r.answered).toBeGreaterThan(0);
      } finally {
        policy = saved;
      }
    },
    30_000,
  );

  it('refuses a sheet of more than 300,000 cells before parsing it', async () => {
    const sheet = rowsWithoutNumbers(`<row>${'<c><v>1</v></c>'.repeat(50)}</row>`, 20 * 1024 * 1024);
    const file = workbook({ deflated: zlib.deflateRawSync(sheet), declared: sheet.length });
    const r = await whileLight(() => upload('blocLegal/employee/addBatchEmployee', { name: 'cells.xlsx', data: file }));
    expect(r.answer.statusText).toBe(
      'The workbook has too many filled cells (over 300,000); keep only the sheet of people and the columns of the template.',
    );
    expect(r.answered).toBeGreaterThan(0);
  });

  it('refuses 10 MB of CSV rows beyond the limit, other calls answered', async () => {
    const line = `Some Body,${idNumber('1990-01-01', 3, 'male', policy.region)}\n`;
    const csv = Buffer.from(`Name,ID number\n${line.repeat(Math.floor((9.5 * 1024 * 1024) / line.length))}`);
    const r = await whileLight(() => upload('blocLegal/employee/addBatchEmployee', { name: 'big.csv', data: csv }));
    expect(r.answer.statusText).toBe(
      'The file has more than 10,000 data rows; split it into files of at most 10,000 rows.',
    );
    expect(r.answered).toBeGreaterThan(0);
  });
});

describe('one customer’s files and another’s', () => {
  let closing: string;
  let closingPolicy: TestPolicy;
  const oneRow = () => ({
    name: 'one.csv',
    data: Buffer.from(`Name,ID number\nOne Row,${idNumber('1990-01-01', 9, 'male', policy.region)}\n`),
  });
  beforeAll(async () => {
    closing = await gw.login('corp-closing');
    closingPolicy = await makePolicy(gw, { username: 'corp-closing' });
  });

  it('refuses the 75 MB workbook of 0.5 MB by what it holds unpacked, before reading it', async () => {
    const bomb = issueBomb();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const res = await upload(
      'blocLegal/employee/addBatchEmployee',
      { name: 'big.xlsx', data: bomb },
      closingPolicy,
      closing,
    );
    expect(res.statusText).toMatch(BOUNDS);
  }, 30_000);

  it('answers a one-row import at once while another customer’s slow files are read', async () => {
    const slow = slowWorkbook(1_000);
    const mine = await makePolicy(gw);
    const answered: string[] = [];
    const slowOne = async () => {
      const res = await upload(
        'blocLegal/employee/addBatchEmployee',
        { name: 'slow.xlsx', data: slow },
        closingPolicy,
        closing,
      );
      answered.push('slow');
      return res;
    };
    const oneRowImport = async () => {
      const res = await upload('blocLegal/employee/addBatchEmployee', oneRow(), mine);
      answered.push('mine');
      return res;
    };
    // Both threads up first, so that neither waits for a thread to start.
    await Promise.all([
      upload('blocLegal/employee/addBatchEmployee', oneRow(), await makePolicy(gw)),
      upload('blocLegal/employee/addBatchEmployee', oneRow(), closingPolicy, closing),
    ]);
    // Three slow files at once (all a customer may have in flight), then the one-row import.
    const flood = [slowOne(), slowOne(), slowOne()];
    expect(await oneRowImport()).toMatchObject({ status: 'SUC_0001', data: { ok: true, totalRows: 1 } });
    const answers = await Promise.all(flood);
    for (const a of answers) expect(a.statusText).toMatch(/^No sheet has a header row/);
    // The one-row import did not wait for any of them: it was answered before the first slow file was.
    // (Told by the order of the answers, not by a wall time, which a busy machine stretches.)
    expect(answered).toEqual(['mine', 'slow', 'slow', 'slow']);
  }, 30_000);

  it('tells a customer with too many files in flight to wait, in their language, and imports nothing', async () => {
    const slow = slowWorkbook(400);
    const before = await gw.app.services.db
      .selectFrom('correction_import')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const send = (cookie: string) =>
      upload('blocLegal/employee/addBatchEmployee', { name: 'slow.xlsx', data: slow }, closingPolicy, cookie);
    // Four at once: three are read (one after another), the fourth is refused at once.
    const round = async (cookie: string) => {
      const answers = await Promise.all([send(cookie), send(cookie), send(cookie), send(cookie)]);
      const refused = answers.filter((a) => a.status === 'ERR_0003' && !/header|表头/.test(a.statusText ?? ''));
      expect(refused).toHaveLength(1);
      return refused[0].statusText;
    };
    expect(await round(closing)).toBe(
      'Your company already has 3 files being read; wait until they are done before uploading another. Nothing was imported.',
    );
    expect(await round(`${closing}; ${LOCALE_COOKIE}=zh-CN`)).toBe(
      '贵公司已有 3 个文件正在读取，请等这些文件读取完毕后再上传。本次未导入任何内容。',
    );
    const after = await gw.app.services.db
      .selectFrom('correction_import')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  }, 30_000);
});

describe('the worker pool', () => {
  const file = path.join(__dirname, '../support/poolWorker.ts');

  it('stops a task at its deadline and goes on serving, the event loop free all the while', async () => {
    // The deadline leaves a loaded machine time to start the worker thread for the first task.
    const pool = new WorkerPool<number | 'spin', number>({ file, size: 1, taskMs: 2_000 });
    try {
      expect(await pool.run(2)).toBe(4);
      let ticks = 0;
      const timer = setInterval(() => (ticks += 1), 10);
      const t = performance.now();
      await expect(pool.run('spin')).rejects.toBeInstanceOf(WorkerTimeout);
      clearInterval(timer);
      expect(performance.now() - t).toBeGreaterThanOrEqual(1_990);
      expect(ticks).toBeGreaterThan(10);
      expect(await pool.run(3)).toBe(6);
    } finally {
      await pool.close();
    }
  });

  it('fails a task that exceeds its memory limit, and only that one', async () => {
    const pool = new WorkerPool<number | 'hog', number>({
      file,
      size: 1,
      taskMs: 20_000,
      resourceLimits: { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 8 },
    });
    try {
      await expect(pool.run('hog')).rejects.toBeInstanceOf(WorkerOutOfMemory);
      expect(await pool.run(5)).toBe(10);
    } finally {
      await pool.close();
    }
  });

  it('serves customers in turn: a customer’s tasks queue behind each other, not in front of another’s', async () => {
    const pool = new WorkerPool<{ value: number; ms: number }, number>({ file, size: 1, taskMs: 5_000 });
    try {
      expect(await pool.run({ value: 0, ms: 0 }, [], 'warm')).toBe(0);
      const done: string[] = [];
      const task = (owner: string, n: number) =>
        pool.run({ value: n, ms: 150 }, [], owner).then(() => done.push(`${owner}${n}`));
      const flood = [task('A', 1), task('A', 2), task('A', 3)];
      const other = task('B', 1);
      await Promise.all([...flood, other]);
      expect(done).toEqual(['A1', 'B1', 'A2', 'A3']);
    } finally {
      await pool.close();
    }
  });

  it('refuses a customer with too many tasks waiting or running, and still takes another’s', async () => {
    const pool = new WorkerPool<{ value: number; ms: number }, number>({
      file,
      size: 1,
      taskMs: 5_000,
      maxPerOwner: 2,
    });
    try {
      const mine = [pool.run({ value: 1, ms: 100 }, [], 'A'), pool.run({ value: 2, ms: 100 }, [], 'A')];
      const third = pool.run({ value: 3, ms: 100 }, [], 'A');
      await expect(third).rejects.toBeInstanceOf(WorkerBusy);
      await expect(third).rejects.toMatchObject({ yours: true });
      const theirs = pool.run({ value: 4, ms: 100 }, [], 'B');
      expect(await Promise.all([...mine, theirs])).toEqual([2, 4, 8]);
      // Once its tasks are done, the customer is served again.
      expect(await pool.run({ value: 5, ms: 0 }, [], 'A')).toBe(10);
    } finally {
      await pool.close();
    }
  });

  it('keeps a thread for another owner: one owner holds at most all threads but one', async () => {
    const pool = new WorkerPool<{ value: number; ms: number }, number>({ file, size: 2, taskMs: 5_000 });
    try {
      // Both threads started first, so that no task waits for a thread to start.
      expect(
        await Promise.all([pool.run({ value: 1, ms: 0 }, [], 'w1'), pool.run({ value: 2, ms: 0 }, [], 'w2')]),
      ).toEqual([2, 4]);
      expect(pool.threads).toBe(2);
      const done: string[] = [];
      const task = (owner: string, n: number, ms: number) =>
        pool.run({ value: n, ms }, [], owner).then(() => done.push(`${owner}${n}`));
      const flood = [task('A', 1, 300), task('A', 2, 300), task('A', 3, 300)];
      await Promise.all([...flood, task('B', 1, 0)]);
      // B's task ran beside A's first, on the thread A could not take; A's ran one after another.
      expect(done).toEqual(['B1', 'A1', 'A2', 'A3']);
    } finally {
      await pool.close();
    }
  });

  it('ends a worker whose answer says it holds much memory, and starts another for the next task', async () => {
    const pool = new WorkerPool<number, number>({ file, size: 1, taskMs: 5_000, recycle: (out) => out > 100 });
    try {
      expect(await pool.run(2)).toBe(4);
      expect(pool.threads).toBe(1);
      expect(await pool.run(60)).toBe(120);
      expect(pool.threads).toBe(0);
      expect(await pool.run(3)).toBe(6);
      expect(pool.threads).toBe(1);
    } finally {
      await pool.close();
    }
  });

  it('queues tasks beyond its threads, and refuses beyond its queue', async () => {
    const pool = new WorkerPool<number, number>({ file, size: 1, taskMs: 5_000, maxQueue: 2 });
    try {
      const first = pool.run(1);
      const queued = [pool.run(2), pool.run(3)];
      await expect(pool.run(4)).rejects.toBeInstanceOf(WorkerBusy);
      expect(await Promise.all([first, ...queued])).toEqual([2, 4, 6]);
      expect(pool.threads).toBe(1);
    } finally {
      await pool.close();
    }
  });
});
