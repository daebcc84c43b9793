import type { Kysely } from 'kysely';
import { withId, type DialectName } from '../database';

/** Payments of corporate policies awaiting their premium (legalPolicy/policyPayLink): PolicyPaymentTable. */
export function policyPay(dialect: DialectName) {
  const money = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('policy_pay_link'), dialect)
        .addColumn('payment_no', 'text', (c) => c.notNull().unique())
        .addColumn('policy_id', 'integer', (c) => c.notNull().references('policy.id'))
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
        .addColumn('amount_fen', money, (c) => c.notNull())
        .addColumn('state', 'integer', (c) => c.notNull())
        .addColumn('token', 'text', (c) => c.notNull().unique())
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('paid_at', 'text')
        .execute();
      await db.schema
        .createIndex('policy_pay_link_policy')
        .on('policy_pay_link')
        .columns(['policy_id', 'id'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('policy_pay_link').execute();
    },
  };
}
