import type { Locale } from '@common/i18n';
import { translator, type Translate } from '@server/messages/catalogue';
import { HEADERS, type ColumnKey } from './rosterColumns';
import type { ReadColumn } from './rosterRead';
import type { Finding } from './rosterValues';
import type { ErrorRow } from './types';

/** The findings of an upload as stored with it (correction_import) and rendered in a language. */

/** A row of an upload as kept for its error report: what the file said and what was found. */
export interface StoredRow {
  row: number;
  values: Partial<Record<ColumnKey, string>>;
  findings: Finding[];
}

/** correction_import.errors: every row of a refused upload (format 2), or the bad rows (format 1). */
export interface StoredImport {
  v: 2;
  rows: StoredRow[];
}

/** A finding as a sentence in a language, naming the column as the uploader named it. */
export function renderFinding(t: Translate, locale: Locale, f: Finding, columns: ReadColumn[]): string {
  const reason = t(f.key, f.params);
  if (!f.column) return reason;
  const col = columns.find((c) => c.key === f.column);
  if (col) return t('roster.reasonAt', { column: col.header, letter: col.letter, reason });
  return t('roster.reasonFor', { column: HEADERS[f.column][locale], reason });
}

/** The bad rows of a stored import, rendered in a language (both storage formats). */
export function storedErrorRows(errors: string, headers: string, locale: Locale): ErrorRow[] {
  const parsed = JSON.parse(errors) as StoredImport | ErrorRow[];
  if (Array.isArray(parsed)) return parsed;
  const t = translator(locale);
  const columns = readColumns(headers);
  return parsed.rows
    .filter((r) => r.findings.length)
    .map((r) => ({
      row: r.row,
      values: r.values as Record<string, string>,
      reasons: r.findings.map((f) => renderFinding(t, locale, f, columns)),
    }));
}

export function readColumns(headers: string): ReadColumn[] {
  const parsed = JSON.parse(headers) as unknown;
  return Array.isArray(parsed) && parsed.every((c) => typeof c === 'object' && c && 'key' in c)
    ? (parsed as ReadColumn[])
    : [];
}
