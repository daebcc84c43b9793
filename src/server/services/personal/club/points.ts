import type { Kysely } from 'kysely';
import { insurerToday } from '@common/correction';
import type { Page } from '@contract/envelope';
import type { MyScore, PointOrder } from '@contract/io/personal';
import type { RedeemGiftRequest } from '@contract/io/personal.requests';
import { OfferState, PointOrderState, type PointOrderState as PointOrderStateValue } from '@contract/states';
import type { DB } from '@server/db/schema';
import type { DialectName } from '@server/db/database';
import { translate } from '@server/messages/catalogue';
import type { Clock } from '../../clock';
import { refuse } from '../../errors';
import { countOf, pageOf, type PageRequest } from '../../paging';
import { BILINGUAL, localName, storedText, type Voice } from '../../texts';
import { businessNo } from '../guards';
import { pointBalance } from '../ledger';

/** A points order with its gift's Chinese name. */
interface PointOrderRow {
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
}

function pointOrderView(o: PointOrderRow, voice: Voice): PointOrder {
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

/**
 * The club's points (senior members; the caller checks): the balance and its history, the orders of
 * gifts and redeeming a gift. Names are said in the member's language.
 */
export class ClubPoints {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: DialectName,
    private readonly clock: Clock,
  ) {}

  async myScore(customerId: number, paging: PageRequest, voice: Voice): Promise<MyScore> {
    const { pageNum, pageSize, offset } = pageOf(paging);
    const yearStart = `${insurerToday(this.clock.now()).slice(0, 4)}-01-01`;
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

  async pointOrderList(
    customerId: number,
    query: PageRequest & { state?: PointOrderStateValue },
    voice: Voice,
  ): Promise<Page<PointOrder>> {
    const { pageNum, pageSize, offset } = pageOf(query);
    let base = this.db.selectFrom('point_order').where('customer_id', '=', customerId);
    if (query.state) base = base.where('state', '=', query.state);
    let list = this.db
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
      ])
      .where('point_order.customer_id', '=', customerId);
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
    return { list: rows.map((o) => pointOrderView(o, voice)), total: countOf(total), pageNum, pageSize };
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
      return pointOrderView({ ...order, gift_name_zh: gift.name_zh }, voice);
    });
  }
}
