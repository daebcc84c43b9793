/**
 * Pure rules of roster corrections that the portal and the gateway both apply: person checks,
 * dates in the insurer's time zone, and pro-rata premium in integer fen.
 */
import type { IdType, PersonFields, Sex } from '@contract/person';
import { beijingDay } from './time';
import { ageOn } from './idNumber';
import { birthdateProblem, checkIdDocument, ID_DOCUMENT_ERRORS, type IdDocumentError } from './idDocument';
import { maskAccount as maskBankAccount, maskIdNumber as maskId, maskPhone as maskPhoneNumber } from './mask';

export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
/** 2-30 Chinese or Latin letters; a middle dot, space, full stop or apostrophe may join them. */
export const NAME_PATTERN = /^[\p{Script=Han}A-Za-z][\p{Script=Han}A-Za-z·.' -]{0,28}[\p{Script=Han}A-Za-z.]$/u;

/** The insurer's calendar day (Asia/Shanghai, UTC+8, no daylight saving) of an instant. */
export function insurerToday(now: Date = new Date()): string {
  return beijingDay(now);
}

const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);

/** Days from `from` to `to`, both included (0 when `to` is before `from`). */
export function daysInclusive(from: string, to: string): number {
  return Math.max(0, dayNumber(to) - dayNumber(from) + 1);
}

export function addDays(day: string, n: number): string {
  return new Date((dayNumber(day) + n) * 86_400_000).toISOString().slice(0, 10);
}

/** round(annual × days / yearDays), half up, in integer arithmetic. */
export function proRataFen(annualFen: number, days: number, yearDays: number): number {
  if (yearDays <= 0 || days <= 0) return 0;
  const numerator = annualFen * days;
  return Math.floor((2 * numerator + yearDays) / (2 * yearDays));
}

/** What the checks read of a person: the contract's fields, the sex as typed (a file may say 男). */
type CheckedFields = Pick<PersonFields, 'name' | 'idType' | 'idNumber' | 'birthdate' | 'phone'> & { sex?: string };

export interface CheckedPerson {
  idType: IdType;
  idNumber: string;
  sex: Sex;
  birthdate: string;
}

/** A document number's problem: 'id' and the rule it breaks (idDigits, idPassport, ...). */
export type IdProblem = `id${Capitalize<IdDocumentError>}`;

export type PersonProblem =
  | 'nameRequired'
  | 'nameInvalid'
  | 'idRequired'
  | IdProblem
  | 'sexRequired'
  | 'sexInvalid'
  | 'sexMismatch'
  | 'birthdateRequired'
  | 'birthdateInvalid'
  | 'birthdateMismatch'
  | 'phoneInvalid';

const ID_PROBLEMS = new Map<string, IdDocumentError>(
  ID_DOCUMENT_ERRORS.map((e) => [`id${e[0].toUpperCase()}${e.slice(1)}`, e]),
);

/** The rule of the document's number a problem is about, or null when it is about something else. */
export function idDocumentError(problem: PersonProblem): IdDocumentError | null {
  return ID_PROBLEMS.get(problem) ?? null;
}

/** One problem of a person, and the field it is about. */
export interface PersonFinding {
  field: 'name' | 'idNumber' | 'sex' | 'birthdate' | 'phone';
  problem: PersonProblem;
}

const idProblem = (error: IdDocumentError) => `id${error[0].toUpperCase()}${error.slice(1)}` as IdProblem;

/**
 * The checks of one person that need no database, as findings per field (empty when fine). The
 * document's number by its type's rules (a resident ID card when no type is given); the birthdate and
 * sex must agree with a number that carries them, and are required when it does not.
 */
export function personFindings(
  p: CheckedFields,
  today: Date = new Date(),
): { findings: PersonFinding[]; person: CheckedPerson | null } {
  const findings: PersonFinding[] = [];
  const name = p.name.trim();
  if (!name) findings.push({ field: 'name', problem: 'nameRequired' });
  else if (!NAME_PATTERN.test(name)) findings.push({ field: 'name', problem: 'nameInvalid' });
  let person: CheckedPerson | null = null;
  const idType = p.idType ?? 'residentId';
  const idNumber = p.idNumber.trim().toUpperCase();
  const sexText = (p.sex ?? '').trim();
  const sex = normaliseSex(sexText);
  const birthdate = (p.birthdate ?? '').trim();
  if (!idNumber) findings.push({ field: 'idNumber', problem: 'idRequired' });
  else {
    const checked = checkIdDocument(idType, idNumber, today);
    if (!checked.ok) findings.push({ field: 'idNumber', problem: idProblem(checked.error) });
    else if (checked.info) {
      person = { idType, idNumber: checked.number, ...checked.info };
      if (sexText && sex === null) findings.push({ field: 'sex', problem: 'sexInvalid' });
      else if (sex && sex !== checked.info.sex) findings.push({ field: 'sex', problem: 'sexMismatch' });
      if (birthdate && birthdate !== checked.info.birthdate)
        findings.push({ field: 'birthdate', problem: 'birthdateMismatch' });
    } else {
      if (!sexText) findings.push({ field: 'sex', problem: 'sexRequired' });
      else if (sex === null) findings.push({ field: 'sex', problem: 'sexInvalid' });
      if (!birthdate) findings.push({ field: 'birthdate', problem: 'birthdateRequired' });
      else if (birthdateProblem(birthdate, today)) findings.push({ field: 'birthdate', problem: 'birthdateInvalid' });
      if (sex && birthdate) person = { idType, idNumber: checked.number, sex, birthdate };
    }
  }
  const phone = (p.phone ?? '').trim();
  if (phone && !PHONE_PATTERN.test(phone)) findings.push({ field: 'phone', problem: 'phoneInvalid' });
  return { findings, person: findings.length ? null : person };
}

export function normaliseSex(value: string): Sex | null {
  const v = value.trim().toLowerCase();
  if (['male', 'm', '男', '1'].includes(v)) return 'male';
  if (['female', 'f', '女', '2'].includes(v)) return 'female';
  return null;
}

export { ageOn };

/** Masks as every list shows them (src/common/mask.ts); null stays null. */
export const maskIdNumber = (id: string): string => maskId(id);
export const maskPhone = (phone: string | null): string | null => (phone ? maskPhoneNumber(phone) : phone);
export const maskAccount = (account: string | null): string | null => (account ? maskBankAccount(account) : null);
