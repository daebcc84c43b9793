import { performance } from 'node:perf_hooks';
import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';

/** How long a session read from the database is answered from memory (real time, not the gateway's clock). */
export const SESSION_CACHE_MS = 1_000;
/** Sessions kept at most (the oldest go first). */
const SESSION_CACHE_ENTRIES = 10_000;

/** The tables a cached session is made of: a write to any of them empties the cache. */
const WATCHED = new Set(['session', 'app_user', 'customer']);

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

/** Whether a query may change a row a cached session was read from (an insert of a new row cannot). */
export function changesSessions(node: OperationNode): boolean {
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
      return WATCHED.has(tableName(n.table) ?? '');
    case 'DeleteQueryNode':
      return (n.from?.froms ?? []).some((f) => WATCHED.has(tableName(f) ?? ''));
    case 'InsertQueryNode':
      return Boolean(n.onConflict || n.replace) && WATCHED.has(tableName(n.into) ?? '');
    case 'RawNode': {
      const text = (n.sqlFragments ?? []).join(' ');
      return /\b(update|delete|replace|conflict)\b/i.test(text) && /\b(session|app_user|customer)\b/.test(text);
    }
    default:
      return false;
  }
}

/**
 * Sessions answered from memory for a second. Every call resolves its session: under load most of
 * them ask again within the second, and a second of memory saves the database a lookup each.
 *
 * On this gateway nothing is answered stale: every write to the session, app_user or customer tables
 * through the gateway's database handle (the `watch` plugin, which every service's handle carries)
 * empties the cache before and after it runs, and a lookup that a write overlapped is not kept.
 * Another gateway on the same database learns of a logout, a cancelled account or a changed profile
 * when its entry ends: at most SESSION_CACHE_MS later (README, "Scale-out").
 */
export class SessionCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private generation = 0;
  private readonly writes = new WeakSet<object>();

  /** A Kysely plugin that empties the cache around every query that may change a cached session. */
  readonly watch: KyselyPlugin = {
    transformQuery: (args: PluginTransformQueryArgs) => {
      if (changesSessions(args.node)) {
        this.writes.add(args.queryId);
        this.clear();
      }
      return args.node;
    },
    transformResult: async (args: PluginTransformResultArgs) => {
      if (this.writes.has(args.queryId)) this.clear();
      return args.result;
    },
  };

  /** The mark a lookup takes before it reads: `put` keeps its answer only if nothing was written since. */
  mark(): number {
    return this.generation;
  }

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= performance.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  put(key: string, value: T, mark: number): void {
    if (mark !== this.generation) return;
    if (this.entries.size >= SESSION_CACHE_ENTRIES && !this.entries.has(key)) {
      this.entries.delete(this.entries.keys().next().value as string);
    }
    this.entries.set(key, { value, until: performance.now() + SESSION_CACHE_MS });
  }

  /** Changes a kept session in place (its idle deadline moved on). */
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
