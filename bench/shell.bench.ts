/**
 * Bundle figures of the built portal (run `npm run build` first): the JavaScript and CSS index.html
 * loads at start, gzip and brotli (as the build precompresses them), and every lazily loaded chunk.
 *   npm run bench -- shell
 */
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { record } from './figures';

const dist = path.join(__dirname, '..', 'dist');

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
/** The goal for the JavaScript index.html loads (gzip). */
const INITIAL_GZIP_GOAL = 180 * 1024;

interface Size {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

function measure(file: string): Size {
  const buf = fs.readFileSync(path.join(dist, file));
  return {
    file,
    raw: buf.length,
    gzip: gzipSync(buf, { level: 9 }).length,
    brotli: brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

const sum = (xs: Size[]) =>
  xs.reduce((a, x) => ({ ...a, raw: a.raw + x.raw, gzip: a.gzip + x.gzip, brotli: a.brotli + x.brotli }), {
    file: 'total',
    raw: 0,
    gzip: 0,
    brotli: 0,
  });

const line = (x: Size) =>
  `  ${path.basename(x.file).padEnd(40)} ${kb(x.raw).padStart(10)} min ${kb(x.gzip).padStart(9)} gzip ${kb(x.brotli).padStart(9)} br\n`;

export async function run(): Promise<void> {
  const index = path.join(dist, 'index.html');
  if (!fs.existsSync(index)) {
    process.stdout.write('shell bundle: dist/ is missing; run `npm run build` first\n');
    return;
  }
  const html = fs.readFileSync(index, 'utf8');
  const base = /src="([^"]*?)static\//.exec(html)?.[1] ?? '/';
  const local = (href: string) => href.slice(base.length);
  const scripts = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((m) => local(m[1]));
  const styles = [
    ...html.matchAll(
      /<link[^>]+href="([^"]+\.css)"[^>]*rel="stylesheet"|<link[^>]+rel="stylesheet"[^>]*href="([^"]+\.css)"/g,
    ),
  ].map((m) => local(m[1] ?? m[2]));
  // The gateway preloads a page's chunks with index.html from the build's list (dist/pages.json).
  const pagesFile = path.join(dist, 'pages.json');
  const pageFiles: Record<string, string[]> = fs.existsSync(pagesFile)
    ? (JSON.parse(fs.readFileSync(pagesFile, 'utf8')) as Record<string, string[]>)
    : {};
  const pages = Object.keys(pageFiles).length;
  // Stylesheets every page brings (antd's, with antd's scope): loaded with the page, after the first paint.
  const everyPage = Object.values(pageFiles)
    .map((files) => files.filter((f) => f.endsWith('.css')))
    .reduce<string[] | null>((common, css) => (common ? common.filter((f) => css.includes(f)) : css), null);
  const start = scripts.map(measure);
  process.stdout.write('initial JavaScript (the scripts index.html loads)\n');
  for (const x of start) process.stdout.write(line(x));
  const total = sum(start);
  process.stdout.write(line(total));
  if (styles.length) {
    process.stdout.write('initial CSS (stylesheets index.html links)\n');
    for (const x of styles.map(measure)) process.stdout.write(line(x));
  }
  if (everyPage?.length) {
    process.stdout.write("CSS every page loads after the first paint (with antd's scope, preloaded)\n");
    for (const x of everyPage.map(measure)) process.stdout.write(line(x));
  }
  const jsDir = path.join(dist, 'static', 'js');
  const lazy = fs
    .readdirSync(jsDir)
    .filter((f) => f.endsWith('.js'))
    .map((f) => `static/js/${f}`)
    .filter((f) => !scripts.includes(f))
    .map(measure)
    .sort((a, b) => b.gzip - a.gzip);
  process.stdout.write(`lazily loaded chunks (route pages and what only they use): ${lazy.length}, largest 8\n`);
  for (const x of lazy.slice(0, 8)) process.stdout.write(line(x));
  const precompressed = [...scripts, ...styles].filter(
    (f) => fs.existsSync(path.join(dist, `${f}.br`)) && fs.existsSync(path.join(dist, `${f}.gz`)),
  );
  process.stdout.write(
    `precompressed (.br and .gz beside them): ${precompressed.length} of ${scripts.length + styles.length} initial files; pages whose chunks the gateway preloads (dist/pages.json): ${pages}\n`,
  );
  record({
    figure: 'JS loaded by index.html',
    value: `${kb(total.gzip)} gzip, ${kb(total.brotli)} br (${kb(total.raw)} min)`,
    goal: '<= 180 KB gzip',
    met: total.gzip <= INITIAL_GZIP_GOAL,
  });
  record({
    figure: 'initial files precompressed (.br, .gz)',
    value: `${precompressed.length} of ${scripts.length + styles.length}`,
    goal: 'all',
    met: precompressed.length === scripts.length + styles.length,
  });
}

if (require.main === module) void run();
