import type { Kysely } from 'kysely';
import type { MenuEntry } from '../../contract/io/session';
import type { DB } from '../db/schema';

export type MenuAudience = 'legal' | 'personal';

/** The server menu of each audience (corporate and personal users), built from menu_entry. */
export class Menus {
  constructor(private readonly db: Kysely<DB>) {}

  async tree(audience: MenuAudience): Promise<MenuEntry[]> {
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
