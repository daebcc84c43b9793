import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { MOBILE_PATTERN } from '../../../common/memberRank';
import type { Activity, PointOrder, ServiceBooking } from '../../../contract/io/personal';
import type { DB } from '../../db/schema';
import type { ClubActivityTable, PointOrderTable } from '../../db/tables/personal';
import { defineCall } from '../../http/call';
import type { Services } from '../../http/context';
import { refuseText } from '../../services/errors';
import { integer, isoDate, paging, text } from '../../http/input';
import { pointBalance } from './assetsData';
import { businessNo, count, senior, today } from './guards';

const PHONE = { max: 11, pattern: MOBILE_PATTERN, patternText: 'Enter an 11-digit mobile number.' };

function pointOrder(o: Selectable<PointOrderTable>): PointOrder {
  return {
    orderNo: o.order_no,
    giftName: o.gift_name,
    quantity: o.quantity,
    points: o.points,
    state: o.state,
    recipient: o.recipient,
    address: o.address,
    trackingNo: o.tracking_no,
    createdAt: o.created_at,
  };
}

async function activityView(db: Kysely<DB>, a: Selectable<ClubActivityTable>, customerId: number): Promise<Activity> {
  const [enrolled, mine] = await Promise.all([
    db
      .selectFrom('club_enrolment')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('activity_id', '=', a.id)
      .where('state', '=', 1)
      .executeTakeFirst(),
    db
      .selectFrom('club_enrolment')
      .select('state')
      .where('activity_id', '=', a.id)
      .where('customer_id', '=', customerId)
      .executeTakeFirst(),
  ]);
  const n = count(enrolled);
  const now = new Date().toISOString();
  return {
    code: a.code,
    title: a.title,
    summary: a.summary,
    city: a.city,
    startsAt: a.starts_at,
    endsAt: a.ends_at,
    enrolUntil: a.enrol_until,
    capacity: a.capacity,
    enrolled: n,
    joined: mine?.state === 1,
    status: a.enrol_until < now || a.state !== 1 ? 'closed' : n >= a.capacity ? 'full' : 'open',
  };
}

