import type { Kysely } from 'kysely';
import { withId, type DialectName } from '../database';

/**
 * Certificates of insurance (参保证明) given to insured employees: each one's verification code and
 * what it certifies (the person, the policy, the period of cover as it stood when issued), so that the
 * site's verify page can check a code without a login.
 */
export function certificate(dialect: DialectName) {
  return {
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('certificate'), dialect)
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
        .addColumn('policy_id', 'integer', (c) => c.notNull().references('policy.id'))
        .addColumn('insured_person_id', 'integer', (c) => c.notNull().references('insured_person.id'))
        .addColumn('person_name', 'text', (c) => c.notNull())
        .addColumn('id_number_masked', 'text', (c) => c.notNull())
        .addColumn('cover_from', 'text', (c) => c.notNull())
        .addColumn('cover_to', 'text', (c) => c.notNull())
        .addColumn('issued_by', 'integer', (c) => c.notNull().references('app_user.id'))
        .addColumn('issued_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('certificate_person').on('certificate').columns(['insured_person_id']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('certificate').execute();
    },
  };
}
