#!/usr/bin/env node
/**
 * `npm run typecheck`: TypeScript 7's native checker over each side of the project with its own
 * configuration, side by side: the portal (DOM, no Node), the gateway (Node, no DOM) and the tests,
 * benchmarks and tools (both, with Jest's globals). Fails when any side fails.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const tsc = fileURLToPath(new URL('../node_modules/typescript-native/bin/tsc', import.meta.url));
const sides = ['client', 'server', 'test'];
const results = await Promise.all(
  sides.map(
    (side) =>
      new Promise((resolve) => {
        const child = spawn(process.execPath, [tsc, '--noEmit', '-p', `tsconfig.${side}.json`], { stdio: 'inherit' });
        child.on('close', (code) => resolve(code ?? 1));
      }),
  ),
);
process.exit(results.every((code) => code === 0) ? 0 : 1);
