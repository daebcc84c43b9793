import type { Insertable, Kysely } from 'kysely';
import type { PersonInput } from '@contract/io/correction';
import { InsuredState, type CorrectionKind, type CorrectionVariant } from '@contract/states';
import {
  ageOn,
  idDocumentError,
  proRataFen,
  insurerToday,
  personFindings,
  type PersonProblem,
} from '@common/correction';
import type { DB } from '@server/db/schema';
import type { CorrectionItemTable } from '@server/db/tables/corrections';
import type { MessageKey } from '@server/messages/catalogue';
import { isDivisionCode } from '../divisions';
import { occupations, policyRates } from './access';
import type { OccupationEntry, PersonRow, PolicyRow } from './types';
import type { Finding } from './rosterValues';
import type { Said } from './texts';

/** The checks of people against a policy: catalogue, rates, ages, duplicates, roster. */

export interface PolicyContext {
  policy: PolicyRow;
  variant: CorrectionVariant;
  /** annual premium (fen) by risk category */
  rates: Map<number, number>;
  occupations: Map<string, OccupationEntry>;
  effectiveDate: string;
  now: Date;
}

/** A checked person as a correction line stores them (the contract's person, in the table's columns). */
export type PreparedPerson = Required<
  Pick<
    Insertable<CorrectionItemTable>,
    | 'name'
    | 'id_type'
    | 'id_number'
    | 'sex'
    | 'birthdate'
    | 'phone'
    | 'employee_no'
    | 'department'
    | 'occupation_code'
    | 'occupation_name'
    | 'risk_category'
    | 'bank_name'
    | 'bank_account'
  >
>;

