import type { FastifyInstance } from 'fastify';
import { defineCall } from '../http/call';
import type { Services } from '../http/context';

/** Policies: the corporate list and details (legalPolicy/...) and the individual's (policy/...). */
export async function policyRoutes(app: FastifyInstance, services: Services) {
  const { policies } = services;

  defineCall(app, services, 'blocLegal/legalPolicy/getLegalPolicyList', (c) =>
    policies.legalList(c.user.customer_id, c.values, c),
  );
  defineCall(app, services, 'blocLegal/legalPolicy/getLegalPolicyInfo', (c) =>
    policies.detail(c.user.customer_id, c.values.policyNo, c),
  );
  defineCall(app, services, 'blocLegal/legalPolicy/getRisk', (c) =>
    policies.risks(c.user.customer_id, c.values.policyNo, c),
  );
  defineCall(app, services, 'blocLegal/legalPolicy/getInsuranceInformation', (c) =>
    policies.insuranceInformation(c.user.customer_id, c.values.policyNo),
  );
  defineCall(app, services, 'blocLegal/policy/policyList', (c) =>
    policies.personalList(c.user.customer_id, c.values, c),
  );
  defineCall(app, services, 'blocLegal/policy/carPolicyQuery', (c) =>
    policies.motor(c.user.customer_id, c.values.policyNo, c),
  );
  defineCall(app, services, 'blocLegal/policy/noCarPolicyQueryEcenter', (c) =>
    policies.nonMotor(c.user.customer_id, c.values.policyNo, c),
  );
}
