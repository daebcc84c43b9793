import { sql, type Kysely } from 'kysely';

/**
 * A refund account's bank in both languages (customer_bank_account.bank_name_zh beside bank_name), so
 * that the account is shown in the reader's language; its holder's name is the account's own.
 */
export const refundAccounts = () => ({
  async up(db: Kysely<any>) {
    await db.schema.alterTable('customer_bank_account').addColumn('bank_name_zh', 'text').execute();
    await sql`update customer_bank_account set bank_name_zh = bank_name`.execute(db);
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('customer_bank_account').dropColumn('bank_name_zh').execute();
  },
});
