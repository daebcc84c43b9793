import type { Kysely } from 'kysely';
import { withId, type DialectName } from '../database';

/**
 * What the standalone install's own pages and services read and keep: the insurer's branches (the
 * service centre), the questions the customer service answers (searchable, both languages), and the
 * answers given to the satisfaction questionnaire.
 */
export function portalSite(dialect: DialectName) {
  return {
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('branch'), dialect)
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('city_en', 'text', (c) => c.notNull())
        .addColumn('city_zh', 'text', (c) => c.notNull())
        .addColumn('name_en', 'text', (c) => c.notNull())
        .addColumn('name_zh', 'text', (c) => c.notNull())
        .addColumn('address_en', 'text', (c) => c.notNull())
        .addColumn('address_zh', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('hours_en', 'text', (c) => c.notNull())
        .addColumn('hours_zh', 'text', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await withId(db.schema.createTable('faq_entry'), dialect)
        .addColumn('topic', 'text', (c) => c.notNull())
        .addColumn('question_en', 'text', (c) => c.notNull())
        .addColumn('question_zh', 'text', (c) => c.notNull())
        .addColumn('answer_en', 'text', (c) => c.notNull())
        .addColumn('answer_zh', 'text', (c) => c.notNull())
        .addColumn('keywords', 'text', (c) => c.notNull())
        .addColumn('link', 'text')
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await withId(db.schema.createTable('survey_answer'), dialect)
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id'))
        .addColumn('survey', 'text', (c) => c.notNull())
        .addColumn('answers', 'text', (c) => c.notNull())
        .addColumn('comment', 'text')
        .addColumn('answered_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('survey_answer_user')
        .on('survey_answer')
        .columns(['user_id', 'survey', 'answered_at'])
        .execute();
    },
    async down(db: Kysely<any>) {
      for (const t of ['survey_answer', 'faq_entry', 'branch']) await db.schema.dropTable(t).execute();
    },
  };
}
