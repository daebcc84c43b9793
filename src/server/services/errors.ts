import { Status } from '@contract/envelope';
import type { Locale } from '@common/i18n';
import { translate, type MessageKey, type MessageParams } from '../messages/catalogue';

/**
 * A refusal the user should read, thrown by services (which know nothing of HTTP): a key of the
 * gateway's message catalogue with its parameters, so that http/ answers it as the envelope in the
 * language of the request (HTTP 200). Error.message is the English text, for logs.
 */
export class DomainError extends Error {
  constructor(
    readonly status: string,
    readonly key: MessageKey,
    readonly params: MessageParams = {},
    readonly data: unknown = null,
  ) {
    super(translate('en-US', key, params));
  }

  /** The sentence in a language. */
  text(locale: Locale): string {
    return translate(locale, this.key, this.params);
  }
}

/** A business refusal (ERR_0003): a sentence the user reads as it is. */
export const refuse = (key: MessageKey, params: MessageParams = {}, data: unknown = null) =>
  new DomainError(Status.business, key, params, data);
/** Not logged in (ERR_1004). */
export const notLoggedIn = () => new DomainError(Status.notLoggedIn, 'common.notLoggedIn');
/** Not allowed for this user (ERR_0007). */
export const forbidden = (key: MessageKey, params: MessageParams = {}) => new DomainError(Status.refused, key, params);

/** Whether a database error is a unique index refusing a second row (PostgreSQL or SQLite). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    /UNIQUE constraint failed/.test(e?.message ?? '')
  );
}
