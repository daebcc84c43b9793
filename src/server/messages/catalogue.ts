/**
 * Everything the gateway says to a person, in en-US and zh-CN: refusals (statusText) and the texts
 * it writes into answers and documents. One file per area; keys are namespaced by area
 * ('correction.noSuchPolicy'). English keeps docs/SPEC.md's wording where it gives one.
 */
import { insurerWords } from '@common/insurer';
import { format, type Locale } from '@common/i18n';
import { accountMessages } from './account';
import { auditMessages } from './audit';
import { cashierMessages } from './cashier';
import { certificateMessages } from './certificate';
import { claimMessages } from './claim';
import { commonMessages } from './common';
import { identityMessages } from './identity';
import { correctionMessages } from './correction';
import { groupRenewalMessages } from './groupRenewal';
import { invoiceMessages } from './invoice';
import { opinionMessages } from './opinion';
import { personalMessages } from './personal';
import { policyMessages } from './policy';
import { refundMessages } from './refund';
import { rosterMessages } from './roster';
import { securityMessages } from './security';
import { sessionMessages } from './session';
import { siteMessages } from './site';
import { transferMessages } from './transfer';

const areas = [
  commonMessages,
  sessionMessages,
  accountMessages,
  correctionMessages,
  rosterMessages,
  identityMessages,
  policyMessages,
  groupRenewalMessages,
  claimMessages,
  personalMessages,
  invoiceMessages,
  opinionMessages,
  cashierMessages,
  securityMessages,
  siteMessages,
  transferMessages,
  refundMessages,
  auditMessages,
  certificateMessages,
] as const;

type Merge<T extends readonly { 'en-US': object }[]> = T extends readonly [infer H, ...infer R]
  ? (H extends { 'en-US': infer E } ? E : never) & (R extends readonly { 'en-US': object }[] ? Merge<R> : unknown)
  : unknown;

export type Texts = Merge<typeof areas>;
export type MessageKey = keyof Texts & string;
/** A parameter that is itself a text of the catalogue (a field's label), with what to say when it has none. */
export interface TextRef {
  key: string;
  fallback: string;
}
/** A value given in both languages (a name from a bilingual table: an occupation, a bank). */
export type Bilingual = Record<Locale, string>;
export type MessageParams = Record<string, string | number | TextRef | Bilingual>;

export const catalogue: Record<Locale, Record<string, string>> = {
  'en-US': Object.assign({}, ...areas.map((a) => a['en-US'])),
  'zh-CN': Object.assign({}, ...areas.map((a) => a['zh-CN'])),
};

/** A text in a language, its {placeholders} filled. */
export function translate(locale: Locale, key: MessageKey, params: MessageParams = {}): string {
  const values: Record<string, string | number> = { ...insurerWords(locale) };
  for (const [name, value] of Object.entries(params)) {
    values[name] =
      typeof value !== 'object'
        ? value
        : 'key' in value
          ? (catalogue[locale][value.key] ?? value.fallback)
          : (value[locale] ?? value['en-US']);
  }
  return format(catalogue[locale][key] ?? catalogue['en-US'][key] ?? key, values);
}

/** Texts in the language of one request. */
export type Translate = (key: MessageKey, params?: MessageParams) => string;
export const translator =
  (locale: Locale): Translate =>
  (key, params) =>
    translate(locale, key, params);
