#!/usr/bin/env node
// Compiles the gateway for `npm start` (part of `npm run build`): esbuild bundles src/server/main.ts
// into dist/server/main.js for Node, leaving every npm package to node_modules (--packages=external),
// so the gateway starts with plain `node`, without compiling TypeScript at each start.
//
// Worker threads are entry points of their own. A file under src/server named `<name>Worker.ts` is
// found and built to dist/server/<name>Worker.js, beside main.js: the module that starts it looks for
// it with path.join(__dirname, '<name>Worker' + (compiled ? '.js' : '.ts')), and once bundled
// __dirname is dist/server. To add a worker, name its file that way; nothing else to change here
// (an entry of another name goes into `extraEntries` below). Two workers may not share a name.
//
// What the gateway reads at run time stays where it is and is found from the repository's root
// (src/server/root.ts): fixtures/, public/, dist/ (the portal), the fonts in node_modules.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = path.join(root, 'src', 'server');
const outdir = path.join(root, 'dist', 'server');

/**
 * Entries that are neither main nor named *Worker.ts: name -> source file (relative to the root). The
 * operators' scripts run beside the gateway with plain `node dist/server/<name>.js` (tsx is a
 * development tool only).
 */
const extraEntries = {
  'claim-progress': 'scripts/claim-progress.ts',
  'reply-opinion': 'scripts/reply-opinion.ts',
  'match-transfer': 'scripts/match-transfer.ts',
  'settle-refund': 'scripts/settle-refund.ts',
};

function workerFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return workerFiles(file);
    return /[A-Za-z0-9]Worker\.ts$/.test(entry.name) ? [file] : [];
  });
}

const entryPoints = { main: path.join(serverDir, 'main.ts') };
for (const [name, file] of Object.entries(extraEntries)) entryPoints[name] = path.join(root, file);
for (const file of workerFiles(serverDir)) {
  const name = path.basename(file, '.ts');
  if (entryPoints[name]) throw new Error(`Two gateway entries are called ${name}: ${entryPoints[name]} and ${file}`);
  entryPoints[name] = file;
}

const started = performance.now();
fs.rmSync(outdir, { recursive: true, force: true });
const result = await build({
  entryPoints,
  outdir,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  packages: 'external',
  // The gateway's side of the project: its path aliases (`@server/...`) and no DOM.
  tsconfig: path.join(root, 'tsconfig.server.json'),
  sourcemap: true,
  logLevel: 'warning',
  metafile: true,
});
const outputs = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith('.js'));
const size = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
process.stdout.write(
  `gateway compiled in ${Math.round(performance.now() - started)} ms: ${outputs
    .map(([file, out]) => `${path.relative(root, file)} (${size(out.bytes)})`)
    .join(', ')}\n`,
);
