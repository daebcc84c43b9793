/**
 * A small text extractor for the PDFs the gateway writes (pdfkit, embedded subset fonts): it inflates
 * the streams, reads each font's ToUnicode CMap, and decodes the glyph codes of the text operators
 * (Tj, TJ) with the font selected by Tf. Enough to check that a document's text says what it should.
 */
import { inflateSync } from 'node:zlib';

interface PdfObject {
  dict: string;
  stream: Buffer | null;
}

function objects(pdf: Buffer): Map<number, PdfObject> {
  const src = pdf.toString('latin1');
  const out = new Map<number, PdfObject>();
  const re = /(\d+) 0 obj\s*([\s\S]*?)endobj/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(src))) {
    const body = m[2];
    const s = body.indexOf('stream');
    if (s >= 0 && /\/Length/.test(body.slice(0, s))) {
      const dict = body.slice(0, s);
      let start = s + 'stream'.length;
      if (body[start] === '\r') start += 1;
      if (body[start] === '\n') start += 1;
      const end = body.lastIndexOf('endstream');
      let raw = Buffer.from(body.slice(start, end), 'latin1');
      if (/\/FlateDecode/.test(dict)) {
        try {
          raw = inflateSync(raw);
        } catch {
          /* not every stream needs decoding to read text */
        }
      }
      out.set(Number(m[1]), { dict, stream: raw });
    } else {
      out.set(Number(m[1]), { dict: body, stream: null });
    }
  }
  return out;
}

function hexToCodes(hex: string, width: number): number[] {
  const clean = hex.replace(/\s+/g, '');
  const codes: number[] = [];
  for (let i = 0; i + width <= clean.length; i += width) codes.push(parseInt(clean.slice(i, i + width), 16));
  return codes;
}

function utf16(hex: string): string {
  const units = hexToCodes(hex, 4);
  return String.fromCharCode(...units);
}

function parseCMap(text: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of text.match(/beginbfchar([\s\S]*?)endbfchar/g) ?? []) {
    for (const m of block.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]+)>/g)) map.set(parseInt(m[1], 16), utf16(m[2]));
  }
  for (const block of text.match(/beginbfrange([\s\S]*?)endbfrange/g) ?? []) {
    for (const m of block.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
      const lo = parseInt(m[1], 16);
      const hi = parseInt(m[2], 16);
      if (m[3].startsWith('[')) {
        const dsts = [...m[3].matchAll(/<([0-9a-fA-F\s]+)>/g)].map((d) => utf16(d[1]));
        dsts.forEach((d, i) => map.set(lo + i, d));
      } else {
        const base = parseInt(m[3].slice(1, -1), 16);
        for (let c = lo; c <= hi; c += 1) map.set(c, String.fromCharCode(base + c - lo));
      }
    }
  }
  return map;
}

/** The text of every page, in drawing order; text objects separated by newlines. */
export function pdfText(pdf: Buffer): string {
  const objs = objects(pdf);
  const fontMaps = new Map<string, Map<number, string>>();
  // Font resources: /F1 12 0 R inside any /Font << ... >> dictionary.
  for (const { dict } of objs.values()) {
    const fontDict = dict.match(/\/Font\s*<<([\s\S]*?)>>/);
    if (!fontDict) continue;
    for (const m of fontDict[1].matchAll(/\/([A-Za-z0-9+_-]+)\s+(\d+)\s+0\s+R/g)) {
      const font = objs.get(Number(m[2]));
      const toUnicode = font?.dict.match(/\/ToUnicode\s+(\d+)\s+0\s+R/);
      const cmap = toUnicode ? objs.get(Number(toUnicode[1]))?.stream : null;
      if (cmap) fontMaps.set(m[1], parseCMap(cmap.toString('latin1')));
    }
  }
  const parts: string[] = [];
  for (const { dict, stream } of objs.values()) {
    if (
      !stream ||
      /\/Subtype\s*\/Image|\/Type\s*\/XObject|\/Length1|begincmap/.test(
        dict + stream.subarray(0, 200).toString('latin1'),
      )
    )
      continue;
    const content = stream.toString('latin1');
    if (!/\bT[jJ]\b/.test(content)) continue;
    let map: Map<number, string> | undefined;
    const token = /\/([A-Za-z0-9+_-]+)\s+[\d.]+\s+Tf|\[((?:[^\]\\]|\\.)*)\]\s*TJ|<([0-9a-fA-F\s]*)>\s*Tj|\bET\b/g;
    let m: RegExpExecArray | null;
    while ((m = token.exec(content))) {
      if (m[1]) map = fontMaps.get(m[1]);
      else if (m[2] !== undefined || m[3] !== undefined) {
        const hexes = m[2] !== undefined ? [...m[2].matchAll(/<([0-9a-fA-F\s]*)>/g)].map((h) => h[1]) : [m[3]];
        for (const h of hexes) for (const code of hexToCodes(h, 4)) parts.push(map?.get(code) ?? '');
      } else parts.push('\n');
    }
  }
  return parts.join('');
}

/** A string of the document information dictionary (pdfkit writes it as an indirect literal string). */
export function pdfInfo(pdf: Buffer, key: 'Title' | 'Subject' | 'Keywords'): string | null {
  const src = pdf.toString('latin1');
  const ref = src.match(new RegExp(`/${key}\\s+(\\d+)\\s+0\\s+R`));
  const direct = src.match(new RegExp(`/${key}\\s*\\(([^)]*)\\)`));
  if (direct) return direct[1];
  if (!ref) return null;
  const obj = src.match(new RegExp(`(?:^|\\n)${ref[1]} 0 obj\\s*\\(([^)]*)\\)`));
  return obj ? obj[1] : null;
}
