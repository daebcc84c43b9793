import { sql, type Kysely } from 'kysely';
import { withId, type DialectName } from '../database';

/**
 * One table of payment attempts for every payable subject (PaymentAttemptTable): the attempts of
 * member orders (member_order_payment), of policies awaiting their premium (policy_pay_link) and of
 * corrections (correction_pay_link beside the correction's premium_payment) move into it, and the
 * three tables go. States become the payment model's words (services/payments/model.ts): 1 unpaid ->
 * awaiting (transfer_awaited for a transfer), 2 paid -> succeeded (transfer_matched), 3 failed ->
 * declined, 4 closed -> expired. A correction's older links become expired attempts of their own.
 */
export function paymentAttempt(dialect: DialectName) {
  const money = dialect === 'postgres' ? 'bigint' : 'integer';
  const state = (column: string, method: string) =>
    sql.raw(`case ${column}
      when 1 then case when ${method} = 'transfer' then 'transfer_awaited' else 'awaiting' end
      when 2 then case when ${method} = 'transfer' then 'transfer_matched' else 'succeeded' end
      when 3 then 'declined'
      when 5 then 'refunded'
      else 'expired' end`);
  return {
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('payment_attempt'), dialect)
        .addColumn('payment_no', 'text', (c) => c.notNull().unique())
        .addColumn('subject_kind', 'text', (c) => c.notNull())
        .addColumn('subject_id', 'integer', (c) => c.notNull())
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
        .addColumn('amount_fen', money, (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('token', 'text', (c) => c.notNull().unique())
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('provider_ref', 'text', (c) => c.unique())
        .addColumn('description_key', 'text', (c) => c.notNull())
        .addColumn('description_params', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('settled_at', 'text')
        .execute();
      await db.schema
        .createIndex('payment_attempt_subject')
        .on('payment_attempt')
        .columns(['subject_kind', 'subject_id', 'id'])
        .execute();

      await sql`insert into payment_attempt (payment_no, subject_kind, subject_id, customer_id, amount_fen, state,
          method, token, secret, provider_ref, description_key, description_params, expires_at, created_at, settled_at)
        select p.payment_no, 'order', p.order_id, p.customer_id, p.amount_fen, ${state('p.state', "'online'")},
          'online', p.token, p.secret, null,
          case when o.kind = 'application' then 'payment.applicationPremium' else 'payment.orderPremium' end,
          '{"orderNo":"' || o.order_no || '","product":{"product":"' || o.product_code || '"}}',
          p.expires_at, p.created_at, p.paid_at
        from member_order_payment p join member_order o on o.id = p.order_id order by p.id`.execute(db);
      await sql`insert into payment_attempt (payment_no, subject_kind, subject_id, customer_id, amount_fen, state,
          method, token, secret, provider_ref, description_key, description_params, expires_at, created_at, settled_at)
        select p.payment_no, 'policy', p.policy_id, p.customer_id, p.amount_fen, ${state('p.state', "'online'")},
          'online', p.token, p.secret, null, 'payment.policyPremium',
          '{"policyNo":"' || x.policy_no || '"}', p.expires_at, p.created_at, p.paid_at
        from policy_pay_link p join policy x on x.id = p.policy_id order by p.id`.execute(db);
      // A correction's latest link carries its payment's number and state; older links were superseded.
      await sql`insert into payment_attempt (payment_no, subject_kind, subject_id, customer_id, amount_fen, state,
          method, token, secret, provider_ref, description_key, description_params, expires_at, created_at, settled_at)
        select case when l.id = (select max(m.id) from correction_pay_link m where m.payment_id = p.id)
            then p.payment_no else p.payment_no || '-' || l.id end,
          'correction', p.correction_id, p.customer_id, p.amount_fen,
          case when l.id = (select max(m.id) from correction_pay_link m where m.payment_id = p.id)
            then ${state('p.state', "coalesce(p.pay_type, 'online')")} else 'expired' end,
          coalesce(p.pay_type, 'online'), l.token, l.secret, null, 'correction.paymentDescription',
          '{"correctionNo":"' || c.correction_no || '","policyNo":"' || x.policy_no || '"}',
          l.expires_at, l.created_at,
          case when l.id = (select max(m.id) from correction_pay_link m where m.payment_id = p.id)
            then p.paid_at else null end
        from correction_pay_link l
        join premium_payment p on p.id = l.payment_id
        join correction c on c.id = p.correction_id
        join policy x on x.id = p.policy_id
        order by l.id`.execute(db);
      // The bill of a correction no longer records a declined attempt: that is the attempt's state.
      await sql`update premium_payment set state = 1 where state = 3`.execute(db);

      await db.schema.dropTable('correction_pay_link').execute();
      await db.schema.dropTable('policy_pay_link').execute();
      await db.schema.dropTable('member_order_payment').execute();
    },
    async down() {
      throw new Error('0591_payment_attempt cannot be undone: restore the backup taken before it.');
    },
  };
}
