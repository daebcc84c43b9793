import type { FastifyInstance } from 'fastify';
import { defineCall } from '../http/call';
import type { Services } from '../http/context';

/** Insurance records of the customer's policies and the insured-person lookup across them. */
export async function recordRoutes(app: FastifyInstance, services: Services) {
  const { records } = services;

  defineCall(app, services, 'blocLegal/insuranceRecord/queryInsuranceRecordList', (c) =>
    records.list(c.user.customer_id, c.values, c),
  );
  defineCall(app, services, 'blocLegal/insuranceRecord/queryInsuranceRecordInfo', (c) =>
    records.info(c.user.customer_id, c.values, c),
  );
  defineCall(app, services, 'blocLegal/insuredPersonAndEmployee/queryInsuredPerson', (c) =>
    records.insuredPeople(c.user.customer_id, c.values, c),
  );
}
