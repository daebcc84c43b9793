import type { Kysely, Selectable } from 'kysely';
import { addDays, insurerToday } from '@common/correction';
import type { Page } from '@contract/envelope';
import type {
  AssetAccount,
  AssetsDetails,
  AssetTransaction,
  BonusRecords,
  FundPosition,
  InvestmentManagement,
  RiskQuestionnaire,
  RiskResult,
  RiskReview,
} from '@contract/io/personal';
import type { TransactionQuery } from '@contract/io/personal.requests';
import type { DB } from '@server/db/schema';
import type { AssetAccountTable, RiskEvaluationTable } from '@server/db/tables/personal';
import type { Clock } from '../clock';
import { refuse } from '../errors';
import type { SessionUser } from '../identity';
import { countOf, pageOf } from '../paging';
import { localName, storedText, type Voice } from '../texts';
import { QUESTIONNAIRE_VERSION, VALIDITY_DAYS, levelName, riskQuestions, scoreAnswers } from './riskQuestionnaire';

/** Value of units (1/100) at a NAV (1/10000 yuan), in fen, rounded half up. */
const unitValueFen = (unitsE2: number, navE4: number) => Math.round((unitsE2 * navE4) / 10_000);

/**
 * A senior member's assets (the caller checks): accounts and their funds, transactions, bonuses, the
 * risk questionnaire and the investments it governs.
 */
export class Assets {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {}

  private today() {
    return insurerToday(this.clock.now());
  }

