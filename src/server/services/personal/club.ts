import type { Kysely, Selectable } from 'kysely';
import { insurerToday } from '@common/correction';
import type { Page } from '@contract/envelope';
import type { Activity, Favourite, MyScore, PointOrder, ServiceBooking, ServicePackage } from '@contract/io/personal';
import type { BookServiceRequest, RedeemGiftRequest } from '@contract/io/personal.requests';
import {
  BookingState,
  EnrolmentState,
  OfferState,
  PointOrderState,
  type BookingState as Booking,
  type PointOrderState as PointOrderStateValue,
} from '@contract/states';
import type { DB } from '@server/db/schema';
import type { ClubActivityTable } from '@server/db/tables/personal';
import type { DialectName } from '@server/db/database';
import { translate } from '@server/messages/catalogue';
import type { Clock } from '../clock';
import { refuse } from '../errors';
import type { SessionUser } from '../identity';
import { countOf, pageOf } from '../paging';
import { BILINGUAL, localName, storedText, type Voice } from '../texts';
import { businessNo } from './guards';
import { pointBalance } from './ledger';

type Paging = { pageNum?: number; pageSize?: number };

/** The columns of a booking with its service's and package's names (both languages). */
const BOOKING_COLUMNS = [
  'service_booking.id',
  'service_booking.booking_no',
  'service_booking.service_name',
  'service_package_item.name_zh as service_name_zh',
  'service_package.name as package_name',
  'service_package.name_zh as package_name_zh',
  'service_booking.appointment_date',
  'service_booking.city',
  'service_booking.contact_phone',
  'service_booking.note',
  'service_booking.state',
  'service_booking.created_at',
  'service_booking.item_id',
] as const;

interface BookingRow {
  booking_no: string;
  service_name: string;
  service_name_zh: string | null;
  package_name: string;
  package_name_zh: string | null;
  appointment_date: string;
  city: string;
  contact_phone: string;
  note: string;
  state: number;
  created_at: string;
}

/**
 * The member club (senior members; the caller checks): points and their orders, service packages and
 * bookings, favourites and activities. Names are said in the member's language.
 */
