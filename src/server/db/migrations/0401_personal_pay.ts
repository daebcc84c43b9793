import type { Kysely } from 'kysely';
import { withId, type DialectName } from '../database';

/** Payments of the personal centre's orders and applications (MemberOrderPaymentTable). */
export function personalPay(dialect: DialectName) {
  const money = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('member_order_payment'), dialect)
        .addColumn('payment_no', 'text', (c) => c.notNull().unique())
        .addColumn('order_id', 'integer', (c) => c.notNull().references('member_order.id'))
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
        .createIndex('member_order_payment_order')
        .on('member_order_payment')
        .columns(['order_id', 'id'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('member_order_payment').execute();
    },
  };
}
