import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';

/**
 * The spreadsheets of corrections: import templates (with their rules written in), reading an
 * upload by content, the error report, and the roster export (streamed).
 */

export type SheetKind = 'add' | 'subtract' | 'exchange';

export const DATA_SHEET = 'People';
const MAX_IMPORT_ROWS = 10_000;

export interface Column {
  key: string;
  header: string;
  width: number;
  rule: string;
}

const PERSON: Column[] = [
  { key: 'name', header: 'Name', width: 16, rule: 'Required. 2-30 Chinese or Latin letters.' },
  {
    key: 'idNumber',
    header: 'ID number',
    width: 22,
    rule: 'Required. Resident ID number, 18 characters (or the old 15 digits); the last may be X. Type it as text.',
  },
  { key: 'sex', header: 'Sex', width: 8, rule: 'Optional. male or female; must agree with the ID number.' },
  { key: 'birthdate', header: 'Birthdate', width: 12, rule: 'Optional. YYYY-MM-DD; must agree with the ID number.' },
  { key: 'phone', header: 'Phone', width: 14, rule: 'Optional. 11-digit mobile number starting with 13-19.' },
  { key: 'employeeNo', header: 'Employee number', width: 16, rule: 'Optional. Up to 32 characters.' },
  { key: 'department', header: 'Department', width: 16, rule: 'Optional. Up to 60 characters.' },
  {
    key: 'occupationCode',
    header: 'Occupation code',
    width: 16,
    rule: 'Required on employer (group) policies, optional otherwise: a code of the occupation search; its risk category must be covered by the policy.',
  },
];

export const COLUMNS: Record<SheetKind, Column[]> = {
  add: PERSON,
  subtract: [
    { key: 'name', header: 'Name', width: 16, rule: 'Required. The name as on the policy.' },
    {
      key: 'idNumber',
      header: 'ID number',
      width: 22,
      rule: 'Required. The ID number of a person insured on the policy.',
    },
  ],
  exchange: [
    {
      key: 'leavingIdNumber',
      header: 'Leaving ID number',
      width: 22,
      rule: 'Required. The ID number of the insured person who leaves.',
    },
    ...PERSON.map((c) =>
      c.key === 'name' || c.key === 'idNumber' ? { ...c, rule: `${c.rule} (the person who joins)` } : c,
    ),
  ],
};

const TITLES: Record<SheetKind, string> = {
  add: 'Add people to a policy',
  subtract: 'Remove people from a policy',
  exchange: 'Exchange people on a policy',
};

const GENERAL_RULES = [
  `Fill the sheet "${DATA_SHEET}" from row 2 down; keep the header row as it is (do not rename, add or move columns).`,
  `At most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} people and 10 MB per file; .xlsx only.`,
  'Every row is checked. If any row is wrong, nobody is added: download the error report, fix the rows and upload the whole file again.',
  'Nobody may appear twice in the file or be added when already insured on the policy.',
  'Ages on the effective date must be within the age limits of the product.',
];

async function toBuffer(wb: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function header(ws: ExcelJS.Worksheet, columns: Column[]) {
  ws.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width, style: { numFmt: '@' } }));
  const row = ws.getRow(1);
  row.font = { bold: true };
  row.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDCE6F5' } };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
}

/** The import template: the data sheet with its header row, and a Rules sheet that explains every column. */
export async function templateWorkbook(
  kind: SheetKind,
  opts: { occupationRequired: boolean; example?: Record<string, string> },
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Member Center';
  const ws = wb.addWorksheet(DATA_SHEET);
  const columns = COLUMNS[kind];
  header(ws, columns);
  const rules = wb.addWorksheet('Rules');
  rules.columns = [
    { header: 'Column', key: 'column', width: 20 },
    { header: 'Rule', key: 'rule', width: 100 },
  ];
  rules.getRow(1).font = { bold: true };
  rules.addRow({ column: TITLES[kind], rule: '' }).font = { bold: true };
  for (const c of columns) {
    const rule =
      c.key === 'occupationCode' && opts.occupationRequired
        ? 'Required on this policy: a code of the occupation search; its risk category must be covered by the policy.'
        : c.rule;
    rules.addRow({ column: c.header, rule });
  }
  for (const r of GENERAL_RULES) rules.addRow({ column: 'All rows', rule: r });
  return toBuffer(wb);
}

