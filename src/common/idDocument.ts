/**
 * The numbers of the identity documents a person may be insured with (ID_TYPES in
 * src/contract/person.ts), each checked by its own rules. The portal's forms and the gateway apply the
 * same function; each way a number can be wrong has its own sentence in both sides' catalogues.
 *
 * - Resident ID card (GB 11643): 15 or 18 characters (src/common/idNumber.ts).
 * - Passport: 5 to 17 letters and digits (countries number their passports their own way).
 * - Hong Kong and Macau residents' travel permit to the mainland (回乡证): H or M and 8 or 10 digits.
 * - Hong Kong / Macau / Taiwan residents' residence permit: laid out as a resident ID number (birthdate,
 *   sex digit, MOD 11-2 check character) with the region code 810000, 820000 or 830000.
 * - Taiwan residents' travel permit (台胞证): 8 digits, or the older 10 characters (a letter and 9 digits).
 * - Foreigner's permanent residence card: the old card's 3 letters (nationality) and 12 digits, or the
 *   2023 card's 18 characters starting with 9, laid out as a resident ID number (birthdate, sex digit
 *   and check character).
 *
 * Birthdate and sex are read from the numbers that carry them; the others need them given.
 */
import type { IdType } from '@contract/person';
import { parseIdNumber, type IdNumberError, type IdNumberInfo } from './idNumber';

export type IdDocumentError =
  | IdNumberError
  | 'passport'
  | 'hkMacauPermit'
  | 'residencePermitLength'
  | 'residencePermitRegion'
  | 'taiwanPermit'
  | 'foreignPermanent'
  | 'permitFormat'
  | 'permitBirthdate'
  | 'permitCheckDigit';

/** Every identity document, in the order forms and lists offer them (a value list for the portal). */
const IN_ORDER: Record<IdType, number> = {
  residentId: 0,
  passport: 1,
  hkMacauPermit: 2,
  residencePermit: 3,
  taiwanPermit: 4,
  foreignPermanent: 5,
};
export const DOCUMENT_TYPES = (Object.keys(IN_ORDER) as IdType[]).sort((a, b) => IN_ORDER[a] - IN_ORDER[b]);

/** Every error, in a stable order (catalogues name one sentence for each). */
export const ID_DOCUMENT_ERRORS = [
  'digits',
  'format',
  'birthdate',
  'checkDigit',
  'passport',
  'hkMacauPermit',
  'residencePermitLength',
  'residencePermitRegion',
  'taiwanPermit',
  'foreignPermanent',
  'permitFormat',
  'permitBirthdate',
  'permitCheckDigit',
] as const satisfies readonly IdDocumentError[];

/** The document's number is fine; `info` is the birthdate and sex it carries (null when it carries none). */
export type IdDocumentResult =
  { ok: true; number: string; info: IdNumberInfo | null } | { ok: false; error: IdDocumentError };

/** Whether a number of this type carries the holder's birthdate and sex (then they need not be asked). */
export function carriesBirthdate(type: IdType, number = ''): boolean {
  if (type === 'residentId' || type === 'residencePermit') return true;
  if (type === 'foreignPermanent') return !/^[A-Z]{3}/i.test(number.trim());
  return false;
}

const RESIDENCE_REGIONS = ['810000', '820000', '830000'];

/**
 * An 18-character number laid out as a resident ID number (birthdate at 7-14, sex digit 17, MOD 11-2
 * check character 18), with errors in the permits' words.
 */
function residentLayout(value: string, today: Date): IdDocumentResult {
  if (!/^\d{17}[\dX]$/.test(value)) return { ok: false, error: 'permitFormat' };
  const parsed = parseIdNumber(value, today);
  if (parsed.ok) return { ok: true, number: value, info: parsed.info };
  return { ok: false, error: parsed.error === 'birthdate' ? 'permitBirthdate' : 'permitCheckDigit' };
}

/** Checks a document's number by its type's rules; `today` bounds the birthdate it carries. */
export function checkIdDocument(type: IdType, raw: string, today: Date = new Date()): IdDocumentResult {
  const value = raw.trim().toUpperCase();
  switch (type) {
    case 'residentId': {
      const parsed = parseIdNumber(value, today);
      return parsed.ok ? { ok: true, number: value, info: parsed.info } : parsed;
    }
    case 'passport':
      return /^(?=.*\d)[A-Z0-9]{5,17}$/.test(value)
        ? { ok: true, number: value, info: null }
        : { ok: false, error: 'passport' };
    case 'hkMacauPermit':
      return /^[HM](\d{8}|\d{10})$/.test(value)
        ? { ok: true, number: value, info: null }
        : { ok: false, error: 'hkMacauPermit' };
    case 'residencePermit':
      if (value.length !== 18) return { ok: false, error: 'residencePermitLength' };
      if (!RESIDENCE_REGIONS.includes(value.slice(0, 6))) return { ok: false, error: 'residencePermitRegion' };
      return residentLayout(value, today);
    case 'taiwanPermit':
      return /^(\d{8}|[A-Z]\d{9})$/.test(value)
        ? { ok: true, number: value, info: null }
        : { ok: false, error: 'taiwanPermit' };
    case 'foreignPermanent':
      if (/^[A-Z]{3}\d{12}$/.test(value)) return { ok: true, number: value, info: null };
      if (value.length === 18 && value.startsWith('9')) return residentLayout(value, today);
      return { ok: false, error: 'foreignPermanent' };
  }
}

/** A birthdate given beside a number that does not carry one: a real day, not in the future, not before 1880. */
export function birthdateProblem(day: string, today: Date = new Date()): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return true;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return (
    date.getUTCFullYear() !== y ||
    date.getUTCMonth() !== mo - 1 ||
    date.getUTCDate() !== d ||
    y < 1880 ||
    date.getTime() > today.getTime()
  );
}