/** Club calls (senior members only): points, points orders, service packages, favourites, activities. */
export async function personalClubRoutes(app: FastifyInstance, services: Services) {
  const { db, dialect } = services;

  defineCall(app, services, 'blocLegal/club/myScore', async ({ input, user }) => {
    senior(user, 'club');
    const { pageNum, pageSize, offset } = paging(input);
    const yearStart = `${today().slice(0, 4)}-01-01`;
    const mine = db.selectFrom('point_entry').where('customer_id', '=', user.customer_id);
    const [balance, rows, total, year] = await Promise.all([
      pointBalance(db, user.customer_id),
      mine
        .select(['kind', 'points', 'reason', 'at'])
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset(offset)
        .execute(),
      mine.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      mine.select(['points']).where('at', '>=', yearStart).execute(),
    ]);
    return {
      balance,
      earnedThisYear: year.filter((r) => r.points > 0).reduce((s, r) => s + r.points, 0),
      spentThisYear: -year.filter((r) => r.points < 0).reduce((s, r) => s + r.points, 0),
      history: { list: rows, total: count(total), pageNum, pageSize },
    };
  });

  defineCall(app, services, 'blocLegal/club/integralOrder', async ({ input, user }) => {
    senior(user, 'club');
    const { pageNum, pageSize, offset } = paging(input);
    const state = integer(input, 'state', 'Order state', { min: 0, max: 4, fallback: 0 });
    let base = db.selectFrom('point_order').where('customer_id', '=', user.customer_id);
    if (state) base = base.where('state', '=', state);
    const [rows, total] = await Promise.all([
      base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(pageSize).offset(offset).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return { list: rows.map(pointOrder), total: count(total), pageNum, pageSize };
  });

  defineCall(app, services, 'blocLegal/club/redeemGift', async ({ input, user }) => {
    senior(user, 'club');
    const giftCode = text(input, 'giftCode', 'Gift', { required: true, max: 40 });
    const quantity = integer(input, 'quantity', 'Quantity', { min: 1, max: 10, fallback: 1 });
    const recipient = text(input, 'recipient', 'Recipient', { required: true, max: 30 });
    const phone = text(input, 'phone', 'Phone', { required: true, ...PHONE });
    const address = text(input, 'address', 'Delivery address', { required: true, max: 200 });
    return db.transaction().execute(async (trx) => {
      if (dialect === 'postgres') {
        // One redemption at a time per member, so that two cannot spend the same points.
        await trx.selectFrom('customer').select('id').where('id', '=', user.customer_id).forUpdate().executeTakeFirst();
      }
      const gift = await trx
        .selectFrom('gift')
        .selectAll()
        .where('code', '=', giftCode)
        .where('state', '=', 1)
        .executeTakeFirst();
      if (!gift) throw refuseText('This gift is not on offer.');
      const points = gift.points * quantity;
      const balance = await pointBalance(trx, user.customer_id);
      if (balance < points) throw refuseText(`This needs ${points} points and you have ${balance}.`);
      const taken = await trx
        .updateTable('gift')
        .set((eb) => ({ stock: eb('stock', '-', quantity) }))
        .where('id', '=', gift.id)
        .where('stock', '>=', quantity)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) throw refuseText('There are not enough of this gift left.');
      const at = new Date().toISOString();
      const order = await trx
        .insertInto('point_order')
        .values({
          order_no: businessNo('JF'),
          customer_id: user.customer_id,
          gift_id: gift.id,
          gift_name: gift.name,
          quantity,
          points,
          state: 1,
          recipient,
          phone,
          address,
          tracking_no: null,
          created_at: at,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('point_entry')
        .values({
          customer_id: user.customer_id,
          kind: 'redeem',
          points: -points,
          reason: `Redeemed: ${gift.name} x ${quantity}`,
          point_order_id: order.id,
          at,
        })
        .execute();
      return pointOrder(order);
    });
  });

  defineCall(app, services, 'blocLegal/club/servicePackage', async ({ user }) => {
    senior(user, 'club');
    const packages = await db
      .selectFrom('service_package')
      .selectAll()
      .where('customer_id', '=', user.customer_id)
      .orderBy('valid_to', 'desc')
      .orderBy('id')
      .execute();
    const items = packages.length
      ? await db
          .selectFrom('service_package_item')
          .selectAll()
          .where(
            'package_id',
            'in',
            packages.map((p) => p.id),
          )
          .orderBy('sort')
          .orderBy('id')
          .execute()
      : [];
    const day = today();
    return packages.map((p) => ({
      packageNo: p.package_no,
      name: p.name,
      description: p.description,
      policyNo: p.policy_no,
      validFrom: p.valid_from,
      validTo: p.valid_to,
      validity: p.valid_to >= day ? ('valid' as const) : ('expired' as const),
      items: items
        .filter((i) => i.package_id === p.id)
        .map((i) => ({
          itemId: i.id,
          code: i.code,
          name: i.name,
          totalUses: i.total_uses,
          usedUses: i.used_uses,
          remainingUses: i.total_uses - i.used_uses,
        })),
    }));
  });

  const bookings = () =>
    db
      .selectFrom('service_booking')
      .innerJoin('service_package_item', 'service_package_item.id', 'service_booking.item_id')
      .innerJoin('service_package', 'service_package.id', 'service_package_item.package_id');
  const bookingColumns = [
    'service_booking.id',
    'service_booking.booking_no',
    'service_booking.service_name',
    'service_package.name as package_name',
    'service_booking.appointment_date',
    'service_booking.city',
    'service_booking.contact_phone',
    'service_booking.note',
    'service_booking.state',
    'service_booking.created_at',
    'service_booking.item_id',
  ] as const;
  type BookingRow = {
    booking_no: string;
    service_name: string;
    package_name: string;
    appointment_date: string;
    city: string;
    contact_phone: string;
    note: string;
    state: number;
    created_at: string;
  };
  const bookingView = (b: BookingRow): ServiceBooking => ({
    bookingNo: b.booking_no,
    serviceName: b.service_name,
    packageName: b.package_name,
    appointmentDate: b.appointment_date,
    city: b.city,
    contactPhone: b.contact_phone,
    note: b.note,
    state: b.state,
    createdAt: b.created_at,
  });

  defineCall(app, services, 'blocLegal/club/serviceCustom', async ({ input, user }) => {
    senior(user, 'club');
    const { pageNum, pageSize, offset } = paging(input);
    const base = bookings().where('service_booking.customer_id', '=', user.customer_id);
    const [rows, total] = await Promise.all([
      base
        .select(bookingColumns)
        .orderBy('service_booking.created_at', 'desc')
        .orderBy('service_booking.id', 'desc')
        .limit(pageSize)
        .offset(offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return { list: rows.map(bookingView), total: count(total), pageNum, pageSize };
  });

  defineCall(app, services, 'blocLegal/club/bookService', async ({ input, user }) => {
    senior(user, 'club');
    const itemId = integer(input, 'itemId', 'Service', { min: 1 });
    const appointmentDate = isoDate(input, 'appointmentDate', 'Appointment date', true);
    const city = text(input, 'city', 'City', { required: true, max: 30 });
    const contactPhone = text(input, 'contactPhone', 'Contact phone', { required: true, ...PHONE });
    const note = text(input, 'note', 'Note', { max: 200 });
    const day = today();
    if (appointmentDate <= day) throw refuseText('Choose an appointment date from tomorrow on.');
    return db.transaction().execute(async (trx) => {
      const item = await trx
        .selectFrom('service_package_item')
        .innerJoin('service_package', 'service_package.id', 'service_package_item.package_id')
        .select([
          'service_package_item.id',
          'service_package_item.name',
          'service_package_item.total_uses',
          'service_package_item.used_uses',
          'service_package.valid_to',
          'service_package.name as package_name',
        ])
        .where('service_package_item.id', '=', itemId)
        .where('service_package.customer_id', '=', user.customer_id)
        .executeTakeFirst();
      if (!item) throw refuseText('There is no such service in your packages.');
      if (item.valid_to < day) throw refuseText('This service package has expired.');
      if (appointmentDate > item.valid_to)
        throw refuseText(`Choose an appointment date on or before ${item.valid_to}, when the package ends.`);
      const used = await trx
        .updateTable('service_package_item')
        .set((eb) => ({ used_uses: eb('used_uses', '+', 1) }))
        .where('id', '=', item.id)
        .where((eb) => eb('used_uses', '<', eb.ref('total_uses')))
        .executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) throw refuseText('This service has no uses left in your package.');
      const booking = await trx
        .insertInto('service_booking')
        .values({
          booking_no: businessNo('FW'),
          customer_id: user.customer_id,
          item_id: item.id,
          service_name: item.name,
          appointment_date: appointmentDate,
          city,
          contact_phone: contactPhone,
          note,
          state: 1,
          created_at: new Date().toISOString(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return bookingView({ ...booking, package_name: item.package_name });
    });
  });

  defineCall(app, services, 'blocLegal/club/cancelBooking', async ({ input, user }) => {
    senior(user, 'club');
    const bookingNo = text(input, 'bookingNo', 'Booking number', { required: true, max: 40 });
    return db.transaction().execute(async (trx) => {
      const booking = await trx
        .selectFrom('service_booking')
        .innerJoin('service_package_item', 'service_package_item.id', 'service_booking.item_id')
        .innerJoin('service_package', 'service_package.id', 'service_package_item.package_id')
        .select(bookingColumns)
        .where('service_booking.booking_no', '=', bookingNo)
        .where('service_booking.customer_id', '=', user.customer_id)
        .executeTakeFirst();
      if (!booking) throw refuseText('There is no such booking in your account.');
      if (booking.state !== 1)
        throw refuseText(
          booking.state === 3
            ? 'This booking is already cancelled.'
            : 'This service has been provided; the booking can no longer be cancelled.',
        );
      const done = await trx
        .updateTable('service_booking')
        .set({ state: 3 })
        .where('id', '=', booking.id)
        .where('state', '=', 1)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1)
        throw refuseText('This booking changed meanwhile; reload it and try again.');
      await trx
        .updateTable('service_package_item')
        .set((eb) => ({ used_uses: eb('used_uses', '-', 1) }))
        .where('id', '=', booking.item_id)
        .where('used_uses', '>', 0)
        .execute();
      return bookingView({ ...booking, state: 3 });
    });
  });

  defineCall(app, services, 'blocLegal/club/collect', async ({ input, user }) => {
    senior(user, 'club');
    const { pageNum, pageSize, offset } = paging(input);
    const kind = text(input, 'kind', 'Kind', { max: 10 });
    if (kind && !['product', 'article', 'service'].includes(kind))
      throw refuseText('Kind must be product, article or service.');
    let base = db.selectFrom('favourite').where('customer_id', '=', user.customer_id);
    if (kind) base = base.where('kind', '=', kind);
    const [rows, total] = await Promise.all([
      base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(pageSize).offset(offset).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return {
      list: rows.map((f) => ({
        id: f.id,
        kind: f.kind as 'product' | 'article' | 'service',
        title: f.title,
        summary: f.summary,
        link: f.link,
        createdAt: f.created_at,
      })),
      total: count(total),
      pageNum,
      pageSize,
    };
  });

  defineCall(app, services, 'blocLegal/club/removeCollect', async ({ input, user }) => {
    senior(user, 'club');
    const id = integer(input, 'id', 'Favourite', { min: 1 });
    const gone = await db
      .deleteFrom('favourite')
      .where('id', '=', id)
      .where('customer_id', '=', user.customer_id)
      .executeTakeFirst();
    if (Number(gone.numDeletedRows) !== 1) throw refuseText('There is no such favourite in your account.');
    return null;
  });

  defineCall(app, services, 'blocLegal/club/activity', async ({ input, user }) => {
    senior(user, 'club');
    const { pageNum, pageSize, offset } = paging(input);
    const mine = text(input, 'mine', 'Mine', { max: 5 }) === 'true';
    let base = db.selectFrom('club_activity').where('state', '=', 1);
    if (mine) {
      base = base.where((eb) =>
        eb.exists(
          eb
            .selectFrom('club_enrolment')
            .select('club_enrolment.id')
            .whereRef('club_enrolment.activity_id', '=', 'club_activity.id')
            .where('club_enrolment.customer_id', '=', user.customer_id)
            .where('club_enrolment.state', '=', 1),
        ),
      );
    }
    const [rows, total] = await Promise.all([
      base.selectAll().orderBy('starts_at', 'desc').orderBy('id', 'desc').limit(pageSize).offset(offset).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return {
      list: await Promise.all(rows.map((a) => activityView(db, a, user.customer_id))),
      total: count(total),
      pageNum,
      pageSize,
    };
  });

  const findActivity = async (trx: Kysely<DB>, input: Record<string, string>) => {
    const code = text(input, 'code', 'Activity', { required: true, max: 40 });
    let query = trx.selectFrom('club_activity').selectAll().where('code', '=', code).where('state', '=', 1);
    if (dialect === 'postgres') query = query.forUpdate();
    const activity = await query.executeTakeFirst();
    if (!activity) throw refuseText('There is no such activity.');
    return activity;
  };

  defineCall(app, services, 'blocLegal/club/joinActivity', async ({ input, user }) => {
    senior(user, 'club');
    return db.transaction().execute(async (trx) => {
      const activity = await findActivity(trx, input);
      const view = await activityView(trx, activity, user.customer_id);
      if (view.joined) throw refuseText('You have already joined this activity.');
      if (view.status === 'closed') throw refuseText('Enrolment for this activity has closed.');
      if (view.status === 'full') throw refuseText('This activity is full.');
      const at = new Date().toISOString();
      const existing = await trx
        .selectFrom('club_enrolment')
        .select('id')
        .where('activity_id', '=', activity.id)
        .where('customer_id', '=', user.customer_id)
        .executeTakeFirst();
      if (existing)
        await trx
          .updateTable('club_enrolment')
          .set({ state: 1, user_id: user.id, updated_at: at })
          .where('id', '=', existing.id)
          .execute();
      else
        await trx
          .insertInto('club_enrolment')
          .values({
            activity_id: activity.id,
            customer_id: user.customer_id,
            user_id: user.id,
            state: 1,
            enrolled_at: at,
            updated_at: at,
          })
          .execute();
      return activityView(trx, activity, user.customer_id);
    });
  });

  defineCall(app, services, 'blocLegal/club/quitActivity', async ({ input, user }) => {
    senior(user, 'club');
    return db.transaction().execute(async (trx) => {
      const activity = await findActivity(trx, input);
      if (activity.starts_at <= new Date().toISOString())
        throw refuseText('This activity has started; you can no longer withdraw.');
      const done = await trx
        .updateTable('club_enrolment')
        .set({ state: 2, updated_at: new Date().toISOString() })
        .where('activity_id', '=', activity.id)
        .where('customer_id', '=', user.customer_id)
        .where('state', '=', 1)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) throw refuseText('You have not joined this activity.');
      return activityView(trx, activity, user.customer_id);
    });
  });
}
