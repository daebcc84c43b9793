import type { Locale } from '@common/i18n';
import { translator, type MessageKey, type MessageParams, type Translate } from '@server/messages/catalogue';

/**
 * Sentences a correction keeps (the reasons of a decision, the findings of a line's check) are
 * stored as catalogue keys with their parameters and said in the language of whoever reads them.
 */
export interface Said {
  key: MessageKey;
  params?: MessageParams;
}

/** A kept list of sentences (JSON): keyed ones, or the plain text of rows written before keys were kept. */
export function readSaid(json: string | null): Array<Said | string> {
  if (!json) return [];
  try {
    const value = JSON.parse(json) as unknown;
    if (!Array.isArray(value)) return [];
    return value.filter(
      (v): v is Said | string => typeof v === 'string' || (typeof v === 'object' && v !== null && 'key' in v),
    );
  } catch {
    return [];
  }
}

export const sayOne = (t: Translate, s: Said | string) => (typeof s === 'string' ? s : t(s.key, s.params));
export const sayAll = (t: Translate, list: Array<Said | string>) => list.map((s) => sayOne(t, s));

/** Several short texts as one, the way each language lists them. */
export const listed = (locale: Locale, parts: string[]) => parts.join(locale === 'zh-CN' ? '、' : ', ');
/** Sentences one after another. */
export const sentences = (locale: Locale, parts: string[]) => parts.join(locale === 'zh-CN' ? '' : ' ');

/** The language of a request, with its texts. */
export interface Voice {
  locale: Locale;
  t: Translate;
}
export const voiceOf = (locale: Locale): Voice => ({ locale, t: translator(locale) });
