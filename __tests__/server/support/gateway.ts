/**
 * A real gateway for a test file: migrated and seeded from fixtures, on an in-memory SQLite
 * database, or on a PostgreSQL database of its own when TEST_DATABASE_URL names a server (a copy of
 * the run's seeded database).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { buildApp } from '@server/app';
import { loadConfig, type GatewayConfig } from '@server/config';
import { openDatabase } from '@server/db/database';
import type { Clock } from '@server/services/clock';
import type { DB } from '@server/db/schema';
import { callPath, calls, type CallName } from '@contract/calls';
import type { Envelope } from '@contract/envelope';

export const DEMO_PASSWORD = 'Demo@2026';

export interface TestGateway {
  app: FastifyInstance;
  config: GatewayConfig;
  dialect: 'sqlite' | 'postgres';
  /**
   * The database without the gateway's watch on its writes: what another gateway or a script with its
   * own connection writes (the gateway's caches learn of it only when their entries end).
   */
  unwatched: Kysely<DB>;
  /** Logs a demo user in through the identity provider; answers the Cookie header to send. */
  login(username: string, password?: string): Promise<string>;
  /** Calls the gateway as the portal would (channelType=1 added unless told otherwise). */
  call<T = unknown>(
    name: CallName,
    values?: Record<string, string | number>,
    options?: CallOptions,
  ): Promise<Envelope<T>>;
  /** The raw answer of a call (downloads, images, refusals). */
  raw(name: CallName, values?: Record<string, string | number>, options?: CallOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface CallOptions {
  cookie?: string;
  channelType?: string | null;
  /** Further request headers (accept-language, origin, ...). */
  headers?: Record<string, string>;
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/**
 * The run's migrated and seeded database, made once by the first test file that needs it (the others
 * wait on an advisory lock) with the gateway's own migrations and seed: every test file's database is
 * a copy of it (CREATE DATABASE ... TEMPLATE), a second's work less per file than seeding anew.
 * jest/postgresTemplate.js names it for the run and drops it afterwards.
 */
async function seededTemplate(adminUrl: string): Promise<string> {
  const name = process.env.TEST_TEMPLATE_DATABASE;
  if (!name) throw new Error("TEST_TEMPLATE_DATABASE is not set: the server project's globalSetup names it.");
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const config = loadConfig({ ...process.env, DATABASE_URL: url.toString(), LOG_LEVEL: 'silent' });
      const app = await buildApp({
        config,
        database: openDatabase({ databaseUrl: url.toString(), dataDir: '' }),
        logger: false,
      });
      await app.close();
    }
  } finally {
    await admin.end();
  }
  return name;
}

async function freshPostgres(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `mc_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${await seededTemplate(adminUrl)} STRATEGY FILE_COPY`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

export function cookieHeader(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list
    .map((c) => c.split(';')[0])
    .filter((c) => !c.endsWith('='))
    .join('; ');
}

export async function startGateway(
  env: Record<string, string> = {},
  options: {
    clock?: Clock;
    /** A SQLite file under DATA_DIR instead of memory (a script shares the database). */ onDisk?: boolean;
  } = {},
): Promise<TestGateway> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const pgDb = adminUrl ? await freshPostgres(adminUrl) : null;
  const config = loadConfig({ ...process.env, DATABASE_URL: pgDb?.url ?? '', LOG_LEVEL: 'silent', ...env });
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    file: options.onDisk ? undefined : ':memory:',
  });
  const app = await buildApp({ config, database, logger: false, clock: options.clock });
  await app.ready();

  const encode = (values: Record<string, string | number>, channelType: string | null | undefined) => {
    const params = new URLSearchParams();
    if (channelType !== null) params.set('channelType', channelType ?? '1');
    for (const [k, v] of Object.entries(values)) params.set(k, String(v));
    return params;
  };

  const raw: TestGateway['raw'] = (name, values = {}, options = {}) => {
    const spec = calls[name];
    const params = encode(values, options.channelType);
    const url = callPath(name, config.portal.gatewayPrefix);
    const headers: Record<string, string> = {
      ...options.headers,
      ...(options.cookie ? { cookie: options.cookie } : {}),
    };
    if (spec.method === 'GET') return app.inject({ method: 'GET', url: `${url}?${params}`, headers });
    return app.inject({
      method: 'POST',
      url,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: params.toString(),
    });
  };

  return {
    app,
    config,
    dialect: database.dialect,
    unwatched: database.db,
    async login(username, password = DEMO_PASSWORD) {
      const user = await database.db
        .selectFrom('app_user')
        .select('legal_flag')
        .where('username', '=', username)
        .executeTakeFirst();
      const form = new URLSearchParams({
        username,
        password,
        privacy: '1',
        flag: user?.legal_flag === 1 ? 'legal' : '',
      });
      const res = await app.inject({
        method: 'POST',
        url: '/idprovider/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
        payload: form.toString(),
      });
      if (res.statusCode !== 303)
        throw new Error(`login of ${username} failed: ${res.statusCode} ${res.body.slice(0, 200)}`);
      return cookieHeader(res.headers['set-cookie']);
    },
    raw,
    async call(name, values, options) {
      const res = await raw(name, values, options);
      return res.json();
    },
    async close() {
      await app.close();
      await pgDb?.drop();
    },
  };
}
