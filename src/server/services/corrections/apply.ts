import { formatFen } from '@common/money';
import type { Insertable, Kysely } from 'kysely';
import { InsuredState, PaymentState } from '@contract/states';
import { addDays } from '@common/correction';
import type { DB } from '@server/db/schema';
import type { InsuredPersonTable } from '@server/db/tables/core';
import { translator, type Translate } from '@server/messages/catalogue';
import { requestRefund } from '../payments/refunds';
import { storedParams, storedText, type StoredParam } from '../texts';
import { chunks } from './checks';
import { paymentNo } from './access';
import type { CorrectionRow } from './types';
import type { MoneyLog } from '../payments/moneyLog';

/**
 * Puts an approved (and, when premium is due, paid) correction in force: the roster changes as the
 * lines say, a refund is booked, the policy's premium follows, and the policy is free for the next one.
 */
export async function applyInForce(
  trx: Kysely<DB>,
  c: CorrectionRow,
  now: Date,
  /** Where a refund requested is recorded (the activity log). */
  log: MoneyLog | null = null,
): Promise<void> {
  const at = now.toISOString();
  // What it writes for others (the refund's description, the insurance record) is kept as a catalogue
  // key with its values, said in each reader's language; its English is kept as written too.
  const t = translator('en-US');
  const items = await loadItems(trx, c.id);
  const joiners: Insertable<InsuredPersonTable>[] = [];
  const leavers: number[] = [];
  for (const i of items) {
    if (i.action === 'add' || i.action === 'exchange') {
      joiners.push({
        policy_id: c.policy_id,
        customer_id: c.customer_id,
        ...rosterDetails(i),
        id_type: i.id_type,
        id_number: i.id_number,
        sex: i.sex,
        birthdate: i.birthdate,
        effective_date: c.effective_date,
        end_date: null,
        state: InsuredState.insured,
        created_at: at,
        updated_at: at,
      });
    }
    if ((i.action === 'subtract' || i.action === 'exchange') && i.person_id !== null) leavers.push(i.person_id);
    if (i.action === 'modify' && i.person_id !== null) {
      await trx
        .updateTable('insured_person')
        .set({ ...rosterDetails(i), updated_at: at })
        .where('id', '=', i.person_id)
        .where('policy_id', '=', c.policy_id)
        .execute();
    }
  }
  // the roster rows that leave, as they were (their names go into the insurance record)
  const left = new Map<number, Leaver>();
  for (const part of chunks(leavers, 500)) {
    const rows = await trx
      .updateTable('insured_person')
      .set({ state: InsuredState.removed, end_date: addDays(c.effective_date, -1), updated_at: at })
      .where('policy_id', '=', c.policy_id)
      .where('id', 'in', part)
      .returning(['id', 'name', 'id_number'])
      .execute();
    for (const r of rows) left.set(r.id, r);
  }
  // the roster rows the joiners became, by ID number (a person joins a policy once)
  const joined = new Map<string, number>();
  for (const part of chunks(joiners, 500)) {
    for (const r of await trx.insertInto('insured_person').values(part).returning(['id', 'id_number']).execute())
      joined.set(r.id_number, r.id);
  }
  await writeInsuranceRecord(trx, c, items, left, joined, at, t);

  const net = Number(c.net_fen ?? 0);
  if (net < 0) {
    const bill = await trx
      .insertInto('premium_payment')
      .values({
        payment_no: paymentNo(now),
        customer_id: c.customer_id,
        policy_id: c.policy_id,
        correction_id: c.id,
        description: t('correction.refundDescription', { correctionNo: c.correction_no }),
        text_key: 'correction.refundDescription',
        text_params: storedParams({ correctionNo: c.correction_no }),
        amount_fen: net,
        state: PaymentState.refunded,
        pay_type: 'refund',
        // dated when the insurer's bank confirms the refund (payments/refunds.ts)
        paid_at: null,
        invoice_id: null,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const policy = await trx
      .selectFrom('policy')
      .select('holder_name')
      .where('id', '=', c.policy_id)
      .executeTakeFirstOrThrow();
    await requestRefund(
      trx,
      {
        correctionId: c.id,
        billId: bill.id,
        customerId: c.customer_id,
        policyId: c.policy_id,
        holderName: policy.holder_name,
        amountFen: -net,
      },
      now,
    );
    await log?.(
      trx,
      {
        kind: 'refundRequested',
        customerId: c.customer_id,
        subjectKind: 'correction',
        subject: c.correction_no,
        amountFen: -net,
      },
      at,
    );
  }
  if (net !== 0) {
    const policy = await trx
      .selectFrom('policy')
      .select('premium_fen')
      .where('id', '=', c.policy_id)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('policy')
      .set({ premium_fen: Number(policy.premium_fen) + net })
      .where('id', '=', c.policy_id)
      .execute();
  }
  await trx
    .updateTable('correction')
    .set({ state: 'in_force', in_force_at: at, open_policy_id: null, updated_at: at })
    .where('id', '=', c.id)
    .execute();
}

type ItemRow = Awaited<ReturnType<typeof loadItems>>[number];
type Leaver = { id: number; name: string; id_number: string };
const loadItems = (trx: Kysely<DB>, correctionId: number) =>
  trx.selectFrom('correction_item').selectAll().where('correction_id', '=', correctionId).orderBy('id').execute();

/** The details of a line's person that the roster keeps and a modification may change (all but identity). */
const rosterDetails = (i: ItemRow) => ({
  name: i.name,
  phone: i.phone,
  employee_no: i.employee_no,
  department: i.department,
  occupation_code: i.occupation_code,
  occupation_name: i.occupation_name,
  risk_category: i.risk_category,
  bank_name: i.bank_name,
  bank_account: i.bank_account,
});

/**
 * The policy's insurance record of a correction in force (what the policy area's records page lists):
 * an add is an enrolment, a subtract a removal, an exchange or a modification an endorsement; one
 * record item per person concerned (an exchange: the leaver removed, the joiner enrolled with the
 * line's net premium). The record number is the correction's with the records' prefix.
 */
async function writeInsuranceRecord(
  trx: Kysely<DB>,
  c: CorrectionRow,
  items: ItemRow[],
  leavers: Map<number, Leaver>,
  joined: Map<string, number>,
  at: string,
  t: Translate,
): Promise<void> {
  const recordItems: Array<{
    insured_person_id: number | null;
    action: string;
    name: string;
    id_number: string;
    premium_fen: number;
  }> = [];
  for (const i of items) {
    const fen = Number(i.premium_fen ?? 0);
    const leaver = i.person_id !== null ? leavers.get(i.person_id) : undefined;
    if (i.action === 'subtract')
      recordItems.push({
        insured_person_id: i.person_id,
        action: 'remove',
        name: leaver?.name ?? i.name,
        id_number: leaver?.id_number ?? i.id_number,
        premium_fen: fen,
      });
    // an exchange: the leaver's removal first, then the joiner's enrolment with the line's premium
    if (i.action === 'exchange' && leaver)
      recordItems.push({
        insured_person_id: i.person_id,
        action: 'remove',
        name: leaver.name,
        id_number: leaver.id_number,
        premium_fen: 0,
      });
    if (i.action === 'add' || i.action === 'exchange')
      recordItems.push({
        insured_person_id: joined.get(i.id_number) ?? null,
        action: 'add',
        name: i.name,
        id_number: i.id_number,
        premium_fen: fen,
      });
    if (i.action === 'modify')
      recordItems.push({
        insured_person_id: i.person_id,
        action: 'change',
        name: i.name,
        id_number: leaver?.id_number ?? i.id_number,
        premium_fen: fen,
      });
  }
  const n = items.length;
  const type = c.kind === 'add' ? 'add' : c.kind === 'subtract' ? 'remove' : 'endorsement';
  const headcount = c.kind === 'add' ? n : c.kind === 'subtract' ? -n : 0;
  const net = Number(c.net_fen ?? 0);
  const said = recordText(c.kind, c.correction_no, n, net);
  const { id } = await trx
    .insertInto('insurance_record')
    .values({
      record_no: `IR${c.correction_no}`,
      customer_id: c.customer_id,
      policy_id: c.policy_id,
      record_type: type,
      title: storedText({ locale: 'en-US', t }, said.key, said.params, 'title', said.key),
      description: storedText({ locale: 'en-US', t }, said.key, said.params, 'text', said.key),
      text_key: said.key,
      text_params: said.params,
      headcount_change: headcount,
      premium_change_fen: net,
      effective_date: c.effective_date,
      state: 1,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const part of chunks(recordItems, 500))
    await trx
      .insertInto('insurance_record_item')
      .values(part.map((r) => ({ record_id: id, ...r })))
      .execute();
}

/**
 * The insurance record of a correction as stored: '<key>.title' and '<key>.text' with the number of
 * people, the correction's number and what happened to the premium (a text of its own).
 */
export function recordText(kind: string, correctionNo: string, people: number, netFen: number) {
  const amount = formatFen(Math.abs(netFen));
  const money: StoredParam =
    netFen > 0
      ? { key: 'correction.record.charged', params: { amount } }
      : netFen < 0
        ? { key: 'correction.record.refunded', params: { amount } }
        : { key: 'correction.record.noChange' };
  return {
    key: `correction.record.${kind}`,
    params: storedParams({ count: people, correctionNo, money }),
  };
}
