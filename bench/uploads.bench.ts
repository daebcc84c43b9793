/**
 * Hostile uploads: the gateway's memory (RSS, with its worker threads) before and after 20 uploads
 * of a workbook of 0.5 MB that unpacks to about 75 MB, sent by one customer four at a time, and how
 * long another customer's one-row import took meanwhile. The gateway runs as `npm start` runs it, in
 * its own process on a fresh SQLite file. Goal: memory back within 20 % of its start once the uploads
 * are answered and the reader's threads are idle (before and after are both taken with the reader idle).
 */
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { insurerToday } from '@common/correction';
import { openDatabase } from '@server/db/database';
import { idNumber, makePolicy } from '@tests/support/factories';
import { issueBomb } from '@tests/support/hostileWorkbooks';
import { record } from './figures';
import { startGateway } from './support';

const UPLOADS = 20;
const AT_ONCE = 4;
/** The reader's idle threads end after 15 s: both figures are taken once they have. */
const IDLE_MS = 17_000;

const idle = () => new Promise((r) => setTimeout(r, IDLE_MS));

/** Resident memory of a process and its children (the tsx wrapper runs the gateway as its child), MB. */
function rssMb(pid: number): number {
  let kb = 0;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    kb += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    for (const child of children ? children.split(' ') : []) kb += rssMb(Number(child)) * 1024;
  } catch {
    // a process that ended meanwhile
  }
  return kb / 1024;
}

async function login(url: string, username: string): Promise<string> {
  const res = await fetch(`${url}/idprovider/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    body: new URLSearchParams({ username, password: 'Demo@2026', privacy: '1', flag: 'legal' }),
  });
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function upload(url: string, cookie: string, policyId: number, name: string, data: Buffer) {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    channelType: '1',
    policyId: String(policyId),
    effectiveDate: insurerToday(),
    idempotencyKey: `bench_${randomBytes(6).toString('hex')}`,
  }))
    form.append(k, v);
  form.append('file', new Blob([new Uint8Array(data)]), name);
  const res = await fetch(`${url}/gateway/blocLegal/employee/addBatchEmployee`, {
    method: 'POST',
    headers: { cookie, 'sec-fetch-site': 'same-origin' },
    body: form,
  });
  return (await res.json()) as { status: string; statusText?: string };
}

export async function run(): Promise<void> {
  const gateway = await startGateway({ LOG_LEVEL: 'warn' });
  const database = openDatabase({ databaseUrl: null, dataDir: gateway.dataDir });
  try {
    const pid = gateway.child.pid!;
    const withDb = { app: { services: { db: database.db } } as unknown as FastifyInstance };
    const region = '410100';
    const theirs = await makePolicy(withDb, { username: 'corp-closing' });
    const hr = await login(gateway.url, 'corp-hr');
    const closing = await login(gateway.url, 'corp-closing');
    let seq = 0;
    const oneRow = () => Buffer.from(`Name,ID number\nOne Row,${idNumber('1990-01-01', (seq += 1), 'male', region)}\n`);
    const importOne = async () => {
      // A policy of its own each time (an import leaves a draft correction on its policy).
      const mine = await makePolicy(withDb, { region });
      const t = performance.now();
      const res = await upload(gateway.url, hr, mine.policyId, 'one.csv', oneRow());
      if (res.status !== 'SUC_0001') throw new Error(`the one-row import failed: ${res.statusText}`);
      return performance.now() - t;
    };

    // The start: a gateway that has read files, then idle (its reader's threads ended).
    await importOne();
    const aloneMs = await importOne();
    await idle();
    const before = rssMb(pid);

    const bomb = issueBomb();
    const answers = new Map<string, number>();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
    const during: number[] = [];
    const t = performance.now();
    for (let sent = 0; sent < UPLOADS; sent += AT_ONCE) {
      const batch = Array.from({ length: Math.min(AT_ONCE, UPLOADS - sent) }, () =>
        upload(gateway.url, closing, theirs.policyId, 'big.xlsx', bomb),
      );
      during.push(await importOne());
      for (const res of await Promise.all(batch)) {
        const key = res.statusText?.replace(/\d[\d,.]*/g, 'N') ?? res.status;
        answers.set(key, (answers.get(key) ?? 0) + 1);
      }
    }
    const uploadsMs = performance.now() - t;
    clearInterval(sampler);
    const rightAfter = rssMb(pid);
    // Then the memory once the reader is idle again (its threads recycled after big files or ended).
    await idle();
    const after = rssMb(pid);
    const mb = (v: number) => `${v.toFixed(0)} MB`;
    process.stdout.write(
      `${UPLOADS} uploads of a ${(bomb.length / 1024).toFixed(0)} KB workbook unpacking to about 75 MB, ${AT_ONCE} at a time by corp-closing, in ${(uploadsMs / 1000).toFixed(1)} s:\n`,
    );
    for (const [text, n] of answers) process.stdout.write(`  ${String(n).padStart(3)} x ${text}\n`);
    process.stdout.write(
      `gateway RSS: before ${mb(before)}, peak ${mb(peak)}, right after ${mb(rightAfter)}, after ${mb(after)} (${IDLE_MS / 1000} s later); after/before ${(after / before).toFixed(2)}\n`,
    );
    process.stdout.write(
      `corp-hr's one-row import: alone ${aloneMs.toFixed(0)} ms; during the uploads ${during.map((ms) => ms.toFixed(0)).join(', ')} ms\n`,
    );
    record({
      figure: 'gateway RSS after 20 hostile uploads / before',
      value: `${(after / before).toFixed(2)} (${mb(before)} -> ${mb(after)}, peak ${mb(peak)})`,
      goal: '<= 1.20',
      met: after <= before * 1.2,
    });
    record({
      figure: "one-row import during another's uploads",
      value: `max ${Math.max(...during).toFixed(0)} ms (alone ${aloneMs.toFixed(0)} ms)`,
      goal: '',
      met: null,
    });
  } finally {
    await database.destroy();
    await gateway.stop();
  }
}
