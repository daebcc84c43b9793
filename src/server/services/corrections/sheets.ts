import { formatStamp } from '@common/time';
import { PassThrough, type Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { Locale } from '@common/i18n';
import { ID_TYPES, type IdType } from '@contract/person';
import { translator, type Translate } from '@server/messages/catalogue';
import type { RosterKey } from '@server/messages/roster';
import type { OccupationEntry } from './types';
import { COLUMN_WIDTHS, HEADERS, TEMPLATE_COLUMNS, type ColumnKey, type SheetKind } from './rosterColumns';

/**
 * The spreadsheets of corrections, written in the user's language: the import templates (with the
 * rules, the occupation list and drop-downs), the error report (the template again with the
 * uploader's rows, the bad cells marked and a reasons column, so the fixed report uploads as it is)
 * and the roster export (streamed; its columns read back as a subtract or exchange file).
 * Reading uploads is rosterRead.ts, in a worker thread.
 */

export type { SheetKind };

/** The English template's data sheet and columns (scripts and tests write files with them). */
export const DATA_SHEET = 'People';
export const COLUMNS: Record<SheetKind, Array<{ key: ColumnKey; header: string; width: number }>> = {
  add: TEMPLATE_COLUMNS.add.map((key) => ({ key, header: HEADERS[key]['en-US'], width: COLUMN_WIDTHS[key] })),
  subtract: TEMPLATE_COLUMNS.subtract.map((key) => ({ key, header: HEADERS[key]['en-US'], width: COLUMN_WIDTHS[key] })),
  exchange: TEMPLATE_COLUMNS.exchange.map((key) => ({ key, header: HEADERS[key]['en-US'], width: COLUMN_WIDTHS[key] })),
};

/** A row of an error report: what the uploader wrote, and the reasons per column. */
export interface ReportRow {
  row: number;
  values: Partial<Record<ColumnKey, string>>;
  /** Rendered reasons, and the columns they mark. */
  reasons: string[];
  columns: ColumnKey[];
}

const RULES: Record<ColumnKey, RosterKey> = {
  name: 'roster.rule.name',
  idType: 'roster.rule.idType',
  idNumber: 'roster.rule.idNumber',
  sex: 'roster.rule.sex',
  birthdate: 'roster.rule.birthdate',
  phone: 'roster.rule.phone',
  employeeNo: 'roster.rule.employeeNo',
  department: 'roster.rule.department',
  occupationCode: 'roster.rule.occupationCode',
  occupationName: 'roster.rule.occupationCode',
  leavingIdNumber: 'roster.rule.leavingIdNumber',
  originalIdNumber: 'roster.rule.leavingIdNumber',
};

const TITLE: Record<SheetKind, RosterKey> = {
  add: 'roster.title.add',
  subtract: 'roster.title.subtract',
  exchange: 'roster.title.exchange',
};

export interface TemplateOptions {
  locale: Locale;
  occupationRequired: boolean;
  /** The catalogue, for the occupation list and its drop-down (add and exchange templates). */
  occupations: OccupationEntry[];
  /** Risk categories the policy covers, when the template is for one policy. */
  covered?: Set<number>;
}

/** exceljs (0.4 s to load) is loaded with the first workbook, not with the gateway. */
let exceljs: Promise<typeof ExcelJS> | undefined;
const loadExcel = () => (exceljs ??= import('exceljs').then((m) => m.default));

const RED: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFC7CE' } };
const HEAD: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDCE6F5' } };

/** exceljs writes data validations; its typings lack them. */
type Validations = { add(range: string, rule: Record<string, unknown>): void };
const validations = (ws: ExcelJS.Worksheet) => (ws as unknown as { dataValidations: Validations }).dataValidations;

function ruleOf(t: Translate, kind: SheetKind, key: ColumnKey, o: TemplateOptions, occupationSheet: string): string {
  if (key === 'occupationCode' && o.occupationRequired)
    return t('roster.rule.occupationRequired', { sheet: occupationSheet });
  if (kind === 'subtract' && key === 'name') return t('roster.rule.nameSubtract');
  if (kind === 'subtract' && key === 'idNumber') return t('roster.rule.idNumberSubtract');
  const rule = t(RULES[key]);
  return kind === 'exchange' && (key === 'name' || key === 'idNumber') ? t('roster.rule.joiner', { rule }) : rule;
}

/**
 * The template workbook: the data sheet (header row, text cells, drop-downs), the rules, and the
 * occupation list; with `rows`, the error report (the same sheet holding the uploader's rows).
 */
async function workbook(kind: SheetKind, o: TemplateOptions, report?: ReportRow[]): Promise<Buffer> {
  const t = translator(o.locale);
  const wb = new (await loadExcel()).Workbook();
  wb.creator = 'Member Center';
  const columns = TEMPLATE_COLUMNS[kind];
  const people = wb.addWorksheet(t(report ? 'roster.report.sheet' : 'roster.sheet.people'));
  const occupationSheet = t('roster.sheet.occupations');
  const extra = report ? [t('roster.report.row'), t('roster.report.reasons')] : [];
  people.columns = [
    ...columns.map((key) => ({
      header: HEADERS[key][o.locale],
      key,
      width: COLUMN_WIDTHS[key],
      style: { numFmt: '@' },
    })),
    ...(report
      ? [
          { header: extra[0], key: '_row', width: 10 },
          { header: extra[1], key: '_reasons', width: 90 },
        ]
      : []),
  ];
  const head = people.getRow(1);
  head.font = { bold: true };
  head.fill = HEAD;
  people.views = [{ state: 'frozen', ySplit: 1 }];
  const lastRow = Math.max(10_001, (report?.length ?? 0) + 1);
  const letter = (key: ColumnKey) => people.getColumn(key).letter;
  if (columns.includes('sex')) {
    validations(people).add(`${letter('sex')}2:${letter('sex')}${lastRow}`, {
      type: 'list',
      allowBlank: true,
      formulae: [`"${t('roster.sex.male')},${t('roster.sex.female')}"`],
      showErrorMessage: false,
    });
  }
  if (columns.includes('idType')) {
    // The documents' names in the file's language (a name in the other language, or none, reads too).
    validations(people).add(`${letter('idType')}2:${letter('idType')}${lastRow}`, {
      type: 'list',
      allowBlank: true,
      formulae: [`"${ID_TYPES.map((type) => t(`idType.${type}`)).join(',')}"`],
      showErrorMessage: true,
      errorTitle: HEADERS.idType[o.locale],
      error: t('roster.rule.idType'),
    });
  }
  const withOccupations = columns.includes('occupationCode') && o.occupations.length > 0;
  if (withOccupations) {
    validations(people).add(`${letter('occupationCode')}2:${letter('occupationCode')}${lastRow}`, {
      type: 'list',
      allowBlank: true,
      formulae: [`'${occupationSheet}'!$E$2:$E$${o.occupations.length + 1}`],
      // A code typed by hand is fine too: no error box.
      showErrorMessage: false,
    });
  }
  for (const r of report ?? []) {
    const added = people.addRow({
      ...Object.fromEntries(columns.map((k) => [k, r.values[k] ?? ''])),
      _row: r.row,
      _reasons: r.reasons.join('\n'),
    });
    added.numFmt = '@';
    if (r.reasons.length) {
      added.getCell('_reasons').font = { color: { argb: 'FF9C0006' } };
      added.getCell('_reasons').alignment = { wrapText: true, vertical: 'top' };
      for (const key of r.columns) if (columns.includes(key)) added.getCell(key).fill = RED;
    }
  }
  if (report) people.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length + 2 } };

  const rules = wb.addWorksheet(t('roster.sheet.rules'));
  rules.columns = [
    { header: t('roster.rules.column'), key: 'column', width: 22 },
    { header: t('roster.rules.rule'), key: 'rule', width: 110 },
  ];
  rules.getRow(1).font = { bold: true };
  rules.addRow({ column: t(TITLE[kind]), rule: report ? t('roster.report.note') : '' }).font = { bold: true };
  for (const key of columns)
    rules.addRow({ column: HEADERS[key][o.locale], rule: ruleOf(t, kind, key, o, occupationSheet) });
  const sheet = people.name;
  for (const k of [
    'roster.rule.general1',
    'roster.rule.general2',
    'roster.rule.general3',
    'roster.rule.general4',
    'roster.rule.general5',
  ] as const)
    rules.addRow({ column: t('roster.rules.allRows'), rule: t(k, { sheet }) });

  if (withOccupations) {
    const list = wb.addWorksheet(occupationSheet);
    list.columns = [
      { header: t('roster.occupations.code'), key: 'code', width: 14, style: { numFmt: '@' } },
      { header: t('roster.occupations.name'), key: 'name', width: 28 },
      { header: t('roster.occupations.category'), key: 'category', width: 12 },
      { header: t('roster.occupations.covered'), key: 'covered', width: 14 },
      { header: HEADERS.occupationCode[o.locale], key: 'choice', width: 36 },
    ];
    list.getRow(1).font = { bold: true };
    for (const occ of o.occupations) {
      const name = o.locale === 'zh-CN' ? occ.name_zh : occ.name;
      list.addRow({
        code: occ.code,
        name,
        category: occ.risk_category,
        covered: o.covered ? t(o.covered.has(occ.risk_category) ? 'roster.yes' : 'roster.no') : '',
        choice: `${occ.code} ${name}`,
      });
    }
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The import template of a kind of file. */
export function templateWorkbook(kind: SheetKind, o: TemplateOptions): Promise<Buffer> {
  return workbook(kind, o);
}

/** The error report: the template holding every row of the upload, bad cells marked, reasons beside. */
export function errorReport(kind: SheetKind, o: TemplateOptions, rows: ReportRow[]): Promise<Buffer> {
  return workbook(kind, o, rows);
}

export interface RosterRow {
  name: string;
  idType: IdType;
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

/**
 * The roster as .xlsx, written while the pages are read (constant memory for large policies). Its
 * person columns carry the template's headers, so the file uploads as a subtract file as it is;
 * "Original ID number" repeats each person's ID number, so writing a joiner over a leaver's row makes
 * it an exchange file.
 */
export function rosterStream(pages: AsyncIterable<RosterRow[]>, locale: Locale, exportedAt: Date): Readable {
  const out = new PassThrough();
  writeRoster(out, pages, locale, exportedAt).catch((err) => out.destroy(err as Error));
  return out;
}

async function writeRoster(out: PassThrough, pages: AsyncIterable<RosterRow[]>, locale: Locale, exportedAt: Date) {
  const t = translator(locale);
  const Excel = await loadExcel();
  const wb = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet(t('roster.sheet.roster'));
  // When the list was taken, in the printed page's footer (the cells stay an uploadable list).
  const exported = t('roster.export.exportedAt', { time: formatStamp(exportedAt, locale) }).replaceAll('&', '&&');
  ws.headerFooter = { oddFooter: `&L${exported}&R&P / &N`, evenFooter: `&L${exported}&R&P / &N` };
  const person = TEMPLATE_COLUMNS.add.map((key) => ({
    header: HEADERS[key][locale],
    key,
    width: COLUMN_WIDTHS[key],
    style: { numFmt: '@' },
  }));
  ws.columns = [
    ...person,
    { header: HEADERS.occupationName[locale], key: 'occupationName', width: 24 },
    { header: t('roster.export.riskCategory'), key: 'riskCategory', width: 12 },
    { header: t('roster.export.effectiveDate'), key: 'effectiveDate', width: 14 },
    { header: t('roster.export.endDate'), key: 'endDate', width: 12 },
    { header: t('roster.export.state'), key: 'state', width: 10 },
    { header: HEADERS.originalIdNumber[locale], key: 'originalIdNumber', width: 22, style: { numFmt: '@' } },
  ];
  const sex = { male: t('roster.sex.male'), female: t('roster.sex.female') } as Record<string, string>;
  const state = { 1: t('roster.export.insured'), 2: t('roster.export.removed') } as Record<number, string>;
  for await (const page of pages) {
    for (const r of page)
      ws.addRow({
        ...r,
        idType: t(`idType.${r.idType}`),
        sex: sex[r.sex] ?? r.sex,
        state: state[r.state] ?? String(r.state),
        originalIdNumber: r.idNumber,
      }).commit();
  }
  ws.commit();
  await wb.commit();
}