export class UploadProblem extends Error {}

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** More than this unpacked is not a roster of 10,000 people but a zip bomb or the wrong file. */
export const MAX_UNPACKED_BYTES = 80 * 1024 * 1024;

/**
 * The unpacked size of a zip from its central directory (no decompression), or null when the
 * directory cannot be read. Zip64 entries count as too large.
 */
export function zipUnpackedSize(data: Buffer): number | null {
  const from = Math.max(0, data.length - 22 - 0xffff);
  let end = -1;
  for (let i = data.length - 22; i >= from; i -= 1) {
    if (data.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const entries = data.readUInt16LE(end + 10);
  let at = data.readUInt32LE(end + 16);
  let total = 0;
  for (let n = 0; n < entries; n += 1) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== 0x02014b50) return null;
    const size = data.readUInt32LE(at + 24);
    if (size === 0xffffffff) return Number.POSITIVE_INFINITY;
    total += size;
    at += 46 + data.readUInt16LE(at + 28) + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
  }
  return total;
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('error' in value) return '';
  }
  return String(value).trim();
}

export interface ParsedRow {
  row: number;
  values: Record<string, string>;
  /** Findings of the reading itself (an ID number stored as a number). */
  notes?: string[];
}

const NUMERIC_ID_NOTE =
  'The ID number was stored as a number, and Excel keeps only 15 digits of a number: format the column as text and type the number again.';

/**
 * Reads an upload by its content: a zip, an .xlsx workbook with the data sheet, the template's
 * header row, between 1 and MAX_IMPORT_ROWS data rows. Throws UploadProblem with the sentence to show.
 */
export async function readUpload(kind: SheetKind, data: Buffer): Promise<{ rows: ParsedRow[]; headers: string[] }> {
  if (data.length === 0) throw new UploadProblem('The file is empty; fill in the template and upload it again.');
  if (data.subarray(0, 4).compare(ZIP) !== 0)
    throw new UploadProblem(
      'The file is not an Excel workbook (.xlsx); download the template, fill it in and upload that.',
    );
  const unpacked = zipUnpackedSize(data);
  if (unpacked === null)
    throw new UploadProblem(
      'The file could not be read as an Excel workbook (.xlsx); it may be damaged. Save it again from Excel and retry.',
    );
  if (unpacked > MAX_UNPACKED_BYTES)
    throw new UploadProblem(
      `The workbook is too large once unpacked (over ${MAX_UNPACKED_BYTES / 1024 / 1024} MB); keep only the People sheet with at most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows.`,
    );
  const sheet = (await streamSheet(data)) ?? (await loadSheet(data));
  if (!sheet) throw new UploadProblem(`The workbook has no sheet named "${DATA_SHEET}"; start from the template.`);
  const columns = COLUMNS[kind];
  const found = sheet.header.slice(1).map((v) => cellText(v).trim());
  while (found.length && !found[found.length - 1]) found.pop();
  const expected = columns.map((c) => c.header);
  const same =
    found.length === expected.length && expected.every((h, i) => found[i]?.toLowerCase() === h.toLowerCase());
  if (!same) {
    throw new UploadProblem(
      `The columns do not match the template. Expected: ${expected.join(', ')}. Found: ${found.join(', ') || 'no header row'}. Download the template and keep its header row.`,
    );
  }
  const rows: ParsedRow[] = [];
  for (const { number, cells } of sheet.rows) {
    const values: Record<string, string> = {};
    let any = false;
    let notes: string[] | undefined;
    columns.forEach((c, i) => {
      const raw = cells[i + 1];
      const v = cellText(raw).trim();
      values[c.key] = v;
      if (v) any = true;
      if (typeof raw === 'number' && /idnumber$/i.test(c.key) && v.length > 15) notes = [NUMERIC_ID_NOTE];
    });
    if (any) rows.push(notes ? { row: number, values, notes } : { row: number, values });
  }
  if (rows.length > MAX_IMPORT_ROWS)
    throw new UploadProblem(
      `The file has more than ${MAX_IMPORT_ROWS.toLocaleString('en-US')} data rows; split it into files of at most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows.`,
    );
  if (rows.length === 0)
    throw new UploadProblem('The file has no data rows below the header; fill in at least one person.');
  return { rows, headers: expected };
}

interface RawSheet {
  header: ExcelJS.CellValue[];
  rows: Array<{ number: number; cells: ExcelJS.CellValue[] }>;
}

