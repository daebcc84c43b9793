import { maskIdNumber } from '@common/mask';
import { PaymentState, PolicyState } from '@contract/states';
import { sql, type Expression, type Kysely, type Selectable, type SqlBool } from 'kysely';
import type {
  PolicyDetail,
  PolicyDocument,
  PolicyKind,
  PolicyPayment,
  PolicyRate,
  PolicyRisk,
  PolicyRow,
} from '@contract/io/policy';
import { LIFE_KINDS } from '@contract/io/policy';
import type { DB } from '@server/db/schema';
import type { PolicyTable } from '@server/db/tables/core';
import { refuse } from '../errors';
import { storedText, type ProductVoice, type Voice } from '../texts';
import { DETAIL_WORDS, detailWord, propertyItems } from './property';
import { deductibleText } from './deductible';

/**
 * Reading policies for the policy area's calls: always through the session's customer, so that a
 * policy number of another customer is indistinguishable from one that does not exist. Products and
 * coverages are named, and payments described, in the reader's language.
 */

export type PolicyRecord = Selectable<PolicyTable>;

/** Rows of the employer certificate's roster appendix; the employee list export holds the rest. */
export const CERTIFICATE_ROSTER_LIMIT = 1000;

const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/** The LIKE pattern of the user's text taken literally (% and _ escaped with `!`). */
export function likePattern(value: string, where: 'prefix' | 'contains'): string {
  const escaped = value.replace(/[!%_]/g, (c) => `!${c}`);
  return where === 'prefix' ? `${escaped}%` : `%${escaped}%`;
}

/** `column LIKE pattern` with a pattern of likePattern, in both databases. */
export function likeExpression(column: Expression<unknown> | string, pattern: string): Expression<SqlBool> {
  const ref = typeof column === 'string' ? sql.ref(column) : column;
  return sql<SqlBool>`${ref} like ${pattern} escape '!'`;
}

/** `column LIKE pattern` with the user's text taken literally (% and _ escaped), in both databases. */
export function likeText(
  column: Expression<unknown> | string,
  value: string,
  where: 'prefix' | 'contains',
): Expression<SqlBool> {
  return likeExpression(column, likePattern(value, where));
}

/** ID numbers leave the gateway masked unless the user typed the whole number (the one mask: src/common/mask.ts). */
export { maskIdNumber };

/** A policy of the customer's, or the refusal that there is no such policy (another's reads the same). */
export async function findPolicy(db: Kysely<DB>, customerId: number, policyNo: string): Promise<PolicyRecord> {
  const row = await db
    .selectFrom('policy')
    .selectAll()
    .where('policy_no', '=', policyNo.trim())
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  if (!row) throw refuse('policy.noSuchPolicy');
  return row as PolicyRecord;
}

