import type { Kysely } from 'kysely';
import type { Locale } from '@common/i18n';
import type { DB } from '../db/schema';

/**
 * An occupation as a person reads it: the catalogue's name for its code in the reader's language
 * (the roster keeps the code; the name beside it is the catalogue's English as it was written), else
 * the name as stored (an occupation no longer in the catalogue).
 */
export type OccupationNames = (code: string | null, stored: string | null) => string | null;

/** Names the occupations of these codes in a language: one read of the catalogue's rows for them. */
export async function occupationNames(
  db: Kysely<DB>,
  locale: Locale,
  codes: Iterable<string | null>,
): Promise<OccupationNames> {
  const wanted = [...new Set([...codes].filter((c): c is string => !!c))];
  const byCode = new Map<string, string>();
  for (let i = 0; i < wanted.length; i += 500) {
    const rows = await db
      .selectFrom('occupation')
      .select(['code', 'name', 'name_zh'])
      .where('code', 'in', wanted.slice(i, i + 500))
      .execute();
    for (const r of rows) byCode.set(r.code, locale === 'zh-CN' ? r.name_zh : r.name);
  }
  return (code, stored) => (code ? byCode.get(code) : undefined) ?? stored;
}
