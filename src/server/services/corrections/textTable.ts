/**
 * Text tables (CSV and tab-separated files that HR systems export and Excel, WPS and LibreOffice
 * save): the encoding found (UTF-8 with or without BOM, UTF-16 with BOM, else GBK/GB 18030, the
 * Chinese Windows default), the separator guessed from the header, and every value kept as text
 * (no number or date conversion, so ID numbers keep every digit).
 */

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'gb18030';

export function decodeText(data: Uint8Array): { text: string; encoding: TextEncoding } | null {
  const b = data;
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf)
    return { text: new TextDecoder('utf-8').decode(b.subarray(3)), encoding: 'utf-8' };
  if (b[0] === 0xff && b[1] === 0xfe)
    return { text: new TextDecoder('utf-16le').decode(b.subarray(2)), encoding: 'utf-16le' };
  if (b[0] === 0xfe && b[1] === 0xff)
    return { text: new TextDecoder('utf-16be').decode(b.subarray(2)), encoding: 'utf-16be' };
  // NUL bytes do not occur in a text table in these encodings: a binary file.
  if (b.subarray(0, 4096).includes(0)) return null;
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(b), encoding: 'utf-8' };
  } catch {
    // Not UTF-8: Chinese Windows saves CSV in GBK; GB 18030 is its superset (and Node's ICU decoder for both).
  }
  try {
    return { text: new TextDecoder('gb18030', { fatal: true }).decode(b), encoding: 'gb18030' };
  } catch {
    return null;
  }
}

function separatorOf(text: string): string {
  const firstLine = text.slice(0, 4096).split(/\r?\n/, 1)[0] ?? '';
  let best = ',';
  let bestCount = 0;
  for (const sep of [',', '\t', ';', '，']) {
    let count = 0;
    let quoted = false;
    for (const ch of firstLine) {
      if (ch === '"') quoted = !quoted;
      else if (!quoted && ch === sep) count += 1;
    }
    if (count > bestCount) {
      best = sep;
      bestCount = count;
    }
  }
  return best;
}

/**
 * Rows of a CSV/TSV text (RFC 4180 quoting, CRLF or LF); stops after `maxRows` rows and says so.
 */
export function parseTextTable(text: string, maxRows: number): { rows: string[][]; truncated: boolean } {
  const sep = separatorOf(text);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        continue;
      }
      field += ch;
      i += 1;
      continue;
    }
    if (ch === '"' && field === '') {
      quoted = true;
      i += 1;
      continue;
    }
    if (ch === sep) {
      row.push(field);
      field = '';
      i += 1;
      continue;
    }
    if (ch === '\r' || ch === '\n') {
      row.push(field);
      rows.push(row);
      if (rows.length >= maxRows) return { rows, truncated: /[^\s,;\t，"]/.test(text.slice(i)) };
      row = [];
      field = '';
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
      continue;
    }
    field += ch;
    i += 1;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return { rows, truncated: false };
}
