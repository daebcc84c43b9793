import type { Kysely } from 'kysely';

/**
 * Roles of a company's users (docs/roles.md): every user is its company's administrator until told
 * otherwise (a member is the administrator of their own account); when each last logged in.
 */
export function companyRoles() {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('app_user')
        .addColumn('role', 'text', (c) => c.notNull().defaultTo('administrator'))
        .execute();
      await db.schema.alterTable('app_user').addColumn('last_login_at', 'text').execute();
      // the corporate menu's entry, where a menu is there already (a new database gets it with the demo's)
      const parent = await db
        .selectFrom('menu_entry')
        .select('id')
        .where('audience', '=', 'legal')
        .where('name', '=', 'accountManage')
        .executeTakeFirst();
      if (parent) {
        const last = await db
          .selectFrom('menu_entry')
          .select((eb) => eb.fn.max('sort').as('sort'))
          .where('parent_id', '=', parent.id)
          .executeTakeFirst();
        await db
          .insertInto('menu_entry')
          .values({
            audience: 'legal',
            parent_id: parent.id,
            sort: Number(last?.sort ?? 0) + 1,
            name: 'companyUsers',
            path: 'companyUsers',
            component: 'CompanyUsers',
            hidden: 0,
            title: 'Users and roles',
            icon: '',
            require_auth: 1,
            left_menu: 1,
          })
          .execute();
      }
    },
    async down() {
      throw new Error('0611_company_roles cannot be undone: restore the backup taken before it.');
    },
  };
}
