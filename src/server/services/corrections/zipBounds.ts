import zlib from 'node:zlib';

/**
 * What a zip (an .xlsx, .xlsm or .ods workbook) really holds, measured by inflating it: the sizes a
 * zip declares can lie (a zip bomb declares small ones), so every entry is inflated with a cap on
 * what it may still produce, and the worksheets' cells are counted on the way.
 */

export type ZipVerdict =
  | { ok: true; inflatedBytes: number; cells: number }
  | { ok: false; reason: 'unreadable' | 'tooLarge' | 'tooManyCells' };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** Worksheet parts whose cells are counted: xlsx/xlsm sheets and the ODS content. */
const SHEET_PART = /^(xl\/worksheets\/[^/]+\.xml|content\.xml)$/i;

const ODS_CELL = Buffer.from('<table:table-cell');

/**
 * Cells in a worksheet part (xlsx: <c ...> elements, not <col> or <cfRule>; ODS: table cells), in one
 * pass over its XML; stops counting past `limit`.
 */
function countCells(xml: Buffer, ods: boolean, limit: number): number {
  let n = 0;
  if (ods) {
    for (let at = xml.indexOf(ODS_CELL); at >= 0 && n <= limit; at = xml.indexOf(ODS_CELL, at + ODS_CELL.length))
      n += 1;
    return n;
  }
  const end = xml.length - 2;
  for (let i = 0; i < end; i += 1) {
    if (xml[i] !== 0x3c || xml[i + 1] !== 0x63) continue;
    const next = xml[i + 2];
    // "<c" then a space, ">" or "/": a cell element
    if (next === 0x20 || next === 0x3e || next === 0x2f || next === 0x09 || next === 0x0a || next === 0x0d) {
      n += 1;
      if (n > limit) return n;
    }
  }
  return n;
}

export function inspectZip(data: Buffer, limits: { maxInflatedBytes: number; maxCells: number }): ZipVerdict {
  const from = Math.max(0, data.length - 22 - 0xffff);
  let end = -1;
  for (let i = data.length - 22; i >= from; i -= 1) {
    if (data.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) return { ok: false, reason: 'unreadable' };
  const entries = data.readUInt16LE(end + 10);
  let at = data.readUInt32LE(end + 16);
  let inflated = 0;
  let cells = 0;
  for (let n = 0; n < entries; n += 1) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== CENTRAL) return { ok: false, reason: 'unreadable' };
    const method = data.readUInt16LE(at + 10);
    const compressed = data.readUInt32LE(at + 20);
    const nameLength = data.readUInt16LE(at + 28);
    const local = data.readUInt32LE(at + 42);
    const name = data.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
    if (compressed === 0xffffffff || local === 0xffffffff) return { ok: false, reason: 'tooLarge' };
    if (local + 30 > data.length || data.readUInt32LE(local) !== LOCAL) return { ok: false, reason: 'unreadable' };
    const start = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
    if (start + compressed > data.length) return { ok: false, reason: 'unreadable' };
    const raw = data.subarray(start, start + compressed);
    const budget = limits.maxInflatedBytes - inflated;
    let content: Buffer;
    if (method === 0) content = raw;
    else if (method === 8) {
      try {
        content = zlib.inflateRawSync(raw, { maxOutputLength: Math.max(1, budget + 1) });
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError)
          return { ok: false, reason: 'tooLarge' };
        return { ok: false, reason: 'unreadable' };
      }
    } else return { ok: false, reason: 'unreadable' };
    inflated += content.length;
    if (inflated > limits.maxInflatedBytes) return { ok: false, reason: 'tooLarge' };
    if (SHEET_PART.test(name)) {
      cells += countCells(content, name.toLowerCase() === 'content.xml', limits.maxCells - cells);
      if (cells > limits.maxCells) return { ok: false, reason: 'tooManyCells' };
    }
  }
  return { ok: true, inflatedBytes: inflated, cells };
}
