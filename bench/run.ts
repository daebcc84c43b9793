/**
 * `npm run bench`: runs every bench/*.bench.ts (each exports `run()`) and prints its figures.
 * Figures, not assertions: the machines are shared and noisy.
 */
import fs from 'node:fs';
import path from 'node:path';

async function main() {
  const only = process.argv[2];
  const files = fs
    .readdirSync(__dirname)
    .filter((f) => f.endsWith('.bench.ts'))
    .filter((f) => !only || f.startsWith(only))
    .sort();
  for (const file of files) {
    process.stdout.write(`\n## ${file.replace('.bench.ts', '')}\n`);
    const mod = (await import(path.join(__dirname, file))) as { run: () => Promise<void> };
    await mod.run();
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
