import type { FastifyInstance } from 'fastify';
import { callPath } from '@contract/calls';
import { decodeValues } from '../http/call';
import type { Services } from '../http/context';
import { refuse } from '../services/errors';

/** The picture captcha under blocOther: an image for a random name the portal chose. */
export async function captchaRoutes(app: FastifyInstance, services: Services) {
  const name = 'blocOther/checkCode/createCode';
  app.get(
    callPath(name, services.config.portal.gatewayPrefix),
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (request, reply) => {
      if ((request.query as Record<string, unknown>).channelType !== '1') throw refuse('common.noChannel');
      const { randName } = decodeValues(name, request.query);
      const picture = await services.captcha.create(randName);
      reply.header('Cache-Control', 'no-store').type('image/png');
      return picture;
    },
  );
}
