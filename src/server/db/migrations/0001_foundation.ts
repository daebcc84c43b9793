import type { Kysely } from 'kysely';
import { withId, type DialectName } from '../database';

export function foundation(dialect: DialectName) {
  return {
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('customer'), dialect)
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('credit_code', 'text')
        .addColumn('contact_name', 'text')
        .addColumn('contact_phone', 'text')
        .addColumn('address', 'text')
        .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('app_user'), dialect)
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
        .addColumn('username', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('nick_name', 'text', (c) => c.notNull())
        .addColumn('real_name', 'text')
        .addColumn('id_number', 'text')
        .addColumn('phone', 'text')
        .addColumn('email', 'text')
        .addColumn('legal_flag', 'integer', (c) => c.notNull().defaultTo(2))
        .addColumn('user_ank', 'integer', (c) => c.notNull().defaultTo(2))
        .addColumn('show_app', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('hide_menu', 'integer', (c) => c.notNull().defaultTo(2))
        .addColumn('privacy_authorised', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('city_code', 'text')
        .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('app_user_customer').on('app_user').column('customer_id').execute();

      await db.schema
        .createTable('session')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('sso_id', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('ip', 'text')
        .addColumn('user_agent', 'text')
        .execute();
      await db.schema.createIndex('session_user').on('session').column('user_id').execute();

      await withId(db.schema.createTable('login_attempt'), dialect)
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('succeeded', 'integer', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('login_attempt_user_at').on('login_attempt').columns(['username', 'at']).execute();
      await db.schema.createIndex('login_attempt_ip_at').on('login_attempt').columns(['ip', 'at']).execute();

      await withId(db.schema.createTable('menu_entry'), dialect)
        .addColumn('audience', 'text', (c) => c.notNull())
        .addColumn('parent_id', 'integer', (c) => c.references('menu_entry.id').onDelete('cascade'))
        .addColumn('sort', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('component', 'text', (c) => c.notNull())
        .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('icon', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('require_auth', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('left_menu', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema
        .createIndex('menu_entry_audience')
        .on('menu_entry')
        .columns(['audience', 'parent_id', 'sort'])
        .execute();

      await db.schema
        .createTable('area')
        .addColumn('code', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('parent_code', 'text')
        .addColumn('has_branch', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('area_parent').on('area').column('parent_code').execute();

      await withId(db.schema.createTable('opinion'), dialect)
        .addColumn('opinion_no', 'text', (c) => c.notNull().unique())
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('type_code', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('contact_phone', 'text')
        .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('opinion_customer').on('opinion').columns(['customer_id', 'created_at']).execute();

      await withId(db.schema.createTable('opinion_reply'), dialect)
        .addColumn('opinion_id', 'integer', (c) => c.notNull().references('opinion.id').onDelete('cascade'))
        .addColumn('author', 'text', (c) => c.notNull())
        .addColumn('author_name', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('read_at', 'text')
        .execute();
      await db.schema.createIndex('opinion_reply_opinion').on('opinion_reply').column('opinion_id').execute();

      await db.schema
        .createTable('captcha')
        .addColumn('rand_name', 'text', (c) => c.primaryKey())
        .addColumn('answer_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('gateway_key')
        .addColumn('key_id', 'text', (c) => c.primaryKey())
        .addColumn('public_pem', 'text', (c) => c.notNull())
        .addColumn('private_pem', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('analytics_event'), dialect)
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('page', 'text', (c) => c.notNull())
        .addColumn('target', 'text')
        .addColumn('platform', 'text', (c) => c.notNull())
        .addColumn('login_flag', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer')
        .addColumn('at', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      for (const table of [
        'analytics_event',
        'gateway_key',
        'captcha',
        'opinion_reply',
        'opinion',
        'area',
        'menu_entry',
        'login_attempt',
        'session',
        'app_user',
        'customer',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
