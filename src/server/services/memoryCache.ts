import { performance } from 'node:perf_hooks';
import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';

/**
 * What a MemoryCache keeps: for how long (real time, not the gateway's clock), how many answers at most
 * (the oldest go first), the tables its answers are read from and whether a new row in them changes
 * an answer (a list's does; a session looked up by its key cannot be a row inserted later).
 */
export interface MemoryCacheOptions {
  ms: number;
  entries: number;
  tables: readonly string[];
  newRowsChange: boolean;
  /** Milliseconds of a monotonic clock (performance.now by default; a test moves its own). */
  now?: () => number;
}

interface Entry<T> {
  value: T;
  until: number;
}

function tableName(node: OperationNode | undefined): string | undefined {
  if (!node) return undefined;
  const n = node as { kind: string; table?: { identifier?: { name?: string } }; node?: OperationNode };
  if (n.kind === 'TableNode') return n.table?.identifier?.name;
  if (n.kind === 'AliasNode') return tableName(n.node);
  return undefined;
}

const escaped = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The test of whether a query may change a row of the watched tables (so an answer read from them). */
export function writesTo(
  options: Pick<MemoryCacheOptions, 'tables' | 'newRowsChange'>,
): (node: OperationNode) => boolean {
  const watched = new Set(options.tables);
  const writeWords = options.newRowsChange
    ? /\b(insert|update|delete|replace)\b/i
    : /\b(update|delete|replace|conflict)\b/i;
  const tableWords = new RegExp(`\\b(${options.tables.map(escaped).join('|')})\\b`);
  return (node) => {
    const n = node as unknown as {
      kind: string;
      table?: OperationNode;
      from?: { froms: readonly OperationNode[] };
      into?: OperationNode;
      onConflict?: unknown;
      replace?: boolean;
      sqlFragments?: readonly string[];
    };
    switch (n.kind) {
      case 'UpdateQueryNode':
        return watched.has(tableName(n.table) ?? '');
      case 'DeleteQueryNode':
        return (n.from?.froms ?? []).some((f) => watched.has(tableName(f) ?? ''));
      case 'InsertQueryNode':
        return (options.newRowsChange || Boolean(n.onConflict || n.replace)) && watched.has(tableName(n.into) ?? '');
      case 'RawNode': {
        const text = (n.sqlFragments ?? []).join(' ');
        return writeWords.test(text) && tableWords.test(text);
      }
      default:
        return false;
    }
  };
}

/**
 * Answers read from the database, kept in memory for a moment: the session behind every call
 * (services/identity.ts) and a corporate customer's policy list (services/policy/policies.ts), which
 * many calls ask for again within the moment.
 *
 * On this gateway nothing is answered stale: every write to the watched tables through the gateway's
 * database handle (the `watch` plugin, which every service's handle carries) empties the cache before
 * and after it runs, and a read that a write overlapped is not kept. Another gateway on the same
 * database learns of a change when its entry ends: at most `ms` later (README, "Scale-out").
 */
export class MemoryCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private generation = 0;
  private readonly writes = new WeakSet<object>();
  private readonly changes: (node: OperationNode) => boolean;

  private readonly now: () => number;
  /** When a write through the watch last finished (performance.now, real time). */
  lastWriteAt = -Infinity;

  constructor(private readonly options: MemoryCacheOptions) {
    this.changes = writesTo(options);
    this.now = options.now ?? (() => performance.now());
  }

  /** A Kysely plugin that empties the cache around every query that may change a kept answer. */
  readonly watch: KyselyPlugin = {
    transformQuery: (args: PluginTransformQueryArgs) => {
      if (this.changes(args.node)) {
        this.writes.add(args.queryId);
        this.clear();
      }
      return args.node;
    },
    transformResult: async (args: PluginTransformResultArgs) => {
      if (this.writes.has(args.queryId)) {
        this.clear();
        this.lastWriteAt = performance.now();
      }
      return args.result;
    },
  };

  /** The mark a read takes before it reads: `put` keeps its answer only if nothing was written since. */
  mark(): number {
    return this.generation;
  }

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  put(key: string, value: T, mark: number): void {
    if (mark !== this.generation) return;
    if (this.entries.size >= this.options.entries && !this.entries.has(key)) {
      this.entries.delete(this.entries.keys().next().value as string);
    }
    this.entries.set(key, { value, until: this.now() + this.options.ms });
  }

  /** Changes a kept answer in place (a session's idle deadline moved on). */
  update(key: string, change: (value: T) => T): void {
    const entry = this.entries.get(key);
    if (entry) entry.value = change(entry.value);
  }

  delete(key: string): void {
    this.generation += 1;
    this.entries.delete(key);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }
}

/** A value many callers share, frozen all the way down: none may change it (and the gateway serializes it once: http/call.ts). */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
