import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../http/call';
import type { Services } from '../../http/context';
import { refuseText } from '../../services/errors';
import { integer, isoDate, json, paging, text } from '../../http/input';
import {
  LEVEL_NAMES,
  QUESTIONNAIRE_VERSION,
  VALIDITY_DAYS,
  riskQuestions,
  scoreAnswers,
} from '../../services/personal/riskQuestionnaire';
import { accountView, fundPositions, riskHistory, riskResult } from './assetsData';
import { count, senior, today } from './guards';

const TXN_KINDS = ['premium', 'purchase', 'redemption', 'interest', 'dividend', 'fee', 'withdrawal', 'annuity'];

/** Asset calls (senior members only): accounts, transactions, bonuses, the risk questionnaire, investments. */
export async function personalAssetRoutes(app: FastifyInstance, services: Services) {
  const { db } = services;

  defineCall(app, services, 'blocLegal/assets/transactionQuery', async ({ input, user }) => {
    senior(user, 'assets');
    const { pageNum, pageSize, offset } = paging(input);
    const kind = text(input, 'kind', 'Kind of transaction', { max: 20 });
    if (kind && !TXN_KINDS.includes(kind))
      throw refuseText(`Kind of transaction must be one of: ${TXN_KINDS.join(', ')}.`);
    const accountNo = text(input, 'accountNo', 'Account number', { max: 40 });
    const from = isoDate(input, 'from', 'From date');
    const to = isoDate(input, 'to', 'To date');
    if (from && to && from > to) throw refuseText('The from date must not be after the to date.');
    let base = db
      .selectFrom('asset_transaction')
      .innerJoin('asset_account', 'asset_account.id', 'asset_transaction.account_id')
      .where('asset_transaction.customer_id', '=', user.customer_id);
    if (kind) base = base.where('asset_transaction.kind', '=', kind);
    if (accountNo) base = base.where('asset_account.account_no', '=', accountNo);
    if (from) base = base.where('asset_transaction.on_date', '>=', from);
    if (to) base = base.where('asset_transaction.on_date', '<=', to);
    const [rows, total] = await Promise.all([
      base
        .select([
          'asset_transaction.txn_no',
          'asset_account.account_no',
          'asset_account.name',
          'asset_transaction.kind',
          'asset_transaction.amount_fen',
          'asset_transaction.description',
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
        accountName: r.name,
        kind: r.kind,
        amountFen: r.amount_fen,
        description: r.description,
        state: r.state,
        onDate: r.on_date,
      })),
      total: count(total),
      pageNum,
      pageSize,
    };
  });

  defineCall(app, services, 'blocLegal/assets/assetsDetails', async ({ user }) => {
    senior(user, 'assets');
    const yearStart = `${today().slice(0, 4)}-01-01`;
    const [accounts, funds, bonus] = await Promise.all([
      db
        .selectFrom('asset_account')
        .selectAll()
        .where('customer_id', '=', user.customer_id)
        .orderBy('account_no')
        .execute(),
      fundPositions(db, user.customer_id),
      db
        .selectFrom('bonus_record')
        .select(['amount_fen'])
        .where('customer_id', '=', user.customer_id)
        .where('declared_on', '>=', yearStart)
        .execute(),
    ]);
    const views = accounts.map((a) => accountView(a, funds));
    const byKind = new Map<string, number>();
    for (const v of views) byKind.set(v.kind, (byKind.get(v.kind) ?? 0) + v.valueFen);
    return {
      totalFen: views.reduce((s, v) => s + v.valueFen, 0),
      byKind: [...byKind].map(([kind, valueFen]) => ({ kind, valueFen })),
      accounts: views,
      bonusThisYearFen: bonus.reduce((s, b) => s + b.amount_fen, 0),
    };
  });

  defineCall(app, services, 'blocLegal/assets/bonusRecord', async ({ input, user }) => {
    senior(user, 'assets');
    const { pageNum, pageSize, offset } = paging(input);
    const policyNo = text(input, 'policyNo', 'Policy number', { max: 40 });
    const year = integer(input, 'year', 'Bonus year', { min: 1990, max: 2100, fallback: 0 });
    let base = db.selectFrom('bonus_record').where('customer_id', '=', user.customer_id);
    if (policyNo) base = base.where('policy_no', '=', policyNo);
    if (year) base = base.where('bonus_year', '=', year);
    const [rows, total, sum] = await Promise.all([
      base.selectAll().orderBy('declared_on', 'desc').orderBy('id', 'desc').limit(pageSize).offset(offset).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      base.select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_fen'), eb.val(0)).as('s')).executeTakeFirst(),
    ]);
    return {
      list: rows.map((b) => ({
        policyNo: b.policy_no,
        productName: b.product_name,
        bonusYear: b.bonus_year,
        declaredOn: b.declared_on,
        amountFen: b.amount_fen,
        method: b.method,
        state: b.state,
      })),
      total: count(total),
      pageNum,
      pageSize,
      totalFen: Number(sum?.s ?? 0),
    };
  });

  defineCall(app, services, 'blocLegal/assets/riskQuestionnaire', async ({ user }) => {
    senior(user, 'assets');
    const [latest] = await riskHistory(db, user.customer_id, 1);
    return { questionnaire: QUESTIONNAIRE_VERSION, questions: riskQuestions(), latest: latest ?? null };
  });

  defineCall(app, services, 'blocLegal/assets/riskEvaluating', async ({ input, user }) => {
    senior(user, 'assets');
    const answers = json<Record<string, string>>(input, 'answers', 'Answers');
    const scored = scoreAnswers(answers);
    if (!scored.ok) throw refuseText(scored.message);
    const now = new Date();
    const validUntil = today(new Date(now.getTime() + VALIDITY_DAYS * 86_400_000));
    const row = await db
      .insertInto('risk_evaluation')
      .values({
        customer_id: user.customer_id,
        user_id: user.id,
        questionnaire: QUESTIONNAIRE_VERSION,
        answers: JSON.stringify(answers),
        score: scored.score,
        level: scored.level,
        evaluated_at: now.toISOString(),
        valid_until: validUntil,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return riskResult(row);
  });

  defineCall(app, services, 'blocLegal/assets/investmentManagement', async ({ user }) => {
    senior(user, 'assets');
    const [accounts, funds, [latest]] = await Promise.all([
      db
        .selectFrom('asset_account')
        .selectAll()
        .where('customer_id', '=', user.customer_id)
        .where('kind', 'in', ['universal', 'unit_linked'])
        .orderBy('account_no')
        .execute(),
      fundPositions(db, user.customer_id),
      riskHistory(db, user.customer_id, 1),
    ]);
    const views = accounts.map((a) => ({
      ...accountView(a, funds),
      funds: funds.filter((f) => f.accountNo === a.account_no),
    }));
    const level = latest?.valid ? latest.level : null;
    return {
      riskLevel: level,
      riskLevelName: level ? LEVEL_NAMES[level] : null,
      accounts: views,
      totalValueFen: views.reduce((s, v) => s + v.valueFen, 0),
      totalGainFen: views.flatMap((v) => v.funds).reduce((s, f) => s + f.gainFen, 0),
    };
  });
}
