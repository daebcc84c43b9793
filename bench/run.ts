/**
 * `npm run bench`: runs every bench/*.bench.ts (each exports `run()`) and prints its figures, then a
 * summary of the figures held to a goal. `npm run bench -- gateway shell` runs the ones named.
 * Figures, not assertions: the machines are shared and noisy.
 */
import fs from 'node:fs';
import path from 'node:path';
import { printSummary } from './figures';

async function main() {
  const only = process.argv.slice(2);
  const files = fs
    .readdirSync(__dirname)
    .filter((f) => f.endsWith('.bench.ts'))
    .filter((f) => only.length === 0 || only.some((name) => f.startsWith(name)))
    .sort();
  for (const file of files) {
    process.stdout.write(`\n## ${file.replace('.bench.ts', '')}\n`);
    const mod = (await import(path.join(__dirname, file))) as { run: () => Promise<void> };
    await mod.run();
  }
  printSummary();
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
