import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { audienceOf, calls, callPath, type CallName, type CallSpec } from '@contract/calls';
import { Status, type Envelope } from '@contract/envelope';
import type { TObject } from '@sinclair/typebox';
import type { Req, Res } from '@contract/io';
import { requestSchemas } from '@contract/requests';
import { decoderFor } from './decode';
import type { SessionUser } from '../services/identity';
import { contentDisposition, FileAnswer } from './answers';
import type { CallContext, Services, UploadedFile } from './context';
import { forbidden, notLoggedIn, refuse } from '../services/errors';
import { translator } from '../messages/catalogue';
import { requestLocale } from './locale';
import { SESSION_COOKIE } from '@contract/cookies';

type Answer<N extends CallName> = Res<N> | FileAnswer;
type Handler<N extends CallName, U> = (ctx: CallContext<U, N>) => Promise<Answer<N>> | Answer<N>;

function envelope<T>(data: T, statusText = 'success'): Envelope<T> {
  return { status: Status.ok, statusText, data };
}

function flatten(source: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!source || typeof source !== 'object') return out;
  for (const [key, raw] of Object.entries(source as Record<string, unknown>)) {
    const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
    if (value === undefined || value === null) continue;
    if (typeof value === 'object' && 'type' in (value as object)) {
      const part = value as { type: string; value?: unknown };
      if (part.type === 'field') out[key] = String(part.value ?? '');
      continue;
    }
    out[key] = typeof value === 'string' ? value : String(value);
  }
  return out;
}

const decoders = new Map<CallName, (source: unknown) => unknown>();

/**
 * The decoder of a call's request schema (compiled once): for the routes that are not envelope calls
 * (the captcha picture, the identity provider's forms), which decode their values the same way.
 */
export function decodeValues<N extends CallName>(name: N, source: unknown): Req<N> {
  let decode = decoders.get(name);
  if (!decode) {
    decode = decoderFor(requestSchemas[name] as TObject);
    decoders.set(name, decode);
  }
  return decode(source) as Req<N>;
}

async function uploadedFiles(body: unknown): Promise<UploadedFile[]> {
  const files: UploadedFile[] = [];
  if (!body || typeof body !== 'object') return files;
  for (const [field, raw] of Object.entries(body as Record<string, unknown>)) {
    for (const part of Array.isArray(raw) ? raw : [raw]) {
      if (part && typeof part === 'object' && (part as { type?: string }).type === 'file') {
        const file = part as { filename: string; mimetype: string; toBuffer: () => Promise<Buffer> };
        files.push({ field, filename: file.filename, mimetype: file.mimetype, data: await file.toBuffer() });
      }
    }
  }
  return files;
}

/**
 * The envelopes of answers frozen all the way down (a service's long-lived copy, such as the menu of
 * an audience): they cannot change, so each is serialized once.
 */
const serialized = new WeakMap<object, string>();

async function respond(reply: FastifyReply, answer: unknown) {
  if (answer !== null && typeof answer === 'object' && Object.isFrozen(answer)) {
    let body = serialized.get(answer);
    if (body === undefined) {
      body = JSON.stringify(envelope(answer));
      serialized.set(answer, body);
    }
    return reply.type('application/json; charset=utf-8').send(body);
  }
  if (answer instanceof FileAnswer) {
    reply
      .header('Content-Type', answer.contentType)
      .header('Content-Disposition', contentDisposition(answer.filename, answer.inline))
      .header('Cache-Control', 'private, no-store');
    return reply.send(answer.body);
  }
  return reply.send(envelope(answer ?? null));
}

/**
 * Registers one call of the contract: its method and path come from src/contract, the channelType
 * rule and the session check are enforced here, and the handler's answer becomes the envelope.
 */
/** Limits of one route: requests per source and time window, and the largest body it reads. */
export interface RouteLimits {
  rateLimit?: { max: number; timeWindow: string };
  bodyLimit?: number;
}

function register<N extends CallName, U>(
  app: FastifyInstance,
  services: Services,
  name: N,
  anonymous: boolean,
  handler: Handler<N, U>,
  limits: RouteLimits = {},
) {
  const spec: CallSpec = calls[name];
  if (spec.base !== 'gateway') throw new Error(`${name} is not a gateway call`);
  const audience = audienceOf(name);
  app.route({
    method: spec.method,
    url: callPath(name, services.config.portal.gatewayPrefix),
    ...(limits.bodyLimit ? { bodyLimit: limits.bodyLimit } : {}),
    ...(limits.rateLimit ? { config: { rateLimit: limits.rateLimit } } : {}),
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const source = spec.method === 'GET' ? request.query : request.body;
      if (flatten(source).channelType !== '1') {
        throw refuse('common.noChannel');
      }
      const user = await services.identity.resolve(request.cookies[SESSION_COOKIE]);
      if (!user && !anonymous) throw notLoggedIn();
      // Corporate sessions stay out of the personal centre and members out of the corporate centre.
      if (user && !anonymous) {
        if (audience === 'personal' && user.legal_flag === 1) throw forbidden('security.personalOnly');
        if (audience === 'corporate' && user.legal_flag !== 1) throw forbidden('security.corporateOnly');
      }
      // Checked by the call's request schema before the handler runs; the handler gets typed values.
      const values = decodeValues(name, source);
      const files = spec.encoding === 'multipart' ? await uploadedFiles(request.body) : [];
      const locale = requestLocale(request, services.config.portal.defaultLocale);
      const answer = await handler({
        values,
        files,
        user: user as U,
        services,
        request,
        reply,
        locale,
        t: translator(locale),
      });
      return respond(reply, answer);
    },
  });
}

export function defineCall<N extends CallName>(
  app: FastifyInstance,
  services: Services,
  name: N,
  handler: Handler<N, SessionUser>,
) {
  if (calls[name].anonymous) throw new Error(`${name} is anonymous: use defineAnonymousCall`);
  register(app, services, name, false, handler);
}

export function defineAnonymousCall<N extends CallName>(
  app: FastifyInstance,
  services: Services,
  name: N,
  handler: Handler<N, SessionUser | null>,
  limits?: RouteLimits,
) {
  register(app, services, name, true, handler, limits);
}