/** Everything the checks of a person need to know about the policy, read once per call. */
export async function policyContext(
  owner: object,
  db: Kysely<DB>,
  policy: PolicyRow,
  effectiveDate: string,
  now: Date,
): Promise<PolicyContext> {
  return {
    policy,
    variant: policy.roster as CorrectionVariant,
    rates: await policyRates(db, policy.id),
    occupations: await occupations(owner, db),
    effectiveDate,
    now,
  };
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

/**
 * The signed premium of one line (fen), the formula every correction is priced with: an addition's
 * premium, a removal's refund of the unexpired premium (none when a claim was paid for the person),
 * an exchange's joiner premium less the leaver's refund, a change of risk category's difference.
 */
export function linePremium(
  ctx: Pick<PolicyContext, 'variant' | 'rates'>,
  action: CorrectionKind,
  riskCategory: number | null,
  leaver: { risk_category: number | null } | undefined,
  withheld: boolean,
  days: number,
  yearDays: number,
): { fen: number; leaverRefund: number | null } {
  const leaverRate = leaver ? (rateFor(ctx, leaver.risk_category) ?? 0) : 0;
  let fen = 0;
  let leaverRefund: number | null = null;
  if (action === 'add' || action === 'exchange') fen += proRataFen(rateFor(ctx, riskCategory) ?? 0, days, yearDays);
  if ((action === 'subtract' || action === 'exchange') && leaver) {
    leaverRefund = withheld ? 0 : proRataFen(leaverRate, days, yearDays);
    fen -= leaverRefund;
  }
  if (action === 'modify' && leaver && leaver.risk_category !== riskCategory) {
    const diff = (rateFor(ctx, riskCategory) ?? 0) - leaverRate;
    fen += diff >= 0 ? proRataFen(diff, days, yearDays) : -proRataFen(-diff, days, yearDays);
  }
  return { fen, leaverRefund };
}

/**
 * Effective date rules: from today (insurer's calendar) to the policy end, not before its start. The
 * date is a real YYYY-MM-DD date already (the request schemas check it at the door).
 */
export function effectiveDateProblem(policy: PolicyRow, date: string, now: Date): Said | null {
  const today = insurerToday(now);
  if (date < today) return { key: 'correction.datePast', params: { date, today } };
  if (date < policy.start_date) return { key: 'correction.dateBeforeStart', params: { start: policy.start_date } };
  if (date > policy.end_date) return { key: 'correction.dateAfterEnd', params: { end: policy.end_date } };
  return null;
}

const PROBLEM_KEY: Record<Exclude<PersonProblem, `id${string}`> | 'idRequired', MessageKey> = {
  nameRequired: 'roster.nameRequired',
  nameInvalid: 'roster.nameInvalid',
  idRequired: 'roster.idRequired',
  sexRequired: 'roster.sexRequired',
  sexInvalid: 'roster.sexInvalid',
  sexMismatch: 'roster.sexMismatch',
  birthdateRequired: 'roster.birthdateRequired',
  birthdateInvalid: 'roster.birthdateInvalid',
  birthdateMismatch: 'roster.birthdateMismatch',
  phoneInvalid: 'roster.phoneInvalid',
};

/** The catalogue's sentence of a person's problem: a document number's broken rule has its own. */
function problemKey(problem: PersonProblem): MessageKey {
  const idError = idDocumentError(problem);
  return idError ? `id.${idError}` : PROBLEM_KEY[problem as keyof typeof PROBLEM_KEY];
}

const limit = (
  v: string | undefined,
  max: number,
  key: MessageKey,
  column: Finding['column'],
  findings: Finding[],
): string | null => {
  const t = (v ?? '').trim();
  if ([...t].length > max) findings.push({ key, params: { max }, column });
  return t || null;
};

const byName = new WeakMap<Map<string, OccupationEntry>, Map<string, OccupationEntry[]>>();
const byDigits = new WeakMap<Map<string, OccupationEntry>, Map<string, OccupationEntry[]>>();

function index(
  cache: WeakMap<Map<string, OccupationEntry>, Map<string, OccupationEntry[]>>,
  catalogue: Map<string, OccupationEntry>,
  keys: (o: OccupationEntry) => string[],
) {
  let map = cache.get(catalogue);
  if (!map) {
    map = new Map();
    for (const o of catalogue.values()) for (const k of new Set(keys(o))) map.set(k, [...(map.get(k) ?? []), o]);
    cache.set(catalogue, map);
  }
  return map;
}

/**
 * The occupation a row names: by code (leading zeros lost by a number cell do not matter), else by
 * its name in either language when only one occupation has it.
 */
export function findOccupation(
  ctx: PolicyContext,
  code: string,
  name: string,
  findings: Finding[],
): OccupationEntry | null {
  if (code) {
    const exact = ctx.occupations.get(code);
    if (exact) return exact;
    const loose = /^\d+$/.test(code)
      ? index(byDigits, ctx.occupations, (o) => [o.code.replace(/^0+/, '')]).get(code.replace(/^0+/, ''))
      : undefined;
    if (loose?.length === 1) return loose[0];
    findings.push({ key: 'roster.occupationUnknown', params: { code }, column: 'occupationCode' });
    return null;
  }
  if (name) {
    const hits =
      index(byName, ctx.occupations, (o) => [o.name.trim().toLowerCase(), o.name_zh.trim()]).get(
        name.trim().toLowerCase(),
      ) ?? [];
    if (hits.length === 1) return hits[0];
    if (hits.length > 1)
      findings.push({
        key: 'roster.occupationNameAmbiguous',
        params: { name, codes: hits.map((o) => o.code).join(', ') },
        column: 'occupationName',
      });
    else if (ctx.variant === 'employeeNew')
      findings.push({ key: 'roster.occupationNameUnknown', params: { name }, column: 'occupationName' });
    return null;
  }
  if (ctx.variant === 'employeeNew') findings.push({ key: 'roster.occupationRequired', column: 'occupationCode' });
  return null;
}

/** Checks one person to be added (without the roster and duplicates, which need the whole set). */
export function checkPerson(
  ctx: PolicyContext,
  input: PersonInput,
  extra: { occupationName?: string } = {},
): { findings: Finding[]; person: PreparedPerson | null } {
  const found = personFindings(input, ctx.now);
  const findings: Finding[] = found.findings.map((f) => ({ key: problemKey(f.problem), column: f.field }));
  let person = found.person;
  if (person && person.idType === 'residentId' && !isDivisionCode(person.idNumber.slice(0, 6))) {
    findings.push({ key: 'roster.idRegion', params: { code: person.idNumber.slice(0, 6) }, column: 'idNumber' });
    person = null;
  }
  const employeeNo = limit(input.employeeNo, 32, 'roster.employeeNoTooLong', 'employeeNo', findings);
  const department = limit(input.department, 60, 'roster.departmentTooLong', 'department', findings);
  const bankName = limit(input.bankName, 60, 'roster.bankNameTooLong', undefined, findings);
  const bankAccount = limit(input.bankAccount, 40, 'roster.bankAccountTooLong', undefined, findings);
  if (bankAccount && !/^\d{8,30}$/.test(bankAccount)) findings.push({ key: 'roster.bankAccountInvalid' });
  const occupation = findOccupation(ctx, (input.occupationCode ?? '').trim(), extra.occupationName ?? '', findings);
  if (occupation && !ctx.rates.has(occupation.risk_category)) {
    findings.push({
      key: 'roster.categoryNotCovered',
      params: {
        category: occupation.risk_category,
        occupation: { 'en-US': occupation.name, 'zh-CN': occupation.name_zh },
      },
      column: (input.occupationCode ?? '').trim() ? 'occupationCode' : 'occupationName',
    });
  }
  if (person) {
    const age = ageOn(person.birthdate, ctx.effectiveDate);
    if (age < ctx.policy.min_age || age > ctx.policy.max_age) {
      findings.push({
        key: 'roster.ageOutOfRange',
        params: { age, min: ctx.policy.min_age, max: ctx.policy.max_age },
        column: 'idNumber',
      });
    }
  }
  const category = occupation?.risk_category ?? null;
  if (!findings.length && rateFor(ctx, category) === null) findings.push({ key: 'roster.noRate' });
  if (findings.length || !person) return { findings, person: null };
  return {
    findings,
    person: {
      name: input.name.trim(),
      id_type: person.idType,
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
      .where('state', '=', InsuredState.insured)
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
    .where('state', '=', InsuredState.insured)
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

export function memberFloorProblem(policy: PolicyRow, current: number, adds: number, removes: number): Said | null {
  const after = current + adds - removes;
  if (removes > 0 && after < policy.min_members)
    return { key: 'roster.memberFloor', params: { min: policy.min_members, after } };
  return null;
}
