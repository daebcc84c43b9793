import type { FastifyInstance } from 'fastify';
import { FileAnswer, XLSX } from '../http/answers';
import { defineCall } from '../http/call';
import type { Services } from '../http/context';

/** The company's audit trail (操作日志): a page of it with filters, and the same filtered as xlsx or CSV. */
export async function auditRoutes(app: FastifyInstance, services: Services) {
  const { audit } = services;

  defineCall(app, services, 'blocLegal/audit/list', (c) => audit.page(c.user.customer_id, c.values));
  defineCall(app, services, 'blocLegal/audit/export', async (c) => {
    const { format, ...filter } = c.values;
    const file = await audit.export(c.user.customer_id, filter, format, c.locale);
    return new FileAnswer(file.filename, file.type === 'xlsx' ? XLSX : 'text/csv; charset=utf-8', file.body);
  });
}
