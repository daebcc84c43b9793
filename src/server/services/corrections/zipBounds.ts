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

function countCells(xml: Buffer): number {
  let n = 0;
  for (const needle of ['<c ', '<c>', '<table:table-cell']) {
    const pattern = Buffer.from(needle);
    let at = xml.indexOf(pattern);
    while (at >= 0) {
      n += 1;
      at = xml.indexOf(pattern, at + pattern.length);
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
      cells += countCells(content);
      if (cells > limits.maxCells) return { ok: false, reason: 'tooManyCells' };
    }
  }
  return { ok: true, inflatedBytes: inflated, cells };
}