  /** The fund positions of a customer's accounts, optionally one page of them. */
  async fundPositions(
    customerId: number,
    voice: Voice,
    page?: { limit: number; offset: number },
  ): Promise<FundPosition[]> {
    let query = this.db
      .selectFrom('fund_holding')
      .innerJoin('asset_account', 'asset_account.id', 'fund_holding.account_id')
      .innerJoin('fund', 'fund.id', 'fund_holding.fund_id')
      .select([
        'fund.code',
        'fund.name',
        'fund.name_zh',
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
        fundName: localName(voice.locale, r.name, r.name_zh),
        riskLevel: r.risk_level,
        units: r.units_e2 / 100,
        navE4: r.nav_e4,
        navDate: r.nav_date,
        valueFen,
        costFen: Number(r.cost_fen),
        gainFen: valueFen - Number(r.cost_fen),
        allocationPct: r.allocation_pct,
        accountNo: r.account_no,
      };
    });
  }

  async fundPage(customerId: number, paging: { pageNum?: number; pageSize?: number }, voice: Voice) {
    const { pageNum, pageSize, offset } = pageOf(paging);
    const total = await this.db
      .selectFrom('fund_holding')
      .innerJoin('asset_account', 'asset_account.id', 'fund_holding.account_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('asset_account.customer_id', '=', customerId)
      .executeTakeFirst();
    return {
      list: await this.fundPositions(customerId, voice, { limit: pageSize, offset }),
      total: countOf(total),
      pageNum,
      pageSize,
    };
  }

  /** The customer's asset accounts, with the kind of each one's policy when the customer holds it. */
  private accountRows(customerId: number, kinds?: string[]) {
    let query = this.db
      .selectFrom('asset_account')
      .leftJoin('policy', (join) =>
        join.onRef('policy.policy_no', '=', 'asset_account.policy_no').on('policy.customer_id', '=', customerId),
      )
      .selectAll('asset_account')
      .select('policy.kind as policy_kind')
      .where('asset_account.customer_id', '=', customerId);
    if (kinds) query = query.where('asset_account.kind', 'in', kinds);
    return query.orderBy('asset_account.account_no').execute();
  }

  private accountView(
    a: Selectable<AssetAccountTable> & { policy_kind: string | null },
    funds: FundPosition[],
    voice: Voice,
  ): AssetAccount {
    const fundValue = funds.filter((f) => f.accountNo === a.account_no).reduce((sum, f) => sum + f.valueFen, 0);
    return {
      accountNo: a.account_no,
      kind: a.kind,
      name: localName(voice.locale, a.name, a.name_zh),
      policyNo: a.policy_no,
      policyKind: a.policy_kind,
      balanceFen: Number(a.balance_fen),
      valueFen: Number(a.balance_fen) + fundValue,
      rateBp: a.rate_bp,
      openedOn: a.opened_on,
      updatedOn: a.updated_on,
    };
  }

  private riskResult(r: Selectable<RiskEvaluationTable>, voice: Voice): RiskResult {
    return {
      score: r.score,
      level: r.level,
      levelName: levelName(voice, r.level),
      evaluatedAt: r.evaluated_at,
      validUntil: r.valid_until,
      valid: r.valid_until >= this.today(),
    };
  }

  async riskHistory(customerId: number, voice: Voice, limit = 10): Promise<RiskResult[]> {
    const rows = await this.db
      .selectFrom('risk_evaluation')
      .selectAll()
      .where('customer_id', '=', customerId)
      .orderBy('evaluated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => this.riskResult(r, voice));
  }

  async transactions(customerId: number, query: TransactionQuery, voice: Voice): Promise<Page<AssetTransaction>> {
    const { pageNum, pageSize, offset } = pageOf(query);
    if (query.from && query.to && query.from > query.to) throw refuse('assets.fromAfterTo');
    let base = this.db
      .selectFrom('asset_transaction')
      .innerJoin('asset_account', 'asset_account.id', 'asset_transaction.account_id')
      .where('asset_transaction.customer_id', '=', customerId);
    if (query.kind) base = base.where('asset_transaction.kind', '=', query.kind);
    if (query.accountNo) base = base.where('asset_account.account_no', '=', query.accountNo);
    if (query.from) base = base.where('asset_transaction.on_date', '>=', query.from);
    if (query.to) base = base.where('asset_transaction.on_date', '<=', query.to);
    const [rows, total] = await Promise.all([
      base
        .select([
          'asset_transaction.txn_no',
          'asset_account.account_no',
          'asset_account.name',
          'asset_account.name_zh',
          'asset_transaction.kind',
          'asset_transaction.amount_fen',
          'asset_transaction.description',
          'asset_transaction.text_key',
          'asset_transaction.text_params',
          'asset_transaction.state',
          'asset_transaction.on_date',
        ])
        .orderBy('asset_transaction.on_date', 'desc')
        .orderBy('asset_transaction.id', 'desc')
        .limit(pageSize)
        .offset(offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return {
      list: rows.map((r) => ({
        txnNo: r.txn_no,
        accountNo: r.account_no,
        accountName: localName(voice.locale, r.name, r.name_zh),
        kind: r.kind,
        amountFen: Number(r.amount_fen),
        description: storedText(voice, r.text_key, r.text_params, null, r.description),
        state: r.state,
        onDate: r.on_date,
      })),
      total: countOf(total),
      pageNum,
      pageSize,
    };
  }

  async details(customerId: number, voice: Voice): Promise<AssetsDetails> {
    const yearStart = `${this.today().slice(0, 4)}-01-01`;
    const [accounts, funds, bonus] = await Promise.all([
      this.accountRows(customerId),
      this.fundPositions(customerId, voice),
      this.db
        .selectFrom('bonus_record')
        .select(['amount_fen'])
        .where('customer_id', '=', customerId)
        .where('declared_on', '>=', yearStart)
        .execute(),
    ]);
    const views = accounts.map((a) => this.accountView(a, funds, voice));
    const byKind = new Map<string, number>();
    for (const v of views) byKind.set(v.kind, (byKind.get(v.kind) ?? 0) + v.valueFen);
    return {
      totalFen: views.reduce((s, v) => s + v.valueFen, 0),
      byKind: [...byKind].map(([kind, valueFen]) => ({ kind, valueFen })),
      accounts: views,
      bonusThisYearFen: bonus.reduce((s, b) => s + Number(b.amount_fen), 0),
    };
  }

  async bonuses(
    customerId: number,
    query: { pageNum?: number; pageSize?: number; policyNo?: string; year?: number },
    voice: Voice,
  ): Promise<BonusRecords> {
    const { pageNum, pageSize, offset } = pageOf(query);
    let base = this.db.selectFrom('bonus_record').where('customer_id', '=', customerId);
    if (query.policyNo) base = base.where('policy_no', '=', query.policyNo);
    if (query.year) base = base.where('bonus_year', '=', query.year);
    const [rows, total, sum] = await Promise.all([
      base.selectAll().orderBy('declared_on', 'desc').orderBy('id', 'desc').limit(pageSize).offset(offset).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      base.select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_fen'), eb.val(0)).as('s')).executeTakeFirst(),
    ]);
    return {
      list: rows.map((b) => ({
        policyNo: b.policy_no,
        productName: localName(voice.locale, b.product_name, b.product_name_zh),
        bonusYear: b.bonus_year,
        declaredOn: b.declared_on,
        amountFen: Number(b.amount_fen),
        method: b.method,
        state: b.state,
      })),
      total: countOf(total),
      pageNum,
      pageSize,
      totalFen: Number(sum?.s ?? 0),
    };
  }

  async questionnaire(customerId: number, voice: Voice): Promise<RiskQuestionnaire> {
    const [latest] = await this.riskHistory(customerId, voice, 1);
    return { questionnaire: QUESTIONNAIRE_VERSION, questions: riskQuestions(voice), latest: latest ?? null };
  }

  /** Scores the member's answers and stores them with the result (valid for a year). */
  async evaluate(user: SessionUser, answers: Record<string, string>, voice: Voice): Promise<RiskResult> {
    const scored = scoreAnswers(answers);
    if (!scored.ok) throw refuse(scored.key, { question: scored.question ?? 0 });
    const now = this.clock.now();
    const row = await this.db
      .insertInto('risk_evaluation')
      .values({
        customer_id: user.customer_id,
        user_id: user.id,
        questionnaire: QUESTIONNAIRE_VERSION,
        answers: JSON.stringify(answers),
        score: scored.score,
        level: scored.level,
        evaluated_at: now.toISOString(),
        valid_until: addDays(insurerToday(now), VALIDITY_DAYS),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return this.riskResult(row, voice);
  }

  async riskReview(customerId: number, voice: Voice): Promise<RiskReview> {
    const history = await this.riskHistory(customerId, voice);
    const latest = history[0] ?? null;
    const positions = await this.fundPositions(customerId, voice);
    const level = latest?.valid ? latest.level : 0;
    return { latest, history, mismatched: positions.filter((p) => p.riskLevel > level) };
  }

  async investments(customerId: number, voice: Voice): Promise<InvestmentManagement> {
    const [accounts, funds, [latest]] = await Promise.all([
      this.accountRows(customerId, ['universal', 'unit_linked']),
      this.fundPositions(customerId, voice),
      this.riskHistory(customerId, voice, 1),
    ]);
    const views = accounts.map((a) => ({
      ...this.accountView(a, funds, voice),
      funds: funds.filter((f) => f.accountNo === a.account_no),
    }));
    const level = latest?.valid ? latest.level : null;
    return {
      riskLevel: level,
      riskLevelName: level ? levelName(voice, level) : null,
      accounts: views,
      totalValueFen: views.reduce((s, v) => s + v.valueFen, 0),
      totalGainFen: views.flatMap((v) => v.funds).reduce((s, f) => s + f.gainFen, 0),
    };
  }
}
