import { OrderState, PaymentState } from '@contract/states';
/** Helpers of the personal-centre gateway tests. */
import type { TestGateway } from '../support/gateway';
import type { PolicyKind } from '@server/db/tables/core';
import type { PhoneCodeVerifier } from '@server/services/personal/phoneCodes';
import { refuse } from '@server/services/errors';

export async function customerOf(gw: Pick<TestGateway, 'app'>, username: string) {
  return gw.app.services.db
    .selectFrom('app_user')
    .select(['id', 'customer_id', 'user_ank', 'real_name', 'id_number', 'phone'])
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
}

let serial = 0;
/** A policy held by a customer (the policy area seeds the real ones; these tests make their own). */
export async function insertPolicy(
  gw: Pick<TestGateway, 'app'>,
  customerId: number,
  values: Partial<{
    policy_no: string;
    state: number;
    auto_renew: number;
    kind: string;
    holder_name: string;
    holder_id_number: string | null;
    start_date: string;
    end_date: string;
  }> = {},
) {
  serial += 1;
  const policyNo = values.policy_no ?? `TST${process.pid}${String(serial).padStart(4, '0')}`;
  await gw.app.services.db
    .insertInto('policy')
    .values({
      policy_no: policyNo,
      customer_id: customerId,
      kind: (values.kind ?? 'health') as PolicyKind,
      product_code: 'TST-1',
      product_name: 'Test medical',
      state: values.state ?? 1,
      holder_name: values.holder_name ?? 'Holder',
      holder_id_number: values.holder_id_number ?? null,
      insured_name: 'Insured',
      issue_date: '2026-01-01',
      start_date: values.start_date ?? '2026-01-02',
      end_date: values.end_date ?? '2027-01-01',
      premium_fen: 10000,
      sum_insured_fen: 1000000,
      payment_state: PaymentState.paid,
      auto_renew: values.auto_renew ?? 1,
      roster: null,
      min_members: 0,
      min_age: 0,
      max_age: 120,
      details: '{}',
      created_at: new Date().toISOString(),
    })
    .execute();
  return policyNo;
}

/** What the SMS service would have sent: the latest code per member, usable once. */
export class SentCodes implements PhoneCodeVerifier {
  readonly codes = new Map<number, { phone: string; code: string }>();
  send(userId: number, phone: string, code: string) {
    this.codes.set(userId, { phone, code });
  }
  async verify(userId: number, _purpose: 'bind-phone', code: string): Promise<{ phone: string }> {
    const sent = this.codes.get(userId);
    if (!sent) throw refuse('sms.askFirst');
    if (sent.code !== code) throw refuse('sms.wrong', { left: 4 });
    this.codes.delete(userId);
    return { phone: sent.phone };
  }
}

let orderSerial = 0;
/** An order of a customer pending payment (the seeded ones carry fixed deadlines); answers its number. */
export async function insertOrder(
  gw: Pick<TestGateway, 'app'>,
  customerId: number,
  values: Partial<{ state: OrderState; kind: string; amount_fen: number; pay_deadline: string | null }> = {},
) {
  orderSerial += 1;
  const orderNo = `DDT${process.pid}${String(orderSerial).padStart(4, '0')}`;
  await gw.app.services.db
    .insertInto('member_order')
    .values({
      order_no: orderNo,
      customer_id: customerId,
      kind: values.kind ?? 'order',
      product_code: 'AC-TST-1',
      product_name: '测试 Accident',
      policy_kind: 'health',
      holder_name: 'Holder',
      insured_name: 'Insured',
      amount_fen: values.amount_fen ?? 12300,
      state: values.state ?? OrderState.pendingPayment,
      start_date: '2027-01-01',
      end_date: '2027-12-31',
      coverages: JSON.stringify([
        { name: 'Accidental death', sumInsuredFen: 50000000 },
        { name: 'Accident medical', sumInsuredFen: 1000000 },
      ]),
      pay_deadline:
        values.pay_deadline === undefined ? new Date(Date.now() + 86_400_000).toISOString() : values.pay_deadline,
      paid_at: null,
      cancelled_at: null,
      cancel_reason: null,
      policy_no: null,
      created_at: new Date().toISOString(),
    })
    .execute();
  return orderNo;
}
