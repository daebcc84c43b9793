import { Status } from '../../contract/envelope';
import type { Locale } from '../../common/i18n';
import { translate, type MessageKey, type MessageParams } from '../messages/catalogue';

/**
 * A refusal the user should read, thrown by services (which know nothing of HTTP): a key of the
 * gateway's message catalogue with its parameters, so that http/ answers it as the envelope in the
 * language of the request (HTTP 200). Error.message is the English text, for logs.
 */
export class DomainError extends Error {
  constructor(
    readonly status: string,
    readonly key: MessageKey | null,
    readonly params: MessageParams = {},
    readonly data: unknown = null,
    /** A text not (yet) in the catalogue, said as it is in every language. */
    readonly fixedText: string | null = null,
  ) {
    super(fixedText ?? translate('en-US', key as MessageKey, params));
  }

  /** The sentence in a language. */
  text(locale: Locale): string {
    return this.fixedText ?? translate(locale, this.key as MessageKey, this.params);
  }
}

/** A business refusal (ERR_0003): a sentence the user reads as it is. */
export const refuse = (key: MessageKey, params: MessageParams = {}, data: unknown = null) =>
  new DomainError(Status.business, key, params, data);
/**
 * A business refusal whose sentence is not in the catalogue yet: English in every language. Being
 * replaced by `refuse(key)` area by area; new code uses `refuse`.
 */
export const refuseText = (text: string, data: unknown = null) =>
  new DomainError(Status.business, null, {}, data, text);
/** Not logged in (ERR_1004). */
export const notLoggedIn = () => new DomainError(Status.notLoggedIn, 'common.notLoggedIn');
/** Not allowed for this user (ERR_0007). */
export const forbidden = (key: MessageKey, params: MessageParams = {}) => new DomainError(Status.refused, key, params);
/** Not allowed for this user (ERR_0007), with a sentence not in the catalogue yet. */
export const forbiddenText = (text: string) => new DomainError(Status.refused, null, {}, null, text);
