import type { BaseQueryApi } from '@reduxjs/toolkit/query/react';
import type { CallName } from '@contract/calls';
import { gatewayBaseQuery, type FileAnswer, type GatewayMeta } from './baseQuery';
import type { GatewayError } from './errors';
import type { GatewayArgs } from './request';

/** Saves a file the way a browser download does. */
function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * A queryFn for a download call: fetches the file, saves it and answers only its name, so a Blob
 * never reaches the store. An envelope answered instead of a file is an error like any other.
 */
export function downloadQueryFn(call: CallName) {
  return async (
    values: Record<string, unknown> | void,
    api: BaseQueryApi,
  ): Promise<{ data: { filename: string }; meta?: GatewayMeta } | { error: GatewayError; meta?: GatewayMeta }> => {
    const args: GatewayArgs = { call, values: values ?? undefined };
    const result = await gatewayBaseQuery(args, api, {});
    // meta goes along so that the central error handler shows a failed download like any call.
    if (result.error) return { error: result.error, meta: result.meta };
    const file = result.data as FileAnswer;
    if (!file || typeof file !== 'object' || !(file.blob instanceof Blob))
      return { error: { kind: 'parse' }, meta: result.meta };
    saveFile(file.blob, file.filename);
    return { data: { filename: file.filename }, meta: result.meta };
  };
}
