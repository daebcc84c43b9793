// Writes the outlines of the captcha's characters (src/server/services/captchaGlyphs.ts, committed) from
// the bold Noto Sans SC the documents already ship, so the gateway draws pictures without parsing a font:
//   node scripts/make-captcha-glyphs.mjs
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as fontkit from 'fontkit';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const font = fontkit.openSync(require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf'));
const CHARACTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

const LETTER = { moveTo: 'M', lineTo: 'L', quadraticCurveTo: 'Q', bezierCurveTo: 'C', closePath: 'Z' };
const lines = [];
for (const c of CHARACTERS) {
  const glyph = font.glyphForCodePoint(c.codePointAt(0));
  const d = glyph.path.commands
    .map((cmd) => LETTER[cmd.command] + cmd.args.map((n) => Math.round(n)).join(' '))
    .join('');
  lines.push(`  ${c}: { advance: ${Math.round(glyph.advanceWidth)}, d: '${d}' },`);
}
const source = `/**
 * Outlines of the captcha's characters in font units (${font.unitsPerEm} per em, y up, baseline 0): Noto Sans SC Bold
 * (SIL Open Font License), written by scripts/make-captcha-glyphs.mjs. M, L, Q, C and Z as in SVG paths.
 */
export const UNITS_PER_EM = ${font.unitsPerEm};

export const GLYPHS: Record<string, { advance: number; d: string }> = {
${lines.join('\n')}
};
`;
fs.writeFileSync(path.join(root, 'src/server/services/captchaGlyphs.ts'), source);
console.log(`${CHARACTERS.length} outlines written`);
