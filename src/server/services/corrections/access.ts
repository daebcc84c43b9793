import { beijingDayDigits } from '@common/time';
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { PolicyState, type CorrectionVariant } from '@contract/states';
import type { DB } from '@server/db/schema';
import type { MessageKey } from '@server/messages/catalogue';
import { refuse } from '../errors';
import type { CorrectionRow, PolicyRow, OccupationEntry } from './types';

/** Loading what a call may touch: always through the session's customer. */

/** The catalogue text naming a kind of policy (for "this page corrects ..."). */
export const variantKey = (v: CorrectionVariant): MessageKey => `correction.variant.${v}`;
/** The kinds of policy a page corrects, as one text. */
function variantsKey(variants: readonly CorrectionVariant[]): MessageKey {
  if (variants.length === 1) return variantKey(variants[0]);
  return variants.includes('insured') ? 'correction.variant.insured' : 'correction.variant.employees';
}
const ref = (key: MessageKey) => ({ key, fallback: key });

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
  if (!policy) throw refuse('correction.noSuchPolicy');
  if (!policy.roster) throw refuse('correction.noRoster');
  const variant = policy.roster as CorrectionVariant;
  if (variants && !variants.includes(variant)) {
    throw refuse('correction.wrongVariant', {
      policyNo: policy.policy_no,
      kind: ref(variantKey(variant)),
      expected: ref(variantsKey(variants)),
    });
  }
  return policy;
}

export function requireInForce(policy: PolicyRow) {
  if (policy.state !== PolicyState.inForce) throw refuse('correction.notInForce', { policyNo: policy.policy_no });
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
    .leftJoin('product', 'product.code', 'policy.product_code')
    .select(['policy.policy_no', 'policy.product_code', 'policy.product_name'])
    .select(['product.name_en as product_name_en', 'product.name_zh as product_name_zh'])
    .where('correction.id', '=', correctionId)
    .where('correction.customer_id', '=', customerId)
    .executeTakeFirst();
  if (!row) throw refuse('correction.noSuchCorrection');
  if (variants && !variants.includes(row.variant)) {
    throw refuse('correction.correctionOfVariant', {
      correctionNo: row.correction_no,
      kind: ref(variantKey(row.variant)),
    });
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

/** A product's names in both languages (null when the product table does not know its code). */
export async function productNamesOf(
  db: Kysely<DB>,
  code: string,
): Promise<{ product_name_en: string | null; product_name_zh: string | null }> {
  const row = await db.selectFrom('product').select(['name_en', 'name_zh']).where('code', '=', code).executeTakeFirst();
  return { product_name_en: row?.name_en ?? null, product_name_zh: row?.name_zh ?? null };
}

/** The policy's open correction (any state but in force and cancelled), if any. */
export function openCorrectionOf(db: Kysely<DB>, policyId: number): Promise<CorrectionRow | undefined> {
  return db
    .selectFrom('correction')
    .innerJoin('policy', 'policy.id', 'correction.policy_id')
    .selectAll('correction')
    .leftJoin('product', 'product.code', 'policy.product_code')
    .select(['policy.policy_no', 'policy.product_code', 'policy.product_name'])
    .select(['product.name_en as product_name_en', 'product.name_zh as product_name_zh'])
    .where('correction.open_policy_id', '=', policyId)
    .executeTakeFirst();
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

const stamp = (now: Date) => beijingDayDigits(now);
export const correctionNo = (now: Date) => `EN${stamp(now)}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
export const paymentNo = (now: Date) => `PY${stamp(now)}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

/**
 * Two-person approval (the company's setting): the user who prepared a correction neither sends it
 * for approval nor pays it; another user with the approver's right does.
 */
export async function checkSecondPerson(trx: Kysely<DB>, actor: { id: number; customer_id: number }, c: CorrectionRow) {
  if (c.created_by !== actor.id) return;
  const company = await trx
    .selectFrom('customer')
    .select('two_person_approval')
    .where('id', '=', actor.customer_id)
    .executeTakeFirstOrThrow();
  if (company.two_person_approval === 1) throw refuse('correction.secondPerson', { correctionNo: c.correction_no });
}
