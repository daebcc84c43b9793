import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database';

/**
 * The identity document of each person (ID_TYPES in src/contract/person.ts): a correction's lines
 * carry it as the roster does. The roster's rows, written as 'ID' until now, are resident ID cards,
 * and so is every line already written.
 */
export function idType(dialect: DialectName) {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('correction_item')
        .addColumn('id_type', 'text', (c) => c.notNull().defaultTo('residentId'))
        .execute();
      await sql`update insured_person set id_type = 'residentId' where id_type = 'ID'`.execute(db);
      // SQLite cannot change a column's default; every row written names its document anyway.
      if (dialect === 'postgres')
        await sql`alter table insured_person alter column id_type set default 'residentId'`.execute(db);
    },
    async down() {
      throw new Error('0630_id_type cannot be undone: restore the backup taken before it.');
    },
  };
}
