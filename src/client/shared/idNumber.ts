import { parseIdNumber, type IdNumberInfo } from '@common/idNumber';
import type { IdDocumentError } from '@common/idDocument';
import type { IdType } from '@contract/person';
import { sharedMessages } from './sharedMessages';
import type { Locale } from './i18n';

/** The portal's one sentence for each way an identity document's number can be wrong. */
export function idNumberMessage(error: IdDocumentError, locale: Locale = 'en-US'): string {
  return sharedMessages[locale][`id${error[0].toUpperCase()}${error.slice(1)}` as `id${Capitalize<IdDocumentError>}`];
}

/** An identity document's name in the reader's language. */
export function idTypeName(type: IdType, locale: Locale = 'en-US'): string {
  return sharedMessages[locale][`idType_${type}`];
}

/**
 * Checks an ID number for a form (docs/SPEC.md §5, docs/DESIGN.md): the message to show, or the birthdate
 * and sex read from it. 15 or 18 characters, else 'wrong number of digits in the ID number'.
 */
export function checkIdNumber(
  value: string,
  locale: Locale = 'en-US',
  today?: Date,
): { ok: true; info: IdNumberInfo } | { ok: false; message: string } {
  const result = parseIdNumber(value, today);
  if (result.ok) return result;
  return { ok: false, message: idNumberMessage(result.error, locale) };
}
