import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '@contract/cookies';
import { defineCall } from '@server/http/call';
import type { Services } from '@server/http/context';
import { changeBoundPhone } from '@server/services/personal/boundPhone';
import { individual } from '@server/services/personal/guards';

/** Personal information, the true-name verification, password and bound phone. */
export async function personalProfileRoutes(app: FastifyInstance, services: Services) {
  const { profiles } = services;

  defineCall(app, services, 'blocLegal/profile/personalInfo', ({ user }) => profiles.info(individual(user).id));
  defineCall(app, services, 'blocLegal/profile/updatePersonalInfo', ({ user, values }) =>
    profiles.update(individual(user), values),
  );
  defineCall(app, services, 'blocLegal/profile/realNameVerify', ({ user, values }) =>
    profiles.verifyRealName(individual(user), values.realName, values.idNumber),
  );
  defineCall(app, services, 'blocLegal/profile/changePassword', ({ user, values, request }) =>
    profiles.changePassword(individual(user), values, {
      ip: request.ip,
      sessionToken: request.cookies[SESSION_COOKIE] ?? '',
    }),
  );
  defineCall(app, services, 'blocLegal/profile/changePhone', async ({ user, values }) => {
    await changeBoundPhone(services, individual(user), values.code, values.newPhone);
    return profiles.info(user.id);
  });
}
