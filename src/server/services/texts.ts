/**
 * Texts kept in the database in a form every reader gets in their own language:
 *   - a catalogue key with its parameters (`text_key`, `text_params` JSON): what the gateway itself
 *     writes (a claim's progress, a payment's description, a points entry's reason). A parameter may
 *     name a product by its code ({ "product": "GA01" }) or a text of the catalogue by its key
 *     ({ "key": "claim.doc.lossList" }): either is said in the reader's language;
 *   - `bilingual` with the text in both languages ({ "text": { "en-US": ..., "zh-CN": ... } }, and
 *     "title" beside "text" for two-part texts): data that arrived in both languages (seeded);
 *   - nothing: the text as written (a note of the insurer's staff, a customer's own words).
 * Seeded names keep their Chinese in `*_zh` columns beside the English base column (`localName`).
 */
import type { Locale } from '@common/i18n';
import type { MessageKey, MessageParams, Translate } from '../messages/catalogue';

/** The language of a request and its texts: every call handler's context has both. */
export interface Voice {
  locale: Locale;
  t: Translate;
}

/** A voice that can also name products (the policy area's catalogue, services/products.ts). */
export interface ProductVoice extends Voice {
  product(code: string, fallback?: string): string;
}

export const BILINGUAL = 'bilingual';

type Part = 'title' | 'text';
/**
 * A parameter of a stored text: a value, a product by its code, a text of the catalogue by its key
 * (with parameters of its own: { "key": "correction.record.charged", "params": { "amount": "¥1.00" } }),
 * or a name given in both languages ({ "en-US": ..., "zh-CN": ... }).
 */
export type StoredParam =
  | string
  | number
  | { product: string }
  | { key: string; params?: Record<string, StoredParam> }
  | Record<Locale, string>;

function parse(params: string | null): Record<string, unknown> {
  if (!params) return {};
  try {
    const value: unknown = JSON.parse(params);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * A stored text in the reader's language. `part` picks the title or the body of a two-part text
 * ('<key>.title' / '<key>.text'); null for a one-part text (the key itself).
 */
export function storedText(
  voice: Voice & Partial<Pick<ProductVoice, 'product'>>,
  key: string | null,
  params: string | null,
  part: Part | null,
  fallback: string,
): string {
  if (!key) return fallback;
  const values = parse(params);
  if (key === BILINGUAL) {
    const texts = values[part ?? 'text'] as Partial<Record<Locale, string>> | undefined;
    return texts?.[voice.locale] ?? fallback;
  }
  return voice.t((part ? `${key}.${part}` : key) as MessageKey, said(voice, values));
}

function said(voice: Voice & Partial<Pick<ProductVoice, 'product'>>, values: Record<string, unknown>): MessageParams {
  const out: MessageParams = {};
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === 'string' || typeof value === 'number') out[name] = value;
    else if (!value || typeof value !== 'object') continue;
    else if ('product' in value && typeof value.product === 'string')
      out[name] = voice.product ? voice.product(value.product) : value.product;
    else if ('key' in value && typeof value.key === 'string')
      out[name] =
        'params' in value && value.params && typeof value.params === 'object'
          ? voice.t(value.key as MessageKey, said(voice, value.params as Record<string, unknown>))
          : { key: value.key, fallback: value.key };
    else if (typeof (value as Record<string, unknown>)[voice.locale] === 'string')
      out[name] = (value as Record<string, string>)[voice.locale];
  }
  return out;
}

/** The parameters of a key, as stored. */
export const storedParams = (params: Record<string, StoredParam>) => JSON.stringify(params);

/** A text given in both languages (one part), as stored. */
export const bilingualParams = (texts: Record<Locale, string>, part: Part = 'text') =>
  JSON.stringify({ [part]: texts });

/** A seeded name in the reader's language: the `*_zh` column for zh-CN when there is one, else the base. */
export function localName(locale: Locale, base: string, chinese: string | null | undefined): string {
  return locale === 'zh-CN' && chinese ? chinese : base;
}
