/**
 * Bodies a client sent that cannot be read. A multipart body is read before the route's values are
 * checked (by @fastify/multipart); an error while reading it (a boundary the body never uses, a body
 * that ends inside a part) is the client's, and busboy throws it as a plain Error: it is recognised by
 * when it happened, so it is answered 400 and logged at info, never as the gateway's own failure.
 */
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import multipart, { type FastifyMultipartAttachFieldsToBodyOptions } from '@fastify/multipart';
import type { MessageKey } from '../messages/catalogue';

/** The largest form body, and the largest file of an upload. */
export const BODY_LIMIT = 1024 * 1024;
export const UPLOAD_LIMIT = 10 * 1024 * 1024;
/** The limits as the refusals word them. */
export const LIMIT_PARAMS = { fileMb: UPLOAD_LIMIT / 1024 / 1024, formKb: BODY_LIMIT / 1024 };

const reading = new WeakSet<FastifyRequest>();

/** Registers the multipart parser with marks around its reading of a body. */
export async function registerMultipart(
  app: FastifyInstance,
  options: FastifyMultipartAttachFieldsToBodyOptions,
): Promise<void> {
  app.addHook('preValidation', async (request) => {
    if (/^multipart\//i.test(request.headers['content-type'] ?? '')) reading.add(request);
  });
  await app.register(multipart, options);
  // Runs after the parser's own preValidation hook: the body was read.
  app.addHook('preValidation', async (request) => {
    reading.delete(request);
  });
}

/** The HTTP status of an error the client caused (4xx), or null when it is the gateway's own. */
export function clientErrorStatus(request: FastifyRequest, error: FastifyError): number | null {
  const code = error.statusCode;
  if (code !== undefined && code >= 400 && code < 500) return code;
  if (code === undefined && reading.has(request)) return 400;
  return null;
}

/** Why a request could not be read, in words the user can act on. */
export function clientErrorKey(error: FastifyError, status: number): MessageKey {
  if (status === 429) return 'common.tooManyRequests';
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return 'common.tooLarge';
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return 'common.tooManyParts';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'common.notAForm';
    default:
      return 'common.unreadable';
  }
}
