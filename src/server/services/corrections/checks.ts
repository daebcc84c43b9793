import type { Kysely } from 'kysely';
import type { CorrectionVariant, PersonInput } from '../../../contract/io/correction';
import { addDays, ageOn, insurerToday, personProblems } from '../../../common/correction';
import type { DB } from '../../db/schema';
import type { PersonRow, PolicyRow } from './model';

/** The checks of people against a policy: catalogue, rates, ages, duplicates, roster. */

export interface OccupationEntry {
  code: string;
  name: string;
  name_zh: string;
  risk_category: number;
}

export interface PolicyContext {
  policy: PolicyRow;
  variant: CorrectionVariant;
  /** annual premium (fen) by risk category */
  rates: Map<number, number>;
  occupations: Map<string, OccupationEntry>;
  effectiveDate: string;
  now: Date;
}

export interface PreparedPerson {
  name: string;
  id_number: string;
  sex: string;
  birthdate: string;
  phone: string | null;
  employee_no: string | null;
  department: string | null;
  occupation_code: string | null;
  occupation_name: string | null;
  risk_category: number | null;
  bank_name: string | null;
  bank_account: string | null;
}

const CHUNK = 500;

export function chunks<T>(list: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** The annual rate that prices a person of this risk category on this policy. */
export function rateFor(ctx: Pick<PolicyContext, 'variant' | 'rates'>, riskCategory: number | null): number | null {
  if (ctx.variant === 'employeeNew') return riskCategory === null ? null : (ctx.rates.get(riskCategory) ?? null);
  if (ctx.rates.has(1)) return ctx.rates.get(1) as number;
  if (ctx.rates.size === 1) return [...ctx.rates.values()][0];
  return null;
}

/** Effective date rules: from today (insurer's calendar) to the policy end, not before its start. */
export function effectiveDateProblem(policy: PolicyRow, date: string, now: Date): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)) || addDays(date, 0) !== date) {
    return 'The effective date must be a real date written YYYY-MM-DD.';
  }
  const today = insurerToday(now);
  if (date < today) return `The effective date ${date} is in the past; choose ${today} or later.`;
  if (date < policy.start_date)
    return `The effective date must not be before the policy starts (${policy.start_date}).`;
  if (date > policy.end_date) return `The effective date must be within the policy period (until ${policy.end_date}).`;
  return null;
}

const limit = (v: string | undefined, max: number, label: string, reasons: string[]): string | null => {
  const t = (v ?? '').trim();
  if (t.length > max) reasons.push(`${label} must be at most ${max} characters.`);
  return t || null;
};

/** Checks one person to be added (without the roster and duplicates, which need the whole set). */
export function checkPerson(
  ctx: PolicyContext,
  input: PersonInput,
): { reasons: string[]; person: PreparedPerson | null } {
  const { reasons, person } = personProblems(input, ctx.now);
  const employeeNo = limit(input.employeeNo, 32, 'The employee number', reasons);
  const department = limit(input.department, 60, 'The department', reasons);
  const bankName = limit(input.bankName, 60, 'The bank name', reasons);
  const bankAccount = limit(input.bankAccount, 40, 'The bank account', reasons);
  if (bankAccount && !/^\d{8,30}$/.test(bankAccount)) reasons.push('The bank account must be 8-30 digits.');
  let occupation: OccupationEntry | null = null;
  const code = (input.occupationCode ?? '').trim();
  if (code) {
    occupation = ctx.occupations.get(code) ?? null;
    if (!occupation) reasons.push(`There is no occupation with code ${code}; choose one from the occupation search.`);
    else if (!ctx.rates.has(occupation.risk_category)) {
      reasons.push(`Risk category ${occupation.risk_category} (${occupation.name}) is not covered by this policy.`);
    }
  } else if (ctx.variant === 'employeeNew') {
    reasons.push('The occupation is required on this policy; choose one from the occupation search.');
  }
  if (person) {
    const age = ageOn(person.birthdate, ctx.effectiveDate);
    if (age < ctx.policy.min_age || age > ctx.policy.max_age) {
      reasons.push(
        `Aged ${age} on the effective date: this product insures people aged ${ctx.policy.min_age} to ${ctx.policy.max_age}.`,
      );
    }
  }
  const category = occupation?.risk_category ?? null;
  if (!reasons.length && rateFor(ctx, category) === null)
    reasons.push('This policy has no premium rate for this person; contact your account manager.');
  if (reasons.length || !person) return { reasons, person: null };
  return {
    reasons,
    person: {
      name: input.name.trim(),
      id_number: person.idNumber,
      sex: person.sex,
      birthdate: person.birthdate,
      phone: (input.phone ?? '').trim() || null,
      employee_no: employeeNo,
      department,
      occupation_code: occupation?.code ?? null,
      occupation_name: occupation?.name ?? null,
      risk_category: category,
      bank_name: bankName,
      bank_account: bankAccount,
    },
  };
}

/** Insured people of the policy with these ID numbers (state 1), by ID number. */
export async function rosterByIdNumber(
  db: Kysely<DB>,
  policyId: number,
  idNumbers: string[],
): Promise<Map<string, PersonRow>> {
  const out = new Map<string, PersonRow>();
  for (const part of chunks([...new Set(idNumbers)], 900)) {
    if (!part.length) continue;
    const rows = await db
      .selectFrom('insured_person')
      .selectAll()
      .where('policy_id', '=', policyId)
      .where('state', '=', 1)
      .where('id_number', 'in', part)
      .execute();
    for (const r of rows) out.set(r.id_number, r);
  }
  return out;
}

export async function rosterByIds(db: Kysely<DB>, policyId: number, ids: number[]): Promise<Map<number, PersonRow>> {
  const out = new Map<number, PersonRow>();
  for (const part of chunks([...new Set(ids)], 900)) {
    if (!part.length) continue;
    const rows = await db
      .selectFrom('insured_person')
      .selectAll()
      .where('policy_id', '=', policyId)
      .where('id', 'in', part)
      .execute();
    for (const r of rows) out.set(r.id, r);
  }
  return out;
}

export async function insuredCount(db: Kysely<DB>, policyId: number): Promise<number> {
  const row = await db
    .selectFrom('insured_person')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('policy_id', '=', policyId)
    .where('state', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** What the draft already holds: ID numbers joining, roster ids leaving or changing. */
export async function draftHoldings(db: Kysely<DB>, correctionId: number | null) {
  const joining = new Set<string>();
  const touched = new Set<number>();
  let adds = 0;
  let removes = 0;
  if (correctionId !== null) {
    const rows = await db
      .selectFrom('correction_item')
      .select(['action', 'id_number', 'person_id'])
      .where('correction_id', '=', correctionId)
      .execute();
    for (const r of rows) {
      if (r.action === 'add' || r.action === 'exchange') joining.add(r.id_number);
      if (r.person_id !== null) touched.add(r.person_id);
      if (r.action === 'add') adds += 1;
      if (r.action === 'subtract') removes += 1;
    }
  }
  return { joining, touched, adds, removes };
}

export function memberFloorProblem(policy: PolicyRow, current: number, adds: number, removes: number): string | null {
  const after = current + adds - removes;
  if (removes > 0 && after < policy.min_members) {
    return `The policy must keep at least ${policy.min_members} insured people; after this change it would have ${after}.`;
  }
  return null;
}
