import type { Kysely } from 'kysely';
import { withId, type DialectName } from '../database';

/**
 * The policy area's texts in both languages: the product catalogue (names, summaries and coverages
 * in en-US and zh-CN, by product code), and the texts the gateway writes into claims, insurance
 * records and premium payments kept as a catalogue key with its parameters (text_key, text_params),
 * rendered in the reader's language; claim documents named by a code of the catalogue.
 */
export function policyTexts(dialect: DialectName) {
  const money = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('product'), dialect)
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('name_en', 'text', (c) => c.notNull())
        .addColumn('name_zh', 'text', (c) => c.notNull())
        .addColumn('summary_en', 'text', (c) => c.notNull())
        .addColumn('summary_zh', 'text', (c) => c.notNull())
        .addColumn('coverages', 'text', (c) => c.notNull())
        .addColumn('price_from_fen', money, (c) => c.notNull())
        .addColumn('price_unit', 'text', (c) => c.notNull())
        .addColumn('on_sale', 'integer', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      for (const table of ['claim_event', 'insurance_record', 'premium_payment']) {
        await db.schema.alterTable(table).addColumn('text_key', 'text').execute();
        await db.schema.alterTable(table).addColumn('text_params', 'text').execute();
      }
      await db.schema.alterTable('claim_document').addColumn('code', 'text').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('claim_document').dropColumn('code').execute();
      for (const table of ['claim_event', 'insurance_record', 'premium_payment']) {
        await db.schema.alterTable(table).dropColumn('text_params').execute();
        await db.schema.alterTable(table).dropColumn('text_key').execute();
      }
      await db.schema.dropTable('product').execute();
    },
  };
}
