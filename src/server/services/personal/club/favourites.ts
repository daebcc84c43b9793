import type { Kysely } from 'kysely';
import type { Page } from '@contract/envelope';
import type { Favourite } from '@contract/io/personal';
import type { DB } from '@server/db/schema';
import { refuse } from '../../errors';
import { countOf, pageOf, type PageRequest } from '../../paging';
import { localName, type Voice } from '../../texts';

/** The club's favourites (senior members; the caller checks), said in the member's language. */
export class ClubFavourites {
  constructor(private readonly db: Kysely<DB>) {}

  async favourites(
    customerId: number,
    query: PageRequest & { kind?: Favourite['kind'] },
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
}
