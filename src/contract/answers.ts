/**
 * The answer schema of every call, by call name (the type checks that none is missing): the data of
 * the envelope `{ status, statusText, data }` a JSON call answers, or the file, image or page the
 * others answer. The gateway serializes every answer with its schema (src/server/http/responses.ts)
 * and documents it (OpenAPI); the portal reads answers typed by it (`Res<N>` in src/contract/io.ts).
 * The portal imports this file's types only: TypeBox stays on the gateway's side of the bundle.
 */
import type { TSchema } from 'typebox';
import type { CallName } from './calls';
import { auditAnswers } from './io/audit';
import { usersAnswers } from './io/users';
import { accountAnswers } from './io/account';
import { correctionAnswers } from './io/correction';
import { invoiceAnswers } from './io/invoice';
import { opinionAnswers } from './io/opinion';
import { personalAnswers } from './io/personal';
import { policyAnswers } from './io/policy';
import { sessionAnswers } from './io/session';

export const answerSchemas = {
  ...sessionAnswers,
  ...invoiceAnswers,
  ...opinionAnswers,
  ...accountAnswers,
  ...policyAnswers,
  ...personalAnswers,
  ...correctionAnswers,
  ...auditAnswers,
  ...usersAnswers,
} satisfies Record<CallName, TSchema>;