export class Club {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: DialectName,
    private readonly clock: Clock,
  ) {}

  private today() {
    return insurerToday(this.clock.now());
  }

  async myScore(customerId: number, paging: Paging, voice: Voice): Promise<MyScore> {
    const { pageNum, pageSize, offset } = pageOf(paging);
    const yearStart = `${this.today().slice(0, 4)}-01-01`;
    const mine = this.db.selectFrom('point_entry').where('customer_id', '=', customerId);
    const [balance, rows, total, year] = await Promise.all([
      pointBalance(this.db, customerId),
      mine
        .select(['kind', 'points', 'reason', 'text_key', 'text_params', 'at'])
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
      history: {
        list: rows.map((r) => ({
          kind: r.kind,
          points: r.points,
          reason: storedText(voice, r.text_key, r.text_params, null, r.reason),
          at: r.at,
        })),
        total: countOf(total),
        pageNum,
        pageSize,
      },
    };
  }

  private pointOrders(db: Kysely<DB>) {
    return db
      .selectFrom('point_order')
      .leftJoin('gift', 'gift.id', 'point_order.gift_id')
      .select([
        'point_order.order_no',
        'point_order.gift_name',
        'gift.name_zh as gift_name_zh',
        'point_order.quantity',
        'point_order.points',
        'point_order.state',
        'point_order.recipient',
        'point_order.address',
        'point_order.tracking_no',
        'point_order.created_at',
      ]);
  }

  private pointOrder(
    o: {
      order_no: string;
      gift_name: string;
      gift_name_zh: string | null;
      quantity: number;
      points: number;
      state: number;
      recipient: string;
      address: string;
      tracking_no: string | null;
      created_at: string;
    },
    voice: Voice,
  ): PointOrder {
    return {
      orderNo: o.order_no,
      giftName: localName(voice.locale, o.gift_name, o.gift_name_zh),
      quantity: o.quantity,
      points: o.points,
      state: o.state,
      recipient: o.recipient,
      address: o.address,
      trackingNo: o.tracking_no,
      createdAt: o.created_at,
    };
  }

  async pointOrderList(
    customerId: number,
    query: Paging & { state?: PointOrderStateValue },
    voice: Voice,
  ): Promise<Page<PointOrder>> {
    const { pageNum, pageSize, offset } = pageOf(query);
    let base = this.db.selectFrom('point_order').where('customer_id', '=', customerId);
    if (query.state) base = base.where('state', '=', query.state);
    let list = this.pointOrders(this.db).where('point_order.customer_id', '=', customerId);
    if (query.state) list = list.where('point_order.state', '=', query.state);
    const [rows, total] = await Promise.all([
      list
        .orderBy('point_order.created_at', 'desc')
        .orderBy('point_order.id', 'desc')
        .limit(pageSize)
        .offset(offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return { list: rows.map((o) => this.pointOrder(o, voice)), total: countOf(total), pageNum, pageSize };
  }

  async redeemGift(customerId: number, request: RedeemGiftRequest, voice: Voice): Promise<PointOrder> {
    const quantity = request.quantity ?? 1;
    return this.db.transaction().execute(async (trx) => {
      if (this.dialect === 'postgres') {
        // One redemption at a time per member, so that two cannot spend the same points.
        await trx.selectFrom('customer').select('id').where('id', '=', customerId).forUpdate().executeTakeFirst();
      }
      const gift = await trx
        .selectFrom('gift')
        .selectAll()
        .where('code', '=', request.giftCode)
        .where('state', '=', OfferState.onOffer)
        .executeTakeFirst();
      if (!gift) throw refuse('club.noSuchGift');
      const points = gift.points * quantity;
      const balance = await pointBalance(trx, customerId);
      if (balance < points) throw refuse('club.notEnoughPoints', { points, balance });
      const taken = await trx
        .updateTable('gift')
        .set((eb) => ({ stock: eb('stock', '-', quantity) }))
        .where('id', '=', gift.id)
        .where('stock', '>=', quantity)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) throw refuse('club.outOfStock');
      const at = this.clock.now().toISOString();
      const order = await trx
        .insertInto('point_order')
        .values({
          order_no: businessNo('JF', this.clock.now()),
          customer_id: customerId,
          gift_id: gift.id,
          gift_name: gift.name,
          quantity,
          points,
          state: PointOrderState.processing,
          recipient: request.recipient,
          phone: request.phone,
          address: request.address,
          tracking_no: null,
          created_at: at,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      // The ledger keeps the reason in both languages: the gift's name is data in both.
      const reason = (locale: 'en-US' | 'zh-CN') =>
        translate(locale, 'club.redeemedReason', {
          gift: localName(locale, gift.name, gift.name_zh),
          quantity,
        });
      await trx
        .insertInto('point_entry')
        .values({
          customer_id: customerId,
          kind: 'redeem',
          points: -points,
          reason: reason('en-US'),
          text_key: BILINGUAL,
          text_params: JSON.stringify({ text: { 'en-US': reason('en-US'), 'zh-CN': reason('zh-CN') } }),
          point_order_id: order.id,
          at,
        })
        .execute();
      return this.pointOrder({ ...order, gift_name_zh: gift.name_zh }, voice);
    });
  }

  async servicePackages(customerId: number, voice: Voice): Promise<ServicePackage[]> {
    const packages = await this.db
      .selectFrom('service_package')
      .selectAll()
      .where('customer_id', '=', customerId)
      .orderBy('valid_to', 'desc')
      .orderBy('id')
      .execute();
    const items = packages.length
      ? await this.db
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
    const day = this.today();
    return packages.map((p) => ({
      packageNo: p.package_no,
      name: localName(voice.locale, p.name, p.name_zh),
      description: localName(voice.locale, p.description, p.description_zh),
      policyNo: p.policy_no,
      validFrom: p.valid_from,
      validTo: p.valid_to,
      validity: p.valid_to >= day ? ('valid' as const) : ('expired' as const),
      items: items
        .filter((i) => i.package_id === p.id)
        .map((i) => ({
          itemId: i.id,
          code: i.code,
          name: localName(voice.locale, i.name, i.name_zh),
          totalUses: i.total_uses,
          usedUses: i.used_uses,
          remainingUses: i.total_uses - i.used_uses,
        })),
    }));
  }

  private bookings(db: Kysely<DB>) {
    return db
      .selectFrom('service_booking')
      .innerJoin('service_package_item', 'service_package_item.id', 'service_booking.item_id')
      .innerJoin('service_package', 'service_package.id', 'service_package_item.package_id');
  }

  private bookingView(b: BookingRow, voice: Voice): ServiceBooking {
    return {
      bookingNo: b.booking_no,
      serviceName: localName(voice.locale, b.service_name, b.service_name_zh),
      packageName: localName(voice.locale, b.package_name, b.package_name_zh),
      appointmentDate: b.appointment_date,
      city: b.city,
      contactPhone: b.contact_phone,
      note: b.note,
      state: b.state,
      createdAt: b.created_at,
    };
  }

  async bookingList(customerId: number, paging: Paging, voice: Voice): Promise<Page<ServiceBooking>> {
    const { pageNum, pageSize, offset } = pageOf(paging);
    const base = this.bookings(this.db).where('service_booking.customer_id', '=', customerId);
    const [rows, total] = await Promise.all([
      base
        .select(BOOKING_COLUMNS)
        .orderBy('service_booking.created_at', 'desc')
        .orderBy('service_booking.id', 'desc')
        .limit(pageSize)
        .offset(offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return { list: rows.map((b) => this.bookingView(b, voice)), total: countOf(total), pageNum, pageSize };
  }

  async bookService(customerId: number, request: BookServiceRequest, voice: Voice): Promise<ServiceBooking> {
    const day = this.today();
    if (request.appointmentDate <= day) throw refuse('club.bookFromTomorrow');
    return this.db.transaction().execute(async (trx) => {
      const item = await trx
        .selectFrom('service_package_item')
        .innerJoin('service_package', 'service_package.id', 'service_package_item.package_id')
        .select([
          'service_package_item.id',
          'service_package_item.name',
          'service_package_item.name_zh',
          'service_package_item.total_uses',
          'service_package_item.used_uses',
          'service_package.valid_to',
          'service_package.name as package_name',
          'service_package.name_zh as package_name_zh',
        ])
        .where('service_package_item.id', '=', request.itemId)
        .where('service_package.customer_id', '=', customerId)
        .executeTakeFirst();
      if (!item) throw refuse('club.noSuchService');
      if (item.valid_to < day) throw refuse('club.packageExpired');
      if (request.appointmentDate > item.valid_to) throw refuse('club.bookBeforeEnd', { date: item.valid_to });
      const used = await trx
        .updateTable('service_package_item')
        .set((eb) => ({ used_uses: eb('used_uses', '+', 1) }))
        .where('id', '=', item.id)
        .where((eb) => eb('used_uses', '<', eb.ref('total_uses')))
        .executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) throw refuse('club.noUsesLeft');
      const booking = await trx
        .insertInto('service_booking')
        .values({
          booking_no: businessNo('FW', this.clock.now()),
          customer_id: customerId,
          item_id: item.id,
          service_name: item.name,
          appointment_date: request.appointmentDate,
          city: request.city,
          contact_phone: request.contactPhone,
          note: request.note ?? '',
          state: BookingState.booked,
          created_at: this.clock.now().toISOString(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return this.bookingView(
        {
          ...booking,
          service_name_zh: item.name_zh,
          package_name: item.package_name,
          package_name_zh: item.package_name_zh,
        },
        voice,
      );
    });
  }

  async cancelBooking(customerId: number, bookingNo: string, voice: Voice): Promise<ServiceBooking> {
    return this.db.transaction().execute(async (trx) => {
      const booking = await this.bookings(trx)
        .select(BOOKING_COLUMNS)
        .where('service_booking.booking_no', '=', bookingNo)
        .where('service_booking.customer_id', '=', customerId)
        .executeTakeFirst();
      if (!booking) throw refuse('club.noSuchBooking');
      if (booking.state !== BookingState.booked)
        throw refuse(booking.state === BookingState.cancelled ? 'club.bookingCancelled' : 'club.bookingServed');
      const cancelled: Booking = BookingState.cancelled;
      const done = await trx
        .updateTable('service_booking')
        .set({ state: cancelled })
        .where('id', '=', booking.id)
        .where('state', '=', BookingState.booked)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) throw refuse('club.bookingChanged');
      await trx
        .updateTable('service_package_item')
        .set((eb) => ({ used_uses: eb('used_uses', '-', 1) }))
        .where('id', '=', booking.item_id)
        .where('used_uses', '>', 0)
        .execute();
      return this.bookingView({ ...booking, state: cancelled }, voice);
    });
  }

  async favourites(
    customerId: number,
    query: Paging & { kind?: Favourite['kind'] },
    voice: Voice,
  ): Promise<Page<Favourite>> {
    const { pageNum, pageSize, offset } = pageOf(query);
    let base = this.db.selectFrom('favourite').where('customer_id', '=', customerId);
    if (query.kind) base = base.where('kind', '=', query.kind);
    const [rows, total] = await Promise.all([
      base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(pageSize).offset(offset).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return {
      list: rows.map((f) => ({
        id: f.id,
        kind: f.kind as Favourite['kind'],
        title: localName(voice.locale, f.title, f.title_zh),
        summary: localName(voice.locale, f.summary, f.summary_zh),
        link: f.link,
        createdAt: f.created_at,
      })),
      total: countOf(total),
      pageNum,
      pageSize,
    };
  }

  async removeFavourite(customerId: number, id: number): Promise<null> {
    const gone = await this.db
      .deleteFrom('favourite')
      .where('id', '=', id)
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
    if (Number(gone.numDeletedRows) !== 1) throw refuse('club.noSuchFavourite');
    return null;
  }

  private async activityView(
    db: Kysely<DB>,
    a: Selectable<ClubActivityTable>,
    customerId: number,
    voice: Voice,
  ): Promise<Activity> {
    const [enrolled, mine] = await Promise.all([
      db
        .selectFrom('club_enrolment')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('activity_id', '=', a.id)
        .where('state', '=', EnrolmentState.enrolled)
        .executeTakeFirst(),
      db
        .selectFrom('club_enrolment')
        .select('state')
        .where('activity_id', '=', a.id)
        .where('customer_id', '=', customerId)
        .executeTakeFirst(),
    ]);
    const n = countOf(enrolled);
    const now = this.clock.now().toISOString();
    return {
      code: a.code,
      title: localName(voice.locale, a.title, a.title_zh),
      summary: localName(voice.locale, a.summary, a.summary_zh),
      city: localName(voice.locale, a.city, a.city_zh),
      startsAt: a.starts_at,
      endsAt: a.ends_at,
      enrolUntil: a.enrol_until,
      capacity: a.capacity,
      enrolled: n,
      joined: mine?.state === EnrolmentState.enrolled,
      status: a.enrol_until < now || a.state !== OfferState.onOffer ? 'closed' : n >= a.capacity ? 'full' : 'open',
    };
  }

  async activities(customerId: number, query: Paging & { mine?: boolean }, voice: Voice): Promise<Page<Activity>> {
    const { pageNum, pageSize, offset } = pageOf(query);
    let base = this.db.selectFrom('club_activity').where('state', '=', OfferState.onOffer);
    if (query.mine) {
      base = base.where((eb) =>
        eb.exists(
          eb
            .selectFrom('club_enrolment')
            .select('club_enrolment.id')
            .whereRef('club_enrolment.activity_id', '=', 'club_activity.id')
            .where('club_enrolment.customer_id', '=', customerId)
            .where('club_enrolment.state', '=', EnrolmentState.enrolled),
        ),
      );
    }
    const [rows, total] = await Promise.all([
      base.selectAll().orderBy('starts_at', 'desc').orderBy('id', 'desc').limit(pageSize).offset(offset).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return {
      list: await Promise.all(rows.map((a) => this.activityView(this.db, a, customerId, voice))),
      total: countOf(total),
      pageNum,
      pageSize,
    };
  }

  private async findActivity(trx: Kysely<DB>, code: string) {
    let query = trx
      .selectFrom('club_activity')
      .selectAll()
      .where('code', '=', code)
      .where('state', '=', OfferState.onOffer);
    if (this.dialect === 'postgres') query = query.forUpdate();
    const activity = await query.executeTakeFirst();
    if (!activity) throw refuse('club.noSuchActivity');
    return activity;
  }

  async joinActivity(user: SessionUser, code: string, voice: Voice): Promise<Activity> {
    return this.db.transaction().execute(async (trx) => {
      const activity = await this.findActivity(trx, code);
      const view = await this.activityView(trx, activity, user.customer_id, voice);
      if (view.joined) throw refuse('club.alreadyJoined');
      if (view.status === 'closed') throw refuse('club.enrolmentClosed');
      if (view.status === 'full') throw refuse('club.activityFull');
      const at = this.clock.now().toISOString();
      const existing = await trx
        .selectFrom('club_enrolment')
        .select('id')
        .where('activity_id', '=', activity.id)
        .where('customer_id', '=', user.customer_id)
        .executeTakeFirst();
      if (existing)
        await trx
          .updateTable('club_enrolment')
          .set({ state: EnrolmentState.enrolled, user_id: user.id, updated_at: at })
          .where('id', '=', existing.id)
          .execute();
      else
        await trx
          .insertInto('club_enrolment')
          .values({
            activity_id: activity.id,
            customer_id: user.customer_id,
            user_id: user.id,
            state: EnrolmentState.enrolled,
            enrolled_at: at,
            updated_at: at,
          })
          .execute();
      return this.activityView(trx, activity, user.customer_id, voice);
    });
  }

  async quitActivity(customerId: number, code: string, voice: Voice): Promise<Activity> {
    return this.db.transaction().execute(async (trx) => {
      const activity = await this.findActivity(trx, code);
      const now = this.clock.now().toISOString();
      if (activity.starts_at <= now) throw refuse('club.activityStarted');
      const done = await trx
        .updateTable('club_enrolment')
        .set({ state: EnrolmentState.withdrawn, updated_at: now })
        .where('activity_id', '=', activity.id)
        .where('customer_id', '=', customerId)
        .where('state', '=', EnrolmentState.enrolled)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) throw refuse('club.notJoined');
      return this.activityView(trx, activity, customerId, voice);
    });
  }
}
