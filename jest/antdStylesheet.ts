/**
 * antd's stylesheet in jsdom. The portal runs antd without CSS-in-JS (shared/AntdScope.tsx: its
 * components' styles are antd's own stylesheet, which that file imports and the build loads with
 * antd's scope); page tests get the same sheet with the declarations that decide what is shown
 * (display, visibility, opacity, pointer-events; see ./cssFilter.ts), so that a closed dropdown or a
 * hidden form item is as hidden to a role query as it is in a browser. Filtered once per test run
 * (a file in the system's temporary folder, named by antd's version and this filter's).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { keepDeclarations, SHOWN } from './cssFilter';

const source = require.resolve('antd/dist/antd.css');
const { version } = require('antd/package.json') as { version: string };
const stamp = fs.statSync(path.join(__dirname, 'cssFilter.ts')).mtimeMs.toFixed(0);
const kept = path.join(os.tmpdir(), `mc-antd-${version}-${stamp}.shown.css`);

let css: string;
try {
  css = fs.readFileSync(kept, 'utf8');
} catch {
  css = keepDeclarations(fs.readFileSync(source, 'utf8'), SHOWN);
  const partial = `${kept}.${process.pid}`;
  fs.writeFileSync(partial, css);
  fs.renameSync(partial, kept);
}

const style = document.createElement('style');
style.dataset.antd = 'stylesheet';
style.textContent = css;
document.head.prepend(style);

export {};
