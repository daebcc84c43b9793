/**
 * Endpoint helpers that take their request and response types from the call's name in the
 * contract: each call is named once in an area's api.ts, and a wrong field or a wrong response type
 * does not compile.
 *
 *   const api = gatewayApi.enhanceEndpoints({ addTagTypes: ['LegalInfo'] }).injectEndpoints({
 *     endpoints: (build) => {
 *       const call = gatewayEndpoints(build);
 *       return {
 *         getLegalInfo: call.query('blocLegal/account/getLegalInfo', { providesTags: ['LegalInfo'] }),
 *         cancelAccount: call.mutation('blocLegal/account/cancleAccount', { silent: true }),
 *       };
 *     },
 *   });
 */
import type { EndpointBuilder, QueryDefinition, MutationDefinition } from '@reduxjs/toolkit/query/react';
import type { CallName } from '@contract/calls';
import type { Req, Res } from '@contract/io';
import type { gatewayBaseQuery } from './baseQuery';
import { downloadQueryFn } from './download';
import { request, type NoValues, type RequestArgs } from './request';

type BaseQuery = typeof gatewayBaseQuery;

/** What a hook is called with: the request's values, or nothing when the call takes none. */
export type CallArg<N extends CallName> = [keyof Req<N>] extends [never]
  ? NoValues | void
  : Record<never, never> extends Req<N>
    ? Req<N> | void
    : Req<N>;
/** An upload's argument: the call's values and the file (mutations only: a File never enters the cache). */
export type UploadArg<N extends CallName> = Req<N> & { file: Blob | File };

type QueryOptions<N extends CallName, Tag extends string> = Pick<
  QueryDefinition<CallArg<N>, BaseQuery, Tag, Res<N>, 'gateway'>,
  'providesTags' | 'keepUnusedDataFor'
> & { silent?: boolean };
type MutationOptions<N extends CallName, Tag extends string, A = CallArg<N>> = Pick<
  MutationDefinition<A, BaseQuery, Tag, Res<N>, 'gateway'>,
  'invalidatesTags'
> & { silent?: boolean };

const args = <N extends CallName>(call: N, values: unknown, silent?: boolean) =>
  request(call, ...([values ?? undefined, { silent }] as unknown as RequestArgs<N>));

export function gatewayEndpoints<Tag extends string>(build: EndpointBuilder<BaseQuery, Tag, 'gateway'>) {
  return {
    /** A read: cached by its values, refreshed by its tags. */
    query<N extends CallName>(call: N, { silent, ...options }: QueryOptions<N, Tag> = {}) {
      return build.query<Res<N>, CallArg<N>>({ query: (values) => args(call, values, silent), ...options });
    },
    /** A change. */
    mutation<N extends CallName>(call: N, { silent, ...options }: MutationOptions<N, Tag> = {}) {
      return build.mutation<Res<N>, CallArg<N>>({ query: (values) => args(call, values, silent), ...options });
    },
    /** A change that sends a file (multipart). */
    upload<N extends CallName>(call: N, { silent, ...options }: MutationOptions<N, Tag, UploadArg<N>> = {}) {
      return build.mutation<Res<N>, UploadArg<N>>({
        query: ({ file, ...values }) => ({ ...args(call, values, silent), files: { file } }),
        ...options,
      });
    },
    /** A document: saved by the browser; only its file name reaches the store. */
    download<N extends CallName>(call: N) {
      const save = downloadQueryFn(call);
      return build.mutation<{ filename: string }, CallArg<N>>({
        queryFn: (values, api) => save((values ?? undefined) as Record<string, unknown> | undefined, api),
      });
    },
  };
}
