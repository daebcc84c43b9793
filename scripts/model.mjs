/**
 * `npm run model`: runs the machines' model tests (__tests__/machines/*.model.test.ts) and prints, per
 * machine, the states and transitions its paths covered out of those the machine declares, as the
 * tests measured them, and where a test measures them the pairs of consecutive transitions taken out
 * of the possible ones (with the rules that list the unreachable ones and their reasons), and where a
 * test traces requirements (docs/requirements.md) a table per machine: each requirement's ID, the states
 * and transitions carrying it and the paths covering it (paths that took a carrier at a step whose
 * checks asserted something), then the paths chosen to show them (each requirement's shortest covering
 * path, its events). Exits with Jest's code.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// `npm run model -- correction --browser`: the paths in Chromium with a report of screenshots instead
if (process.argv.includes('--browser')) {
  await import('./model-browser.mjs');
}

const dir = mkdtempSync(join(tmpdir(), 'model-coverage-'));
const run = spawnSync(
  'npx',
  [
    'jest',
    '--selectProjects',
    'client',
    '--maxWorkers=2',
    '--testPathPatterns',
    '__tests__/machines/.*\\.model\\.test\\.ts$',
  ],
  {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, MODEL_COVERAGE_DIR: dir, NODE_OPTIONS: '--experimental-vm-modules' },
  },
);
const rows = readdirSync(dir)
  .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')))
  .sort((a, b) => a.name.localeCompare(b.name));
rmSync(dir, { recursive: true, force: true });

const cells = rows.map((r) => [
  r.name,
  String(r.paths),
  `${r.states.covered}/${r.states.total}`,
  `${r.transitions.covered}/${r.transitions.total}`,
  r.pairs ? `${r.pairs.covered}/${r.pairs.measured} (of ${r.pairs.total})` : '-',
  [...r.states.missing, ...r.transitions.missing, ...(r.pairs?.missing ?? [])].join(', ') || '-',
  Object.entries(r.unreachable ?? {})
    .map(([k, why]) => `${k}: ${why}`)
    .join('; ') || '-',
]);
const head = ['machine', 'paths', 'states', 'transitions', 'pairs', 'missing', 'unreachable (reason)'];
const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
const line = (c) => c.map((x, i) => x.padEnd(widths[i])).join('  ');
console.log(line(head));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const c of cells) console.log(line(c));
if (!rows.length) console.log('no machine reported its coverage');
// the pairs listed unreachable: each rule (`*` any text, `{a,b}` either), how many pairs it takes out, why
for (const r of rows.filter((x) => x.pairs?.unreachable.length)) {
  console.log(`\n${r.name}: pairs listed unreachable`);
  for (const u of r.pairs.unreachable) console.log(`  ${u.rule} [${u.pairs}]: ${u.reason}`);
}
// the requirements each machine carries: what carries each, how many checked paths cover it; the paths chosen
for (const r of rows.filter((x) => x.requirements)) {
  const q = r.requirements;
  console.log(
    `\n${r.name}: requirements (docs/requirements.md), ${q.list.length - q.missing.length - q.unlisted.length}/${q.list.length - q.unlisted.length} covered` +
      (q.missing.length ? `; NOT COVERED ${q.missing.join(', ')}` : '') +
      (q.unlisted.length ? `; not listed for ${r.name}: ${q.unlisted.join(', ')}` : ''),
  );
  const short = (carrier) =>
    carrier.replace(`${r.name}.`, '').replace(/^([^ ]+ --)xstate\.after\.(\w+)\.[^#]+/, '$1after:$2');
  // the carriers wrapped at about 90 characters, one line each after the first
  const wrap = (carriers) =>
    carriers.map(short).reduce((lines, c) => {
      const last = lines[lines.length - 1];
      if (last !== undefined && last.length + c.length + 2 <= 90) lines[lines.length - 1] = `${last}, ${c}`;
      else lines.push(c);
      return lines;
    }, []);
  const table = q.list.map((x) => [x.id, wrap(x.carriers), String(x.paths)]);
  const h = ['ID', 'states / transitions carrying it', 'paths'];
  const w = [
    Math.max(2, ...table.map((c) => c[0].length)),
    Math.max(h[1].length, ...table.flatMap((c) => c[1].map((l) => l.length))),
    Math.max(5, ...table.map((c) => c[2].length)),
  ];
  const row = (id, carried, paths) => `  ${id.padEnd(w[0])}  ${carried.padEnd(w[1])}  ${paths.padStart(w[2])}`;
  console.log(row(...h));
  console.log(`  ${w.map((n) => '-'.repeat(n)).join('  ')}`);
  for (const [id, lines, paths] of table) {
    console.log(row(id, lines[0] ?? '(nothing)', paths));
    for (const l of lines.slice(1)) console.log(row('', l, ''));
  }
  console.log(`${r.name}: paths chosen (the shortest covering each requirement)`);
  for (const p of q.chosen) {
    const ids = q.list.filter((x) => x.path === p).map((x) => x.id);
    console.log(`  [${ids.join(', ')}] ${p}`);
  }
}
process.exit(run.status ?? 1);
