/**
 * An upload that reports its progress (fetch cannot): the request policy of the baseQuery — the
 * contract's path, channelType=1, the portal's language, the call's timeout, the envelope read as
 * success or a GatewayError — over XMLHttpRequest. For antd Upload's customRequest; the page shows
 * the errors itself.
 */
import { callPath, timeoutOf, type CallName } from '../../contract/calls';
import { isEnvelope, Status } from '../../contract/envelope';
import type { Req, Res } from '../../contract/io';
import { portalConfig } from '../config';
import type { GatewayError } from './errors';

export interface UploadProgress<T> {
  done: Promise<T>;
  abort(): void;
}

export function uploadWithProgress<N extends CallName>(
  call: N,
  values: Req<N>,
  file: Blob,
  options: { locale: string; onProgress(percent: number): void; fileName?: string },
): UploadProgress<Res<N>> {
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
