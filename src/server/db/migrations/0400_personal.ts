import type { Kysely } from 'kysely';
import { withId, type DialectName } from '../database';

/** The personal centre (src/server/db/tables/personal.ts). */
export function personal(dialect: DialectName) {
  const money = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('policy').addColumn('holder_id_number', 'text').execute();
      await db.schema.createIndex('policy_holder_id_number').on('policy').column('holder_id_number').execute();

      await db.schema
        .createTable('system_customer')
        .addColumn('role', 'text', (c) => c.primaryKey())
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
        .execute();

      await withId(db.schema.createTable('policy_bind_attempt'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id'))
        .addColumn('policy_no', 'text', (c) => c.notNull())
        .addColumn('succeeded', 'integer', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('policy_bind_attempt_user_at')
        .on('policy_bind_attempt')
        .columns(['user_id', 'at'])
        .execute();

      await withId(db.schema.createTable('policy_renewal_change'), dialect)
        .addColumn('policy_id', 'integer', (c) => c.notNull().references('policy.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id'))
        .addColumn('auto_renew_before', 'integer', (c) => c.notNull())
        .addColumn('auto_renew_after', 'integer', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('member_order'), dialect)
        .addColumn('order_no', 'text', (c) => c.notNull().unique())
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('product_code', 'text', (c) => c.notNull())
        .addColumn('product_name', 'text', (c) => c.notNull())
        .addColumn('policy_kind', 'text', (c) => c.notNull())
        .addColumn('holder_name', 'text', (c) => c.notNull())
        .addColumn('insured_name', 'text', (c) => c.notNull())
        .addColumn('amount_fen', money, (c) => c.notNull())
        .addColumn('state', 'integer', (c) => c.notNull())
        .addColumn('start_date', 'text', (c) => c.notNull())
        .addColumn('end_date', 'text', (c) => c.notNull())
        .addColumn('coverages', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('pay_deadline', 'text')
        .addColumn('paid_at', 'text')
        .addColumn('cancelled_at', 'text')
        .addColumn('cancel_reason', 'text')
        .addColumn('policy_no', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('member_order_customer')
        .on('member_order')
        .columns(['customer_id', 'kind', 'state', 'created_at'])
        .execute();

      await withId(db.schema.createTable('gift'), dialect)
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('points', 'integer', (c) => c.notNull())
        .addColumn('stock', 'integer', (c) => c.notNull())
        .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await withId(db.schema.createTable('point_order'), dialect)
        .addColumn('order_no', 'text', (c) => c.notNull().unique())
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
        .addColumn('gift_id', 'integer', (c) => c.notNull().references('gift.id'))
        .addColumn('gift_name', 'text', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('points', 'integer', (c) => c.notNull())
        .addColumn('state', 'integer', (c) => c.notNull())
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('tracking_no', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('point_order_customer')
        .on('point_order')
        .columns(['customer_id', 'created_at'])
        .execute();

      await withId(db.schema.createTable('point_entry'), dialect)
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('points', 'integer', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('point_order_id', 'integer', (c) => c.references('point_order.id'))
        .addColumn('at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('point_entry_customer').on('point_entry').columns(['customer_id', 'at']).execute();

      await withId(db.schema.createTable('coupon'), dialect)
        .addColumn('coupon_no', 'text', (c) => c.notNull().unique())
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('value', 'integer', (c) => c.notNull())
        .addColumn('threshold_fen', money, (c) => c.notNull().defaultTo(0))
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('valid_from', 'text', (c) => c.notNull())
        .addColumn('valid_to', 'text', (c) => c.notNull())
        .addColumn('state', 'integer', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema
        .createIndex('coupon_customer')
        .on('coupon')
        .columns(['customer_id', 'state', 'valid_to'])
        .execute();

      await withId(db.schema.createTable('service_package'), dialect)
        .addColumn('package_no', 'text', (c) => c.notNull().unique())
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('policy_no', 'text')
        .addColumn('valid_from', 'text', (c) => c.notNull())
        .addColumn('valid_to', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('service_package_customer').on('service_package').column('customer_id').execute();

      await withId(db.schema.createTable('service_package_item'), dialect)
        .addColumn('package_id', 'integer', (c) => c.notNull().references('service_package.id').onDelete('cascade'))
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('total_uses', 'integer', (c) => c.notNull())
        .addColumn('used_uses', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('service_package_item_package')
        .on('service_package_item')
        .column('package_id')
        .execute();

      await withId(db.schema.createTable('service_booking'), dialect)
        .addColumn('booking_no', 'text', (c) => c.notNull().unique())
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
        .addColumn('item_id', 'integer', (c) => c.notNull().references('service_package_item.id'))
        .addColumn('service_name', 'text', (c) => c.notNull())
        .addColumn('appointment_date', 'text', (c) => c.notNull())
        .addColumn('city', 'text', (c) => c.notNull())
        .addColumn('contact_phone', 'text', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('state', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('service_booking_customer')
        .on('service_booking')
        .columns(['customer_id', 'created_at'])
        .execute();

      await withId(db.schema.createTable('favourite'), dialect)
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('summary', 'text', (c) => c.notNull())
        .addColumn('link', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('favourite_customer')
        .on('favourite')
        .columns(['customer_id', 'created_at'])
        .execute();

      await withId(db.schema.createTable('club_activity'), dialect)
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('summary', 'text', (c) => c.notNull())
        .addColumn('city', 'text', (c) => c.notNull())
        .addColumn('starts_at', 'text', (c) => c.notNull())
        .addColumn('ends_at', 'text', (c) => c.notNull())
        .addColumn('enrol_until', 'text', (c) => c.notNull())
        .addColumn('capacity', 'integer', (c) => c.notNull())
        .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();

      await withId(db.schema.createTable('club_enrolment'), dialect)
        .addColumn('activity_id', 'integer', (c) => c.notNull().references('club_activity.id'))
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id'))
        .addColumn('state', 'integer', (c) => c.notNull())
        .addColumn('enrolled_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('club_enrolment_once', ['activity_id', 'customer_id'])
        .execute();

      await withId(db.schema.createTable('fund'), dialect)
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('risk_level', 'integer', (c) => c.notNull())
        .addColumn('nav_e4', 'integer', (c) => c.notNull())
        .addColumn('nav_date', 'text', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('asset_account'), dialect)
        .addColumn('account_no', 'text', (c) => c.notNull().unique())
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('policy_no', 'text')
        .addColumn('balance_fen', money, (c) => c.notNull())
        .addColumn('rate_bp', 'integer')
        .addColumn('opened_on', 'text', (c) => c.notNull())
        .addColumn('updated_on', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('asset_account_customer').on('asset_account').column('customer_id').execute();

      await withId(db.schema.createTable('fund_holding'), dialect)
        .addColumn('account_id', 'integer', (c) => c.notNull().references('asset_account.id').onDelete('cascade'))
        .addColumn('fund_id', 'integer', (c) => c.notNull().references('fund.id'))
        .addColumn('units_e2', money, (c) => c.notNull())
        .addColumn('cost_fen', money, (c) => c.notNull())
        .addColumn('allocation_pct', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('fund_holding_account').on('fund_holding').column('account_id').execute();

      await withId(db.schema.createTable('asset_transaction'), dialect)
        .addColumn('txn_no', 'text', (c) => c.notNull().unique())
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
        .addColumn('account_id', 'integer', (c) => c.notNull().references('asset_account.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('amount_fen', money, (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('state', 'integer', (c) => c.notNull())
        .addColumn('on_date', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('asset_transaction_customer')
        .on('asset_transaction')
        .columns(['customer_id', 'on_date'])
        .execute();

      await withId(db.schema.createTable('bonus_record'), dialect)
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
        .addColumn('policy_no', 'text', (c) => c.notNull())
        .addColumn('product_name', 'text', (c) => c.notNull())
        .addColumn('bonus_year', 'integer', (c) => c.notNull())
        .addColumn('declared_on', 'text', (c) => c.notNull())
        .addColumn('amount_fen', money, (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('state', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('bonus_record_customer')
        .on('bonus_record')
        .columns(['customer_id', 'declared_on'])
        .execute();

      await withId(db.schema.createTable('risk_evaluation'), dialect)
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id'))
        .addColumn('questionnaire', 'text', (c) => c.notNull())
        .addColumn('answers', 'text', (c) => c.notNull())
        .addColumn('score', 'integer', (c) => c.notNull())
        .addColumn('level', 'integer', (c) => c.notNull())
        .addColumn('evaluated_at', 'text', (c) => c.notNull())
        .addColumn('valid_until', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('risk_evaluation_customer')
        .on('risk_evaluation')
        .columns(['customer_id', 'evaluated_at'])
        .execute();
    },
    async down(db: Kysely<any>) {
      for (const t of [
        'risk_evaluation',
        'bonus_record',
        'asset_transaction',
        'fund_holding',
        'asset_account',
        'fund',
        'club_enrolment',
        'club_activity',
        'favourite',
        'service_booking',
        'service_package_item',
        'service_package',
        'coupon',
        'point_entry',
        'point_order',
        'gift',
        'member_order',
        'policy_renewal_change',
        'policy_bind_attempt',
        'system_customer',
      ]) {
        await db.schema.dropTable(t).execute();
      }
      await db.schema.dropIndex('policy_holder_id_number').execute();
      await db.schema.alterTable('policy').dropColumn('holder_id_number').execute();
    },
  };
}
