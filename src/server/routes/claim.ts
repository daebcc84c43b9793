import type { FastifyInstance } from 'fastify';
import { defineCall } from '../http/call';
import type { Services } from '../http/context';

/** Claims of the customer's policies: the query list and a claim's progress. */
export async function claimRoutes(app: FastifyInstance, services: Services) {
  const { claims } = services;

  defineCall(app, services, 'blocLegal/claim/queryClaimList', (c) => claims.list(c.user.customer_id, c.values, c));
  defineCall(app, services, 'blocLegal/claim/queryClaimDetail', (c) =>
    claims.detail(c.user.customer_id, c.values.claimNo, c),
  );
}
