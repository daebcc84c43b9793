import { callPath, type CallName } from '@contract/calls';
import type { Req } from '@contract/io';

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

/** The values of a call that takes none: nothing, or an object without fields. */
export type NoValues = Record<string, never>;

/**
 * A call's values: required when its request has required fields, optional when it has none, and
 * nothing but an empty object for a call without fields.
 */
export type RequestArgs<N extends CallName> = [keyof Req<N>] extends [never]
  ? [values?: NoValues, options?: RequestOptions]
  : Record<never, never> extends Req<N>
    ? [values?: Req<N>, options?: RequestOptions]
    : [values: Req<N>, options?: RequestOptions];

/** Builds the argument of a call from values typed by the call's request schema: a wrong field does not compile. */
export function request<N extends CallName>(call: N, ...[values, options]: RequestArgs<N>): GatewayArgs {
  return { call, values, ...options };
}

/**
 * The address of a GET call with its values, for what the browser loads itself (a picture's src, a
 * file to open): the same path, channelType and values the baseQuery would send.
 */
export function callUrl<N extends CallName>(call: N, values: Req<N>, gatewayPrefix: string): string {
  const query = new URLSearchParams({ channelType: '1' });
  for (const [k, v] of Object.entries(values as Record<string, unknown>))
    if (v !== undefined && v !== null) query.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  return `${callPath(call, gatewayPrefix)}?${query}`;
}
