import type { Kysely } from 'kysely';

/**
 * Two-person approval (docs/roles.md): a company's setting (customer.two_person_approval, off), and a
 * correction returned to its preparer with a reason, by whom and when.
 */
export function twoPersonApproval() {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('customer')
        .addColumn('two_person_approval', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('correction').addColumn('returned_reason', 'text').execute();
      await db.schema.alterTable('correction').addColumn('returned_by', 'text').execute();
      await db.schema.alterTable('correction').addColumn('returned_at', 'text').execute();
    },
    async down(db: Kysely<any>) {
      for (const column of ['returned_at', 'returned_by', 'returned_reason'])
        await db.schema.alterTable('correction').dropColumn(column).execute();
      await db.schema.alterTable('customer').dropColumn('two_person_approval').execute();
    },
  };
}
