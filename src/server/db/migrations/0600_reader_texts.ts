import { sql, type Kysely } from 'kysely';
import { formatFen } from '@common/money';
import { translate, type MessageParams } from '../../messages/catalogue';
import { rewritePolicyDetails } from './policyDetails';

/**
 * Texts written in the language of the request that wrote them become data said in each reader's:
 *   - a correction's premium payments and refunds, and its insurance record, get their catalogue key
 *     and values (text_key, text_params: 'correction.record.<kind>' with the number of people, the
 *     correction's number and what happened to the premium);
 *   - an e-invoice's line items, copied from the payment as it was written, are said again in Chinese
 *     (a Chinese tax invoice's lines are Chinese, whatever the buyer's language).
 *   - a reason kept with an import, a line or a decision that named an occupation (a risk category
 *     the policy does not cover) names it in both languages, from the occupation catalogue.
 *   - a motor policy's vehicle type, usage and drivers, kept as Chinese words in its details, become
 *     codes ('any' or 'named' drivers with their names apart).
 * No data is lost, but the rows' English cannot be told from what it replaced: no way back.
 */
export function readerTexts() {
  return {
    async up(db: Kysely<any>) {
      await correctionPayments(db);
      await correctionRecords(db);
      await invoiceLines(db);
      await occupationReasons(db);
      await motorDetails(db);
    },
    async down() {
      throw new Error('0600_reader_texts cannot be undone: restore the backup taken before it.');
    },
  };
}

async function correctionPayments(db: Kysely<any>) {
  const rows = await db
    .selectFrom('premium_payment as p')
    .innerJoin('correction as c', 'c.id', 'p.correction_id')
    .innerJoin('policy as x', 'x.id', 'p.policy_id')
    .select(['p.id', 'p.pay_type', 'c.correction_no', 'x.policy_no'])
    .where('p.text_key', 'is', null)
    .execute();
  for (const r of rows) {
    const refund = r.pay_type === 'refund';
    await db
      .updateTable('premium_payment')
      .set({
        text_key: refund ? 'correction.refundDescription' : 'correction.paymentDescription',
        text_params: JSON.stringify(
          refund ? { correctionNo: r.correction_no } : { correctionNo: r.correction_no, policyNo: r.policy_no },
        ),
      })
      .where('id', '=', r.id)
      .execute();
  }
}

async function correctionRecords(db: Kysely<any>) {
  const rows = await db
    .selectFrom('insurance_record as r')
    .innerJoin('correction as c', (j) =>
      j.onRef('c.policy_id', '=', 'r.policy_id').on('r.record_no', '=', sql<string>`'IR' || c.correction_no`),
    )
    .select(['r.id', 'c.id as correction_id', 'c.kind', 'c.correction_no', 'c.net_fen'])
    .where('r.text_key', 'is', null)
    .execute();
  for (const r of rows) {
    const people = await db
      .selectFrom('correction_item')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('correction_id', '=', r.correction_id)
      .executeTakeFirstOrThrow();
    const net = Number(r.net_fen ?? 0);
    const amount = formatFen(Math.abs(net));
    const money =
      net > 0
        ? { key: 'correction.record.charged', params: { amount } }
        : net < 0
          ? { key: 'correction.record.refunded', params: { amount } }
          : { key: 'correction.record.noChange' };
    await db
      .updateTable('insurance_record')
      .set({
        text_key: `correction.record.${r.kind}`,
        text_params: JSON.stringify({ count: Number(people.n), correctionNo: r.correction_no, money }),
      })
      .where('id', '=', r.id)
      .execute();
  }
}

async function invoiceLines(db: Kysely<any>) {
  const products = new Map(
    (await db.selectFrom('product').select(['code', 'name_zh']).execute()).map((p) => [p.code, p.name_zh as string]),
  );
  const rows = await db
    .selectFrom('invoice_item as i')
    .innerJoin('premium_payment as p', 'p.id', 'i.payment_id')
    .select(['i.id', 'p.text_key', 'p.text_params'])
    .where('p.text_key', 'is not', null)
    .execute();
  for (const r of rows) {
    const params: MessageParams = {};
    for (const [name, value] of Object.entries(JSON.parse(r.text_params ?? '{}') as Record<string, unknown>)) {
      if (typeof value === 'string' || typeof value === 'number') params[name] = value;
      else if (value && typeof value === 'object' && 'product' in value)
        params[name] = products.get(String(value.product)) ?? String(value.product);
    }
    await db
      .updateTable('invoice_item')
      .set({ description: translate('zh-CN', r.text_key, params) })
      .where('id', '=', r.id)
      .execute();
  }
}

/** Where kept reasons are JSON holding { key, params } (an import's rows, a line's problems, a decision's reasons). */
const KEPT_REASONS: Array<[table: string, column: string]> = [
  ['correction_import', 'errors'],
  ['correction_item', 'problems'],
  ['correction', 'reasons'],
];

async function occupationReasons(db: Kysely<any>) {
  const names = new Map<string, { 'en-US': string; 'zh-CN': string }>();
  for (const o of await db.selectFrom('occupation').select(['name', 'name_zh']).execute()) {
    const both = { 'en-US': o.name as string, 'zh-CN': o.name_zh as string };
    names.set(both['en-US'], both);
    names.set(both['zh-CN'], both);
  }
  const mend = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(mend);
    if (!value || typeof value !== 'object') return value;
    const o = value as Record<string, unknown>;
    if (o.key === 'roster.categoryNotCovered' && o.params && typeof o.params === 'object') {
      const params = o.params as Record<string, unknown>;
      const both = typeof params.occupation === 'string' ? names.get(params.occupation) : undefined;
      return both ? { ...o, params: { ...params, occupation: both } } : o;
    }
    return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, mend(v)]));
  };
  for (const [table, column] of KEPT_REASONS) {
    const rows = await db
      .selectFrom(table)
      .select(['id', column])
      .where(column, 'like', '%roster.categoryNotCovered%')
      .execute();
    for (const r of rows) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(r[column]);
      } catch {
        continue;
      }
      await db
        .updateTable(table)
        .set({ [column]: JSON.stringify(mend(parsed)) })
        .where('id', '=', r.id)
        .execute();
    }
  }
}

const VEHICLE_TYPES: Record<string, string> = {
  非营业客车: 'nonCommercialPassenger',
  家庭自用客车: 'privatePassenger',
};
const USAGES: Record<string, string> = { 企业非营业: 'enterpriseNonCommercial', 家庭自用: 'private' };

function motorDetails(db: Kysely<any>) {
  return rewritePolicyDetails(db, 'motor', (d) => {
    const next = { ...d };
    if (typeof d.vehicleType === 'string' && VEHICLE_TYPES[d.vehicleType])
      next.vehicleType = VEHICLE_TYPES[d.vehicleType];
    if (typeof d.usage === 'string' && USAGES[d.usage]) next.usage = USAGES[d.usage];
    if (d.driverScope === '不指定驾驶人') next.driverScope = 'any';
    const named = typeof d.driverScope === 'string' ? /^指定驾驶人[：:]\s*(.+)$/.exec(d.driverScope) : null;
    if (named) Object.assign(next, { driverScope: 'named', drivers: named[1].split(/[、，,]\s*/).filter(Boolean) });
    return next;
  });
}
