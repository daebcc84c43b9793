/**
 * The answer schemas a call's route declares (src/contract/answers.ts): Fastify serializes a JSON
 * call's envelope with its data's schema (fast-json-stringify), and the OpenAPI document shows them.
 * Files and images go out as they are (their media types documented); a refusal of any call is the
 * envelope the error handler writes itself, with `data` null or the refusal's details.
 */
import type { TSchema } from 'typebox';
import { calls, type CallName } from '@contract/calls';
import { answerSchemas } from '@contract/answers';
import { Obj, Str, Type } from '@contract/answerFields';

/** The envelope of every JSON answer, around its data. */
export const envelopeOf = (data: TSchema) =>
  Obj({
    status: Str("'SUC_0001' when the call succeeded; otherwise a refusal (ERR_...), with data null or its details"),
    statusText: Str("'success', or the refusal's sentence in the user's language"),
    data,
  });

/** A refusal of a call that answers a file or an image: the envelope, HTTP 200. */
const refusal = envelopeOf(Type.Unknown({ description: "null or the refusal's details" }));

/** The `response` of a call's route schema. */
export function responseSchemas(name: CallName) {
  const answer = answerSchemas[name] as TSchema & { 'x-media-types'?: string[]; description?: string };
  const kind = calls[name].response;
  if (kind === 'json') return { 200: envelopeOf(answer) };
  const mediaTypes = answer['x-media-types'] ?? ['text/html'];
  return {
    200: {
      description: answer.description ?? kind,
      content: {
        ...Object.fromEntries(mediaTypes.map((type) => [type, { schema: answer }])),
        'application/json': { schema: refusal },
      },
    },
  };
}
