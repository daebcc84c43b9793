import { randomInt } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { RefundFailure, RefundInfo, RefundState } from '@contract/io/correction';
import { maskAccount } from '@common/correction';
import { beijingDayDigits, formatDateTime } from '@common/time';
import type { Locale } from '@common/i18n';
import type { DB } from '@server/db/schema';
import type { RefundTable } from '@server/db/tables/payments';
import { refuse } from '../errors';
import { localName } from '../texts';
import type { MoneyLog } from './moneyLog';

/**
 * A refund to the policyholder of a correction whose net effect is a refund (people removed):
 *
 *   processing -> refunded | failed
 *
 * It is requested when the correction takes effect, to the holder's own account on file then (an
 * account in another name is never paid to; without one it fails at once: noAccount), and settled by
 * the insurer's staff when their bank confirms the transfer or returns it (operator/settleRefund.ts).
 * A refund is not a payment attempt: nothing is paid at a cashier, it has no token, link or deadline,
 * and it repays the unused part of premiums paid long before, not one attempt.
 */
export type RefundRow = Selectable<RefundTable>;

const NEXT: Record<RefundState, readonly RefundState[]> = {
  processing: ['refunded', 'failed'],
  refunded: [],
  failed: [],
};

/** Whether a refund may move from one state to another. */
export const canSettle = (from: RefundState, to: RefundState): boolean => NEXT[from].includes(to);

export const refundNo = (now: Date) =>
  `RF${beijingDayDigits(now)}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

/**
 * Requests the refund of a correction taking effect (in its transaction): `amountFen` positive, to the
 * latest account on file in the holder's own name.
 */
export async function requestRefund(
  trx: Kysely<DB>,
  r: {
    correctionId: number;
    billId: number;
    customerId: number;
    policyId: number;
    holderName: string;
    amountFen: number;
  },
  now: Date,
): Promise<RefundRow> {
  const at = now.toISOString();
  const account = await trx
    .selectFrom('customer_bank_account')
    .selectAll()
    .where('customer_id', '=', r.customerId)
    .where('account_name', '=', r.holderName)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return trx
    .insertInto('refund')
    .values({
      refund_no: refundNo(now),
      correction_id: r.correctionId,
      bill_id: r.billId,
      customer_id: r.customerId,
      policy_id: r.policyId,
      amount_fen: r.amountFen,
      state: account ? 'processing' : 'failed',
      account_name: account?.account_name ?? null,
      bank_name: account?.bank_name ?? null,
      bank_name_zh: account?.bank_name_zh ?? null,
      account_no: account?.account_no ?? null,
      failure: account ? null : ('noAccount' satisfies RefundFailure),
      requested_at: at,
      settled_at: account ? null : at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The refund as the holder follows it, in the reader's language (the account masked). */
export function refundInfo(r: RefundRow, locale: Locale): RefundInfo {
  return {
    refundNo: r.refund_no,
    amountFen: Number(r.amount_fen),
    state: r.state as RefundState,
    requestedAt: r.requested_at,
    settledAt: r.settled_at,
    account:
      r.account_name && r.account_no
        ? {
            accountName: r.account_name,
            bankName: localName(locale, r.bank_name ?? '', r.bank_name_zh),
            accountNo: maskAccount(r.account_no) as string,
          }
        : null,
    failure: (r.failure as RefundFailure | null) ?? null,
  };
}

export const refundOf = (db: Kysely<DB>, customerId: number, correctionId: number) =>
  db
    .selectFrom('refund')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('correction_id', '=', correctionId)
    .executeTakeFirst();

/** The refund states of some corrections (the records list), by correction. */
export async function refundStates(db: Kysely<DB>, correctionIds: number[]): Promise<Map<number, RefundState>> {
  if (correctionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('refund')
    .select(['correction_id', 'state'])
    .where('correction_id', 'in', correctionIds)
    .execute();
  return new Map(rows.map((r) => [r.correction_id, r.state as RefundState]));
}

/** Refunds still processing, oldest first (what the insurer's staff are to settle). */
export const processingRefunds = (db: Kysely<DB>) =>
  db
    .selectFrom('refund')
    .innerJoin('customer', 'customer.id', 'refund.customer_id')
    .innerJoin('correction', 'correction.id', 'refund.correction_id')
    .selectAll('refund')
    .select(['customer.name as customer_name', 'correction.correction_no'])
    .where('refund.state', '=', 'processing')
    .orderBy('refund.requested_at')
    .execute();

/**
 * The insurer's bank confirmed a refund (refunded) or returned it (failed, with why). A refund settles
 * once: settling it again changes nothing and says when it was settled. A refunded refund dates its
 * booking (premium_payment.paid_at).
 */
export async function settleRefund(
  db: Kysely<DB>,
  number: string,
  outcome: { state: 'refunded' } | { state: 'failed'; failure: RefundFailure },
  now: Date,
  /** Where the settlement is recorded (the activity log). */
  log: MoneyLog | null = null,
): Promise<RefundRow> {
  return db.transaction().execute(async (trx) => {
    const r = await trx.selectFrom('refund').selectAll().where('refund_no', '=', number).executeTakeFirst();
    if (!r) throw refuse('refund.noSuchRefund', { refundNo: number });
    if (!canSettle(r.state as RefundState, outcome.state))
      throw refuse('refund.alreadySettled', {
        refundNo: number,
        state: r.state,
        at: formatDateTime(r.settled_at, { space: ' ' }),
      });
    if (outcome.state === 'refunded' && !r.account_no) throw refuse('refund.noAccount', { refundNo: number });
    const at = now.toISOString();
    const settled = await trx
      .updateTable('refund')
      .set({ state: outcome.state, failure: outcome.state === 'failed' ? outcome.failure : null, settled_at: at })
      .where('id', '=', r.id)
      .where('state', '=', 'processing')
      .returningAll()
      .executeTakeFirstOrThrow();
    if (outcome.state === 'refunded')
      await trx.updateTable('premium_payment').set({ paid_at: at }).where('id', '=', r.bill_id).execute();
    if (log) {
      const { correction_no } = await trx
        .selectFrom('correction')
        .select('correction_no')
        .where('id', '=', r.correction_id)
        .executeTakeFirstOrThrow();
      await log(
        trx,
        {
          kind: 'refundSettled',
          customerId: r.customer_id,
          subjectKind: 'correction',
          subject: correction_no,
          amountFen: Number(r.amount_fen),
          state: outcome.state,
        },
        at,
      );
    }
    return settled;
  });
}
