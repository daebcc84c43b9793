import zlib from 'node:zlib';

/**
 * What a zip (an .xlsx, .xlsm or .ods workbook) really holds, measured by inflating it: the sizes a
 * zip declares can lie (a zip bomb declares small ones), so every entry is inflated with a cap on
 * what it may still produce, and the worksheets' cells are counted on the way. Entries are inflated
 * as a stream of small chunks, counted and let go: measuring a bomb holds a few chunks, not what it
 * unpacks to.
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

/** "<c" then a space, ">", "/" or a line break: an xlsx cell element (not <col> or <cfRule>). */
function xlsxCells(xml: Buffer, from: number): number {
  let n = 0;
  const end = xml.length - 2;
  for (let i = from; i < end; i += 1) {
    if (xml[i] !== 0x3c || xml[i + 1] !== 0x63) continue;
    const next = xml[i + 2];
    if (next === 0x20 || next === 0x3e || next === 0x2f || next === 0x09 || next === 0x0a || next === 0x0d) n += 1;
  }
  return n;
}

function odsCells(xml: Buffer): number {
  let n = 0;
  for (let at = xml.indexOf(ODS_CELL); at >= 0; at = xml.indexOf(ODS_CELL, at + ODS_CELL.length)) n += 1;
  return n;
}

type Inflated = { ok: true; bytes: number; cells: number } | { ok: false; reason: 'tooLarge' | 'unreadable' };

/**
 * Inflates one entry chunk by chunk, stopping past `budget` bytes; counts the cells of a worksheet
 * part across the chunks (a cell's opening tag may straddle two: the last bytes of one are carried
 * to the next), stopping past `cellBudget`.
 */
async function inflateEntry(raw: Buffer, budget: number, count: 'xlsx' | 'ods' | null, cellBudget: number) {
  const inflater = zlib.createInflateRaw({ chunkSize: 64 * 1024 });
  const carryLength = count === 'ods' ? ODS_CELL.length - 1 : 2;
  let carry = Buffer.alloc(0);
  let bytes = 0;
  let cells = 0;
  const done = new Promise<Inflated>((resolve) => {
    inflater.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > budget) {
        inflater.destroy();
        return resolve({ ok: false, reason: 'tooLarge' });
      }
      if (!count) return;
      const text = carry.length ? Buffer.concat([carry, chunk]) : chunk;
      cells += count === 'ods' ? odsCells(text) : xlsxCells(text, 0);
      carry = Buffer.from(text.subarray(Math.max(0, text.length - carryLength)));
      if (cells > cellBudget) {
        inflater.destroy();
        resolve({ ok: true, bytes, cells });
      }
    });
    inflater.on('error', () => resolve({ ok: false, reason: 'unreadable' }));
    inflater.on('end', () => resolve({ ok: true, bytes, cells }));
  });
  inflater.end(raw);
  return done;
}

export async function inspectZip(
  data: Buffer,
  limits: { maxInflatedBytes: number; maxCells: number },
): Promise<ZipVerdict> {
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
    const part = SHEET_PART.test(name) ? (name.toLowerCase() === 'content.xml' ? 'ods' : 'xlsx') : null;
    let entry: Inflated;
    if (method === 0) {
      if (raw.length > budget) return { ok: false, reason: 'tooLarge' };
      const stored = part === 'ods' ? odsCells(raw) : part === 'xlsx' ? xlsxCells(raw, 0) : 0;
      entry = { ok: true, bytes: raw.length, cells: stored };
    } else if (method === 8) entry = await inflateEntry(raw, budget, part, limits.maxCells - cells);
    else return { ok: false, reason: 'unreadable' };
    if (!entry.ok) return { ok: false, reason: entry.reason };
    inflated += entry.bytes;
    cells += entry.cells;
    if (cells > limits.maxCells) return { ok: false, reason: 'tooManyCells' };
  }
  return { ok: true, inflatedBytes: inflated, cells };
}
