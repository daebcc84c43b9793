/**
 * The gateway's OpenAPI document, made from the routes' own schemas (@fastify/swagger): every call
 * of src/contract/calls.ts with its request (the form, query or multipart fields, channelType
 * included) and its answer (the envelope around the data, or the file, image or page), served at
 * `<GATEWAY_PREFIX>/openapi.json`. With API_DOCS=true (`npm run dev` sets it) Swagger UI shows it at
 * `<GATEWAY_PREFIX>/docs`. Routes that are not calls (the portal's pages, the site, the cashier's
 * pages, the help pages) are left out of it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifySchema } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TObject, TSchema } from 'typebox';
import { calls, callPath, type CallName } from '@contract/calls';
import { Type } from '@contract/fields';
import type { GatewayConfig } from '../config';
import { projectRoot } from '../root';
import { requestSchemaOf } from './call';
import { responseSchemas } from './responses';

const ENCODINGS = {
  form: 'application/x-www-form-urlencoded',
  multipart: 'multipart/form-data',
  query: undefined,
} as const;

/** What the door asks of every call, beside its own values. */
const channelType = Type.Literal('1', { description: 'the channel: always 1 (the portal); anything else is refused' });

/** A call's request schema as the document shows it: its values, channelType, and an upload's file. */
function documentedRequest(name: CallName, schema: TObject): TObject {
  const spec = calls[name];
  const extra: Record<string, TSchema> = {};
  if (spec.base === 'gateway') extra.channelType = channelType;
  if (spec.encoding === 'multipart') {
    extra.file = Type.Unsafe({ type: 'string', format: 'binary', description: 'the uploaded file' });
  }
  return {
    ...schema,
    properties: { ...schema.properties, ...extra },
    required: [...(schema.required ?? []), ...(spec.base === 'gateway' ? ['channelType'] : [])],
  } as TObject;
}

/** What the document says of a call beside its schemas. */
function described(name: CallName): string {
  const spec = calls[name];
  return [
    spec.anonymous ? 'Works without a session.' : 'Needs a session (the SSO cookie set by the login page).',
    spec.timeout === 'correction' ? 'The portal gives up after 20 s.' : 'The portal gives up after 30 s.',
    spec.origin === 'spec' ? 'Named by the specification.' : 'Named by this contract.',
  ].join(' ');
}

/** The schema of a route the document lists, by its call. */
function documentedSchema(name: CallName): FastifySchema {
  const spec = calls[name];
  const request = requestSchemaOf(name);
  const part = spec.method === 'GET' ? 'querystring' : 'body';
  return {
    summary: name,
    description: described(name),
    operationId: name.replace(/\//g, '_'),
    tags: [name.split('/').slice(0, -1).join('/')],
    ...(ENCODINGS[spec.encoding] ? { consumes: [ENCODINGS[spec.encoding] as string] } : {}),
    [part]: documentedRequest(name, request[part] as TObject),
    response: responseSchemas(name),
  };
}

export async function registerApiDocs(app: FastifyInstance, config: GatewayConfig) {
  const prefix = config.portal.gatewayPrefix;
  const byRoute = new Map<string, CallName>();
  for (const name of Object.keys(calls) as CallName[])
    byRoute.set(`${calls[name].method} ${callPath(name, prefix)}`, name);
  const { version } = JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as {
    version: string;
  };

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${config.portal.portalName['en-US']} gateway`,
        version,
        description:
          'Every call the portal makes. A JSON call answers HTTP 200 with the envelope { status, statusText, data }: ' +
          "status 'SUC_0001' carries the data below; any other status is a refusal whose statusText is said in the " +
          "user's language (the language cookie, else Accept-Language), ERR_1004 meaning that no session is open.",
      },
    },
    // The routes that are calls are documented by their call (the identity pages and the captcha
    // picture decode their values in their handlers, with the same schemas); the others are left out.
    transform: ({ schema, url, route }) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const name = methods.map((method) => byRoute.get(`${method} ${url}`)).find(Boolean);
      if (!name) return { schema: { ...schema, hide: true }, url };
      return { schema: documentedSchema(name), url };
    },
  });

  let document: string | null = null;
  app.get(`${prefix}/openapi.json`, async (_request, reply) => {
    document ??= JSON.stringify(app.swagger());
    return reply.type('application/json; charset=utf-8').send(document);
  });
  if (config.apiDocs) {
    await app.register(swaggerUi, {
      routePrefix: `${prefix}/docs`,
      uiConfig: { docExpansion: 'list', validatorUrl: null },
    });
  }
}
