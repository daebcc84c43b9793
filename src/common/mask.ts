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

/**
 * A person's name as a public page may show it: 王小明 -> 王*明, 李四 -> 李*, Wang Xiaoming -> W*** X*******
 * (a Latin name keeps each word's first letter).
 */
export function maskName(value: string): string {
  const name = value.trim();
  if (/^[\p{Script=Latin}\s.'-]+$/u.test(name))
    return name
      .split(/\s+/)
      .map((w) => w.slice(0, 1) + '*'.repeat(Math.max(w.length - 1, 1)))
      .join(' ');
  const chars = [...name];
  if (chars.length <= 1) return '*';
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}
