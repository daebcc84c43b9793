import type { SeedContext } from '../seed';

interface BankAccountsFixture {
  accounts: Array<{ customer: string; account_name: string; bank_name: string; account_no: string }>;
}

/** The corporate customers' refund accounts (the occupation catalogue is loaded by migration 0200). */
export async function seedCorrections(ctx: SeedContext) {
  const fixture = ctx.readFixture<BankAccountsFixture>('bank-accounts.json');
  const now = new Date().toISOString();
  for (const a of fixture.accounts) {
    const customerId = ctx.customers.get(a.customer);
    if (!customerId) continue;
    await ctx.db.insertInto('customer_bank_account').values({ customer_id: customerId, account_name: a.account_name, bank_name: a.bank_name, account_no: a.account_no, created_at: now }).execute();
  }
}
