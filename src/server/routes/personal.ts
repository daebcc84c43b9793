import type { FastifyInstance } from 'fastify';
import type { Services } from '../http/context';
import { personalAssetRoutes } from './personal/assets';
import { personalClubRoutes } from './personal/club';
import { personalOrderRoutes } from './personal/orders';
import { personalPolicyRoutes } from './personal/policies';
import { personalProfileRoutes } from './personal/profile';

/** The personal centre of individual members (issue 7). */
export async function personalRoutes(app: FastifyInstance, services: Services) {
  await personalPolicyRoutes(app, services);
  await personalOrderRoutes(app, services);
  await personalClubRoutes(app, services);
  await personalAssetRoutes(app, services);
  await personalProfileRoutes(app, services);
}
