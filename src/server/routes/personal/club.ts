import type { FastifyInstance } from 'fastify';
import { defineCall } from '@server/http/call';
import type { Services } from '@server/http/context';
import { senior } from '@server/services/personal/guards';

/** Club calls (senior members only): points, points orders, service packages, favourites, activities. */
export async function personalClubRoutes(app: FastifyInstance, services: Services) {
  const {
    clubPoints: points,
    clubBookings: bookings,
    clubFavourites: favourites,
    clubActivities: activities,
  } = services;
  const member = (user: Parameters<typeof senior>[0]) => senior(user, 'club').customer_id;

  defineCall(app, services, 'blocLegal/club/myScore', (c) => points.myScore(member(c.user), c.values, c));
  defineCall(app, services, 'blocLegal/club/integralOrder', (c) => points.pointOrderList(member(c.user), c.values, c));
  defineCall(app, services, 'blocLegal/club/redeemGift', (c) => points.redeemGift(member(c.user), c.values, c));
  defineCall(app, services, 'blocLegal/club/servicePackage', (c) => bookings.servicePackages(member(c.user), c));
  defineCall(app, services, 'blocLegal/club/serviceCustom', (c) => bookings.bookingList(member(c.user), c.values, c));
  defineCall(app, services, 'blocLegal/club/bookService', (c) => bookings.bookService(member(c.user), c.values, c));
  defineCall(app, services, 'blocLegal/club/cancelBooking', (c) =>
    bookings.cancelBooking(member(c.user), c.values.bookingNo, c),
  );
  defineCall(app, services, 'blocLegal/club/collect', (c) => favourites.favourites(member(c.user), c.values, c));
  defineCall(app, services, 'blocLegal/club/removeCollect', (c) =>
    favourites.removeFavourite(member(c.user), c.values.id),
  );
  defineCall(app, services, 'blocLegal/club/activity', (c) => activities.activities(member(c.user), c.values, c));
  defineCall(app, services, 'blocLegal/club/joinActivity', (c) =>
    activities.joinActivity(senior(c.user, 'club'), c.values.code, c),
  );
  defineCall(app, services, 'blocLegal/club/quitActivity', (c) =>
    activities.quitActivity(member(c.user), c.values.code, c),
  );
}
