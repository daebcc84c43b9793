/** Unified social credit codes of organisations (GB 32100-2015): 18 characters, last one a check. */

const ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

export function creditCodeCheck(first17: string): string | null {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) {
    const v = ALPHABET.indexOf(first17[i]);
    if (v < 0) return null;
    sum += v * WEIGHTS[i];
  }
  return ALPHABET[(31 - (sum % 31)) % 31];
}

export function isValidCreditCode(raw: string): boolean {
  const value = raw.trim().toUpperCase();
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(value)) return false;
  return creditCodeCheck(value.slice(0, 17)) === value[17];
}
