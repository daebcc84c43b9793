import type { CallName } from '../../contract/calls';
import type { Req } from '../../contract/io';

/** The argument every gateway endpoint hands the baseQuery: which call, with which values. */
export interface GatewayArgs {
  call: CallName;
  values?: object;
  /** Files of a multipart call, by field name. Kept out of cached args: use it in mutations only. */
  files?: Record<string, Blob | File>;
  /** The page shows this call's errors itself: the central error handler stays quiet. */
  silent?: boolean;
}

export type RequestOptions = Pick<GatewayArgs, 'silent' | 'files'>;

/** A call's values: required when its request has required fields, optional when it has none. */
export type RequestArgs<N extends CallName> =
  Record<never, never> extends Req<N>
    ? [values?: Req<N>, options?: RequestOptions]
    : [values: Req<N>, options?: RequestOptions];

/** Builds the argument of a call from values typed by the call's request schema: a wrong field does not compile. */
export function request<N extends CallName>(call: N, ...[values, options]: RequestArgs<N>): GatewayArgs {
  return { call, values, ...options };
}
