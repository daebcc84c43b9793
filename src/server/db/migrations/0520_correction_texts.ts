import type { Kysely } from 'kysely';
import type { DialectName } from '../database';

/**
 * Corrections speak the reader's language: a correction keeps the language of the person who made
 * it (the texts it writes for others: payment description, insurance record), and its reasons and
 * its lines' findings are stored as catalogue keys with parameters. A modification line keeps the
 * fields as they were (old -> new); an exchange line keeps the leaver's refund beside its net.
 */
export function correctionTexts(dialect: DialectName) {
  const money = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('correction')
        .addColumn('locale', 'text', (c) => c.notNull().defaultTo('en-US'))
        .execute();
      await db.schema.alterTable('correction_item').addColumn('before', 'text').execute();
      await db.schema.alterTable('correction_item').addColumn('leaver_refund_fen', money).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('correction_item').dropColumn('leaver_refund_fen').execute();
      await db.schema.alterTable('correction_item').dropColumn('before').execute();
      await db.schema.alterTable('correction').dropColumn('locale').execute();
    },
  };
}
