import type { Kysely } from 'kysely';
import { addCorporateMenuEntry } from './menuEntries';

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
      await addCorporateMenuEntry(db, 'accountManage', {
        name: 'companyUsers',
        component: 'CompanyUsers',
        title: 'Users and roles',
      });
    },
    async down() {
      throw new Error('0611_company_roles cannot be undone: restore the backup taken before it.');
    },
  };
}
