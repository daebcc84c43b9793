import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CorrectionVariant } from '../../../contract/io/correction';
import type { DB } from '../../db/schema';
import { refuseText } from '../errors';
import { VARIANT_TEXT, type CorrectionRow, type PolicyRow } from './model';
import type { OccupationEntry } from './checks';

/** Loading what a call may touch: always through the session's customer. */

export async function loadPolicy(
  db: Kysely<DB>,
  customerId: number,
  policyId: number,
  variants?: readonly CorrectionVariant[],
): Promise<PolicyRow> {
  const policy = await db
    .selectFrom('policy')
    .selectAll()
    .where('id', '=', policyId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  if (!policy) throw refuseText('There is no such policy in your account.');
  if (!policy.roster) throw refuseText('This policy has no list of insured people, so it cannot be corrected here.');
  if (variants && !variants.includes(policy.roster as CorrectionVariant)) {
    throw refuseText(
      `Policy ${policy.policy_no} is ${VARIANT_TEXT[policy.roster as CorrectionVariant] ?? 'of another kind'}; this page corrects ${variants.map((v) => VARIANT_TEXT[v]).join(' or ')}.`,
    );
  }
  return policy;
}

export function requireInForce(policy: PolicyRow) {
  if (policy.state !== 1)
    throw refuseText(`Policy ${policy.policy_no} is not in force, so its insured people cannot be changed.`);
}

export async function loadCorrection(
  db: Kysely<DB>,
  customerId: number,
  correctionId: number,
  variants?: readonly CorrectionVariant[],
): Promise<CorrectionRow> {
  const row = await db
    .selectFrom('correction')
    .innerJoin('policy', 'policy.id', 'correction.policy_id')
    .selectAll('correction')
    .select(['policy.policy_no', 'policy.product_name'])
    .where('correction.id', '=', correctionId)
    .where('correction.customer_id', '=', customerId)
    .executeTakeFirst();
  if (!row) throw refuseText('There is no such correction in your account.');
  if (variants && !variants.includes(row.variant as CorrectionVariant)) {
    throw refuseText(
      `Correction ${row.correction_no} belongs to ${VARIANT_TEXT[row.variant as CorrectionVariant]}; open it from that policy's page.`,
    );
  }
  return row;
}

/**
 * Loads a correction for a change, holding its row for the rest of the transaction: PostgreSQL locks
 * the row with the no-op update (SQLite runs one transaction at a time anyway), so two requests for
 * the same correction (double clicks with different keys, pay and delete at once) take turns.
 */
export async function lockCorrection(
  trx: Kysely<DB>,
  customerId: number,
  correctionId: number,
  variants?: readonly CorrectionVariant[],
): Promise<CorrectionRow> {
  await trx
    .updateTable('correction')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', correctionId)
    .where('customer_id', '=', customerId)
    .execute();
  return loadCorrection(trx, customerId, correctionId, variants);
}

export async function policyRates(db: Kysely<DB>, policyId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('policy_rate')
    .select(['risk_category', 'annual_premium_fen'])
    .where('policy_id', '=', policyId)
    .orderBy('risk_category')
    .execute();
  return new Map(rows.map((r) => [r.risk_category, Number(r.annual_premium_fen)]));
}

const catalogues = new WeakMap<object, Map<string, OccupationEntry>>();
/**
 * The occupation catalogue is small reference data: read once per gateway (`owner`), through the
 * executor at hand (inside a transaction that is the transaction: SQLite has one connection).
 */
export async function occupations(owner: object, db: Kysely<DB>): Promise<Map<string, OccupationEntry>> {
  const cached = catalogues.get(owner);
  if (cached) return cached;
  const rows = await db.selectFrom('occupation').select(['code', 'name', 'name_zh', 'risk_category']).execute();
  const map = new Map(rows.map((r) => [r.code, r]));
  catalogues.set(owner, map);
  return map;
}

const stamp = (now: Date) => now.toISOString().slice(0, 10).replace(/-/g, '');
export const correctionNo = (now: Date) => `EN${stamp(now)}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
export const paymentNo = (now: Date) => `PY${stamp(now)}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    /UNIQUE constraint failed/.test(e?.message ?? '')
  );
}

export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,64}$/;
