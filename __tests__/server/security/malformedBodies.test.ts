/**
 * A malformed multipart body (a boundary the body never uses, or a body that ends in the middle of a
 * part) answered HTTP 500 on every POST route, anonymous ones included, and logged an error each time:
 * a script could fill the error log at will. It is the client's mistake: 400, the envelope (or, on the
 * identity pages, the page itself) in the user's language, and nothing above an info line in the log.
 */
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { callPath } from '@contract/calls';
import { Status } from '@contract/envelope';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { openDatabase } from '@server/db/database';

let app: FastifyInstance;
const lines: Array<{ level: number; msg?: string }> = [];

beforeAll(async () => {
  const config = loadConfig({ ...process.env, DATABASE_URL: '', LOG_LEVEL: 'info' });
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  app = await buildApp({
    config,
    database: openDatabase({ databaseUrl: null, dataDir: '', file: ':memory:' }),
    logger: { level: 'info', stream },
  });
  await app.ready();
});
afterAll(() => app.close());

const BODIES: Array<[string, string]> = [
  ['a boundary the body never uses', '--x'],
  ['a body that ends inside a part', '--y\r\nContent-Disposition: form-data; name="channelType"\r\n\r\n1'],
];

const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'multipart/form-data; boundary=y', 'sec-fetch-site': 'same-origin', ...headers },
    payload,
  });

const errorsLogged = () => lines.filter((l) => l.level >= 50);

describe('a malformed multipart body', () => {
  it.each(BODIES)('on a call (%s): 400, the envelope, no error logged', async (_what, payload) => {
    for (const call of [
      'blocLegal/account/state',
      'blocLegal/analytics/collect',
      'blocLegal/opinions/uploadPicture',
    ] as const) {
      const res = await post(callPath(call), payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        status: Status.business,
        statusText: 'The request could not be read; nothing was done.',
        data: null,
      });
    }
    expect(errorsLogged()).toEqual([]);
  });

  it.each(BODIES)('on an identity page (%s): 400 and the page itself, in the user’s language', async (_w, payload) => {
    for (const page of ['/idprovider/login', '/idprovider/register', '/idprovider/reset']) {
      const res = await post(page, payload, { 'accept-language': 'zh-CN' });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<form');
      expect(res.body).toContain('无法读取请求，未作任何处理。');
    }
    expect(errorsLogged()).toEqual([]);
  });
});
