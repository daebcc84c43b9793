import type { FastifyInstance } from 'fastify';
import { FileAnswer, PDF } from '../http/answers';
import { defineCall } from '../http/call';
import type { Services } from '../http/context';
import type { PolicyFile } from '../services/policy/documents';

const pdf = ({ filename, pdf: body }: PolicyFile) => new FileAnswer(filename, PDF, body);

/** E-policies, life e-policies and premium receipts, and the employer-liability certificate. */
export async function documentRoutes(app: FastifyInstance, services: Services) {
  const { policyDocuments: documents } = services;

  defineCall(app, services, 'blocLegal/policyDownload/download', async (c) =>
    pdf(await documents.ePolicy(c.user.customer_id, c.values.policyNo, c)),
  );
  defineCall(app, services, 'blocLegal/electronicDocuments/lifePolicyDownload', async (c) =>
    pdf(await documents.lifePolicy(c.user.customer_id, c.values.policyNo, c)),
  );
  defineCall(app, services, 'blocLegal/electronicDocuments/queryInvoice', (c) =>
    documents.receipts(c.user.customer_id, c.values.policyNo, c),
  );
  defineCall(app, services, 'blocLegal/electronicDocuments/downloadLifeInvoice', async (c) =>
    pdf(await documents.receipt(c.user.customer_id, c.values.policyNo, c.values.paymentNo, c)),
  );
  defineCall(app, services, 'blocLegal/electronicDocuments/generateForEmployer', async (c) =>
    pdf(await documents.employerCertificate(c.user.customer_id, c.values.policyNo, c)),
  );
}
