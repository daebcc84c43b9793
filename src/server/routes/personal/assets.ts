import type { FastifyInstance } from 'fastify';
import { defineCall } from '@server/http/call';
import type { Services } from '@server/http/context';
import { senior } from '@server/services/personal/guards';

/** Asset calls (senior members only): accounts, transactions, bonuses, the risk questionnaire, investments. */
export async function personalAssetRoutes(app: FastifyInstance, services: Services) {
  const { assets } = services;
  const member = (user: Parameters<typeof senior>[0]) => senior(user, 'assets').customer_id;

  defineCall(app, services, 'blocLegal/assets/transactionQuery', (c) =>
    assets.transactions(member(c.user), c.values, c),
  );
  defineCall(app, services, 'blocLegal/assets/assetsDetails', (c) => assets.details(member(c.user), c));
  defineCall(app, services, 'blocLegal/assets/bonusRecord', (c) => assets.bonuses(member(c.user), c.values, c));
  defineCall(app, services, 'blocLegal/assets/riskQuestionnaire', (c) => assets.questionnaire(member(c.user), c));
  defineCall(app, services, 'blocLegal/assets/riskEvaluating', (c) =>
    assets.evaluate(senior(c.user, 'assets'), c.values.answers, c),
  );
  defineCall(app, services, 'blocLegal/assets/investmentManagement', (c) => assets.investments(member(c.user), c));
  defineCall(app, services, 'blocLegal/personal/fundList', (c) => assets.fundPage(member(c.user), c.values, c));
  defineCall(app, services, 'blocLegal/personal/riskReview', (c) => assets.riskReview(member(c.user), c));
}
