import type { FastifyInstance } from 'fastify';
import { defineCall } from '@server/http/call';
import type { Services } from '@server/http/context';
import { individual } from '@server/services/personal/guards';

/** policy/addPolicy (bind a policy bought through another channel) and policy/cancelRenew. */
export async function personalPolicyRoutes(app: FastifyInstance, services: Services) {
  const { policyBinding } = services;
  defineCall(app, services, 'blocLegal/policy/addPolicy', (c) => policyBinding.bind(individual(c.user), c.values, c));
  defineCall(app, services, 'blocLegal/policy/cancelRenew', (c) =>
    policyBinding.stopRenewal(individual(c.user), c.values.policyNo),
  );
}
