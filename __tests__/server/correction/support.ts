/**
 * Test support for the correction calls: spreadsheets and multipart uploads for app.inject; the
 * policies, rosters and ID numbers come from the shared factories (__tests__/support/factories.ts).
 */
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { callPath, type CallName } from '@contract/calls';
import type { Envelope } from '@contract/envelope';
import { insurerToday } from '@common/correction';
import { COLUMNS, DATA_SHEET, type SheetKind } from '@server/services/corrections/sheets';
import type { TestGateway } from '../support/gateway';

export {
  addMembers,
  customerOf,
  freshRegion,
  idNumber,
  makePolicy,
  newPerson,
  addApprover,
  type PolicyOptions,
  type TestPolicy,
} from '@tests/support/factories';

export const today = () => insurerToday();
export const key = () => `k_${randomBytes(8).toString('hex')}`;

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

