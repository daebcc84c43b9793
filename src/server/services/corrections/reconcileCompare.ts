import { NAME_PATTERN, PHONE_PATTERN } from '@common/correction';
import type { FieldChange } from '@contract/io/correction';
import { rosterMessages } from '@server/messages/roster';
import { checkPerson, findOccupation, linePremium, type PolicyContext, type PreparedPerson } from './checks';
import { toPerson } from './model';
import type { ColumnKey } from './rosterColumns';
import type { Finding, RowValues } from './rosterValues';
import type { PersonRow } from './types';

/**
 * The comparison of a company's whole roster (the rows of its file) with a policy's insured list, by
 * ID type and number: who joins (in the file, not insured: checked as any joiner is), who leaves
 * (insured, not in the file), whose details differ (compared only where the file has a value: an HR
 * export without phones changes nobody's phone) and how many are the same. Each line is priced with the
 * formula of the corrections (linePremium). Pure and in slices: it gives the event loop back every few
 * hundred rows, so that a 10,000-row roster does not hold other callers up.
 */

/** The roster fields a comparison may change, with the insured_person column each lives in. */
export const COMPARED = {
  name: 'name',
  phone: 'phone',
  employeeNo: 'employee_no',
  department: 'department',
  occupationCode: 'occupation_code',
} as const;
export type Compared = keyof typeof COMPARED;

export interface Joiner {
  row: number;
  person: PreparedPerson;
  premiumFen: number;
}

export interface Leaver {
  person: PersonRow;
  premiumFen: number;
  withheld: boolean;
}

export interface Change {
  row: number;
  person: PersonRow;
  /** The changed fields: value on the roster, value in the file. */
  fields: FieldChange[];
  /** The occupation after the change (when it changes). */
  occupation: { code: string; name: string; risk_category: number } | null;
  premiumFen: number;
}

export interface BadRow {
  row: number;
  values: RowValues['original'];
  findings: Finding[];
}

export interface Comparison {
  joiners: Joiner[];
  leavers: Leaver[];
  changes: Change[];
  unchanged: number;
  errors: BadRow[];
}

/** Rows compared between two turns of the event loop. */
const SLICE = 400;

const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface CompareInput {
  ctx: PolicyContext;
  rows: RowValues[];
  insured: PersonRow[];
  /** Roster people a claim with money paid was made for: leaving, they get no refund. */
  claimed: Set<number>;
  days: number;
  yearDays: number;
}

export async function compareRoster({
  ctx,
  rows,
  insured,
  claimed,
  days,
  yearDays,
}: CompareInput): Promise<Comparison> {
  const byNumber = new Map<string, PersonRow[]>();
  for (const p of insured) {
    const list = byNumber.get(p.id_number);
    if (list) list.push(p);
    else byNumber.set(p.id_number, [p]);
  }
  const out: Comparison = { joiners: [], leavers: [], changes: [], unchanged: 0, errors: [] };
  const seen = new Map<string, number>();
  const present = new Set<number>();
  for (let start = 0; start < rows.length; start += SLICE) {
    if (start > 0) await yieldTurn();
    for (const r of rows.slice(start, start + SLICE)) {
      const v = r.values;
      const findings = [...r.findings];
      const bad = (more: Finding[] = []) => {
        const explained = new Set(findings.map((f) => f.column).filter(Boolean));
        out.errors.push({
          row: r.row,
          values: r.original,
          findings: [...findings, ...more.filter((f) => !f.column || !explained.has(f.column))],
        });
      };
      const id = (v.idNumber ?? '').toUpperCase();
      if (!id) {
        bad([{ key: 'roster.idRequired', column: 'idNumber' }]);
        continue;
      }
      // A document is its type and number (a row without a type names a resident ID card).
      const document = `${v.idType ?? 'residentId'}|${id}`;
      const first = seen.get(document);
      if (first !== undefined) {
        bad([{ key: 'roster.duplicateInFile', params: { row: first }, column: 'idNumber' }]);
        continue;
      }
      seen.set(document, r.row);
      const same = byNumber.get(id) ?? [];
      let person: PersonRow | undefined;
      if (v.idType) {
        person = same.find((p) => p.id_type === v.idType);
        if (!person && same.length) {
          // The number is insured under another document type: the person is in the file, not leaving.
          for (const p of same) present.add(p.id);
          bad([
            {
              key: 'correction.reconcileIdTypeDiffers',
              params: {
                type: {
                  'en-US': rosterMessages['en-US'][`idType.${same[0].id_type}`],
                  'zh-CN': rosterMessages['zh-CN'][`idType.${same[0].id_type}`],
                },
              },
              column: 'idType',
            },
          ]);
          continue;
        }
      } else person = same.find((p) => p.id_type === 'residentId') ?? same[0];
      if (person) {
        present.add(person.id);
        if (findings.length) {
          bad();
          continue;
        }
        const change = changeOf(ctx, r, person, days, yearDays);
        if ('findings' in change) bad(change.findings);
        else if (change.fields.length) out.changes.push(change);
        else out.unchanged += 1;
        continue;
      }
      const checked = checkPerson(ctx, toPerson(v as Record<string, string>), { occupationName: v.occupationName });
      if (findings.length || !checked.person) {
        bad(checked.findings);
        continue;
      }
      out.joiners.push({
        row: r.row,
        person: checked.person,
        premiumFen: linePremium(ctx, 'add', checked.person.risk_category, undefined, false, days, yearDays).fen,
      });
    }
  }
  await yieldTurn();
  for (const p of insured) {
    if (present.has(p.id)) continue;
    const withheld = claimed.has(p.id);
    out.leavers.push({
      person: p,
      withheld,
      premiumFen: linePremium(ctx, 'subtract', null, p, withheld, days, yearDays).fen,
    });
  }
  return out;
}

