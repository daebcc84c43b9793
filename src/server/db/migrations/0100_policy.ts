import { sql, type Kysely } from 'kysely';
import { withId, type DialectName } from '../database';

/** Insurance records, the people they concern, claim documents, and the indexes of the policy calls. */
export function policyArea(dialect: DialectName) {
  const money = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('insurance_record'), dialect)
        .addColumn('record_no', 'text', (c) => c.notNull().unique())
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
        .addColumn('policy_id', 'integer', (c) => c.notNull().references('policy.id'))
        .addColumn('record_type', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('headcount_change', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('premium_change_fen', money, (c) => c.notNull().defaultTo(0))
        .addColumn('effective_date', 'text', (c) => c.notNull())
        .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('insurance_record_customer')
        .on('insurance_record')
        .columns(['customer_id', 'effective_date'])
        .execute();
      await db.schema
        .createIndex('insurance_record_policy')
        .on('insurance_record')
        .columns(['policy_id', 'effective_date'])
        .execute();

      await withId(db.schema.createTable('insurance_record_item'), dialect)
        .addColumn('record_id', 'integer', (c) => c.notNull().references('insurance_record.id').onDelete('cascade'))
        .addColumn('insured_person_id', 'integer', (c) => c.references('insured_person.id'))
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('id_number', 'text', (c) => c.notNull())
        .addColumn('premium_fen', money, (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('insurance_record_item_record')
        .on('insurance_record_item')
        .columns(['record_id', 'id'])
        .execute();

      await withId(db.schema.createTable('claim_document'), dialect)
        .addColumn('claim_id', 'integer', (c) => c.notNull().references('claim.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('state', 'integer', (c) => c.notNull())
        .addColumn('received_at', 'text')
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('claim_document_claim').on('claim_document').column('claim_id').execute();

      // The insured-person lookup searches a company's people by name across its policies.
      await db.schema
        .createIndex('insured_person_customer_name')
        .on('insured_person')
        .columns(['customer_id', 'name', 'id'])
        .execute();
      if (dialect === 'postgres') {
        // PostgreSQL answers `name LIKE 'prefix%'` from an index only with the pattern operator class.
        await sql`create index insured_person_policy_name_prefix on insured_person (policy_id, state, name text_pattern_ops, id)`.execute(
          db,
        );
        await sql`create index insured_person_customer_name_prefix on insured_person (customer_id, name text_pattern_ops)`.execute(
          db,
        );
      }
      await db.schema.createIndex('claim_policy').on('claim').column('policy_id').execute();
      await db.schema.createIndex('premium_payment_policy').on('premium_payment').column('policy_id').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('premium_payment_policy').execute();
      await db.schema.dropIndex('claim_policy').execute();
      await db.schema.dropIndex('insured_person_customer_name').execute();
      if (dialect === 'postgres') {
        await db.schema.dropIndex('insured_person_policy_name_prefix').execute();
        await db.schema.dropIndex('insured_person_customer_name_prefix').execute();
      }
      for (const t of ['claim_document', 'insurance_record_item', 'insurance_record'])
        await db.schema.dropTable(t).execute();
    },
  };
}
