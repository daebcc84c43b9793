import type { Kysely } from 'kysely';

/**
 * The personal centre's seeded names in Chinese beside the English ones (gifts, coupons, service
 * packages and their services, favourites, activities, funds, asset accounts, bonus products, order
 * cancellation reasons), and the texts the gateway writes into the points ledger and asset
 * transactions kept as a catalogue key with its parameters (text_key, text_params).
 */
const CHINESE_COLUMNS: Array<[table: string, column: string]> = [
  ['gift', 'name_zh'],
  ['gift', 'description_zh'],
  ['coupon', 'title_zh'],
  ['coupon', 'scope_zh'],
  ['service_package', 'name_zh'],
  ['service_package', 'description_zh'],
  ['service_package_item', 'name_zh'],
  ['favourite', 'title_zh'],
  ['favourite', 'summary_zh'],
  ['club_activity', 'title_zh'],
  ['club_activity', 'summary_zh'],
  ['club_activity', 'city_zh'],
  ['fund', 'name_zh'],
  ['asset_account', 'name_zh'],
  ['bonus_record', 'product_name_zh'],
  ['member_order', 'cancel_reason_zh'],
];

export function personalTexts() {
  return {
    async up(db: Kysely<any>) {
      for (const [table, column] of CHINESE_COLUMNS)
        await db.schema.alterTable(table).addColumn(column, 'text').execute();
      for (const table of ['point_entry', 'asset_transaction']) {
        await db.schema.alterTable(table).addColumn('text_key', 'text').execute();
        await db.schema.alterTable(table).addColumn('text_params', 'text').execute();
      }
    },
    async down(db: Kysely<any>) {
      for (const table of ['point_entry', 'asset_transaction']) {
        await db.schema.alterTable(table).dropColumn('text_params').execute();
        await db.schema.alterTable(table).dropColumn('text_key').execute();
      }
      for (const [table, column] of CHINESE_COLUMNS) await db.schema.alterTable(table).dropColumn(column).execute();
    },
  };
}
