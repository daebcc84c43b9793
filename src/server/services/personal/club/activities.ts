import type { Kysely, Selectable } from 'kysely';
import type { Page } from '@contract/envelope';
import type { Activity } from '@contract/io/personal';
import { EnrolmentState, OfferState } from '@contract/states';
import type { DB } from '@server/db/schema';
import type { ClubActivityTable } from '@server/db/tables/personal';
import type { DialectName } from '@server/db/database';
import type { Clock } from '../../clock';
import { refuse } from '../../errors';
import type { SessionUser } from '../../identity';
import { countOf, pageOf, type PageRequest } from '../../paging';
import { localName, type Voice } from '../../texts';

/**
 * The club's activities (senior members; the caller checks): the list, joining and withdrawing.
 * Titles, summaries and cities are said in the member's language.
 */
export class ClubActivities {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: DialectName,
    private readonly clock: Clock,
  ) {}

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

  async activities(customerId: number, query: PageRequest & { mine?: boolean }, voice: Voice): Promise<Page<Activity>> {
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
