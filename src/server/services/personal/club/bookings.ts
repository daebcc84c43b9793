import type { Kysely } from 'kysely';
import { insurerToday } from '@common/correction';
import type { Page } from '@contract/envelope';
import type { ServiceBooking, ServicePackage } from '@contract/io/personal';
import type { BookServiceRequest } from '@contract/io/personal.requests';
import { BookingState, type BookingState as Booking } from '@contract/states';
import type { DB } from '@server/db/schema';
import type { Clock } from '../../clock';
import { refuse } from '../../errors';
import { countOf, pageOf, type PageRequest } from '../../paging';
import { localName, type Voice } from '../../texts';
import { businessNo } from '../guards';

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

/** Bookings with their service and package. */
function bookings(db: Kysely<DB>) {
  return db
    .selectFrom('service_booking')
    .innerJoin('service_package_item', 'service_package_item.id', 'service_booking.item_id')
    .innerJoin('service_package', 'service_package.id', 'service_package_item.package_id');
}

function bookingView(b: BookingRow, voice: Voice): ServiceBooking {
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

/**
 * The club's service packages (senior members; the caller checks): the packages and their services'
 * uses, booking a service and cancelling a booking. Names are said in the member's language.
 */
export class ClubBookings {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {}

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
    const day = insurerToday(this.clock.now());
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

  async bookingList(customerId: number, paging: PageRequest, voice: Voice): Promise<Page<ServiceBooking>> {
    const { pageNum, pageSize, offset } = pageOf(paging);
    const base = bookings(this.db).where('service_booking.customer_id', '=', customerId);
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
    return { list: rows.map((b) => bookingView(b, voice)), total: countOf(total), pageNum, pageSize };
  }

  async bookService(customerId: number, request: BookServiceRequest, voice: Voice): Promise<ServiceBooking> {
    const day = insurerToday(this.clock.now());
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
      return bookingView(
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
      const booking = await bookings(trx)
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
      return bookingView({ ...booking, state: cancelled }, voice);
    });
  }
}
