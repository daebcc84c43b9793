/**
 * The yardstick of the gateway benchmarks: a bare Fastify (no plugins, no logger) answering each
 * body of BARE_BODIES (a JSON file: path -> body) with a route that returns it, as the simplest
 * Fastify service would. Started by bench/gateway.bench.ts on HOST:PORT.
 */
import fs from 'node:fs';
import Fastify from 'fastify';

async function main() {
  const bodies = JSON.parse(fs.readFileSync(String(process.env.BARE_BODIES), 'utf8')) as Record<string, unknown>;
  const app = Fastify({ logger: false });
  app.get('/ready', async () => ({ ok: true }));
  for (const [url, body] of Object.entries(bodies)) app.get(url, async () => body);
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
  await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT) });
}

void main();
