/**
 * Requests that change something must come from the member center's own pages. SameSite=Lax cookies
 * alone do not ensure it: a page on another port of the same host is "same site" and gets them, and
 * a form posted from anywhere logs its sender in. Browsers say where a request comes from:
 * Sec-Fetch-Site (every current browser) and Origin (every POST); either must name this origin. An
 * older browser (or a privacy setting) may send neither but a Referer: another site's is refused. A
 * request that states nothing comes from no browser (a payment provider's notification, a script),
 * which holds no member's cookies, and passes; the identity pages' forms, which need no cookie to
 * change whose session a browser holds, also ask such a request for their own form token
 * (http/formToken.ts).
 */
import type { FastifyRequest } from 'fastify';

/** Where a request says it comes from: this origin, another one, or it does not say. */
export type RequestSource = 'own' | 'foreign' | 'unstated';

const sameHost = (url: string, request: FastifyRequest): boolean => {
  try {
    // request.host follows X-Forwarded-Host only when TRUST_PROXY trusts the proxy that sent it.
    return new URL(url).host === request.host;
  } catch {
    return false;
  }
};

export function requestSource(request: FastifyRequest): RequestSource {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== '') return site === 'same-origin' || site === 'none' ? 'own' : 'foreign';
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== '') {
    if (origin === 'null') return 'foreign';
    return sameHost(origin, request) ? 'own' : 'foreign';
  }
  const referer = request.headers.referer;
  if (typeof referer === 'string' && referer !== '') return sameHost(referer, request) ? 'own' : 'foreign';
  return 'unstated';
}

/** Whether a request may change something: it does not come from another origin. */
export const fromOwnPages = (request: FastifyRequest): boolean => requestSource(request) !== 'foreign';

/** Whether a request says, through a browser's own headers, that it comes from this origin. */
export const statedOwn = (request: FastifyRequest): boolean => {
  const site = request.headers['sec-fetch-site'];
  const origin = request.headers.origin;
  return (
    ((typeof site === 'string' && site !== '') || (typeof origin === 'string' && origin !== '')) &&
    requestSource(request) === 'own'
  );
};

/** Methods that may change something. */
export const changes = (method: string) => method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
