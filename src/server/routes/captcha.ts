import type { FastifyInstance } from 'fastify';
import { callPath } from '../../contract/calls';
import type { Services } from '../http/context';
import { refuseText } from '../services/errors';
import { Captcha } from '../services/captcha';

/** The picture captcha under blocOther: an image for a random name the portal chose. */
export async function captchaRoutes(app: FastifyInstance, services: Services) {
  app.get(
    callPath('blocOther/checkCode/createCode', services.config.portal.gatewayPrefix),
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const q = request.query as Record<string, string | undefined>;
      if (q.channelType !== '1')
        throw refuseText('This request did not say which channel it comes from (channelType=1); nothing was done.');
      const randName = q.randName ?? '';
      if (!Captcha.validName(randName))
        throw refuseText('The picture check needs a random name of 8 to 64 letters or digits.');
      const svg = await services.captcha.create(randName);
      reply.header('Cache-Control', 'no-store').type('image/svg+xml');
      return svg;
    },
  );
}
