import { fetchBaseQuery, type BaseQueryFn, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { callPath, calls, timeoutOf, type CallSpec } from '@contract/calls';
import { isEnvelope, Status } from '@contract/envelope';
import { portalConfig } from '../config';
import { requestFinished, requestStarted } from '../state/ui';
import type { GatewayError } from './errors';
import type { GatewayArgs } from './request';
import { askReauthentication, refusedForReauthentication } from './reauth';
import { uploadFetch } from './uploadProgress';

export interface GatewayMeta {
  call: GatewayArgs['call'];
  silent: boolean;
}

/** A file answered by a download call; only the baseQuery and the download queryFn ever hold it. */
export interface FileAnswer {
  blob: Blob;
  filename: string;
}

const raw = fetchBaseQuery({ baseUrl: '', credentials: 'same-origin' });
/** Uploads report how far their file has gone (uploadProgress.ts). */
const rawUpload = fetchBaseQuery({ baseUrl: '', credentials: 'same-origin', fetchFn: uploadFetch });

function stringify(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function filenameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1] : fallback;
}

function normalise(error: FetchBaseQueryError): GatewayError {
  if (error.status === 'TIMEOUT_ERROR') return { kind: 'timeout' };
  if (error.status === 'FETCH_ERROR') return { kind: 'network' };
  if (error.status === 'PARSING_ERROR')
    return error.originalStatus >= 400 ? { kind: 'http', httpStatus: error.originalStatus } : { kind: 'parse' };
  if (error.status === 'CUSTOM_ERROR') return { kind: 'parse' };
  if (typeof error.status === 'number') return { kind: 'http', httpStatus: error.status };
  return { kind: 'parse' };
}

/**
 * The request policy (docs/SPEC.md §3, §7, §8, §9), in one place: the path, method, encoding and timeout
 * come from the contract; channelType=1 goes into every body and query; the loading overlay counts
 * only calls the contract does not exempt; a non-SUC_0001 envelope is an error; every failure comes
 * back as one GatewayError shape.
 */
const once: BaseQueryFn<GatewayArgs, unknown, GatewayError, object, GatewayMeta> = async (args, api, extra) => {
  const spec: CallSpec = calls[args.call];
  const meta: GatewayMeta = { call: args.call, silent: Boolean(args.silent) };
  const url = callPath(args.call, portalConfig().gatewayPrefix);
  const values: Record<string, string> = {};
  for (const [k, v] of Object.entries(args.values ?? {})) if (v !== undefined) values[k] = stringify(v);
  // channelType=1 on every call, whatever a page passed (docs/SPEC.md §3).
  values.channelType = '1';

  // The gateway answers in the portal's language (its refusals and every text it writes).
  const locale = (api.getState() as { ui?: { locale?: string } }).ui?.locale;
  const language: Record<string, string> = locale ? { 'Accept-Language': locale } : {};
  let fetchArgs: Parameters<typeof raw>[0];
  if (spec.method === 'GET') {
    fetchArgs = { url: `${url}?${new URLSearchParams(values)}`, method: 'GET', headers: language };
  } else if (spec.encoding === 'multipart') {
    const form = new FormData();
    for (const [k, v] of Object.entries(values)) form.append(k, v);
    for (const [k, file] of Object.entries(args.files ?? {})) form.append(k, file, (file as File).name ?? k);
    fetchArgs = { url, method: 'POST', body: form, headers: language };
  } else {
    fetchArgs = {
      url,
      method: 'POST',
      body: new URLSearchParams(values).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8', ...language },
    };
  }
  fetchArgs.timeout = timeoutOf(args.call);
  if (spec.response === 'file' || spec.response === 'image') {
    fetchArgs.responseHandler = async (response: Response) => {
      const type = response.headers.get('Content-Type') ?? '';
      if (type.includes('application/json')) return response.json();
      const blob = await response.blob();
      const answer: FileAnswer = {
        blob,
        filename: filenameOf(response.headers.get('Content-Disposition'), 'document'),
      };
      return answer;
    };
  }

  if (spec.overlay) api.dispatch(requestStarted());
  try {
    const result = await (spec.encoding === 'multipart' ? rawUpload : raw)(fetchArgs, api, extra);
    if (result.error) return { error: normalise(result.error), meta };
    const body = result.data;
    if (isEnvelope(body)) {
      if (body.status !== Status.ok)
        return { error: { kind: 'status', status: body.status, statusText: body.statusText, data: body.data }, meta };
      return { data: body.data, meta };
    }
    if (spec.response === 'file' || spec.response === 'image') return { data: body, meta };
    return { error: { kind: 'parse' }, meta };
  } finally {
    if (spec.overlay) api.dispatch(requestFinished());
  }
};

/**
 * The request policy, and the one second chance: a call the gateway refused until the user proves it
 * is them again (api/reauth.ts) waits for the password dialog and, once the session did, is sent once
 * more; when the user gives up, the refusal is the call's answer.
 */
export const gatewayBaseQuery: BaseQueryFn<GatewayArgs, unknown, GatewayError, object, GatewayMeta> = async (
  args,
  api,
  extra,
) => {
  const first = await once(args, api, extra);
  if (!refusedForReauthentication(args.call, first.error) || !(await askReauthentication())) return first;
  return once(args, api, extra);
};
