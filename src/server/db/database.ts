import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteQueryCompiler,
  type CreateTableBuilder,
  type LimitNode,
  type QueryCompiler,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely';
import pg from 'pg';
import type { DB } from './schema';

export type DialectName = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: DialectName;
  /** Where the data lives, for logs: the SQLite file or the PostgreSQL host. */
  location: string;
  destroy(): Promise<void>;
}

// PostgreSQL answers bigint and numeric as strings; every such value here fits a JS number.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export function openDatabase(options: { databaseUrl: string | null; dataDir: string; file?: string }): Database {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server closes (restart, failover, a dropped database) must not take
    // the gateway down: the pool replaces it on the next query, which reports its own error.
    pool.on('error', (error) => process.stderr.write(`PostgreSQL closed an idle connection: ${error.message}\n`));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    const url = new URL(options.databaseUrl);
    return { db, dialect: 'postgres', location: `${url.host}${url.pathname}`, destroy: () => db.destroy() };
  }
  const file = options.file ?? path.join(options.dataDir, 'member-center.sqlite');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<DB>({ dialect: new GatewaySqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', location: file, destroy: () => db.destroy() };
}

/**
 * SQLite's compiler with `limit (?) + 0` for Kysely's `limit ?`: SQLite (3.53 here) plans a statement
 * whose LIMIT is a bare parameter with the number bound to it, and so prepares the statement again
 * every time a number is bound to it, that is at every call (a list's page cost a second prepare, 20 µs
 * of the 55 its rows took). The same number as an expression is read when the statement runs.
 */
class GatewaySqliteCompiler extends SqliteQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    this.append('limit (');
    this.visitNode(node.limit);
    this.append(') + 0');
  }
}

class GatewaySqliteDialect extends SqliteDialect {
  override createQueryCompiler(): QueryCompiler {
    return new GatewaySqliteCompiler();
  }
}

/** Prepared statements kept at most (least recently used go first). */
const STATEMENT_CACHE = 500;

/**
 * A statement that reads rows as arrays and makes each row's object with a function written for its
 * columns: better-sqlite3 makes an object row by looking up every column's name again for every row,
 * which costs a list of ten rows more than reading them. Same rows, same order of keys (a name twice
 * keeps the last value, as better-sqlite3 does).
 */
function rowsAsObjects(statement: SQLite.Statement): SqliteStatement {
  if (!statement.reader) return statement;
  const names = statement.columns().map((c) => c.name);
  // Built from the statement's own column names, quoted by JSON.stringify (computed keys: own properties, even __proto__).
  const row = new Function('r', `return {${names.map((n, i) => `[${JSON.stringify(n)}]: r[${i}]`).join(', ')}};`) as (
    values: unknown[],
  ) => unknown;
  statement.raw(true);
  return {
    reader: true,
    all: (parameters) => (statement.all(parameters) as unknown[][]).map(row),
    run: (parameters) => statement.run(parameters),
    *iterate(parameters) {
      for (const values of statement.iterate(parameters) as IterableIterator<unknown[]>) yield row(values);
    },
  };
}

/**
 * Kysely prepares every query it runs, and preparing costs better-sqlite3 more than running a simple
 * lookup: the same SQL text gets the statement prepared the first time. Safe because Kysely's SQLite
 * driver runs one query at a time on its one connection (a statement is never busy twice).
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (statement) {
        statements.delete(sql);
      } else {
        statement = rowsAsObjects(sqlite.prepare(sql));
        if (statements.size >= STATEMENT_CACHE) statements.delete(statements.keys().next().value as string);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}

/** An auto-increment integer primary key, spelt as each database wants it. */
export function withId<T extends string>(builder: CreateTableBuilder<T, never>, dialect: DialectName, name = 'id') {
  return dialect === 'postgres'
    ? builder.addColumn(name, 'serial', (c) => c.primaryKey())
    : builder.addColumn(name, 'integer', (c) => c.primaryKey().autoIncrement());
}
