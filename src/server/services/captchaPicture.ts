/**
 * The captcha's picture: a PNG drawn here, pixel by pixel, from glyph outlines (captchaGlyphs.ts). Each
 * character is scaled, rotated, sheared and placed touching its neighbours; the whole line is bent by
 * two waves; strokes of the text's own colours cross it and specks cover the background. A raster
 * picture carries no outlines a script could match (an SVG captcha writes each character as a path
 * of the font, so matching paths reads it every time).
 */
import { randomInt } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { GLYPHS, UNITS_PER_EM } from './captchaGlyphs';

/** Characters the random text is made of: no 0/O, 1/I, nothing two people would read differently. */
export const CAPTCHA_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const CAPTCHA_LENGTH = 5;

export const PICTURE_WIDTH = 160;
export const PICTURE_HEIGHT = 56;
/** Samples per pixel along each axis (anti-aliasing). */
const SS = 3;
const SW = PICTURE_WIDTH * SS;
const SH = PICTURE_HEIGHT * SS;

/** A random text for a new picture. */
export function randomCaptchaText(): string {
  let text = '';
  for (let i = 0; i < CAPTCHA_LENGTH; i++) text += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return text;
}

const rand = (min: number, max: number) => min + (randomInt(1_000_000) / 1_000_000) * (max - min);

type Point = [number, number];
/** One closed outline, as a polygon in sample coordinates. */
type Contour = Point[];

/** Parses an SVG-like path (M, L, Q, C, Z) and flattens its curves after the affine map `at`. */
function outline(d: string, at: (x: number, y: number) => Point): Contour[] {
  const contours: Contour[] = [];
  let current: Contour = [];
  let pen: Point = [0, 0];
  const tokens = d.match(/[MLQCZ]|-?\d+(\.\d+)?/g) ?? [];
  let i = 0;
  const num = () => Number(tokens[i++]);
  const STEPS = 6;
  while (i < tokens.length) {
    const command = tokens[i++];
    if (command === 'M') {
      if (current.length > 2) contours.push(current);
      pen = at(num(), num());
      current = [pen];
    } else if (command === 'L') {
      pen = at(num(), num());
      current.push(pen);
    } else if (command === 'Q') {
      const c = at(num(), num());
      const end = at(num(), num());
      const start = pen;
      for (let s = 1; s <= STEPS; s++) {
        const t = s / STEPS;
        const u = 1 - t;
        current.push([
          u * u * start[0] + 2 * u * t * c[0] + t * t * end[0],
          u * u * start[1] + 2 * u * t * c[1] + t * t * end[1],
        ]);
      }
      pen = end;
    } else if (command === 'C') {
      const c1 = at(num(), num());
      const c2 = at(num(), num());
      const end = at(num(), num());
      const start = pen;
      for (let s = 1; s <= STEPS; s++) {
        const t = s / STEPS;
        const u = 1 - t;
        current.push([
          u * u * u * start[0] + 3 * u * u * t * c1[0] + 3 * u * t * t * c2[0] + t * t * t * end[0],
          u * u * u * start[1] + 3 * u * u * t * c1[1] + 3 * u * t * t * c2[1] + t * t * t * end[1],
        ]);
      }
      pen = end;
    } else if (command === 'Z') {
      if (current.length > 2) contours.push(current);
      current = [];
    }
  }
  if (current.length > 2) contours.push(current);
  return contours;
}

/** Fills contours (non-zero winding) into a coverage mask of samples. */
function fill(mask: Uint8Array, contours: Contour[]) {
  const edges: Array<[number, number, number, number, number]> = [];
  for (const contour of contours) {
    for (let k = 0; k < contour.length; k++) {
      const [x0, y0] = contour[k];
      const [x1, y1] = contour[(k + 1) % contour.length];
      if (y0 === y1) continue;
      edges.push(y0 < y1 ? [x0, y0, x1, y1, 1] : [x1, y1, x0, y0, -1]);
    }
  }
  const crossings: Array<[number, number]> = [];
  for (let row = 0; row < SH; row++) {
    const y = row + 0.5;
    crossings.length = 0;
    for (const [x0, y0, x1, y1, dir] of edges) {
      if (y < y0 || y >= y1) continue;
      crossings.push([x0 + ((y - y0) / (y1 - y0)) * (x1 - x0), dir]);
    }
    if (crossings.length < 2) continue;
    crossings.sort((a, b) => a[0] - b[0]);
    let winding = 0;
    for (let k = 0; k < crossings.length - 1; k++) {
      winding += crossings[k][1];
      if (winding === 0) continue;
      const from = Math.max(0, Math.ceil(crossings[k][0] - 0.5));
      const to = Math.min(SW - 1, Math.floor(crossings[k + 1][0] - 0.5));
      for (let col = from; col <= to; col++) mask[row * SW + col] = 1;
    }
  }
}