export async function insuredCounts(db: Kysely<DB>, policyIds: number[]): Promise<Map<number, number>> {
  if (policyIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('insured_person')
    .select(['policy_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('policy_id', 'in', policyIds)
    .where('state', '=', 1)
    .groupBy('policy_id')
    .execute();
  return new Map(rows.map((r) => [r.policy_id, Number(r.n)]));
}

/**
 * The columns a list row needs (toPolicyRow): lists select these, not the whole policy, since every
 * column read costs, and `details` is the largest.
 */
export const POLICY_ROW_COLUMNS = [
  'id',
  'policy_no',
  'kind',
  'product_code',
  'product_name',
  'state',
  'holder_name',
  'insured_name',
  'issue_date',
  'start_date',
  'end_date',
  'premium_fen',
  'sum_insured_fen',
  'payment_state',
  'auto_renew',
  'roster',
  'insured_count',
] as const;

export type PolicyListRecord = Pick<PolicyRecord, (typeof POLICY_ROW_COLUMNS)[number]>;

/** A policy as a list shows it, its product named in the reader's language. */
export function toPolicyRow(p: PolicyListRecord, insuredCount: number, today: string, voice: ProductVoice): PolicyRow {
  return {
    policyNo: p.policy_no,
    kind: p.kind as PolicyKind,
    productCode: p.product_code,
    productName: voice.product(p.product_code, p.product_name),
    state: p.state,
    holderName: p.holder_name,
    insuredName: p.insured_name,
    issueDate: p.issue_date,
    startDate: p.start_date,
    endDate: p.end_date,
    premiumFen: Number(p.premium_fen),
    sumInsuredFen: Number(p.sum_insured_fen),
    paymentState: p.payment_state,
    autoRenew: p.auto_renew,
    roster: p.roster,
    insuredCount,
    daysToEnd: daysBetween(today, p.end_date),
    // a member's policy: the personal centre says where it stands (services/personal/renewals.ts)
    renewal: null,
  };
}

export const isLifeKind = (kind: string) => (LIFE_KINDS as readonly string[]).includes(kind);

/** A document's file name in the reader's language. */
export const documentFileName = (voice: Voice, kind: PolicyDocument['kind'], no: string) =>
  voice.t(`document.file.${kind}`, { no });

/** The documents a policy has: none until its premium is paid. */
function policyDocuments(p: PolicyRecord, voice: Voice): PolicyDocument[] {
  if (p.payment_state !== PaymentState.paid) return [];
  const doc = (kind: PolicyDocument['kind'], call: string): PolicyDocument => ({
    kind,
    call,
    name: documentFileName(voice, kind, p.policy_no),
  });
  const docs: PolicyDocument[] = [doc('ePolicy', 'blocLegal/policyDownload/download')];
  if (isLifeKind(p.kind)) docs.push(doc('lifePolicy', 'blocLegal/electronicDocuments/lifePolicyDownload'));
  if (p.kind === 'employer') docs.push(doc('employerCertificate', 'blocLegal/electronicDocuments/generateForEmployer'));
  return docs;
}

function parseDetails(p: PolicyRecord): Record<string, unknown> {
  try {
    const value = JSON.parse(p.details);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A voice that names products and their coverages (services/products.ts). */
export type PolicyVoice = ProductVoice & { coverage(productCode: string, code: string, fallback: string): string };

export async function policyRisks(db: Kysely<DB>, policy: PolicyRecord, voice: PolicyVoice): Promise<PolicyRisk[]> {
  const rows = await db
    .selectFrom('policy_risk')
    .selectAll()
    .where('policy_id', '=', policy.id)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    code: r.code,
    name: voice.coverage(policy.product_code, r.code, r.name),
    sumInsuredFen: Number(r.sum_insured_fen),
    premiumFen: Number(r.premium_fen),
    deductible: deductibleText(r.deductible, voice.locale),
  }));
}

export async function policyRates(db: Kysely<DB>, policyId: number): Promise<PolicyRate[]> {
  const rows = await db
    .selectFrom('policy_rate')
    .selectAll()
    .where('policy_id', '=', policyId)
    .orderBy('risk_category')
    .execute();
  return rows.map((r) => ({ riskCategory: r.risk_category, annualPremiumFen: Number(r.annual_premium_fen) }));
}

async function policyPayments(db: Kysely<DB>, policyId: number, voice: ProductVoice): Promise<PolicyPayment[]> {
  const rows = await db
    .selectFrom('premium_payment')
    .selectAll()
    .where('policy_id', '=', policyId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    paymentNo: r.payment_no,
    description: storedText(voice, r.text_key, r.text_params, null, r.description),
    amountFen: Number(r.amount_fen),
    state: r.state,
    payType: r.pay_type,
    paidAt: r.paid_at,
    invoiced: r.invoice_id !== null,
  }));
}

export async function policyDetail(
  db: Kysely<DB>,
  p: PolicyRecord,
  today: string,
  voice: PolicyVoice,
): Promise<PolicyDetail> {
  const [counts, risks, rates, payments, holder, claims, product] = await Promise.all([
    insuredCounts(db, [p.id]),
    policyRisks(db, p, voice),
    policyRates(db, p.id),
    policyPayments(db, p.id, voice),
    db
      .selectFrom('customer')
      .select(['name', 'kind', 'credit_code', 'contact_name', 'contact_phone', 'address'])
      .where('id', '=', p.customer_id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('claim')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('policy_id', '=', p.id)
      .where('customer_id', '=', p.customer_id)
      .executeTakeFirstOrThrow(),
    db.selectFrom('product').select('auto_renew_changeable').where('code', '=', p.product_code).executeTakeFirst(),
  ]);
  const details = parseDetails(p);
  if (typeof details.insuredIdNumber === 'string') details.insuredIdNumber = maskIdNumber(details.insuredIdNumber);
  if (Array.isArray(details.propertyItems)) details.propertyItems = propertyItems(details, voice.locale);
  for (const field of DETAIL_WORDS)
    if (field in details) details[field] = detailWord(field, details[field], voice.locale);
  if (Array.isArray(details.beneficiaries))
    details.beneficiaries = (details.beneficiaries as Array<Record<string, unknown>>).map((b) => ({
      ...b,
      relation: detailWord('relation', b.relation, voice.locale),
    }));
  return {
    ...toPolicyRow(p, counts.get(p.id) ?? 0, today, voice),
    holder: {
      name: holder.name,
      creditCode: holder.credit_code
        ? holder.kind === 'person'
          ? maskIdNumber(holder.credit_code)
          : holder.credit_code
        : null,
      contactName: holder.contact_name,
      contactPhone: holder.contact_phone ? holder.contact_phone.replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2') : null,
      address: holder.address,
    },
    details,
    risks,
    rates,
    payments,
    minMembers: p.min_members,
    minAge: p.min_age,
    maxAge: p.max_age,
    claimCount: Number(claims.n),
    documents: policyDocuments(p, voice),
    autoRenewChangeable: product?.auto_renew_changeable === 1 && p.roster !== null && p.state === PolicyState.inForce,
  };
}
