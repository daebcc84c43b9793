import * as XLSX from '@e965/xlsx';
import type { RosterKey } from '@server/messages/roster';
import {
  columnLetter,
  columnOf,
  READ_COLUMNS,
  REQUIRED_COLUMNS,
  type ColumnKey,
  type SheetKind,
} from './rosterColumns';
import { decodeText, parseTextTable } from './textTable';
import { inspectZip } from './zipBounds';

/**
 * Reading an uploaded roster (runs in a worker thread: see rosterWorker.ts). The file is known by
 * its content, not its name: a zip workbook (.xlsx, .xlsm, .ods), an OLE2 workbook (.xls, WPS .et),
 * an HTML table saved as .xls by HR systems, or a CSV/TSV text. Zips are measured by inflating them
 * before anything parses them; SheetJS (@e965/xlsx) reads the workbooks with every character intact.
 */

export interface ReadLimits {
  maxRows: number;
  maxInflatedBytes: number;
  maxCells: number;
}

export interface Problem {
  key: RosterKey;
  params?: Record<string, string | number>;
}

/** One cell as the reader saw it. */
export interface ReadCell {
  /** The value as text: strings as typed, whole numbers without exponent, date cells as YYYY-MM-DD. */
  text: string;
  /** The cell held a number (not text). */
  numeric?: boolean;
  /** The cell held a date. */
  date?: boolean;
  /** What the spreadsheet showed (its number format applied). */
  shown?: string;
  /** A formula that ended in an error (#DIV/0! ...), or one without a saved value. */
  formulaError?: string;
  formulaNoValue?: boolean;
}

export interface ReadRow {
  /** Row number as the uploader sees it (1-based). */
  row: number;
  cells: Partial<Record<ColumnKey, ReadCell>>;
  hidden: boolean;
}

export interface ReadColumn {
  key: ColumnKey;
  /** The header as written in the file. */
  header: string;
  letter: string;
}

export interface ReadSheet {
  sheetName: string;
  headerRow: number;
  columns: ReadColumn[];
  rows: ReadRow[];
}

export type ReadOutcome = { ok: true; sheet: ReadSheet } | { ok: false; problem: Problem };

class Refusal extends Error {
  constructor(readonly problem: Problem) {
    super(problem.key);
  }
}
const refuse = (key: RosterKey, params?: Problem['params']) => new Refusal({ key, params });

/** Rows looked at for the header (title rows above it are skipped). */
const HEADER_SCAN = 30;

type Grid = {
  name: string;
  /** cells by 0-based row then column */
  cell(r: number, c: number): ReadCell | undefined;
  header(r: number, c: number): string;
  rowCount: number;
  colCount: number;
  hidden(r: number): boolean;
  /** true when rows were left unread beyond the limit */
  truncated: boolean;
};

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (data: Uint8Array, sig: number[]) => sig.every((b, i) => data[i] === b);

export async function readRoster(kind: SheetKind, input: Uint8Array, limits: ReadLimits): Promise<ReadOutcome> {
  try {
    const data = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
    const { truncated, ...sheet } = pickSheet(kind, await grids(data, limits));
    if (truncated || sheet.rows.length > limits.maxRows)
      return {
        ok: false,
        problem: { key: 'roster.tooManyRows', params: { max: limits.maxRows.toLocaleString('en-US') } },
      };
    if (!sheet.rows.length) return { ok: false, problem: { key: 'roster.noDataRows' } };
    return { ok: true, sheet };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, problem: error.problem };
    throw error;
  }
}

