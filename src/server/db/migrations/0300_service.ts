import type { Kysely } from 'kysely';
import { withId, type DialectName } from '../database';

/** Invoices, complaint pictures, the SMS outbox and codes, and verification steps. */
export function service(dialect: DialectName) {
  const money = dialect === 'postgres' ? 'bigint' : 'integer';
  const bytes = dialect === 'postgres' ? 'bytea' : 'blob';
  return {
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('invoice'), dialect)
        .addColumn('invoice_no', 'text', (c) => c.notNull().unique())
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id'))
        .addColumn('idempotency_key', 'text', (c) => c.notNull())
        .addColumn('buyer_name', 'text', (c) => c.notNull())
        .addColumn('buyer_tax_no', 'text', (c) => c.notNull())
        .addColumn('seller_name', 'text', (c) => c.notNull())
        .addColumn('seller_tax_no', 'text', (c) => c.notNull())
        .addColumn('amount_fen', money, (c) => c.notNull())
        .addColumn('tax_fen', money, (c) => c.notNull())
        .addColumn('total_fen', money, (c) => c.notNull())
        .addColumn('tax_rate_permille', 'integer', (c) => c.notNull())
        .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('issue_date', 'text', (c) => c.notNull())
        .addColumn('issued_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('invoice_customer_key')
        .on('invoice')
        .columns(['customer_id', 'idempotency_key'])
        .unique()
        .execute();
      await db.schema
        .createIndex('invoice_customer_issued')
        .on('invoice')
        .columns(['customer_id', 'issued_at'])
        .execute();

      await withId(db.schema.createTable('invoice_item'), dialect)
        .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoice.id').onDelete('cascade'))
        .addColumn('payment_id', 'integer', (c) => c.notNull().unique().references('premium_payment.id'))
        .addColumn('policy_no', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('amount_fen', money, (c) => c.notNull())
        .addColumn('tax_fen', money, (c) => c.notNull())
        .addColumn('total_fen', money, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('invoice_item_invoice').on('invoice_item').column('invoice_id').execute();

      await withId(db.schema.createTable('opinion_picture'), dialect)
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id'))
        .addColumn('opinion_id', 'integer', (c) => c.references('opinion.id').onDelete('cascade'))
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('data', bytes, (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('opinion_picture_opinion').on('opinion_picture').column('opinion_id').execute();
      await db.schema
        .createIndex('opinion_picture_user')
        .on('opinion_picture')
        .columns(['user_id', 'opinion_id'])
        .execute();

      await withId(db.schema.createTable('sms_outbox'), dialect)
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sms_outbox_phone').on('sms_outbox').columns(['phone', 'created_at']).execute();

      await withId(db.schema.createTable('sms_code'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('salt', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('closed_at', 'text')
        .execute();
      await db.schema
        .createIndex('sms_code_user_purpose')
        .on('sms_code')
        .columns(['user_id', 'purpose', 'created_at'])
        .execute();

      await withId(db.schema.createTable('verification'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('passed_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema
        .createIndex('verification_user_purpose')
        .on('verification')
        .columns(['user_id', 'purpose'])
        .execute();
    },
    async down(db: Kysely<any>) {
      for (const t of ['verification', 'sms_code', 'sms_outbox', 'opinion_picture', 'invoice_item', 'invoice']) {
        await db.schema.dropTable(t).execute();
      }
    },
  };
}
