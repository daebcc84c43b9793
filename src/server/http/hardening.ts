/**
 * The gateway's answers to a hostile client, before any route runs: requests that change something
 * come from the member center's own pages (sameOrigin.ts), API answers are never cached, browsers are
 * told which features the pages never use, and a request whose address overflows the HTTP parser is
 * still answered with the envelope.
 */
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pickLocale, type Locale } from '@common/i18n';
import { Status } from '@contract/envelope';
import { LOCALE_COOKIE } from '@contract/locale';
import type { GatewayConfig } from '../config';
import { translate } from '../messages/catalogue';
import { requestLocale } from './locale';
import { changes, fromOwnPages } from './sameOrigin';

/** Browser features the member center never uses, switched off for its pages and anything they embed. */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
  'interest-cohort=()',
].join(', ');

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** The refusal of a request from another site: the envelope for a call, a short page otherwise (403). */
export function crossSiteRefusal(config: GatewayConfig) {
  const prefix = `${config.portal.gatewayPrefix}/`;
  const isApi = (request: FastifyRequest) => request.url.startsWith(prefix);
  return (request: FastifyRequest, reply: FastifyReply) => {
    const locale = requestLocale(request, config.portal.defaultLocale);
    const text = translate(locale, 'security.crossSite');
    const portalName = config.portal.portalName[locale];
    request.log.warn({ origin: request.headers.origin, site: request.headers['sec-fetch-site'] }, 'cross-site request');
    reply.code(403).header('Cache-Control', 'no-store');
    if (isApi(request)) return reply.send({ status: Status.business, statusText: text, data: null });
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="${locale}"><meta charset="utf-8"><title>${escapeHtml(portalName)}</title>` +
          `<p role="alert">${escapeHtml(text)}</p><p><a href="${escapeHtml(config.portal.routerBase)}">${escapeHtml(portalName)}</a></p></html>`,
      );
  };
}

export function registerHardening(app: FastifyInstance, config: GatewayConfig) {
  const prefix = `${config.portal.gatewayPrefix}/`;
  const isApi = (request: FastifyRequest) => request.url.startsWith(prefix);
  /** The identity provider's logout is a GET that changes something: a page elsewhere must not end a session. */
  const isLogout = (request: FastifyRequest) => request.url.split('?')[0] === '/idprovider/logout';
  const refuse = crossSiteRefusal(config);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    if (isApi(request)) reply.header('Cache-Control', 'no-store');
    if ((changes(request.method) || isLogout(request)) && !fromOwnPages(request)) return refuse(request, reply);
  });
}

/** The language of a request that could not be parsed: its locale cookie or Accept-Language, read from the raw bytes. */
function rawLocale(raw: unknown, fallback: Locale): Locale {
  // Node hands the bytes it read as a Buffer (Fastify's typings describe their JSON form).
  const head = Buffer.isBuffer(raw) ? raw.toString('latin1', 0, Math.min(raw.length, 64 * 1024)) : '';
  const chosen = new RegExp(`${LOCALE_COOKIE}=(en-US|zh-CN)`).exec(head);
  if (chosen) return chosen[1] as Locale;
  const accept = /\r\naccept-language:\s*([^\r\n]*)/i.exec(head);
  return pickLocale(accept?.[1], fallback);
}

/**
 * Node's HTTP parser refuses a request whose address or headers exceed its limit before Fastify sees
 * it (Fastify would answer its own 431): this answers the envelope instead, with HTTP 200 like every
 * refusal the portal shows (http/ answers the other unreadable requests the same way).
 */
export function clientErrorHandler(defaultLocale: Locale) {
  return (error: ConnectionError, socket: Socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const overflow = error.code === 'HPE_HEADER_OVERFLOW' || error.code === 'HPE_URI_TOO_LONG';
    const key = overflow ? 'security.addressTooLong' : 'common.unreadable';
    const body = JSON.stringify({
      status: Status.business,
      statusText: translate(rawLocale(error.rawPacket, defaultLocale), key),
      data: null,
    });
    if (socket.writable) {
      socket.write(
        'HTTP/1.1 200 OK\r\n' +
          `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
          `Cache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
}
