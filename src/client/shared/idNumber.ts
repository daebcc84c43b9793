import { parseIdNumber, type IdNumberError, type IdNumberInfo } from '@common/idNumber';
import { sharedMessages } from './sharedMessages';
import type { Locale } from './i18n';

const TEXT: Record<IdNumberError, keyof (typeof sharedMessages)['en-US']> = {
  digits: 'idDigits',
  format: 'idFormat',
  birthdate: 'idBirthdate',
  checkDigit: 'idCheckDigit',
};

/** The portal's one sentence for each way an ID number can be wrong. */
export function idNumberMessage(error: IdNumberError, locale: Locale = 'en-US'): string {
  return sharedMessages[locale][TEXT[error]];
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
