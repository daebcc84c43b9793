import type { Kysely } from 'kysely';
import { withId, type DialectName } from '../database';
import { addDays } from '@common/correction';
import { beijingDay } from '@common/time';

/** How many Beijing days an awaited transfer chosen before this migration stays awaited (the service's default). */
const TRANSFER_DAYS = 7;

/** The end (23:59:59 Beijing time) of the Beijing day `days` after `at`. */
const endOfDayAfter = (at: string, days: number) =>
  new Date(`${addDays(beijingDay(new Date(at)), days)}T23:59:59+08:00`).toISOString();

/**
 * Bank transfers done properly: the transfer receipts payers upload for an awaited transfer
 * (transfer_receipt: the file itself, its checked type and size, who uploaded it and when), and
 * awaited transfers, which until now carried a cashier link's 30 minutes, get a transfer's deadline:
 * the end of the seventh Beijing day after they were chosen.
 */
export function transferReceipt(dialect: DialectName) {
  const bytes = dialect === 'postgres' ? 'bytea' : 'blob';
  return {
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('transfer_receipt'), dialect)
        .addColumn('attempt_id', 'integer', (c) => c.notNull().references('payment_attempt.id'))
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id'))
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('data', bytes, (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('transfer_receipt_attempt')
        .on('transfer_receipt')
        .columns(['attempt_id', 'id'])
        .execute();
      const awaited: { id: number; created_at: string; expires_at: string }[] = await db
        .selectFrom('payment_attempt')
        .select(['id', 'created_at', 'expires_at'])
        .where('state', '=', 'transfer_awaited')
        .execute();
      for (const a of awaited) {
        const deadline = endOfDayAfter(a.created_at, TRANSFER_DAYS);
        if (deadline > a.expires_at)
          await db.updateTable('payment_attempt').set({ expires_at: deadline }).where('id', '=', a.id).execute();
      }
    },
    async down() {
      throw new Error('0592_transfer_receipt cannot be undone: restore the backup taken before it.');
    },
  };
}
