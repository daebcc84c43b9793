import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { projectRoot } from '@server/root';
import { withId, type DialectName } from '../database';

const OCCUPATIONS_FILE = path.join(projectRoot, 'fixtures', 'reference', 'occupations.json');

interface OccupationFixture {
  occupations: Array<{ code: string; name: string; nameZh: string; riskCategory: number }>;
}

/** The occupation catalogue is reference data every install needs, so the migration loads it. */
function occupationRows() {
  const fixture = JSON.parse(fs.readFileSync(OCCUPATIONS_FILE, 'utf8')) as OccupationFixture;
  return fixture.occupations.map((o) => ({
    code: o.code,
    name: o.name,
    name_zh: o.nameZh,
    risk_category: o.riskCategory,
    search: `${o.code} ${o.name.toLowerCase()} ${o.nameZh}`,
  }));
}

export function corrections(dialect: DialectName) {
  const money = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('correction'), dialect)
        .addColumn('correction_no', 'text', (c) => c.notNull().unique())
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
        .addColumn('policy_id', 'integer', (c) => c.notNull().references('policy.id'))
        .addColumn('open_policy_id', 'integer')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('variant', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('effective_date', 'text', (c) => c.notNull())
        .addColumn('item_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('premium_fen', money, (c) => c.notNull().defaultTo(0))
        .addColumn('refund_fen', money, (c) => c.notNull().defaultTo(0))
        .addColumn('net_fen', money)
        .addColumn('scenario', 'text')
        .addColumn('pay_type', 'text')
        .addColumn('decision', 'text')
        .addColumn('reasons', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('review_due_at', 'text')
        .addColumn('created_by', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('submitted_at', 'text')
        .addColumn('decided_at', 'text')
        .addColumn('in_force_at', 'text')
        .addColumn('cancelled_at', 'text')
        .execute();
      await db.schema
        .createIndex('correction_open_policy')
        .on('correction')
        .column('open_policy_id')
        .unique()
        .execute();
      await db.schema.createIndex('correction_customer').on('correction').columns(['customer_id', 'id']).execute();

      await withId(db.schema.createTable('correction_item'), dialect)
        .addColumn('correction_id', 'integer', (c) => c.notNull().references('correction.id').onDelete('cascade'))
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('person_id', 'integer')
        .addColumn('name', 'text', (c) => c.notNull())
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
        .addColumn('premium_fen', money)
        .addColumn('days', 'integer')
        .addColumn('refund_withheld', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('problems', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('new_person_id', 'integer')
        .execute();
      await db.schema
        .createIndex('correction_item_correction')
        .on('correction_item')
        .columns(['correction_id', 'id'])
        .execute();

      await withId(db.schema.createTable('correction_import'), dialect)
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
        .addColumn('policy_id', 'integer', (c) => c.notNull())
        .addColumn('correction_id', 'integer')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('variant', 'text', (c) => c.notNull())
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('total_rows', 'integer', (c) => c.notNull())
        .addColumn('error_rows', 'integer', (c) => c.notNull())
        .addColumn('errors', 'text', (c) => c.notNull())
        .addColumn('headers', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('correction_request')
        .addColumn('customer_id', 'integer', (c) => c.notNull())
        .addColumn('idem_key', 'text', (c) => c.notNull())
        .addColumn('call', 'text', (c) => c.notNull())
        .addColumn('correction_id', 'integer')
        .addColumn('response', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('correction_request_pk', ['customer_id', 'idem_key'])
        .execute();

      await withId(db.schema.createTable('correction_pay_link'), dialect)
        .addColumn('payment_id', 'integer', (c) => c.notNull().references('premium_payment.id'))
        .addColumn('token', 'text', (c) => c.notNull().unique())
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('correction_pay_link_payment')
        .on('correction_pay_link')
        .columns(['payment_id', 'id'])
        .execute();
      await db.schema.createIndex('premium_payment_correction').on('premium_payment').column('correction_id').execute();

      await db.schema
        .createTable('occupation')
        .addColumn('code', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_zh', 'text', (c) => c.notNull())
        .addColumn('risk_category', 'integer', (c) => c.notNull())
        .addColumn('search', 'text', (c) => c.notNull())
        .execute();
      await db.insertInto('occupation').values(occupationRows()).execute();

      await withId(db.schema.createTable('customer_bank_account'), dialect)
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
        .addColumn('account_name', 'text', (c) => c.notNull())
        .addColumn('bank_name', 'text', (c) => c.notNull())
        .addColumn('account_no', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('insured_person_policy_emp')
        .on('insured_person')
        .columns(['policy_id', 'state', 'employee_no'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('insured_person_policy_emp').execute();
      await db.schema.dropIndex('premium_payment_correction').execute();
      for (const t of [
        'customer_bank_account',
        'occupation',
        'correction_pay_link',
        'correction_request',
        'correction_import',
        'correction_item',
        'correction',
      ]) {
        await db.schema.dropTable(t).execute();
      }
    },
  };
}
