/**
 * Masks of personal numbers, one of each for both ends: whatever lists or documents show an ID
 * number, a phone or a bank account, they show it the same way.
 */

/** 310104196001010026 -> 310***********0026 (the first three and the last four characters). */
export function maskIdNumber(value: string): string {
  return value.length <= 7
    ? '*'.repeat(value.length)
    : `${value.slice(0, 3)}${'*'.repeat(value.length - 7)}${value.slice(-4)}`;
}

/** 13901728856 -> 139****8856 */
export function maskPhone(value: string): string {
  return value.length < 7
    ? '*'.repeat(value.length)
    : `${value.slice(0, 3)}${'*'.repeat(value.length - 7)}${value.slice(-4)}`;
}

/** 6222021234567890 -> **** **** 7890 */
export function maskAccount(value: string): string {
  return `**** **** ${value.slice(-4)}`;
}
