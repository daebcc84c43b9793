import Fastify, { type FastifyInstance } from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import type { NoncedResponse } from './csp';

const NONCE_MARK = 'nonce-mark';

/** Headers Fastify writes on any answer itself: not helmet's. */
const FASTIFY_OWN = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * The headers @fastify/helmet gives an answer, found at start by sending one request through the
 * plugin on a Fastify of its own. Registered on the gateway itself, the plugin builds helmet's
 * middleware again for every request (a sixth of what a login-info answer costs); its headers are
 * the same for every request, so they are found once and set as they are.
 */
async function helmetHeaders(options: Parameters<typeof fastifyHelmet>[1]): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(fastifyHelmet, options);
  probe.get('/', async () => '');
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  return Object.fromEntries(
    Object.entries(res.headers)
      .filter(([name]) => !FASTIFY_OWN.has(name))
      .map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)]),
  );
}

/**
 * helmet's security headers on every answer, through @fastify/helmet: the directives are the same
 * for every request, except the nonce of index.html's inline configuration script, which goes into
 * the Content-Security-Policy of the answers that made one (see csp.ts). Scripts: our own files plus
 * that one inline script; styles allow inline because antd may write <style> elements (a style nonce
 * would disable that). No Cross-Origin-Embedder-Policy; Strict-Transport-Security behind HTTPS only.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: { hsts: boolean }) {
  const headers = await helmetHeaders({
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
  const { 'content-security-policy': csp = '', ...fixed } = headers;
  const [before, after] = csp.split(` '${NONCE_MARK}'`);
  if (after === undefined) throw new Error('The Content-Security-Policy lost its script nonce mark.');
  const plainCsp = before + after;

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
