import type { FastifyInstance } from 'fastify';
import { defineAnonymousCall, defineCall } from '../http/call';
import type { Services } from '../http/context';
import type { PolicyRow } from '@contract/io/policy';
import type { SessionUser } from '../services/identity';

/** Policies: the corporate list and details (legalPolicy/...) and the individual's (policy/...). */
export async function policyRoutes(app: FastifyInstance, services: Services) {
  const { policies, policyPayments, renewals, groupRenewals } = services;
  /** A member's policies say where each stands for its online renewal; a company's renew otherwise. */
  const withRenewal = async <T extends PolicyRow>(user: SessionUser, rows: T[]): Promise<T[]> =>
    user.legal_flag === 1 ? rows : renewals.annotate(user.customer_id, rows);
  const one = async <T extends PolicyRow>(user: SessionUser, row: T): Promise<T> => (await withRenewal(user, [row]))[0];

  defineCall(app, services, 'blocLegal/legalPolicy/getLegalPolicyList', (c) =>
    policies.legalList(c.user.customer_id, c.values, c),
  );
  defineCall(app, services, 'blocLegal/legalPolicy/getLegalPolicyInfo', async (c) =>
    one(c.user, await policies.detail(c.user.customer_id, c.values.policyNo, c)),
  );
  defineCall(app, services, 'blocLegal/legalPolicy/getRisk', (c) =>
    policies.risks(c.user.customer_id, c.values.policyNo, c),
  );
  defineCall(app, services, 'blocLegal/legalPolicy/getInsuranceInformation', (c) =>
    policies.insuranceInformation(c.user.customer_id, c.values.policyNo),
  );
  defineCall(app, services, 'blocLegal/legalPolicy/policyPayLink', (c) =>
    policyPayments.link(c.user.customer_id, c.values.policyNo.trim().toUpperCase()),
  );
  defineCall(app, services, 'blocLegal/legalPolicy/policyPayStatus', (c) =>
    policyPayments.status(c.user.customer_id, c.values.policyNo.trim().toUpperCase()),
  );
  // The payment provider's notification: no session, trusted only by its signature (the cashier's own
  // buttons make the same notification inside the gateway).
  defineAnonymousCall(app, services, 'blocLegal/legalPolicy/policyPayNotify', async ({ values }) => {
    const { payStatus } = await policyPayments.notify(values);
    return { accepted: true, payStatus };
  });
  // A group policy's renewal for its next policy year: the company's renewals, one renewal's page, its
  // acceptance and payment (the payment model's cashier), and the policy's automatic renewal.
  defineCall(app, services, 'blocLegal/legalPolicy/groupRenewals', (c) => groupRenewals.list(c.user.customer_id, c));
  defineCall(app, services, 'blocLegal/legalPolicy/groupRenewal', (c) =>
    groupRenewals.view(c.user.customer_id, c.values.policyNo, c),
  );
  defineCall(app, services, 'blocLegal/legalPolicy/acceptGroupRenewal', (c) =>
    groupRenewals.accept(c.user, c.values.policyNo, c.values.premiumFen, c),
  );
  defineCall(app, services, 'blocLegal/legalPolicy/groupRenewalPayLink', (c) =>
    groupRenewals.link(c.user.customer_id, c.values.policyNo),
  );
  defineCall(app, services, 'blocLegal/legalPolicy/groupRenewalPayStatus', (c) =>
    groupRenewals.status(c.user.customer_id, c.values.policyNo),
  );
  defineCall(app, services, 'blocLegal/legalPolicy/setAutoRenew', (c) =>
    groupRenewals.setAutoRenew(c.user.customer_id, c.values.policyNo, c.values.autoRenew),
  );
  defineCall(app, services, 'blocLegal/policy/policyList', async (c) => {
    const page = await policies.personalList(c.user.customer_id, c.values, c);
    return { ...page, list: await withRenewal(c.user, page.list) };
  });
  defineCall(app, services, 'blocLegal/policy/carPolicyQuery', async (c) =>
    one(c.user, await policies.motor(c.user.customer_id, c.values.policyNo, c)),
  );
  defineCall(app, services, 'blocLegal/policy/noCarPolicyQueryEcenter', async (c) =>
    one(c.user, await policies.nonMotor(c.user.customer_id, c.values.policyNo, c)),
  );
}
