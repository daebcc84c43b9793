import type { Insertable, Kysely } from 'kysely';
import { addDays } from '../../../common/correction';
import type { DB } from '../../db/schema';
import type { InsuredPersonTable } from '../../db/tables/core';
import { chunks } from './checks';
import { paymentNo } from './access';
import type { CorrectionRow } from './model';

/**
 * Puts an approved (and, when premium is due, paid) correction in force: the roster changes as the
 * lines say, a refund is booked, the policy's premium follows, and the policy is free for the next one.
 */
export async function applyInForce(trx: Kysely<DB>, c: CorrectionRow, now: Date): Promise<void> {
  const at = now.toISOString();
  const items = await trx.selectFrom('correction_item').selectAll().where('correction_id', '=', c.id).orderBy('id').execute();
  const joiners: Insertable<InsuredPersonTable>[] = [];
  const leavers: number[] = [];
  for (const i of items) {
    if (i.action === 'add' || i.action === 'exchange') {
      joiners.push({
        policy_id: c.policy_id,
        customer_id: c.customer_id,
        name: i.name,
        id_type: 'ID',
        id_number: i.id_number,
        sex: i.sex,
        birthdate: i.birthdate,
        phone: i.phone,
        employee_no: i.employee_no,
        department: i.department,
        occupation_code: i.occupation_code,
        occupation_name: i.occupation_name,
        risk_category: i.risk_category,
        bank_name: i.bank_name,
        bank_account: i.bank_account,
        effective_date: c.effective_date,
        end_date: null,
        state: 1,
        created_at: at,
        updated_at: at,
      });
    }
    if ((i.action === 'subtract' || i.action === 'exchange') && i.person_id !== null) leavers.push(i.person_id);
    if (i.action === 'modify' && i.person_id !== null) {
      await trx
        .updateTable('insured_person')
        .set({
          name: i.name,
          phone: i.phone,
          employee_no: i.employee_no,
          department: i.department,
          occupation_code: i.occupation_code,
          occupation_name: i.occupation_name,
          risk_category: i.risk_category,
          bank_name: i.bank_name,
          bank_account: i.bank_account,
          updated_at: at,
        })
        .where('id', '=', i.person_id)
        .where('policy_id', '=', c.policy_id)
        .execute();
    }
  }
  for (const part of chunks(leavers, 500)) {
    await trx
      .updateTable('insured_person')
      .set({ state: 2, end_date: addDays(c.effective_date, -1), updated_at: at })
      .where('policy_id', '=', c.policy_id)
      .where('id', 'in', part)
      .execute();
  }
  for (const part of chunks(joiners, 500)) await trx.insertInto('insured_person').values(part).execute();

  const net = Number(c.net_fen ?? 0);
  if (net < 0) {
    await trx
      .insertInto('premium_payment')
      .values({
        payment_no: paymentNo(now),
        customer_id: c.customer_id,
        policy_id: c.policy_id,
        correction_id: c.id,
        description: `Refund of correction ${c.correction_no}`,
        amount_fen: net,
        state: 5,
        pay_type: 'refund',
        paid_at: at,
        invoice_id: null,
        created_at: at,
      })
      .execute();
  }
  if (net !== 0) {
    const policy = await trx.selectFrom('policy').select('premium_fen').where('id', '=', c.policy_id).executeTakeFirstOrThrow();
    await trx.updateTable('policy').set({ premium_fen: Number(policy.premium_fen) + net }).where('id', '=', c.policy_id).execute();
  }
  await trx.updateTable('correction').set({ state: 'in_force', in_force_at: at, open_policy_id: null, updated_at: at }).where('id', '=', c.id).execute();
}
