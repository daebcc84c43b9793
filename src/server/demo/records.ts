import { RecordState, type PaymentState } from '@contract/states';
import { BILINGUAL, storedParams } from '../services/texts';
import type { SeedContext } from './context';
import { inChunks } from './people';
import {
  addDays,
  addMonths,
  at,
  CHUNK,
  type InsuredMember,
  type PolicyFixture,
  type RecordDraft,
  type SeededPolicy,
} from './policyFixture';
import type { Roster } from './roster';

/**
 * A policy's premium payments and insurance records: the fixture's own, the yearly payments of a life
 * policy, and a payment and a record for each change of a group policy's roster.
 */

interface PaymentDraft {
  no: string;
  description: string;
  textKey: string;
  textParams: string;
  amount: number;
  state: PaymentState;
  payType: string | null;
  paidAt: string | null;
  created: string;
}

/** Numbers the insurance records of the whole demo world in the order they are seeded. */
export function recordNumbers(): (day: string) => string {
  let seq = 0;
  return (day) => {
    seq += 1;
    return `IR${day.replace(/-/g, '')}${String(seq).padStart(4, '0')}`;
  };
}

/** Premium payments: the fixture's own, the yearly ones of a life policy, or one per enrolment record. */
function paymentDrafts(p: PolicyFixture, policy: SeededPolicy, roster: Roster | null, today: string): PaymentDraft[] {
  const payments: PaymentDraft[] = [];
  for (const pay of p.payments ?? []) {
    payments.push({
      no: pay.paymentNo,
      description: pay.description,
      textKey: pay.textKey,
      textParams: storedParams({ product: { product: p.productCode } }),
      amount: pay.amountFen,
      state: pay.state,
      payType: pay.payType,
      paidAt: pay.paid === null ? null : at(addDays(today, pay.paid), '06:12:00'),
      created: at(policy.issue),
    });
  }
  if (p.annualPayments) {
    const a = p.annualPayments;
    for (let n = 1; n <= a.count; n += 1) {
      const day = addMonths(policy.start, 12 * (n - 1));
      if (day > today) break;
      payments.push({
        no: `${a.prefix}${String(n).padStart(2, '0')}`,
        description: a.description.replace('{n}', String(n)),
        textKey: a.textKey,
        textParams: storedParams({ product: { product: p.productCode }, n }),
        amount: a.amountFen,
        state: 2,
        payType: a.payType,
        paidAt: at(day, '01:05:00'),
        created: at(day),
      });
    }
  }
  roster?.records.forEach((r, i) => {
    if (r.type === 'remove') return;
    const paid = p.state !== 3;
    payments.push({
      no: `PAY-${p.policyNo}-${String(i).padStart(2, '0')}`,
      description:
        r.type === 'issue'
          ? `${p.productName} 首期保费（${r.headcount} 人）`
          : `${p.productName} 加保保费（${r.headcount} 人）`,
      textKey: r.type === 'issue' ? 'payment.firstPremium' : 'payment.addPremium',
      textParams: storedParams({ product: { product: p.productCode }, count: r.headcount }),
      amount: r.premiumFen,
      state: paid ? 2 : 1,
      payType: paid ? 'transfer' : null,
      paidAt: paid ? at(r.day, '07:40:00') : null,
      created: at(r.day),
    });
  });
  return payments;
}

/** Insurance records: the roster's changes, then the fixture's own (titled in both languages). */
function recordDrafts(p: PolicyFixture, policy: SeededPolicy, roster: Roster | null, today: string): RecordDraft[] {
  const records: RecordDraft[] = [...(roster?.records ?? [])];
  for (const r of p.records ?? []) {
    records.push({
      type: r.type,
      day: addDays(today, r.day),
      title: r.title,
      description: r.description,
      textKey: BILINGUAL,
      textParams: JSON.stringify({
        title: { 'en-US': r.title, 'zh-CN': r.titleZh },
        text: { 'en-US': r.description, 'zh-CN': r.descriptionZh },
      }),
      headcount: 0,
      premiumFen: r.premiumFen ?? (r.type === 'issue' ? policy.premiumFen : 0),
      state: r.state ?? RecordState.effective,
      items: [],
    });
  }
  return records;
}

/** Inserts a policy's premium payments, then its insurance records with the people each one names. */
export async function seedRecords(
  ctx: SeedContext,
  p: PolicyFixture,
  policy: SeededPolicy,
  roster: Roster | null,
  members: InsuredMember[],
  recordNo: (day: string) => string,
  today: string,
): Promise<void> {
  const { db } = ctx;
  const payments = paymentDrafts(p, policy, roster, today);
  if (payments.length) {
    await db
      .insertInto('premium_payment')
      .values(
        payments.map((x) => ({
          payment_no: x.no,
          customer_id: policy.customerId,
          policy_id: policy.id,
          correction_id: null,
          description: x.description,
          text_key: x.textKey,
          text_params: x.textParams,
          amount_fen: x.amount,
          state: x.state,
          pay_type: x.payType,
          paid_at: x.paidAt,
          invoice_id: null,
          created_at: x.created,
        })),
      )
      .execute();
  }

  const personIds = new Map(members.map((m) => [m.person.idNumber, m.id]));
  for (const r of recordDrafts(p, policy, roster, today)) {
    const { id: recordId } = await db
      .insertInto('insurance_record')
      .values({
        record_no: recordNo(r.day),
        customer_id: policy.customerId,
        policy_id: policy.id,
        record_type: r.type,
        title: r.title,
        description: r.description,
        text_key: r.textKey,
        text_params: r.textParams,
        headcount_change: r.headcount,
        premium_change_fen: r.premiumFen,
        effective_date: r.type === 'issue' ? policy.start : r.day,
        state: r.state,
        created_at: at(r.day, '03:00:00'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await inChunks(r.items, CHUNK, (chunk) =>
      db
        .insertInto('insurance_record_item')
        .values(
          chunk.map((it) => ({
            record_id: recordId,
            insured_person_id: personIds.get(it.idNumber) ?? null,
            action: it.action,
            name: it.name,
            id_number: it.idNumber,
            premium_fen: it.premiumFen,
          })),
        )
        .execute(),
    );
  }
}
