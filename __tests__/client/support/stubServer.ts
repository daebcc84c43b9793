/**
 * A small local HTTP server for the request-policy rows a real gateway does not produce on demand
 * (HTTP 502, a call that never answers, a dropped connection). Each test says how a path answers.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type Answer =
  | { kind: 'json'; body: unknown; status?: number; type?: string }
  | { kind: 'file'; body: Buffer; type: string; filename: string }
  | { kind: 'raw'; status: number; body: string; type?: string }
  | { kind: 'hold' }
  | { kind: 'drop' };

export interface StubServer {
  url: string;
  seen: Seen[];
  answer(path: string, answer: Answer): void;
  /** Answers every held request with this envelope. */
  release(body?: unknown): void;
  held(): number;
  /** Resolves once this many requests are being held. */
  waitForHeld(count: number): Promise<void>;
  close(): Promise<void>;
}

export const ok = (data: unknown = null): Answer => ({
  kind: 'json',
  body: { status: 'SUC_0001', statusText: 'ok', data },
});
export const envelope = (status: string, statusText: string): Answer => ({
  kind: 'json',
  body: { status, statusText, data: null },
});

export async function startStubServer(): Promise<StubServer> {
  const answers = new Map<string, Answer>();
  const seen: Seen[] = [];
  let holding: http.ServerResponse[] = [];
  let waiters: { count: number; resolve: () => void }[] = [];
  const wake = () => {
    for (const w of waiters.filter((x) => holding.length >= x.count)) w.resolve();
    waiters = waiters.filter((x) => holding.length < x.count);
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0];
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const a = answers.get(path) ?? ok();
      switch (a.kind) {
        case 'json':
          res.writeHead(a.status ?? 200, { 'content-type': a.type ?? 'application/json; charset=utf-8' });
          res.end(JSON.stringify(a.body));
          break;
        case 'file':
          res.writeHead(200, { 'content-type': a.type, 'content-disposition': `attachment; filename="${a.filename}"` });
          res.end(a.body);
          break;
        case 'raw':
          res.writeHead(a.status, { 'content-type': a.type ?? 'text/html' });
          res.end(a.body);
          break;
        case 'hold':
          holding.push(res);
          wake();
          break;
        case 'drop':
          req.socket.destroy();
          break;
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    answer: (path, answer) => answers.set(path, answer),
    release(body = { status: 'SUC_0001', statusText: 'ok', data: null }) {
      for (const res of holding) {
        if (!res.writableEnded && !res.destroyed) {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        }
      }
      holding = [];
    },
    held: () => holding.length,
    waitForHeld: (count) =>
      new Promise<void>((resolve) => {
        waiters.push({ count, resolve });
        wake();
      }),
    async close() {
      for (const res of holding) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
