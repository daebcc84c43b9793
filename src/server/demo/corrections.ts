import fs from 'node:fs';
import path from 'node:path';
import type { SeedContext } from './context';

interface BankAccountsFixture {
  accounts: Array<{
    customer: string;
    account_name: string;
    bank_name: string;
    bank_name_zh: string;
    account_no: string;
  }>;
}

interface PoliciesFixture {
  policies: Array<{ policyNo: string; roster?: string | null; rates?: unknown; perHeadFen?: number | null }>;
}

/** The corporate customers' refund accounts (the occupation catalogue is loaded by migration 0200). */
export async function seedCorrections(ctx: SeedContext) {
  const fixture = ctx.readFixture<BankAccountsFixture>('bank-accounts.json');
  const now = new Date().toISOString();
  for (const a of fixture.accounts) {
    const customerId = ctx.customers.get(a.customer);
    if (!customerId) continue;
    await ctx.db
      .insertInto('customer_bank_account')
      .values({
        customer_id: customerId,
        account_name: a.account_name,
        bank_name: a.bank_name,
        bank_name_zh: a.bank_name_zh,
        account_no: a.account_no,
        created_at: now,
      })
      .execute();
  }
  await perHeadRates(ctx);
}

/**
 * Demo roster policies priced per head (policies.json `perHeadFen` without `rates`) get that price
 * as their category-1 rate in policy_rate, which is where corrections read the price of a person on
 * employee and insured rosters. Runs after the policies are seeded; does nothing without them.
 */
export async function perHeadRates(ctx: SeedContext) {
  if (!fs.existsSync(path.join(ctx.fixturesDir, 'demo', 'policies.json'))) return;
  const fixture = ctx.readFixture<PoliciesFixture>('policies.json');
  for (const p of fixture.policies ?? []) {
    if (!p.roster || p.rates || !p.perHeadFen) continue;
    const policy = await ctx.db
      .selectFrom('policy')
      .select('id')
      .where('policy_no', '=', p.policyNo)
      .executeTakeFirst();
    if (!policy) continue;
    const existing = await ctx.db
      .selectFrom('policy_rate')
      .select('risk_category')
      .where('policy_id', '=', policy.id)
      .executeTakeFirst();
    if (existing) continue;
    await ctx.db
      .insertInto('policy_rate')
      .values({ policy_id: policy.id, risk_category: 1, annual_premium_fen: p.perHeadFen })
      .execute();
  }
}
