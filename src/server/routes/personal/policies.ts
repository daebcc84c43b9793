import type { FastifyInstance } from 'fastify';
import { defineCall } from '@server/http/call';
import type { Services } from '@server/http/context';
import { individual } from '@server/services/personal/guards';

/**
 * policy/addPolicy (bind a policy bought through another channel), policy/cancelRenew, and renewing
 * a policy online (personal/renewalQuote, personal/renewPolicy: an order paid at the cashier).
 */
export async function personalPolicyRoutes(app: FastifyInstance, services: Services) {
  const { policyBinding, renewals } = services;
  defineCall(app, services, 'blocLegal/policy/addPolicy', (c) => policyBinding.bind(individual(c.user), c.values, c));
  defineCall(app, services, 'blocLegal/policy/cancelRenew', (c) =>
    policyBinding.stopRenewal(individual(c.user), c.values.policyNo),
  );
  defineCall(app, services, 'blocLegal/personal/renewalQuote', (c) =>
    renewals.quote(individual(c.user), c.values.policyNo, c),
  );
  defineCall(app, services, 'blocLegal/personal/renewPolicy', (c) =>
    renewals.order(individual(c.user), c.values.policyNo, c.values.amountFen, c),
  );
}
