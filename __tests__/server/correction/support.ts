import { PaymentState } from '../../../src/contract/states';
/**
 * Test support for the correction calls: policies, rates and rosters built through the gateway's
 * database, ID numbers, spreadsheets, and multipart uploads for app.inject.
 */
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { callPath, type CallName } from '../../../src/contract/calls';
import type { Envelope } from '../../../src/contract/envelope';
import { addDays, insurerToday } from '../../../src/common/correction';
import { checkCharacter } from '../../../src/common/idNumber';
import { countyCodes } from '../../../src/server/services/divisions';
import { COLUMNS, DATA_SHEET, type SheetKind } from '../../../src/server/services/corrections/sheets';
import type { TestGateway } from '../support/gateway';

export const today = () => insurerToday();
export const key = () => `k_${randomBytes(8).toString('hex')}`;

/** A valid 18-character resident ID number. */
export function idNumber(birthdate: string, seq: number, sex: 'male' | 'female' = 'male', region = '110105'): string {
  const s = seq % 500;
  const code = String(s * 2 + (sex === 'male' ? 1 : 0))
    .padStart(3, '0')
    .slice(-3);
  const first17 = `${region}${birthdate.replace(/-/g, '')}${code}`;
  return first17 + checkCharacter(first17);
}

let regionSeq = 0;
const REGIONS = countyCodes();
/** A fresh (real) division code per generated roster, so that people of different tests never collide. */
export function freshRegion(): string {
  regionSeq += 1;
  return REGIONS[(process.pid * 37 + regionSeq * 101) % REGIONS.length];
}

export interface PolicyOptions {
  username?: string;
  roster?: 'employee' | 'employeeNew' | 'insured';
  members?: number;
  minMembers?: number;
  minAge?: number;
  maxAge?: number;
  state?: number;
  /** risk category -> annual premium (fen) */
  rates?: Record<number, number>;
  startDate?: string;
  endDate?: string;
}

export interface TestPolicy {
  policyId: number;
  policyNo: string;
  customerId: number;
  startDate: string;
  endDate: string;
  personIds: number[];
  region: string;
}

let policySeq = 0;

