/** The two languages of the product, and the shape of a catalogue of texts in both (both ends use it). */
export type Locale = 'en-US' | 'zh-CN';
export const LOCALES: readonly Locale[] = ['en-US', 'zh-CN'];
/** Each language's name in itself, as the language switches offer it. */
export const LANGUAGE_NAMES: Record<Locale, string> = { 'en-US': 'English', 'zh-CN': '简体中文' };

export type Catalogue<T extends Record<string, string>> = { 'en-US': T; 'zh-CN': { [K in keyof T]: string } };

/**
 * A catalogue of one area's texts in both languages. English is the reference: the Chinese side
 * must have exactly the same keys (the compiler checks it).
 */
export function defineMessages<T extends Record<string, string>>(catalogue: Catalogue<T>): Catalogue<T> {
  return catalogue;
}

const PLURAL = /\{(\w+),\s*plural,((?:\s*(?:=\d+|zero|one|two|few|many|other)\s*\{[^{}]*\})+)\s*\}/g;
const PLURAL_CASE = /(=\d+|zero|one|two|few|many|other)\s*\{([^{}]*)\}/g;
const ENGLISH_PLURALS = new Intl.PluralRules('en-US');

/**
 * Fills {name} placeholders, and ICU-style plurals: `{count, plural, one {# person} other {# people}}`
 * picks the case of the number (`=0` exact cases first, then English's one/other), `#` being the number.
 */
export function format(template: string, values: Record<string, string | number>): string {
  const counted = template.replace(PLURAL, (whole, key: string, cases: string) => {
    if (!(key in values)) return whole;
    const n = Number(values[key]);
    const choices = new Map([...cases.matchAll(PLURAL_CASE)].map((m) => [m[1], m[2]] as const));
    const chosen = choices.get(`=${n}`) ?? choices.get(ENGLISH_PLURALS.select(n)) ?? choices.get('other') ?? '';
    return chosen.replace(/#/g, String(values[key]));
  });
  return counted.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

/** The product's language for one language tag (zh, zh-CN, zh-Hans-CN... -> zh-CN; en, en-GB... -> en-US), else null. */
function localeOfTag(tag: string): Locale | null {
  const lower = tag.trim().toLowerCase();
  if (lower === 'zh' || lower.startsWith('zh-')) return 'zh-CN';
  if (lower === 'en' || lower.startsWith('en-')) return 'en-US';
  return null;
}

/**
 * The language a browser asks for, from its list of languages in the order of preference
 * (navigator.languages): the first that is Chinese or English, else the fallback (the install's
 * default language, for a browser in neither).
 */
export function pickLocaleOf(tags: readonly string[] | null | undefined, fallback: Locale): Locale {
  for (const tag of tags ?? []) {
    const locale = localeOfTag(tag);
    if (locale) return locale;
  }
  return fallback;
}

/**
 * The language an Accept-Language header asks for: its tags by quality (q=0 excluded), the first
 * Chinese or English one, else the fallback.
 */
export function pickLocale(header: string | null | undefined, fallback: Locale): Locale {
  const tags = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
  return pickLocaleOf(tags, fallback);
}

/** A text with a word in brackets after it, in the language's brackets: 'Name (kind)', '名称（类别）'. */
export const aside = (locale: Locale, main: string, word: string | number): string =>
  locale === 'zh-CN' ? `${main}（${word}）` : `${main} (${word})`;
