#!/usr/bin/env node
// Watch mode: webpack rebuilds the portal into dist/ and tsx restarts the gateway on changes.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['webpack', '--mode', 'development', '--watch'], { stdio: 'inherit' }),
  // Swagger UI at /gateway/docs while developing (API_DOCS; off unless asked for).
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { API_DOCS: 'true', ...process.env },
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop());
