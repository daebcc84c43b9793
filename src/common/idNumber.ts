/**
 * Resident ID numbers (GB 11643): 15 or 18 characters, birthdate inside, sex from the 17th digit
 * (15th of the old 15-digit form), and for 18 characters an ISO 7064 MOD 11-2 check character.
 */

type Sex = 'male' | 'female';

export interface IdNumberInfo {
  birthdate: string;
  sex: Sex;
}

export type IdNumberError = 'digits' | 'format' | 'birthdate' | 'checkDigit';

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK = '10X98765432';

export function checkCharacter(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(first17[i]) * WEIGHTS[i];
  return CHECK[sum % 11];
}

function validDate(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export type IdNumberResult = { ok: true; info: IdNumberInfo } | { ok: false; error: IdNumberError };

/** Checks an ID number; `today` bounds the birthdate (nobody is born in the future). */
export function parseIdNumber(raw: string, today: Date = new Date()): IdNumberResult {
  const value = raw.trim().toUpperCase();
  if (value.length !== 15 && value.length !== 18) return { ok: false, error: 'digits' };
  const pattern = value.length === 15 ? /^\d{15}$/ : /^\d{17}[\dX]$/;
  if (!pattern.test(value)) return { ok: false, error: 'format' };
  const year = value.length === 15 ? 1900 + Number(value.slice(6, 8)) : Number(value.slice(6, 10));
  const month = Number(value.length === 15 ? value.slice(8, 10) : value.slice(10, 12));
  const day = Number(value.length === 15 ? value.slice(10, 12) : value.slice(12, 14));
  if (!validDate(year, month, day) || year < 1880 || Date.UTC(year, month - 1, day) > today.getTime()) {
    return { ok: false, error: 'birthdate' };
  }
  if (value.length === 18 && checkCharacter(value.slice(0, 17)) !== value[17]) {
    return { ok: false, error: 'checkDigit' };
  }
  const sexDigit = Number(value.length === 15 ? value[14] : value[16]);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    ok: true,
    info: { birthdate: `${year}-${pad(month)}-${pad(day)}`, sex: sexDigit % 2 === 1 ? 'male' : 'female' },
  };
}

/** Age in whole years on a given day (YYYY-MM-DD strings). */
export function ageOn(birthdate: string, day: string): number {
  const [by, bm, bd] = birthdate.split('-').map(Number);
  const [y, m, d] = day.split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}