async function grids(data: Buffer, limits: ReadLimits): Promise<Grid[]> {
  if (data.length === 0) throw refuse('roster.empty');
  const sheetRows = limits.maxRows + HEADER_SCAN + 2;
  if (startsWith(data, ZIP)) {
    const verdict = await inspectZip(data, { maxInflatedBytes: limits.maxInflatedBytes, maxCells: limits.maxCells });
    if (!verdict.ok) {
      if (verdict.reason === 'tooLarge')
        throw refuse('roster.tooLargeUnpacked', { mb: limits.maxInflatedBytes / 1024 / 1024 });
      if (verdict.reason === 'tooManyCells')
        throw refuse('roster.tooManyCells', { cells: limits.maxCells.toLocaleString('en-US') });
      throw refuse('roster.unreadable');
    }
    return workbookGrids(data, sheetRows);
  }
  if (startsWith(data, OLE2)) return workbookGrids(data, sheetRows);
  const decoded = decodeText(data);
  if (!decoded) throw refuse('roster.notSpreadsheet');
  const text = decoded.text;
  if (/^\s*</.test(text) && /<table[\s>]/i.test(text.slice(0, 200_000))) {
    return workbookGrids(text, sheetRows);
  }
  const { rows, truncated } = parseTextTable(text, sheetRows);
  return [textGrid(rows, truncated)];
}

function textGrid(rows: string[][], truncated: boolean): Grid {
  const colCount = rows.reduce((m, r) => Math.max(m, r.length), 0);
  return {
    name: 'CSV',
    rowCount: rows.length,
    colCount,
    truncated,
    hidden: () => false,
    header: (r, c) => rows[r]?.[c] ?? '',
    cell: (r, c) => {
      const v = rows[r]?.[c];
      return v === undefined || v === '' ? undefined : { text: v };
    },
  };
}

function workbookGrids(data: Buffer | string, sheetRows: number): Grid[] {
  let wb: XLSX.WorkBook;
  try {
    wb = XLSX.read(data, {
      type: typeof data === 'string' ? 'string' : 'buffer',
      dense: true,
      cellStyles: true,
      cellHTML: false,
      // Formatted text of every cell costs a third of the time; made below for the few that need it.
      cellText: false,
      cellFormula: true,
      // Stubs keep formula cells that have no saved result (to name them; without stubs they vanish).
      sheetStubs: true,
      cellDates: false,
      sheetRows,
      bookVBA: false,
      raw: typeof data === 'string',
    });
  } catch {
    throw refuse('roster.unreadable');
  }
  const date1904 = Boolean(wb.Workbook?.WBProps?.date1904);
  const hiddenSheets = new Set((wb.Workbook?.Sheets ?? []).filter((s) => s.Hidden).map((s) => s.name));
  const visible = wb.SheetNames.filter((n) => !hiddenSheets.has(n));
  return [...visible, ...wb.SheetNames.filter((n) => hiddenSheets.has(n))].map((name) => {
    const ws = wb.Sheets[name];
    const rows = ((ws as unknown as { '!data'?: XLSX.CellObject[][] })['!data'] ?? []) as XLSX.CellObject[][];
    const meta = (ws['!rows'] ?? []) as Array<{ hidden?: boolean } | undefined>;
    const full = ws['!fullref'] ?? ws['!ref'];
    // Cut at sheetRows: more rows only if the last row read still holds something (a sheet's
    // dimension often runs on over formatted, empty rows).
    const truncated = Boolean(
      full &&
      XLSX.utils.decode_range(full).e.r >= sheetRows - 1 &&
      rows[sheetRows - 1]?.some((c) => c && c.v !== undefined && c.v !== ''),
    );
    return {
      name,
      rowCount: rows.length,
      colCount: rows.reduce((m, r) => Math.max(m, r?.length ?? 0), 0),
      truncated,
      hidden: (r: number) => Boolean(meta[r]?.hidden),
      header: (r: number, c: number) => {
        const cell = rows[r]?.[c];
        return cell && cell.v !== undefined && cell.t !== 'e' && cell.t !== 'z' ? String(cell.v) : '';
      },
      cell: (r: number, c: number) => toReadCell(rows[r]?.[c], date1904),
    };
  });
}

const pad = (n: number) => String(n).padStart(2, '0');

const ERRORS: Record<number, string> = {
  0x00: '#NULL!',
  0x07: '#DIV/0!',
  0x0f: '#VALUE!',
  0x17: '#REF!',
  0x1d: '#NAME?',
  0x24: '#NUM!',
  0x2a: '#N/A',
  0x2b: '#GETTING_DATA',
};

/** What the spreadsheet showed for a cell: its value in its number format. */
function shownText(c: XLSX.CellObject): string {
  if (c.w !== undefined) return c.w;
  try {
    return XLSX.SSF.format(c.z ?? 'General', c.v) as string;
  } catch {
    return String(c.v);
  }
}

