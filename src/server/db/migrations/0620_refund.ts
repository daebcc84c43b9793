import { sql, type Kysely } from 'kysely';
import { withId, type DialectName } from '../database';

/**
 * Refunds the policyholder can follow (RefundTable): one refund per correction whose net effect is a
 * refund, tied to its booking in premium_payment, with the account it goes to as it was on file when
 * the correction took effect, its state (processing, refunded, failed) and when it moved. Refunds booked
 * before this migration were booked as done: they become refunded on the day they were booked, to the
 * holder's own account when one is on file.
 */
export function refund(dialect: DialectName) {
  const money = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('refund'), dialect)
        .addColumn('refund_no', 'text', (c) => c.notNull().unique())
        .addColumn('correction_id', 'integer', (c) => c.notNull().unique().references('correction.id'))
        .addColumn('bill_id', 'integer', (c) => c.notNull().references('premium_payment.id'))
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
        .addColumn('policy_id', 'integer', (c) => c.notNull().references('policy.id'))
        .addColumn('amount_fen', money, (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('account_name', 'text')
        .addColumn('bank_name', 'text')
        .addColumn('bank_name_zh', 'text')
        .addColumn('account_no', 'text')
        .addColumn('failure', 'text')
        .addColumn('requested_at', 'text', (c) => c.notNull())
        .addColumn('settled_at', 'text')
        .execute();
      await db.schema.createIndex('refund_state').on('refund').columns(['state', 'requested_at']).execute();

      const account = (column: string) =>
        sql.raw(`(select a.${column} from customer_bank_account a
          where a.customer_id = p.customer_id and a.account_name = x.holder_name order by a.id desc limit 1)`);
      await sql`insert into refund (refund_no, correction_id, bill_id, customer_id, policy_id, amount_fen, state,
          account_name, bank_name, bank_name_zh, account_no, failure, requested_at, settled_at)
        select 'RF' || substr(p.payment_no, 3), p.correction_id, p.id, p.customer_id, p.policy_id, -p.amount_fen,
          'refunded', ${account('account_name')}, ${account('bank_name')}, ${account('bank_name_zh')},
          ${account('account_no')}, null, p.created_at, coalesce(p.paid_at, p.created_at)
        from premium_payment p join policy x on x.id = p.policy_id
        where p.state = 5 and p.correction_id is not null and p.amount_fen < 0
          and p.id = (select max(q.id) from premium_payment q where q.correction_id = p.correction_id and q.state = 5)
        order by p.id`.execute(db);
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('refund').execute();
    },
  };
}
