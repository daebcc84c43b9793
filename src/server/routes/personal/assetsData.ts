import type { Kysely, Selectable } from 'kysely';
import type { AssetAccount, FundPosition, RiskResult } from '../../../contract/io/personal';
import type { DB } from '../../db/schema';
import type { AssetAccountTable, RiskEvaluationTable } from '../../db/tables/personal';
import { LEVEL_NAMES } from '../../services/personal/riskQuestionnaire';
import { today } from './guards';

/** Value of units (1/100) at a NAV (1/10000 yuan), in fen, rounded half up. */
const unitValueFen = (unitsE2: number, navE4: number) => Math.round((unitsE2 * navE4) / 10_000);

/** The fund positions of a customer's accounts, optionally one page of them. */
export async function fundPositions(
  db: Kysely<DB>,
  customerId: number,
  page?: { limit: number; offset: number },
): Promise<FundPosition[]> {
  let query = db
    .selectFrom('fund_holding')
    .innerJoin('asset_account', 'asset_account.id', 'fund_holding.account_id')
    .innerJoin('fund', 'fund.id', 'fund_holding.fund_id')
    .select([
      'fund.code',
      'fund.name',
      'fund.risk_level',
      'fund.nav_e4',
      'fund.nav_date',
      'fund_holding.units_e2',
      'fund_holding.cost_fen',
      'fund_holding.allocation_pct',
      'asset_account.account_no',
    ])
    .where('asset_account.customer_id', '=', customerId)
    .orderBy('asset_account.account_no')
    .orderBy('fund.code');
  if (page) query = query.limit(page.limit).offset(page.offset);
  const rows = await query.execute();
  return rows.map((r) => {
    const valueFen = unitValueFen(r.units_e2, r.nav_e4);
    return {
      fundCode: r.code,
      fundName: r.name,
      riskLevel: r.risk_level,
      units: r.units_e2 / 100,
      navE4: r.nav_e4,
      navDate: r.nav_date,
      valueFen,
      costFen: r.cost_fen,
      gainFen: valueFen - r.cost_fen,
      allocationPct: r.allocation_pct,
      accountNo: r.account_no,
    };
  });
}

export function accountView(a: Selectable<AssetAccountTable>, funds: FundPosition[]): AssetAccount {
  const fundValue = funds.filter((f) => f.accountNo === a.account_no).reduce((sum, f) => sum + f.valueFen, 0);
  return {
    accountNo: a.account_no,
    kind: a.kind,
    name: a.name,
    policyNo: a.policy_no,
    balanceFen: a.balance_fen,
    valueFen: a.balance_fen + fundValue,
    rateBp: a.rate_bp,
    openedOn: a.opened_on,
    updatedOn: a.updated_on,
  };
}

export function riskResult(r: Selectable<RiskEvaluationTable>): RiskResult {
  return {
    score: r.score,
    level: r.level,
    levelName: LEVEL_NAMES[r.level] ?? '',
    evaluatedAt: r.evaluated_at,
    validUntil: r.valid_until,
    valid: r.valid_until >= today(),
  };
}

export async function riskHistory(db: Kysely<DB>, customerId: number, limit = 10): Promise<RiskResult[]> {
  const rows = await db
    .selectFrom('risk_evaluation')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('evaluated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(riskResult);
}

export async function pointBalance(db: Kysely<DB>, customerId: number): Promise<number> {
  const row = await db
    .selectFrom('point_entry')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('points'), eb.val(0)).as('balance'))
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  return Number(row.balance);
}
