/**
 * A workbook's bounds are measured before it is read, and the measure stops at the first bound it
 * passes: told here by workbooks whose compressed sheet is cut off well after the bound. A measure
 * that went on to the end would find the cut and answer "unreadable"; one that stops answers the bound.
 */
import zlib from 'node:zlib';
import { inspectZip } from '@server/services/corrections/zipBounds';
import { SHEET_CLOSE, SHEET_OPEN, inline, rowsWithoutNumbers, workbook, zip } from '@tests/support/hostileWorkbooks';

const LIMITS = { maxInflatedBytes: 32 * 1024 * 1024, maxCells: 300_000 };

/** The first `share` of a deflated stream: valid as far as it goes, then cut. */
const cut = (deflated: Buffer, share: number) => deflated.subarray(0, Math.floor(deflated.length * share));

describe('the bounds of a workbook, measured before it is read', () => {
  it('counts the cells of an honest workbook and what it unpacks to', async () => {
    const rows = Array.from(
      { length: 20 },
      (_, r) => `<row r="${r + 1}">${inline('a')}${inline('b')}${inline('c')}</row>`,
    );
    const sheet = Buffer.from(`${SHEET_OPEN}${rows.join('')}${SHEET_CLOSE}`);
    const verdict = await inspectZip(workbook({ data: sheet }), LIMITS);
    expect(verdict).toMatchObject({ ok: true, cells: 60 });
    expect(verdict.ok && verdict.inflatedBytes).toBeGreaterThan(sheet.length);
  });

  it('finds a sheet cut off below its bounds unreadable', async () => {
    const sheet = rowsWithoutNumbers(`<row>${'<c><v>1</v></c>'.repeat(50)}</row>`, 2 * 1024 * 1024);
    const file = workbook({ deflated: cut(zlib.deflateRawSync(sheet), 0.9), declared: sheet.length });
    expect(await inspectZip(file, LIMITS)).toEqual({ ok: false, reason: 'unreadable' });
  });

  it('stops counting cells at the 300,001st: the rest of the sheet is never unpacked', async () => {
    // 20 MB of cells (about 1.3 million); the 300,001st comes within the first quarter.
    const sheet = rowsWithoutNumbers(`<row>${'<c><v>1</v></c>'.repeat(50)}</row>`, 20 * 1024 * 1024);
    const whole = zlib.deflateRawSync(sheet);
    expect(await inspectZip(workbook({ deflated: whole, declared: sheet.length }), LIMITS)).toEqual({
      ok: false,
      reason: 'tooManyCells',
    });
    const file = workbook({ deflated: cut(whole, 0.6), declared: sheet.length });
    expect(await inspectZip(file, LIMITS)).toEqual({ ok: false, reason: 'tooManyCells' });
  });

  it('stops unpacking a zip bomb past 32 MB, whatever its directory declares', async () => {
    const whole = zlib.deflateRawSync(Buffer.alloc(120 * 1024 * 1024, 0x20), { level: 9 });
    const file = workbook({ deflated: cut(whole, 0.6), declared: 2_000 });
    expect(file.length).toBeLessThan(1024 * 1024);
    expect(await inspectZip(file, LIMITS)).toEqual({ ok: false, reason: 'tooLarge' });
  });

  it('stops counting an ODS sheet’s cells at the bound too', async () => {
    // 10,000 rows of 100 cells; the 300,001st comes within the first third.
    const cell = '<table:table-cell office:value-type="float" office:value="1"/>';
    const content = Buffer.from(
      `<office:document-content><table:table>${`<table:table-row>${cell.repeat(100)}</table:table-row>`.repeat(10_000)}</table:table></office:document-content>`,
    );
    const whole = zlib.deflateRawSync(content);
    const file = zip([
      { name: 'mimetype', data: Buffer.from('application/vnd.oasis.opendocument.spreadsheet') },
      { name: 'content.xml', deflated: cut(whole, 0.6), declared: content.length },
    ]);
    expect(await inspectZip(file, LIMITS)).toEqual({ ok: false, reason: 'tooManyCells' });
  });
});
