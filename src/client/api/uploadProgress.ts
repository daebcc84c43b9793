import { callPath, timeoutOf, type CallName } from '@contract/calls';
import { isEnvelope, Status } from '@contract/envelope';
import type { Req, Res } from '@contract/io';
import { portalConfig } from '../config';
import type { GatewayError } from './errors';

/**
 * How far the file of a multipart call has gone (bytes sent of the total), for a progress bar.
 * `fetch` cannot tell, so uploads go through XMLHttpRequest (`uploadFetch`, the baseQuery's fetch
 * for multipart calls); the page listens with `onUploadProgress` while its upload runs.
 */
export interface UploadProgress {
  loaded: number;
  total: number;
}
type Listener = (progress: UploadProgress) => void;

const listeners = new Set<Listener>();

export function onUploadProgress(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function headersOf(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}

/** `fetch` through XMLHttpRequest: the same request and answer, with the upload's progress reported. */
export async function xhrFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  const body = request.method === 'GET' ? null : await request.blob();
  return new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, request.url);
    xhr.withCredentials = request.credentials === 'include';
    xhr.responseType = 'blob';
    request.headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) for (const l of listeners) l({ loaded: e.loaded, total: e.total });
    };
    const aborted = () => reject(new DOMException('The upload was aborted.', 'AbortError'));
    if (request.signal.aborted) return aborted();
    request.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.onabort = aborted;
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.onload = () =>
      resolve(
        new Response(xhr.status === 204 ? null : (xhr.response as Blob), {
          status: xhr.status,
          statusText: xhr.statusText,
          headers: headersOf(xhr.getAllResponseHeaders()),
        }),
      );
    xhr.send(body);
  });
}

let transport: typeof fetch = xhrFetch;

/** The fetch of multipart calls (XMLHttpRequest with progress unless a host registers another). */
export const uploadFetch: typeof fetch = (input, init) => transport(input, init);

/** Replaces how uploads are sent (a host without XMLHttpRequest cookies, such as jsdom's, passes fetch). */
export function registerUploadFetch(fn: typeof fetch) {
  transport = fn;
}

/** One upload of `uploadWithProgress`: its answer, and a way to stop it. */
export interface UploadTask<T> {
  done: Promise<T>;
  abort(): void;
}

/**
 * One upload that reports its own progress (several files at once each have theirs): the request
 * policy of the baseQuery — the contract's path, channelType=1, the portal's language, the call's
 * timeout, the envelope read as success or a GatewayError — over XMLHttpRequest. For antd Upload's
 * customRequest; the page shows the errors itself.
 */
export function uploadWithProgress<N extends CallName>(
  call: N,
  values: Req<N>,
  file: Blob,
  options: { locale: string; onProgress(percent: number): void; fileName?: string },
): UploadTask<Res<N>> {
  const xhr = new XMLHttpRequest();
  const done = new Promise<Res<N>>((resolve, reject) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(values as Record<string, unknown>))
      if (v !== undefined && v !== null) form.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
    form.append('channelType', '1');
    form.append('file', file, options.fileName ?? (file as File).name ?? 'file');
    xhr.open('POST', callPath(call, portalConfig().gatewayPrefix));
    xhr.timeout = timeoutOf(call);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept-Language', options.locale);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) options.onProgress(Math.round((e.loaded / e.total) * 100));
    };
    const fail = (error: GatewayError) => reject(error);
    xhr.onerror = () => fail({ kind: 'network' });
    xhr.ontimeout = () => fail({ kind: 'timeout' });
    xhr.onabort = () => fail({ kind: 'network' });
    xhr.onload = () => {
      if (xhr.status >= 400) return fail({ kind: 'http', httpStatus: xhr.status });
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        return fail({ kind: 'parse' });
      }
      if (!isEnvelope(body)) return fail({ kind: 'parse' });
      if (body.status !== Status.ok)
        return fail({ kind: 'status', status: body.status, statusText: body.statusText, data: body.data });
      resolve(body.data as Res<N>);
    };
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}
