import { Status } from '../../contract/envelope';

/**
 * A refusal the user should read, thrown by services (which know nothing of HTTP); http/ answers it
 * as an envelope with its status and text, HTTP 200.
 */
export class DomainError extends Error {
  constructor(
    readonly status: string,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

/** A business refusal (ERR_0003): the text is shown to the user as it is, so write a clear sentence. */
export const refuse = (text: string, data: unknown = null) => new DomainError(Status.business, text, data);
/** Not logged in (ERR_1004). */
export const notLoggedIn = () => new DomainError(Status.notLoggedIn, 'Please log in first.');
/** Not allowed for this user (ERR_0007). */
export const forbidden = (text: string) => new DomainError(Status.refused, text);
