import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { NoncedResponse } from './csp';

const NONCE_MARK = 'nonce-mark';

/** Runs helmet's middleware once against a recording response: the headers it would set, by name. */
function headersOf(options: HelmetOptions): Map<string, string> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
    getHeader(name: string) {
      return headers.get(name.toLowerCase());
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

/**
 * helmet's security headers on every answer, computed once at start instead of on every call: the
 * directives are the same for every request, except the nonce of index.html's inline configuration
 * script, which goes into the Content-Security-Policy of the answers that made one (see csp.ts).
 * Scripts: our own files plus that one inline script; styles allow inline because antd may write
 * <style> elements (a style nonce would disable that).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { hsts: boolean }) {
  const headers = headersOf({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", `'${NONCE_MARK}'`],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: options.hsts,
  });
  const csp = headers.get('content-security-policy') ?? '';
  headers.delete('content-security-policy');
  const [before, after] = csp.split(` '${NONCE_MARK}'`);
  if (after === undefined) throw new Error('The Content-Security-Policy lost its script nonce mark.');
  const plainCsp = before + after;
  const fixed = Object.fromEntries(headers);

  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(fixed);
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    const nonce = (reply.raw as NoncedResponse).mcScriptNonce;
    reply.header('content-security-policy', nonce ? `${before} 'nonce-${nonce}'${after}` : plainCsp);
    done(null, payload);
  });
}
