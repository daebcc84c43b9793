/**
 * Bundle figures of the built portal (run `npm run build` first): the gzip size of the JavaScript
 * index.html loads at start, and of every lazily loaded chunk.
 *   npx tsx bench/shell.bench.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.join(__dirname, '..', 'dist');

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export async function run(): Promise<void> {
  const index = path.join(dist, 'index.html');
  if (!fs.existsSync(index)) {
    console.log('shell bundle: dist/ is missing; run `npm run build` first');
    return;
  }
  const html = fs.readFileSync(index, 'utf8');
  const initial = [...html.matchAll(/<script[^>]+src="[^"]*?(static\/js\/[^"]+\.js)"/g)].map((m) => m[1]);
  const jsDir = path.join(dist, 'static', 'js');
  const all = fs.readdirSync(jsDir).filter((f) => f.endsWith('.js'));
  const measure = (file: string) => {
    const buf = fs.readFileSync(path.join(jsDir, file));
    return { file, raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
  };
  const start = initial.map((f) => measure(path.basename(f)));
  const lazy = all
    .filter((f) => !initial.some((i) => i.endsWith(f)))
    .map(measure)
    .sort((a, b) => b.gzip - a.gzip);
  const sum = (xs: { raw: number; gzip: number }[]) =>
    xs.reduce((a, x) => ({ raw: a.raw + x.raw, gzip: a.gzip + x.gzip }), { raw: 0, gzip: 0 });
  console.log('shell bundle: initial JavaScript (loaded by index.html)');
  for (const x of start)
    console.log(`  ${x.file.padEnd(40)} ${kb(x.raw).padStart(10)} min  ${kb(x.gzip).padStart(9)} gzip`);
  const total = sum(start);
  console.log(`  ${'total'.padEnd(40)} ${kb(total.raw).padStart(10)} min  ${kb(total.gzip).padStart(9)} gzip`);
  console.log('shell bundle: lazily loaded chunks (route pages and their dependencies)');
  for (const x of lazy)
    console.log(`  ${x.file.padEnd(40)} ${kb(x.raw).padStart(10)} min  ${kb(x.gzip).padStart(9)} gzip`);
}

if (require.main === module) void run();
