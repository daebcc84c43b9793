import type { FastifyInstance } from 'fastify';
import { defineCall } from '../http/call';
import type { Services } from '../http/context';

/** The company's users and their roles (用户与权限): the administrator's page (docs/roles.md). */
export async function usersRoutes(app: FastifyInstance, services: Services) {
  const { companyUsers } = services;

  defineCall(app, services, 'blocLegal/users/list', (c) => companyUsers.list(c.user));
  defineCall(app, services, 'blocLegal/users/update', (c) => companyUsers.update(c.user, c.values));
  defineCall(app, services, 'blocLegal/users/remove', (c) => companyUsers.remove(c.user, c.values.userId));
}
