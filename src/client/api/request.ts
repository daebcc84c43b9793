import type { CallName } from '../../contract/calls';
import type { Req } from '../../contract/io';

/** The argument every gateway endpoint hands the baseQuery: which call, with which values. */
export interface GatewayArgs {
  call: CallName;
  values?: Record<string, unknown>;
  /** Files of a multipart call, by field name. Kept out of cached args: use it in mutations only. */
  files?: Record<string, Blob | File>;
  /** The page shows this call's errors itself: the central error handler stays quiet. */
  silent?: boolean;
  /** Called by the baseQuery when the answer is a file: used by downloads. */
  file?: boolean;
}

/** Builds the argument of a call from its typed values. */
export function request<N extends CallName>(
  call: N,
  values?: Req<N> | Record<string, unknown>,
  options: Pick<GatewayArgs, 'silent' | 'files'> = {},
): GatewayArgs {
  return { call, values: values as Record<string, unknown> | undefined, ...options };
}