export async function customerOf(gw: TestGateway, username: string): Promise<number> {
  const u = await gw.app.services.db
    .selectFrom('app_user')
    .select('customer_id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return u.customer_id;
}

export async function makePolicy(gw: TestGateway, o: PolicyOptions = {}): Promise<TestPolicy> {
  const db = gw.app.services.db;
  const customerId = await customerOf(gw, o.username ?? 'corp-hr');
  policySeq += 1;
  const startDate = o.startDate ?? addDays(today(), -100);
  const endDate = o.endDate ?? addDays(startDate, 364);
  const roster = o.roster ?? 'employee';
  const policyNo = `TP${process.pid}${policySeq}${randomBytes(2).toString('hex')}`;
  const now = new Date().toISOString();
  const row = await db
    .insertInto('policy')
    .values({
      policy_no: policyNo,
      customer_id: customerId,
      kind: roster === 'employeeNew' ? 'employer' : roster === 'insured' ? 'group_health' : 'group_accident',
      product_code: 'GA01',
      product_name: roster === 'employeeNew' ? 'Employer liability' : 'Group accident',
      state: o.state ?? 1,
      holder_name: 'Hengsheng Test Co.',
      insured_name: null,
      issue_date: startDate,
      start_date: startDate,
      end_date: endDate,
      premium_fen: 0,
      sum_insured_fen: 100_000_000,
      payment_state: PaymentState.paid,
      auto_renew: 2,
      roster,
      min_members: o.minMembers ?? 0,
      min_age: o.minAge ?? 16,
      max_age: o.maxAge ?? 65,
      details: '{}',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rates = o.rates ?? (roster === 'employeeNew' ? { 1: 36_500, 2: 54_750, 3: 73_000, 4: 109_500 } : { 1: 36_500 });
  await db
    .insertInto('policy_rate')
    .values(
      Object.entries(rates).map(([cat, fen]) => ({
        policy_id: row.id,
        risk_category: Number(cat),
        annual_premium_fen: fen,
      })),
    )
    .execute();
  const region = freshRegion();
  const personIds = await addMembers(
    gw,
    { policyId: row.id, customerId, region, startDate },
    o.members ?? 5,
    roster === 'employeeNew',
  );
  return { policyId: row.id, policyNo, customerId, startDate, endDate, personIds, region };
}

export async function addMembers(
  gw: TestGateway,
  p: { policyId: number; customerId: number; region: string; startDate: string },
  count: number,
  occupation: boolean,
  from = 0,
): Promise<number[]> {
  const db = gw.app.services.db;
  const now = new Date().toISOString();
  const ids: number[] = [];
  const rows = [];
  for (let i = from; i < from + count; i += 1) {
    const birth = `19${80 + (i % 15)}-0${1 + (i % 9)}-1${i % 9}`;
    rows.push({
      policy_id: p.policyId,
      customer_id: p.customerId,
      name: `Member ${String.fromCharCode(65 + (i % 26))}${i}`,
      id_type: 'ID',
      id_number: idNumber(birth, i, i % 2 ? 'female' : 'male', p.region),
      sex: i % 2 ? 'female' : 'male',
      birthdate: birth,
      phone: `139${String(10_000_000 + i).slice(-8)}`,
      employee_no: `E${String(i).padStart(6, '0')}`,
      department: i % 3 ? 'Operations' : 'Finance',
      occupation_code: occupation ? '010021' : null,
      occupation_name: occupation ? 'Office clerk' : null,
      risk_category: occupation ? 1 : null,
      bank_name: 'Bank of China',
      bank_account: `62170000${String(i).padStart(8, '0')}`,
      effective_date: p.startDate,
      end_date: null,
      state: 1,
      created_at: now,
      updated_at: now,
    });
  }
  for (let i = 0; i < rows.length; i += 500) {
    const inserted = await db
      .insertInto('insured_person')
      .values(rows.slice(i, i + 500))
      .returning('id')
      .execute();
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

/** A new person to add (valid ID number for the given region). */
export function newPerson(region: string, seq: number, extra: Record<string, string> = {}) {
  const birth = `1990-0${1 + (seq % 9)}-2${seq % 8}`;
  return {
    name: `New Person${String.fromCharCode(65 + (seq % 26))}`,
    idNumber: idNumber(birth, 400 + (seq % 99), 'male', region),
    phone: '13800138000',
    ...extra,
  };
}

// ---------------------------------------------------------------- spreadsheets

export async function workbook(
  kind: SheetKind,
  rows: Array<Record<string, string>>,
  opts: { sheet?: string; headers?: string[] } = {},
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(opts.sheet ?? DATA_SHEET);
  const columns = COLUMNS[kind];
  ws.addRow(opts.headers ?? columns.map((c) => c.header));
  for (const r of rows) ws.addRow(columns.map((c) => r[c.key] ?? ''));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function readSheet(data: Buffer | string, sheet?: string): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((typeof data === 'string' ? Buffer.from(data, 'binary') : data) as unknown as ArrayBuffer);
  const ws = sheet ? wb.getWorksheet(sheet) : wb.worksheets[0];
  const out: string[][] = [];
  ws?.eachRow((row) =>
    out.push(
      (row.values as unknown[])
        .slice(1)
        .map((v) =>
          v === null || v === undefined
            ? ''
            : typeof v === 'object' && v && 'richText' in v
              ? (v as { richText: Array<{ text: string }> }).richText.map((r) => r.text).join('')
              : String(v),
        ),
    ),
  );
  return out;
}

// ---------------------------------------------------------------- multipart

/** A multipart/form-data body built by hand (fields, then one file), for app.inject. */
export function multipart(
  fields: Record<string, string | number>,
  file?: { name: string; data: Buffer; type?: string; field?: string },
) {
  const boundary = `----mc${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function upload<T = unknown>(
  gw: TestGateway,
  name: CallName,
  cookie: string,
  fields: Record<string, string | number>,
  file?: { name: string; data: Buffer; type?: string },
): Promise<Envelope<T>> {
  const res = await uploadRaw(gw, name, cookie, fields, file);
  return res.json();
}

export function uploadRaw(
  gw: TestGateway,
  name: CallName,
  cookie: string,
  fields: Record<string, string | number>,
  file?: { name: string; data: Buffer; type?: string },
): Promise<LightMyRequestResponse> {
  const body = multipart({ channelType: '1', ...fields }, file);
  return gw.app.inject({
    method: 'POST',
    url: callPath(name, gw.config.portal.gatewayPrefix),
    headers: { ...body.headers, cookie },
    payload: body.payload,
  });
}

/** Calls and expects success; throws with the status text otherwise (clear failures in tests). */
export async function ok<T>(
  gw: TestGateway,
  name: CallName,
  values: Record<string, string | number>,
  cookie: string,
): Promise<T> {
  const res = await gw.call<T>(name, values, { cookie });
  if (res.status !== 'SUC_0001') throw new Error(`${name} answered ${res.status}: ${res.statusText}`);
  return res.data;
}