/** What a row changes of an insured person's details, or why it cannot. */
function changeOf(
  ctx: PolicyContext,
  r: RowValues,
  person: PersonRow,
  days: number,
  yearDays: number,
): Change | { findings: Finding[] } {
  const v = r.values;
  const findings: Finding[] = [];
  const fields: FieldChange[] = [];
  const differs = (field: Compared, value: string | undefined): value is string =>
    Boolean(value) && value !== ((person[COMPARED[field]] as string | null) ?? '');
  const change = (field: Compared, after: string) =>
    fields.push({ field, before: (person[COMPARED[field]] as string | null) ?? null, after });
  if (differs('name', v.name)) {
    if (!NAME_PATTERN.test(v.name)) findings.push({ key: 'roster.nameInvalid', column: 'name' });
    else change('name', v.name);
  }
  if (differs('phone', v.phone)) {
    if (!PHONE_PATTERN.test(v.phone)) findings.push({ key: 'roster.phoneInvalid', column: 'phone' });
    else change('phone', v.phone);
  }
  const limited = (field: 'employeeNo' | 'department', max: number, key: Finding['key']) => {
    const value = v[field];
    if (!differs(field, value)) return;
    if ([...value].length > max) findings.push({ key, params: { max }, column: field as ColumnKey });
    else change(field, value);
  };
  limited('employeeNo', 32, 'roster.employeeNoTooLong');
  limited('department', 60, 'roster.departmentTooLong');
  let occupation: Change['occupation'] = null;
  const code = (v.occupationCode ?? '').trim();
  const name = (v.occupationName ?? '').trim();
  if (code || name) {
    const found = findOccupation(ctx, code, name, findings);
    if (found && found.code !== person.occupation_code) {
      if (!ctx.rates.has(found.risk_category))
        findings.push({
          key: 'roster.categoryNotCovered',
          params: { category: found.risk_category, occupation: { 'en-US': found.name, 'zh-CN': found.name_zh } },
          column: code ? 'occupationCode' : 'occupationName',
        });
      else {
        occupation = { code: found.code, name: found.name, risk_category: found.risk_category };
        change('occupationCode', found.code);
      }
    }
  }
  if (findings.length) return { findings };
  const category = occupation ? occupation.risk_category : person.risk_category;
  return {
    row: r.row,
    person,
    fields,
    occupation,
    premiumFen: linePremium(ctx, 'modify', category, person, false, days, yearDays).fen,
  };
}
