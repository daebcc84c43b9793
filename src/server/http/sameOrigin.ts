/**
 * Requests that change something must come from the member center's own pages. SameSite=Lax cookies
 * alone do not ensure it: a page on another port of the same host is "same site" and gets them, and
 * a form posted from anywhere logs its sender in. Browsers say where a request comes from:
 * Sec-Fetch-Site (every current browser) and Origin (every POST); either must name this origin. A
 * request with neither comes from no browser (a payment provider's notification, a script), which
 * holds no member's cookies, and passes.
 */
import type { FastifyRequest } from 'fastify';

export function fromOwnPages(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== '') return site === 'same-origin' || site === 'none';
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== '') {
    if (origin === 'null') return false;
    try {
      // request.host follows X-Forwarded-Host only when TRUST_PROXY trusts the proxy that sent it.
      return new URL(origin).host === request.host;
    } catch {
      return false;
    }
  }
  return true;
}

/** Methods that may change something. */
export const changes = (method: string) => method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
