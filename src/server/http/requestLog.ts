import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';

/** One line per request, when the answer has gone: Fastify writes two (incoming and completed). */
class OneLinePerRequest extends LogController {
  incomingRequest() {}

  requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}

/**
 * The gateway's structured JSON log (pino) on standard output, made cheap for a busy gateway: one
 * line per request (method, url, status, milliseconds; the request id binds it to any other line of
 * that request), written asynchronously, so lines that come while a write is under way leave together
 * in one system call. What is still buffered is written at close and at exit.
 */
export function requestLogger(level: string) {
  const stream = pino.destination({ dest: 1, sync: false });
  const flush = () => {
    try {
      stream.flushSync();
    } catch {
      // nothing buffered yet, or standard output is gone: nothing to save
    }
  };
  process.once('exit', flush);
  return { logger: { level, stream }, logController: new OneLinePerRequest(), flush };
}
