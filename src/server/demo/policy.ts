import type { SeedContext } from './context';
import { PeopleGenerator, type PeoplePools } from './people';
import {
  addDays,
  addMonths,
  at,
  todayIso,
  type InsuredMember,
  type PoliciesFixture,
  type PolicyFixture,
  type RiskFixture,
  type SeededPolicy,
} from './policyFixture';
import { buildRoster, rosterPool, seedRoster, type Roster } from './roster';
import { recordNumbers, seedRecords } from './records';
import { seedClaims } from './claims';

/**
 * The demo insurance world (fixtures/demo/policies.json and people.json): policies with coverages and
 * rates, the rosters of group policies (roster.ts), premium payments and insurance records
 * (records.ts), and claims with their timelines and documents (claims.ts). Dates are offsets from the
 * seeding day; the rest is deterministic.
 */

function splitPremium(risks: RiskFixture[], total: number): number[] {
  if (risks.every((r) => r.premiumFen !== undefined)) return risks.map((r) => r.premiumFen!);
  const parts = risks.map((r) => Math.round(total * (r.share ?? 0)));
  parts[parts.length - 1] += total - parts.reduce((a, b) => a + b, 0);
  return parts;
}

/** Inserts a policy with its coverages and rates; its premium and sum insured follow its roster. */
async function insertPolicy(
  ctx: SeedContext,
  p: PolicyFixture,
  customerId: number,
  roster: Roster | null,
  dates: { issue: string; start: string; end: string },
): Promise<SeededPolicy> {
  const { db } = ctx;
  const holder = await db.selectFrom('customer').select('name').where('id', '=', customerId).executeTakeFirstOrThrow();
  const premium = roster ? roster.members.reduce((s, m) => s + m.chargedFen, 0) : (p.premiumFen ?? 0);
  const mainRisk = p.risks[0];
  const active = roster ? roster.members.filter((m) => !m.endDate).length : 0;
  const sumInsured = roster ? mainRisk.sumInsuredFen * active : p.sumInsuredFen;

  const { id: policyId } = await db
    .insertInto('policy')
    .values({
      policy_no: p.policyNo,
      customer_id: customerId,
      kind: p.kind,
      product_code: p.productCode,
      product_name: p.productName,
      state: p.state,
      holder_name: holder.name,
      insured_name: p.insuredName ?? null,
      issue_date: dates.issue,
      start_date: dates.start,
      end_date: dates.end,
      premium_fen: premium,
      sum_insured_fen: sumInsured,
      payment_state: p.paymentState,
      auto_renew: p.autoRenew,
      roster: p.roster ?? null,
      min_members: p.minMembers ?? 0,
      min_age: p.minAge ?? 0,
      max_age: p.maxAge ?? 120,
      details: JSON.stringify(p.details),
      created_at: at(dates.issue),
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const riskPremiums = splitPremium(p.risks, premium);
  await db
    .insertInto('policy_risk')
    .values(
      p.risks.map((r, i) => ({
        policy_id: policyId,
        code: r.code,
        name: r.name,
        sum_insured_fen: r.sumInsuredFen,
        premium_fen: riskPremiums[i],
        deductible: r.deductible,
        sort: i,
      })),
    )
    .execute();
  if (p.rates) {
    await db
      .insertInto('policy_rate')
      .values(
        p.rates.map((r) => ({
          policy_id: policyId,
          risk_category: r.riskCategory,
          annual_premium_fen: r.annualPremiumFen,
        })),
      )
      .execute();
  }
  return { id: policyId, customerId, ...dates, premiumFen: premium };
}

/** Seeds the policies one after another (each with its roster, payments and records), then the claims. */
export async function seedPolicies(ctx: SeedContext, today = todayIso()): Promise<void> {
  const fixture = ctx.readFixture<PoliciesFixture>('policies.json');
  const pools = ctx.readFixture<PeoplePools>('people.json');
  const year = Number(today.slice(0, 4));
  const staffGen = new PeopleGenerator(pools, fixture.staffPool.seed, fixture.staffPool.employeeNoPrefix, year);
  const staff = Array.from({ length: fixture.staffPool.size }, () => staffGen.person());
  const now = at(today, '00:00:00');
  const recordNo = recordNumbers();
  const seeded = new Map<string, SeededPolicy & { members: InsuredMember[] }>();

  for (const p of fixture.policies) {
    const customerId = ctx.customers.get(p.customer);
    if (!customerId) throw new Error(`policies.json names unknown customer ${p.customer}`);
    const start = addDays(today, p.start);
    const end = p.endDate ?? addDays(addMonths(start, p.months ?? 12), -1);
    const issue = addDays(today, p.issue);
    const roster = p.members ? buildRoster(p, rosterPool(p, pools, staff, year), start, end, today) : null;
    const policy = await insertPolicy(ctx, p, customerId, roster, { issue, start, end });
    const members = roster ? await seedRoster(ctx, p, policy, roster, now) : [];
    seeded.set(p.policyNo, { ...policy, members });
    await seedRecords(ctx, p, policy, roster, members, recordNo, today);
  }

  await seedClaims(ctx, fixture.claims, seeded, today);
}
