import type { FastifyInstance } from 'fastify';
import { FileAnswer } from '../http/answers';
import { defineCall } from '../http/call';
import type { Services } from '../http/context';

/**
 * Claims of the customer's policies: the query list, a claim's progress and files, reporting a claim
 * with its pictures and documents, and sending the documents an open claim waits for.
 */
export async function claimRoutes(app: FastifyInstance, services: Services) {
  const { claimQueries: queries, claimReporting: reporting } = services;

  defineCall(app, services, 'blocLegal/claim/queryClaimList', (c) => queries.list(c.user.customer_id, c.values, c));
  defineCall(app, services, 'blocLegal/claim/queryClaimDetail', (c) =>
    queries.detail(c.user.customer_id, c.values.claimNo, c),
  );
  defineCall(app, services, 'blocLegal/claim/claimablePolicies', (c) =>
    reporting.claimablePolicies(c.user.customer_id, c.values.kind, c),
  );
  defineCall(app, services, 'blocLegal/claim/uploadClaimFile', (c) =>
    reporting.uploadFile(c.user, c.values.purpose, c.files),
  );
  defineCall(app, services, 'blocLegal/claim/reportClaim', (c) => reporting.report(c.user, c.values, c));
  defineCall(app, services, 'blocLegal/claim/submitClaimDocuments', (c) =>
    reporting.submitDocuments(c.user, c.values.claimNo, c.values.files, c),
  );
  defineCall(app, services, 'blocLegal/claim/claimFile', async (c) => {
    const file = await queries.file(c.user.customer_id, c.values.claimNo, c.values.fileId);
    return new FileAnswer(file.fileName, file.contentType, file.data, true);
  });
}
