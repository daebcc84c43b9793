/**
 * The request schema of every call, by call name (the type checks that none is missing): each route
 * of the gateway declares its call's schema, and Fastify decodes every request by it before the
 * handler runs (src/server/http/decode.ts); the portal's requests are typed by it
 * (`Req<N>` in src/contract/io.ts). The portal imports this file's types only: TypeBox stays on the
 * gateway's side of the bundle.
 */
import type { TObject } from 'typebox';
import type { CallName } from './calls';
import { auditRequests } from './io/audit.requests';
import { usersRequests } from './io/users.requests';
import { accountRequests } from './io/account.requests';
import { correctionRequests } from './io/correction.requests';
import { invoiceRequests } from './io/invoice.requests';
import { opinionRequests } from './io/opinion.requests';
import { sessionRequests } from './io/session.requests';
import { personalRequests } from './io/personal.requests';
import { policyRequests } from './io/policy.requests';

export const requestSchemas = {
  ...sessionRequests,
  ...invoiceRequests,
  ...opinionRequests,
  ...accountRequests,
  ...policyRequests,
  ...personalRequests,
  ...correctionRequests,
  ...auditRequests,
  ...usersRequests,
} satisfies Record<CallName, TObject>;