/** Stamps a round pen of radius r (samples) along a polyline. */
function stroke(mask: Uint8Array, points: Point[], r: number) {
  for (let k = 0; k < points.length - 1; k++) {
    const [x0, y0] = points[k];
    const [x1, y1] = points[k + 1];
    const steps = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0)));
    for (let s = 0; s <= steps; s++) {
      const cx = x0 + ((x1 - x0) * s) / steps;
      const cy = y0 + ((y1 - y0) * s) / steps;
      for (let yy = Math.max(0, Math.floor(cy - r)); yy <= Math.min(SH - 1, Math.ceil(cy + r)); yy++) {
        for (let xx = Math.max(0, Math.floor(cx - r)); xx <= Math.min(SW - 1, Math.ceil(cx + r)); xx++) {
          if ((xx - cx) ** 2 + (yy - cy) ** 2 <= r * r) mask[yy * SW + xx] = 1;
        }
      }
    }
  }
}

type Rgb = [number, number, number];

function hsl(h: number, s: number, l: number): Rgb {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/** Paints a mask's coverage onto the picture in one colour. */
function paint(image: Float32Array, mask: Uint8Array, color: Rgb, opacity = 1) {
  for (let y = 0; y < PICTURE_HEIGHT; y++) {
    for (let x = 0; x < PICTURE_WIDTH; x++) {
      let covered = 0;
      for (let sy = 0; sy < SS; sy++) {
        const row = (y * SS + sy) * SW + x * SS;
        for (let sx = 0; sx < SS; sx++) covered += mask[row + sx];
      }
      if (covered === 0) continue;
      const alpha = (covered / (SS * SS)) * opacity;
      const p = (y * PICTURE_WIDTH + x) * 3;
      for (let c = 0; c < 3; c++) image[p + c] = image[p + c] * (1 - alpha) + color[c] * alpha;
    }
  }
}

/**
 * The picture's defences, each on unless turned off: a weaker picture drawn by the same code is what a
 * solver's control reads (__tests__/server/security/captchaSolver.test.ts); the gateway draws them all.
 */
export interface CaptchaDefences {
  /** Two waves bend the whole line. */
  waves?: boolean;
  /** Each character turned and sheared. */
  tilt?: boolean;
  /** Neighbours touch (else a gap between them). */
  touching?: boolean;
  /** Strokes in the text's colours across the line. */
  strokes?: boolean;
  /** Specks over everything. */
  specks?: boolean;
}

/** Draws the picture of a text (letters are drawn as capitals; the answer is checked without case). */
export function drawCaptcha(text: string, defences: CaptchaDefences = {}): Buffer {
  const on = { waves: true, tilt: true, touching: true, strokes: true, specks: true, ...defences };
  const image = new Float32Array(PICTURE_WIDTH * PICTURE_HEIGHT * 3);
  // A light background whose colour drifts across the picture.
  const hue = rand(0, 360);
  const left = hsl(hue, 0.45, 0.9);
  const right = hsl((hue + rand(60, 180)) % 360, 0.45, 0.9);
  for (let y = 0; y < PICTURE_HEIGHT; y++) {
    for (let x = 0; x < PICTURE_WIDTH; x++) {
      const t = x / (PICTURE_WIDTH - 1);
      const p = (y * PICTURE_WIDTH + x) * 3;
      for (let c = 0; c < 3; c++) image[p + c] = left[c] * (1 - t) + right[c] * t;
    }
  }

  // Two waves bend the whole line: no character keeps the shape of its outline in the font.
  const wave = {
    ax: rand(2, 4) * SS,
    px: rand(30, 60) * SS,
    fx: rand(0, Math.PI * 2),
    ay: rand(2, 4) * SS,
    py: rand(40, 80) * SS,
    fy: rand(0, Math.PI * 2),
  };
  const bend = ([x, y]: Point): Point =>
    on.waves
      ? [
          x + wave.ax * Math.sin((2 * Math.PI * y) / wave.px + wave.fx),
          y + wave.ay * Math.sin((2 * Math.PI * x) / wave.py + wave.fy),
        ]
      : [x, y];

  const chars = [...text.toUpperCase()].map((c) => GLYPHS[c] ?? GLYPHS.X);
  const sizes = chars.map(() => rand(29, 35) * SS);
  // Neighbours touch, but each character stays readable to a person.
  const widths = chars.map((g, k) => (g.advance / UNITS_PER_EM) * sizes[k] * (on.touching ? 0.93 : 1.1));
  const total = widths.reduce((a, b) => a + b, 0);
  let penX = (SW - total) / 2 + rand(-6, 6) * SS;
  const palette: Rgb[] = [];
  for (const [k, glyph] of chars.entries()) {
    const scale = sizes[k] / UNITS_PER_EM;
    const angle = on.tilt ? rand(-0.3, 0.3) : 0;
    const shear = on.tilt ? rand(-0.2, 0.2) : 0;
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const originX = penX + widths[k] / 2;
    const baseline = SH / 2 + sizes[k] * 0.36 + rand(-5, 5) * SS;
    const half = glyph.advance / 2;
    const at = (fx: number, fy: number): Point => {
      const x = (fx - half + shear * fy) * scale;
      const y = -fy * scale;
      return [originX + x * cos - y * sin, baseline + x * sin + y * cos];
    };
    const contours = outline(glyph.d, at).map((c) => c.map(bend));
    const mask = new Uint8Array(SW * SH);
    fill(mask, contours);
    const color = hsl(rand(0, 360), rand(0.5, 0.8), rand(0.2, 0.38));
    palette.push(color);
    paint(image, mask, color);
    penX += widths[k];
  }

  // Strokes in the text's own colours across the line, and specks everywhere.
  for (let n = 0; n < (on.strokes ? 3 : 0); n++) {
    const y0 = rand(0.2, 0.8) * SH;
    const y1 = rand(0.2, 0.8) * SH;
    const c1: Point = [rand(0.2, 0.5) * SW, rand(0, 1) * SH];
    const c2: Point = [rand(0.5, 0.8) * SW, rand(0, 1) * SH];
    const points: Point[] = [];
    for (let s = 0; s <= 40; s++) {
      const t = s / 40;
      const u = 1 - t;
      points.push(
        bend([
          u * u * u * 0 + 3 * u * u * t * c1[0] + 3 * u * t * t * c2[0] + t * t * t * SW,
          u * u * u * y0 + 3 * u * u * t * c1[1] + 3 * u * t * t * c2[1] + t * t * t * y1,
        ]),
      );
    }
    const mask = new Uint8Array(SW * SH);
    stroke(mask, points, rand(1.2, 2.2) * SS * 0.5);
    paint(image, mask, palette[randomInt(palette.length)], rand(0.7, 1));
  }
  const specks = new Uint8Array(SW * SH);
  for (let n = 0; n < (on.specks ? 90 : 0); n++)
    stroke(specks, [[rand(0, SW), rand(0, SH)]], rand(0.6, 1.4) * SS * 0.5);
  paint(image, specks, palette[randomInt(palette.length)], 0.6);

  return png(image);
}

// ---- PNG (RGB, 8 bits, no interlace) ----

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(image: Float32Array): Buffer {
  const raw = Buffer.alloc((PICTURE_WIDTH * 3 + 1) * PICTURE_HEIGHT);
  for (let y = 0; y < PICTURE_HEIGHT; y++) {
    const row = y * (PICTURE_WIDTH * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < PICTURE_WIDTH * 3; x++) {
      raw[row + 1 + x] = Math.max(0, Math.min(255, Math.round(image[y * PICTURE_WIDTH * 3 + x])));
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(PICTURE_WIDTH, 0);
  header.writeUInt32BE(PICTURE_HEIGHT, 4);
  header.writeUInt8(8, 8);
  header.writeUInt8(2, 9);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
