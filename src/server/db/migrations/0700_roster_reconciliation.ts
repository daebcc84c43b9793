import type { Kysely } from 'kysely';
import { withId, type DialectName } from '../database';

/**
 * Whole-roster reconciliations (docs/corrections.md): a company's current roster compared with a
 * policy's insured list, kept so that the people ticked on the page become a correction without the
 * file being sent again. Kept a day.
 */
export function rosterReconciliation(dialect: DialectName) {
  return {
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('roster_reconciliation'), dialect)
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
        .addColumn('policy_id', 'integer', (c) => c.notNull().references('policy.id'))
        .addColumn('created_by', 'integer', (c) => c.notNull().references('app_user.id'))
        .addColumn('effective_date', 'text', (c) => c.notNull())
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('total_rows', 'integer', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('roster_reconciliation_customer')
        .on('roster_reconciliation')
        .columns(['customer_id', 'created_at'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('roster_reconciliation').execute();
    },
  };
}
