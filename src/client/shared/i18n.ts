import { useSelector } from 'react-redux';
import { aside, type Catalogue, type Locale } from '@common/i18n';

export { defineMessages, format, LANGUAGE_NAMES, LOCALES, type Catalogue, type Locale } from '@common/i18n';

/** The texts of a catalogue in the current language. */
export function useMessages<T extends Record<string, string>>(catalogue: Catalogue<T>): T {
  const locale = useSelector((s: { ui: { locale: Locale } }) => s.ui.locale);
  return catalogue[locale] as T;
}

/** The portal's current language. */
export function useLocale(): Locale {
  return useSelector((s: { ui: { locale: Locale } }) => s.ui.locale);
}

/** A text with a word in brackets after it, in the current language's brackets: 'Name (kind)', '名称（类别）'. */
export function useAside(): (main: string, word: string | number) => string {
  const locale = useLocale();
  return (main, word) => aside(locale, main, word);
}
