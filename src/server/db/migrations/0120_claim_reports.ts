import type { Kysely } from 'kysely';
import { withId, type DialectName } from '../database';

/**
 * Claims reported in the portal: what the reporter said (kind, place, contact), who handles the claim
 * (adjuster), the request key that makes a repeated report one claim, and the files (pictures and
 * documents) sent with a report or to an open claim, kept in the database so that every gateway
 * instance serves them.
 */
export function claimReports(dialect: DialectName) {
  const bytes = dialect === 'postgres' ? 'bytea' : 'blob';
  return {
    async up(db: Kysely<any>) {
      for (const column of [
        'kind',
        'place',
        'contact_name',
        'contact_phone',
        'adjuster_name',
        'adjuster_phone',
        'request_key',
      ])
        await db.schema.alterTable('claim').addColumn(column, 'text').execute();
      await db.schema
        .alterTable('claim')
        .addColumn('reported_by', 'integer', (c) => c.references('app_user.id'))
        .execute();
      await db.schema
        .createIndex('claim_request_key')
        .on('claim')
        .columns(['customer_id', 'request_key'])
        .unique()
        .execute();

      await withId(db.schema.createTable('claim_file'), dialect)
        .addColumn('claim_id', 'integer', (c) => c.references('claim.id').onDelete('cascade'))
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id'))
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('document_code', 'text')
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('data', bytes, (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('claim_file_claim').on('claim_file').columns(['claim_id', 'id']).execute();
      await db.schema.createIndex('claim_file_user').on('claim_file').columns(['user_id', 'claim_id']).execute();
      await db.schema
        .alterTable('claim_document')
        .addColumn('file_id', 'integer', (c) => c.references('claim_file.id'))
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('claim_document').dropColumn('file_id').execute();
      await db.schema.dropTable('claim_file').execute();
      await db.schema.dropIndex('claim_request_key').execute();
      for (const column of [
        'reported_by',
        'request_key',
        'adjuster_phone',
        'adjuster_name',
        'contact_phone',
        'contact_name',
        'place',
        'kind',
      ])
        await db.schema.alterTable('claim').dropColumn(column).execute();
    },
  };
}
