import type { Kysely } from 'kysely';
import type { MenuEntry } from '@contract/io/session';
import type { DB } from '../db/schema';
import { deepFreeze } from './memoryCache';

export type MenuAudience = 'legal' | 'personal';

/** How long a menu tree read from the database is answered as it is. */
const MENU_TTL_MS = 60_000;

/**
 * The server menu of each audience (corporate and personal users), built from menu_entry. Every
 * session asks for it and it changes only when an operator edits the table, so each audience's tree
 * is read and built at most once a minute per gateway (an edit shows within a minute everywhere).
 * Callers get the same tree, frozen (the gateway serializes it once: http/call.ts).
 */
export class Menus {
  private readonly trees = new Map<MenuAudience, { until: number; tree: Promise<MenuEntry[]> }>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: () => number = Date.now,
  ) {}

  tree(audience: MenuAudience): Promise<MenuEntry[]> {
    const now = this.clock();
    const cached = this.trees.get(audience);
    if (cached && cached.until > now) return cached.tree;
    const tree = this.build(audience);
    this.trees.set(audience, { until: now + MENU_TTL_MS, tree });
    // A failed read is not kept: the next call tries again.
    tree.catch(() => this.trees.delete(audience));
    return tree;
  }

  /** The tree of an audience, frozen all the way down: every caller gets it, none may change it. */
  private async build(audience: MenuAudience): Promise<MenuEntry[]> {
    return deepFreeze(await this.read(audience));
  }

  private async read(audience: MenuAudience): Promise<MenuEntry[]> {
    const rows = await this.db
      .selectFrom('menu_entry')
      .selectAll()
      .where('audience', '=', audience)
      .orderBy('parent_id')
      .orderBy('sort')
      .execute();
    const byParent = new Map<number | null, typeof rows>();
    for (const row of rows) byParent.set(row.parent_id, [...(byParent.get(row.parent_id) ?? []), row]);
    const build = (parentId: number | null): MenuEntry[] =>
      (byParent.get(parentId) ?? [])
        .sort((a, b) => a.sort - b.sort)
        .map((row) => ({
          name: row.name,
          path: row.path,
          component: row.component,
          hidden: row.hidden === 1,
          meta: {
            title: row.title,
            icon: row.icon,
            requireAuth: row.require_auth === 1,
            leftMenu: row.left_menu === 1,
          },
          children: build(row.id),
        }));
    return build(null);
  }
}