function toReadCell(c: XLSX.CellObject | undefined, date1904: boolean): ReadCell | undefined {
  if (!c) return undefined;
  if (c.t === 'e')
    return c.f !== undefined ? { text: '', formulaError: c.w ?? ERRORS[c.v as number] ?? '#ERROR' } : undefined;
  if (c.f !== undefined && (c.t === 'z' || c.v === undefined || c.v === null))
    return { text: '', formulaNoValue: true };
  if (c.t === 'z' || c.v === undefined || c.v === null) return undefined;
  if (c.t === 'b') return { text: c.v ? 'TRUE' : 'FALSE' };
  if (c.t === 'd') {
    const d = c.v instanceof Date ? c.v : new Date(String(c.v));
    if (Number.isNaN(d.getTime())) return { text: String(c.v) };
    return { text: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`, date: true, shown: shownText(c) };
  }
  if (c.t === 'n' && typeof c.v === 'number') {
    const v = c.v;
    if (c.z !== undefined && XLSX.SSF.is_date(c.z)) {
      const d = XLSX.SSF.parse_date_code(v, { date1904 }) as { y: number; m: number; d: number } | null;
      if (d) return { text: `${d.y}-${pad(d.m)}-${pad(d.d)}`, date: true, shown: shownText(c) };
    }
    const text = Number.isInteger(v) && Math.abs(v) < 1e21 ? BigInt(v).toString() : String(v);
    return { text, numeric: true, shown: shownText(c) };
  }
  const text = String(c.v);
  return text === '' ? undefined : { text };
}

/** The only sheet, or the first (visible) sheet with a header row naming the kind's columns. */
function pickSheet(kind: SheetKind, list: Grid[]): ReadSheet & { truncated: boolean } {
  let closest: { grid: Grid; found: string[]; missing: ColumnKey[] } | null = null;
  for (const grid of list) {
    for (let r = 0; r < Math.min(HEADER_SCAN, grid.rowCount); r += 1) {
      const columns: ReadColumn[] = [];
      const found: string[] = [];
      const seen = new Set<ColumnKey>();
      for (let c = 0; c < grid.colCount; c += 1) {
        const header = grid.header(r, c).trim();
        if (!header) continue;
        found.push(header);
        const key = columnOf(header);
        if (key && !seen.has(key) && READ_COLUMNS[kind].includes(key)) {
          seen.add(key);
          columns.push({ key, header, letter: columnLetter(c) });
        }
      }
      if (!found.length) continue;
      const missing = REQUIRED_COLUMNS[kind].filter((alt) => !alt.some((k) => seen.has(k))).map((alt) => alt[0]);
      if (!missing.length) return sheetFrom(grid, r, columns);
      if (!closest || missing.length < closest.missing.length) closest = { grid, found, missing };
    }
  }
  if (!closest) throw refuse('roster.noRows');
  throw refuse('roster.noHeader', {
    missing: closest.missing.join('|'),
    found: closest.found.slice(0, 12).join(', '),
    sheet: closest.grid.name,
  });
}

const indexOf = (letter: string) => [...letter].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;

function sheetFrom(grid: Grid, headerRow: number, columns: ReadColumn[]): ReadSheet & { truncated: boolean } {
  const rows: ReadRow[] = [];
  const at = columns.map((c) => indexOf(c.letter));
  for (let r = headerRow + 1; r < grid.rowCount; r += 1) {
    const cells: Partial<Record<ColumnKey, ReadCell>> = {};
    let any = false;
    columns.forEach((col, i) => {
      const cell = grid.cell(r, at[i]);
      if (!cell) return;
      if (cell.text.trim() || cell.formulaError || cell.formulaNoValue) any = true;
      cells[col.key] = cell;
    });
    if (!any) continue;
    // The header repeated below itself (files glued together): not a person.
    const id = cells.idNumber?.text.trim();
    if (id && columnOf(id) === 'idNumber') continue;
    rows.push({ row: r + 1, cells, hidden: grid.hidden(r) });
  }
  return { sheetName: grid.name, headerRow: headerRow + 1, columns, rows, truncated: grid.truncated };
}
