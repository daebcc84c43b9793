import { useSelector } from 'react-redux';

export type Locale = 'en-US' | 'zh-CN';
export const LOCALES: Locale[] = ['en-US', 'zh-CN'];

export type Catalogue<T extends Record<string, string>> = { 'en-US': T; 'zh-CN': { [K in keyof T]: string } };

/**
 * A catalogue of one area's texts in both languages. English is the reference: the Chinese side
 * must have exactly the same keys (the compiler checks it).
 */
export function defineMessages<T extends Record<string, string>>(catalogue: Catalogue<T>): Catalogue<T> {
  return catalogue;
}

/** The texts of a catalogue in the current language. */
export function useMessages<T extends Record<string, string>>(catalogue: Catalogue<T>): T {
  const locale = useSelector((s: { ui: { locale: Locale } }) => s.ui.locale);
  return catalogue[locale] as T;
}

/** Fills {name} placeholders. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
