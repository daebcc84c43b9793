import { sql, type Kysely } from 'kysely';

/**
 * policy.payment_state said 1 = paid, 2 = unpaid, the reverse of premium_payment.state. Both now
 * mean what src/contract/states.ts PaymentState says (1 unpaid, 2 paid).
 */
export const paymentState = () => ({
  async up(db: Kysely<any>) {
    await sql`update policy set payment_state = case payment_state when 1 then 2 when 2 then 1 else payment_state end`.execute(
      db,
    );
  },
  async down(db: Kysely<any>) {
    await sql`update policy set payment_state = case payment_state when 1 then 2 when 2 then 1 else payment_state end`.execute(
      db,
    );
  },
});
