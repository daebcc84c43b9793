import type { Kysely } from 'kysely';
import { withId, type DialectName } from '../database';

/**
 * Group renewals (docs/group-renewal.md): a company's group policy is renewed for the next policy year
 * through a renewal prepared before its end (group_renewal, one per policy), accepted and paid by the
 * company, which issues the next year's policy (policy.renewed_by names it) or lapses on the end date.
 * A product says whether its policies' automatic renewal may be changed in the portal
 * (product.auto_renew_changeable: 1 yes, 2 no).
 */
export function groupRenewal(dialect: DialectName) {
  return {
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('group_renewal'), dialect)
        .addColumn('renewal_no', 'text', (c) => c.notNull().unique())
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
        .addColumn('policy_id', 'integer', (c) => c.notNull().unique().references('policy.id'))
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('prepared_on', 'text', (c) => c.notNull())
        .addColumn('start_date', 'text', (c) => c.notNull())
        .addColumn('end_date', 'text', (c) => c.notNull())
        .addColumn('accepted_at', 'text')
        .addColumn('accepted_by', 'integer', (c) => c.references('app_user.id'))
        .addColumn('accepted_fen', 'integer')
        .addColumn('paid_at', 'text')
        .addColumn('new_policy_no', 'text')
        .addColumn('lapsed_on', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('group_renewal_customer')
        .on('group_renewal')
        .columns(['customer_id', 'state'])
        .execute();
      await db.schema
        .alterTable('product')
        .addColumn('auto_renew_changeable', 'integer', (c) => c.notNull().defaultTo(2))
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('product').dropColumn('auto_renew_changeable').execute();
      await db.schema.dropTable('group_renewal').execute();
    },
  };
}
