import type { Kysely } from 'kysely';
import { withId, type DialectName } from '../database';

export function core(dialect: DialectName) {
  const money = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('policy'), dialect)
        .addColumn('policy_no', 'text', (c) => c.notNull().unique())
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('product_code', 'text', (c) => c.notNull())
        .addColumn('product_name', 'text', (c) => c.notNull())
        .addColumn('state', 'integer', (c) => c.notNull())
        .addColumn('holder_name', 'text', (c) => c.notNull())
        .addColumn('insured_name', 'text')
        .addColumn('issue_date', 'text', (c) => c.notNull())
        .addColumn('start_date', 'text', (c) => c.notNull())
        .addColumn('end_date', 'text', (c) => c.notNull())
        .addColumn('premium_fen', money, (c) => c.notNull())
        .addColumn('sum_insured_fen', money, (c) => c.notNull())
        .addColumn('payment_state', 'integer', (c) => c.notNull())
        .addColumn('auto_renew', 'integer', (c) => c.notNull().defaultTo(2))
        .addColumn('roster', 'text')
        .addColumn('min_members', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('min_age', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('max_age', 'integer', (c) => c.notNull().defaultTo(120))
        .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('policy_customer').on('policy').columns(['customer_id', 'kind', 'state']).execute();

      await withId(db.schema.createTable('policy_risk'), dialect)
        .addColumn('policy_id', 'integer', (c) => c.notNull().references('policy.id').onDelete('cascade'))
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('sum_insured_fen', money, (c) => c.notNull())
        .addColumn('premium_fen', money, (c) => c.notNull())
        .addColumn('deductible', 'text')
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('policy_risk_policy').on('policy_risk').column('policy_id').execute();

      await db.schema
        .createTable('policy_rate')
        .addColumn('policy_id', 'integer', (c) => c.notNull().references('policy.id').onDelete('cascade'))
        .addColumn('risk_category', 'integer', (c) => c.notNull())
        .addColumn('annual_premium_fen', money, (c) => c.notNull())
        .addPrimaryKeyConstraint('policy_rate_pk', ['policy_id', 'risk_category'])
        .execute();

      await withId(db.schema.createTable('insured_person'), dialect)
        .addColumn('policy_id', 'integer', (c) => c.notNull().references('policy.id'))
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('id_type', 'text', (c) => c.notNull().defaultTo('ID'))
        .addColumn('id_number', 'text', (c) => c.notNull())
        .addColumn('sex', 'text', (c) => c.notNull())
        .addColumn('birthdate', 'text', (c) => c.notNull())
        .addColumn('phone', 'text')
        .addColumn('employee_no', 'text')
        .addColumn('department', 'text')
        .addColumn('occupation_code', 'text')
        .addColumn('occupation_name', 'text')
        .addColumn('risk_category', 'integer')
        .addColumn('bank_name', 'text')
        .addColumn('bank_account', 'text')
        .addColumn('effective_date', 'text', (c) => c.notNull())
        .addColumn('end_date', 'text')
        .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('insured_person_policy_name')
        .on('insured_person')
        .columns(['policy_id', 'state', 'name', 'id'])
        .execute();
      await db.schema
        .createIndex('insured_person_policy_idno')
        .on('insured_person')
        .columns(['policy_id', 'id_number'])
        .execute();
      await db.schema
        .createIndex('insured_person_customer_idno')
        .on('insured_person')
        .columns(['customer_id', 'id_number'])
        .execute();

      await withId(db.schema.createTable('claim'), dialect)
        .addColumn('claim_no', 'text', (c) => c.notNull().unique())
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
        .addColumn('policy_id', 'integer', (c) => c.notNull().references('policy.id'))
        .addColumn('insured_person_id', 'integer', (c) => c.references('insured_person.id'))
        .addColumn('claimant_name', 'text', (c) => c.notNull())
        .addColumn('accident_date', 'text', (c) => c.notNull())
        .addColumn('report_date', 'text', (c) => c.notNull())
        .addColumn('state', 'integer', (c) => c.notNull())
        .addColumn('cause', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('claimed_fen', money, (c) => c.notNull())
        .addColumn('approved_fen', money, (c) => c.notNull().defaultTo(0))
        .addColumn('paid_fen', money, (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('claim_customer').on('claim').columns(['customer_id', 'report_date']).execute();
      await db.schema.createIndex('claim_person').on('claim').column('insured_person_id').execute();

      await withId(db.schema.createTable('claim_event'), dialect)
        .addColumn('claim_id', 'integer', (c) => c.notNull().references('claim.id').onDelete('cascade'))
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('state', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('claim_event_claim').on('claim_event').column('claim_id').execute();

      await withId(db.schema.createTable('premium_payment'), dialect)
        .addColumn('payment_no', 'text', (c) => c.notNull().unique())
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
        .addColumn('policy_id', 'integer', (c) => c.notNull().references('policy.id'))
        .addColumn('correction_id', 'integer')
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('amount_fen', money, (c) => c.notNull())
        .addColumn('state', 'integer', (c) => c.notNull())
        .addColumn('pay_type', 'text')
        .addColumn('paid_at', 'text')
        .addColumn('invoice_id', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('premium_payment_customer')
        .on('premium_payment')
        .columns(['customer_id', 'state', 'invoice_id'])
        .execute();
    },
    async down(db: Kysely<any>) {
      for (const t of [
        'premium_payment',
        'claim_event',
        'claim',
        'insured_person',
        'policy_rate',
        'policy_risk',
        'policy',
      ]) {
        await db.schema.dropTable(t).execute();
      }
    },
  };
}
