import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { TObject } from 'typebox';
import { audienceOf, calls, callPath, type CallName, type CallSpec } from '@contract/calls';
import { Status, type Envelope } from '@contract/envelope';
import type { Req, Res } from '@contract/io';
import { requestSchemas } from '@contract/requests';
import { SESSION_COOKIE } from '@contract/cookies';
import { decoderOf } from './decode';
import type { SessionUser } from '../services/identity';
import { contentDisposition, FileAnswer } from './answers';
import type { CallContext, Services, UploadedFile } from './context';
import { forbidden, notLoggedIn, refuse } from '../services/errors';
import { translator } from '../messages/catalogue';
import { requestLocale } from './locale';
import { responseSchemas } from './responses';
import { auditEntryOf, rightOf } from './audited';
import { may } from '@contract/roles';

type Answer<N extends CallName> = Res<N> | FileAnswer;
type Handler<N extends CallName, U> = (ctx: CallContext<U, N>) => Promise<Answer<N>> | Answer<N>;

function envelope<T>(data: T, statusText = 'success'): Envelope<T> {
  return { status: Status.ok, statusText, data };
}

/** The channelType a request carries (form, multipart or query; the last of repeated values). */
function channelType(source: unknown): string | undefined {
  if (!source || typeof source !== 'object') return undefined;
  const raw = (source as Record<string, unknown>).channelType;
  const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  if (value && typeof value === 'object') {
    const part = value as { type?: string; value?: unknown };
    return part.type === 'field' ? String(part.value ?? '') : undefined;
  }
  return value === undefined || value === null ? undefined : String(value);
}

/**
 * The values of a call the gateway does not route through `defineCall` (the captcha picture, the
 * identity provider's forms, which show a refusal on their own page): decoded by the call's request
 * schema with the decoder Fastify's validator uses for the others.
 */
export function decodeValues<N extends CallName>(name: N, source: unknown): Req<N> {
  return decoderOf(requestSchemas[name] as TObject)(source) as Req<N>;
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
 * an audience): they cannot change, so each is serialized once, by the route's answer schema.
 */
const serialized = new WeakMap<object, string>();

async function respond(reply: FastifyReply, answer: unknown) {
  if (answer !== null && typeof answer === 'object' && Object.isFrozen(answer)) {
    let body = serialized.get(answer);
    if (body === undefined) {
      body = reply.serialize(envelope(answer)) as string;
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
 * A corporate user's write, recorded in the company's audit trail once the call has answered (a refused
 * call changed nothing and is not recorded). The write is done by then: a trail that cannot be written
 * is logged as an error, and the answer still goes out.
 */
async function audit(
  services: Services,
  request: FastifyRequest,
  name: CallName,
  user: SessionUser,
  values: unknown,
  answer: unknown,
  files: readonly UploadedFile[],
) {
  const actorName = user.real_name ?? user.nick_name;
  const entry = auditEntryOf(name, values, answer instanceof FileAnswer ? answer.facts : answer, files, actorName);
  if (!entry) return;
  try {
    await services.audit.record(
      { customer_id: user.customer_id, id: user.id, username: user.username, name: actorName, source: request.ip },
      entry,
    );
  } catch (err) {
    request.log.error({ err, call: name }, 'the audit trail could not record a write');
  }
}

/** Limits of one route: requests per source and time window, and the largest body it reads. */
export interface RouteLimits {
  rateLimit?: { max: number; timeWindow: string };
  bodyLimit?: number;
}

/** What the door of a call found out before the values are checked: who is calling, and the files sent. */
interface CallState {
  user: SessionUser | null;
  files: UploadedFile[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by a call's door (http/call.ts) before its values are checked. */
    call: CallState | null;
  }
}

/** The request schema of a call as its route declares it: the body of a POST, the query of a GET. */
export function requestSchemaOf(name: CallName): FastifySchema {
  const schema = requestSchemas[name];
  return calls[name].method === 'GET' ? { querystring: schema } : { body: schema };
}

/**
 * Registers one call of the contract: its method and path come from src/contract, its request and
 * answer schemas become the route's (Fastify checks the values with http/decode.ts and serializes
 * the envelope with the answer's schema), and the channelType rule and the session are enforced at
 * its door, before the values are checked.
 */
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
  app.withTypeProvider<TypeBoxTypeProvider>().route({
    method: spec.method,
    url: callPath(name, services.config.portal.gatewayPrefix),
    schema: { ...requestSchemaOf(name), response: responseSchemas(name) },
    ...(limits.bodyLimit ? { bodyLimit: limits.bodyLimit } : {}),
    ...(limits.rateLimit ? { config: { rateLimit: limits.rateLimit } } : {}),
    preValidation: async (request: FastifyRequest) => {
      const source = spec.method === 'GET' ? request.query : request.body;
      if (channelType(source) !== '1') throw refuse('common.noChannel');
      const user = await services.identity.resolve(request.cookies[SESSION_COOKIE]);
      if (!user && !anonymous) throw notLoggedIn();
      // Corporate sessions stay out of the personal centre and members out of the corporate centre.
      if (user && !anonymous) {
        if (audience === 'personal' && user.legal_flag === 1) throw forbidden('security.personalOnly');
        if (audience === 'corporate' && user.legal_flag !== 1) throw forbidden('security.corporateOnly');
        // A company's user may do what their role allows (contract/roles.ts), whatever the page showed.
        const right = user.legal_flag === 1 ? rightOf(name) : null;
        if (right && !may(user.role, right))
          throw forbidden('security.role', { role: { key: `role.${user.role}`, fallback: user.role } });
      }
      request.call = { user, files: spec.encoding === 'multipart' ? await uploadedFiles(request.body) : [] };
    },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const { user, files } = request.call as CallState;
      // Checked by the call's request schema before the handler runs: the values are typed.
      const values = (spec.method === 'GET' ? request.query : request.body) as Req<N>;
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
      if (user && user.legal_flag === 1) await audit(services, request, name, user, values, answer, files);
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
