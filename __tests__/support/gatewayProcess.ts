/**
 * Real gateways in processes of their own (`tsx src/server/main.ts`), as an install runs them: for
 * the scale-out test and benchmark, where two gateways share one database. A fresh database for them
 * on the PostgreSQL server TEST_DATABASE_URL names, or a fresh SQLite folder.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(__dirname, '../..');

export interface GatewayProcess {
  url: string;
  /** What the process printed so far. */
  output(): string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts `src/server/main.ts`; resolves once it listens, rejects with its output if it dies first. */
export async function startGatewayProcess(env: Record<string, string>): Promise<GatewayProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(path.join(root, 'node_modules/.bin/tsx'), ['src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const listening = () => {
      if (output.includes('is running at')) {
        child.stdout?.off('data', listening);
        resolve();
      }
    };
    child.stdout?.on('data', listening);
    void exited.then((code) => reject(new Error(`the gateway on port ${port} exited (${code}):\n${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface SharedDatabase {
  dialect: 'postgres' | 'sqlite';
  /** The environment that points a gateway at it. */
  env: Record<string, string>;
  /** How many users it holds. */
  users(): Promise<number>;
  drop(): Promise<void>;
}

/** An empty database several gateways can share. */
export async function sharedDatabase(): Promise<SharedDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `mc_shared_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const query = async (text: string) => {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return await client.query(text);
      } finally {
        await client.end();
      }
    };
    return {
      dialect: 'postgres',
      env: { DATABASE_URL: url.toString() },
      users: async () => Number((await query('select count(*) as n from app_user')).rows[0].n),
      drop: async () => {
        const c = new pg.Client({ connectionString: adminUrl });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mc-shared-'));
  return {
    dialect: 'sqlite',
    env: { DATA_DIR: dir, DATABASE_URL: '' },
    users: async () => {
      const { default: SQLite } = await import('better-sqlite3');
      const db = new SQLite(path.join(dir, 'member-center.sqlite'), { readonly: true });
      try {
        return Number((db.prepare('select count(*) as n from app_user').get() as { n: number }).n);
      } finally {
        db.close();
      }
    },
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
