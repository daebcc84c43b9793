import type { Kysely } from 'kysely';
import type { MenuEntry } from '@contract/io/session';
import type { DB } from '../db/schema';
import { deepFreeze } from './memoryCache';
import { may, type Role, type Right } from '@contract/roles';

export type MenuAudience = 'legal' | 'personal';

/**
 * Pages of the corporate menu a role reaches only with one of these rights (contract/roles.ts): a role
 * without them finds them neither in the menu nor at their address (the portal routes by the menu).
 */
const PAGE_RIGHTS: Record<string, readonly Right[]> = {
  EmployeeChanges: ['prepare'],
  EmployeeCorrection: ['prepare', 'approve'],
  InsuredCorrection: ['prepare', 'approve'],
  LegalAccountChange: ['account'],
  LegalAccountCancel: ['account'],
  CompanyUsers: ['account'],
};

function forRole(entries: readonly MenuEntry[], role: Role): MenuEntry[] {
  return entries
    .filter((e) => !PAGE_RIGHTS[e.component] || PAGE_RIGHTS[e.component]!.some((r) => may(role, r)))
    .map((e) => ({ ...e, children: forRole(e.children, role) }));
}

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

  /** The corporate menu as a role sees it: the pages its rights reach (each role's tree kept alike). */
  async treeFor(audience: MenuAudience, role: Role): Promise<MenuEntry[]> {
    const tree = await this.tree(audience);
    if (audience !== 'legal' || role === 'administrator') return tree;
    let kept = this.roleTrees.get(tree)?.get(role);
    if (!kept) {
      kept = deepFreeze(forRole(tree, role));
      const byRole = this.roleTrees.get(tree) ?? new Map<Role, MenuEntry[]>();
      byRole.set(role, kept);
      this.roleTrees.set(tree, byRole);
    }
    return kept;
  }

  /** Each role's tree, kept beside the tree it was made from (gone with it when the menu is read again). */
  private readonly roleTrees = new WeakMap<MenuEntry[], Map<Role, MenuEntry[]>>();

  /** The menu a user sees: a company's user's by their role, a member's whole. */
  forUser(user: { legal_flag: number; role: string }): Promise<MenuEntry[]> {
    return user.legal_flag === 1 ? this.treeFor('legal', user.role as Role) : this.tree('personal');
  }

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
