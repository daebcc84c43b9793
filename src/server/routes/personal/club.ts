import type { FastifyInstance } from 'fastify';
import { defineCall } from '@server/http/call';
import type { Services } from '@server/http/context';
import { senior } from '@server/services/personal/guards';

/** Club calls (senior members only): points, points orders, service packages, favourites, activities. */
export async function personalClubRoutes(app: FastifyInstance, services: Services) {
  const { club } = services;
  const member = (user: Parameters<typeof senior>[0]) => senior(user, 'club').customer_id;

  defineCall(app, services, 'blocLegal/club/myScore', (c) => club.myScore(member(c.user), c.values, c));
  defineCall(app, services, 'blocLegal/club/integralOrder', (c) => club.pointOrderList(member(c.user), c.values, c));
  defineCall(app, services, 'blocLegal/club/redeemGift', (c) => club.redeemGift(member(c.user), c.values, c));
  defineCall(app, services, 'blocLegal/club/servicePackage', (c) => club.servicePackages(member(c.user), c));
  defineCall(app, services, 'blocLegal/club/serviceCustom', (c) => club.bookingList(member(c.user), c.values, c));
  defineCall(app, services, 'blocLegal/club/bookService', (c) => club.bookService(member(c.user), c.values, c));
  defineCall(app, services, 'blocLegal/club/cancelBooking', (c) =>
    club.cancelBooking(member(c.user), c.values.bookingNo, c),
  );
  defineCall(app, services, 'blocLegal/club/collect', (c) => club.favourites(member(c.user), c.values, c));
  defineCall(app, services, 'blocLegal/club/removeCollect', (c) => club.removeFavourite(member(c.user), c.values.id));
  defineCall(app, services, 'blocLegal/club/activity', (c) => club.activities(member(c.user), c.values, c));
  defineCall(app, services, 'blocLegal/club/joinActivity', (c) =>
    club.joinActivity(senior(c.user, 'club'), c.values.code, c),
  );
  defineCall(app, services, 'blocLegal/club/quitActivity', (c) => club.quitActivity(member(c.user), c.values.code, c));
}
