/**
 * Workbooks written by hand for the hostile-upload tests and the bench: zips whose directory can
 * declare whatever sizes a hostile file declares, and sheets shaped as hostile files are.
 */
import zlib from 'node:zlib';

const crc = (data: Buffer) => (zlib as unknown as { crc32?: (b: Buffer) => number }).crc32?.(data) ?? 0;

/** A zip written by hand, so that its directory can declare whatever sizes a hostile file declares. */
export function zip(
  entries: Array<{ name: string; data?: Buffer; deflated?: Buffer; size?: number; declared?: number }>,
) {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const body = e.deflated ?? zlib.deflateRawSync(e.data ?? Buffer.alloc(0));
    const declared = e.declared ?? e.size ?? e.data?.length ?? 0;
    const sum = e.data ? crc(e.data) : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(sum, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt32LE(sum, 16);
    dir.writeUInt32LE(body.length, 20);
    dir.writeUInt32LE(declared, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    parts.push(local, name, body);
    central.push(dir, name);
    offset += local.length + name.length + body.length;
  }
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, cd, end]);
}

/** The parts of a minimal workbook around one worksheet. */
export function workbook(sheet: { data?: Buffer; deflated?: Buffer; size?: number; declared?: number }) {
  const x = (s: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${s}`);
  return zip([
    {
      name: '[Content_Types].xml',
      data: x(
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
      ),
    },
    {
      name: '_rels/.rels',
      data: x(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
      ),
    },
    {
      name: 'xl/workbook.xml',
      data: x(
        '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: x(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
      ),
    },
    { name: 'xl/worksheets/sheet1.xml', ...sheet },
  ]);
}

export const SHEET_OPEN = '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
export const SHEET_CLOSE = '</sheetData></worksheet>';
export const inline = (v: string) => `<c t="inlineStr"><is><t>${v}</t></is></c>`;

/** Rows without row numbers (r attributes), as some writers make them, repeated to `bytes`. */
export function rowsWithoutNumbers(row: string, bytes: number): Buffer {
  const one = Buffer.from(row);
  const count = Math.ceil(bytes / one.length);
  const body = Buffer.alloc(one.length * count);
  for (let i = 0; i < count; i += 1) one.copy(body, i * one.length);
  return Buffer.concat([Buffer.from(SHEET_OPEN), body, Buffer.from(SHEET_CLOSE)]);
}

/** The shape of a hostile workbook seen in the wild: 10,000 rows of 97 cells of 80 bytes, about 75 MB unpacked. */
export function issueBomb(): Buffer {
  const cell = inline('x'.repeat(40));
  const row = (r: number) => `<row r="${r}">${inline(`row ${r}`)}${cell.repeat(96)}</row>`;
  const parts = [SHEET_OPEN];
  for (let r = 1; r <= 10_000; r += 1) parts.push(row(r));
  parts.push(SHEET_CLOSE);
  const sheet = Buffer.from(parts.join(''));
  return workbook({ deflated: zlib.deflateRawSync(sheet), declared: sheet.length });
}

/** A workbook that passes every bound and takes a while to read: rows of text without the roster's header. */
export function slowWorkbook(rows: number): Buffer {
  const parts = [SHEET_OPEN];
  for (let r = 1; r <= rows; r += 1)
    parts.push(
      `<row r="${r}">${Array.from({ length: 10 }, (_, c) => inline(`cell ${r} ${c} some text`)).join('')}</row>`,
    );
  parts.push(SHEET_CLOSE);
  return workbook({ data: Buffer.from(parts.join('')) });
}
