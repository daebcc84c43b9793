import type { Kysely } from 'kysely';

/**
 * For migrations that add a page to the corporate menu of a database whose menu is there already (a new
 * database gets the page with the demo's menu): the entry, last under its group.
 */
export async function addCorporateMenuEntry(
  db: Kysely<any>,
  group: string,
  entry: { name: string; component: string; title: string },
): Promise<void> {
  await addMenuEntry(db, 'legal', group, entry);
}

/** The same for either audience's menu ('legal' corporate, 'personal' members'). */
export async function addMenuEntry(
  db: Kysely<any>,
  audience: 'legal' | 'personal',
  group: string,
  entry: { name: string; component: string; title: string },
): Promise<void> {
  const parent = await db
    .selectFrom('menu_entry')
    .select('id')
    .where('audience', '=', audience)
    .where('name', '=', group)
    .executeTakeFirst();
  if (!parent) return;
  const last = await db
    .selectFrom('menu_entry')
    .select((eb) => eb.fn.max('sort').as('sort'))
    .where('parent_id', '=', parent.id)
    .executeTakeFirst();
  await db
    .insertInto('menu_entry')
    .values({
      audience,
      parent_id: parent.id,
      sort: Number(last?.sort ?? 0) + 1,
      name: entry.name,
      path: entry.name,
      component: entry.component,
      hidden: 0,
      title: entry.title,
      icon: '',
      require_auth: 1,
      left_menu: 1,
    })
    .execute();
}
