import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineCall } from '../http/call';
import type { Services } from '../http/context';

/** The company's users and their roles (用户与权限): the administrator's page (docs/roles.md). */
export async function usersRoutes(app: FastifyInstance, services: Services) {
  const { companyUsers, invitations } = services;

  defineCall(app, services, 'blocLegal/users/list', (c) => companyUsers.list(c.user));
  defineCall(app, services, 'blocLegal/users/update', (c) => companyUsers.update(c.user, c.values));
  defineCall(app, services, 'blocLegal/users/remove', (c) => companyUsers.remove(c.user, c.values.userId));
  defineCall(app, services, 'blocLegal/users/invitations', (c) => invitations.list(c.user));
  defineCall(app, services, 'blocLegal/users/settings', (c) => companyUsers.settings(c.user));
  defineCall(app, services, 'blocLegal/users/updateSettings', (c) => companyUsers.updateSettings(c.user, c.values));
  // The link goes to the identity provider on the address the administrator used, in the SMS's language.
  const linkOf = (c: { request: FastifyRequest; locale: string }) => (token: string) =>
    `${c.request.protocol}://${c.request.host}/idprovider/invitation?token=${token}&lang=${c.locale}`;
  defineCall(app, services, 'blocLegal/users/invite', (c) => invitations.invite(c.user, c.values, linkOf(c), c.locale));
  defineCall(app, services, 'blocLegal/users/resendInvitation', (c) =>
    invitations.resend(c.user, c.values.invitationId, linkOf(c), c.locale),
  );
  defineCall(app, services, 'blocLegal/users/withdrawInvitation', (c) =>
    invitations.withdraw(c.user, c.values.invitationId),
  );
}
