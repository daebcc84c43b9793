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

/** Fills {name} placeholders. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

/**
 * The language a request asks for: 'zh-CN' for any Chinese tag first in the list (zh, zh-CN,
 * zh-Hans...), 'en-US' for any English one, otherwise the fallback.
 */
export function pickLocale(tag: string | null | undefined, fallback: Locale): Locale {
  const first = (tag ?? '').split(',')[0].trim().toLowerCase();
  if (first.startsWith('zh')) return 'zh-CN';
  if (first.startsWith('en')) return 'en-US';
  return fallback;
}