const UNREADABLE =
  'The file could not be read as an Excel workbook (.xlsx); it may be damaged. Save it again from Excel and retry.';
/** Rows kept beyond the limit: enough to tell "too many" without holding a huge sheet. */
const KEEP_ROWS = MAX_IMPORT_ROWS + 50;

/**
 * The data sheet through exceljs' streaming reader (about twice as fast as loading the workbook);
 * null when the stream does not name the sheet (some writers order the parts differently), in which
 * case the whole workbook is loaded instead.
 */
async function streamSheet(data: Buffer): Promise<RawSheet | null> {
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(data), {
      worksheets: 'emit',
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'cache',
      entries: 'ignore',
    });
    let result: RawSheet | null = null;
    for await (const ws of reader) {
      const name = (ws as unknown as { name?: string }).name;
      if (name !== DATA_SHEET || result) {
        for await (const _row of ws) void _row; // drain: the reader moves on only when a sheet is consumed
        continue;
      }
      const sheet: RawSheet = { header: [], rows: [] };
      for await (const row of ws) {
        if (row.number === 1) sheet.header = row.values as ExcelJS.CellValue[];
        else if (sheet.rows.length < KEEP_ROWS)
          sheet.rows.push({ number: row.number, cells: row.values as ExcelJS.CellValue[] });
      }
      result = sheet;
    }
    return result;
  } catch {
    return null;
  }
}

async function loadSheet(data: Buffer): Promise<RawSheet | null> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new UploadProblem(UNREADABLE);
  }
  const ws = wb.getWorksheet(DATA_SHEET);
  if (!ws) return null;
  const sheet: RawSheet = { header: (ws.getRow(1).values as ExcelJS.CellValue[]) ?? [], rows: [] };
  ws.eachRow({ includeEmpty: false }, (row, number) => {
    if (number > 1 && sheet.rows.length < KEEP_ROWS)
      sheet.rows.push({ number, cells: row.values as ExcelJS.CellValue[] });
  });
  return sheet;
}

export interface ErrorRow {
  row: number;
  values: Record<string, string>;
  reasons: string[];
}

/** The error report: each bad row with its original values and its reasons. */
export async function errorReport(kind: SheetKind, errors: ErrorRow[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Member Center';
  const ws = wb.addWorksheet('Errors');
  const columns = COLUMNS[kind];
  ws.columns = [
    { header: 'Row', key: 'row', width: 7 },
    ...columns.map((c) => ({ header: c.header, key: c.key, width: c.width })),
    { header: 'Reasons', key: 'reasons', width: 80 },
  ];
  ws.getRow(1).font = { bold: true };
  for (const e of errors) ws.addRow({ row: e.row, ...e.values, reasons: e.reasons.join(' ') });
  return toBuffer(wb);
}

export interface RosterRow {
  name: string;
  idNumber: string;
  sex: string;
  birthdate: string;
  phone: string | null;
  employeeNo: string | null;
  department: string | null;
  occupationCode: string | null;
  occupationName: string | null;
  riskCategory: number | null;
  effectiveDate: string;
  endDate: string | null;
  state: number;
}

/** The roster as .xlsx, written while the pages are read (constant memory for large policies). */
export function rosterStream(pages: AsyncIterable<RosterRow[]>): Readable {
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet('Roster');
  ws.columns = [
    { header: 'Name', key: 'name', width: 16 },
    { header: 'ID number', key: 'idNumber', width: 22 },
    { header: 'Sex', key: 'sex', width: 8 },
    { header: 'Birthdate', key: 'birthdate', width: 12 },
    { header: 'Phone', key: 'phone', width: 14 },
    { header: 'Employee number', key: 'employeeNo', width: 16 },
    { header: 'Department', key: 'department', width: 16 },
    { header: 'Occupation code', key: 'occupationCode', width: 16 },
    { header: 'Occupation', key: 'occupationName', width: 24 },
    { header: 'Risk category', key: 'riskCategory', width: 12 },
    { header: 'Effective date', key: 'effectiveDate', width: 14 },
    { header: 'End date', key: 'endDate', width: 12 },
    { header: 'State', key: 'state', width: 10 },
  ];
  (async () => {
    for await (const page of pages) {
      for (const r of page) ws.addRow({ ...r, state: r.state === 1 ? 'insured' : 'removed' }).commit();
    }
    ws.commit();
    await wb.commit();
  })().catch((err) => out.destroy(err as Error));
  return out;
}
