import type { Page } from '@contract/envelope';
import type { CheckBeforeResult, CorrectionDetail, CorrectionSummary, RefundState } from '@contract/io/correction';
import type { CorrectionKind, CorrectionState, CorrectionVariant } from '@contract/states';
import { insurerToday } from '@common/correction';
import { refuse } from '../errors';
import { loadCorrection, loadPolicy, openCorrectionOf, policyRates, productNamesOf, requireInForce } from './access';
import { effectiveDateProblem, insuredCount } from './checks';
import type { CorrectionDecisions } from './decisions';
import type { Actor, CorrectionDeps } from './deps';
import type { OnceOnly } from './idempotency';
import { linesPage } from './lines';
import { refundInfo, refundOf, refundStates } from '../payments/refunds';
import { latestAttempt } from '../payments/subjectPayments';
import { importResultOf, paymentInfo, policyOf, rateList, summaryOf } from './model';
import type { Voice } from './texts';
import { receivingAccount, transferInfo } from './transfers';

/** Where a correction waits for a second person: to be sent for approval, or to be paid. */
const WAITING_FOR_SECOND_PERSON: CorrectionState[] = ['underwritten', 'approved', 'awaiting_payment'];

export interface RecordQuery {
  policyId?: number;
  state?: CorrectionState;
  states?: CorrectionState[];
  variant?: CorrectionVariant;
  waitingForMe?: boolean;
  pageNum: number;
  pageSize: number;
}

/** The corrections of a company: the check before one starts, the records list and one correction's detail. */
export class CorrectionRecords {
  constructor(
    private readonly deps: CorrectionDeps,
    private readonly decisions: CorrectionDecisions,
    private readonly once: OnceOnly,
  ) {}

  /** checkBeforeCorrect: may this policy be corrected this way now, from when, and is one open already. */
  async checkBefore(
    actor: Actor,
    policyId: number,
    kind: CorrectionKind,
    effectiveDate: string | undefined,
    voice: Voice,
    variants?: readonly CorrectionVariant[],
  ): Promise<CheckBeforeResult> {
    const { db } = this.deps;
    const policy = await loadPolicy(db, actor.customer_id, policyId, variants);
    requireInForce(policy);
    await this.decisions.settleDue(actor.customer_id);
    const now = this.deps.clock.now();
    const earliest = [insurerToday(now), policy.start_date].sort()[1];
    if (earliest > policy.end_date)
      throw refuse('correction.noDaysLeft', { policyNo: policy.policy_no, endDate: policy.end_date });
    if (effectiveDate) {
      const problem = effectiveDateProblem(policy, effectiveDate, now);
      if (problem) throw refuse(problem.key, problem.params);
    }
    const members = await insuredCount(db, policy.id);
    if (kind !== 'add' && members === 0) throw refuse('correction.nobodyInsured');
    if (kind === 'subtract' && members <= policy.min_members)
      throw refuse('correction.atMinimum', { min: policy.min_members, members });
    const open = await openCorrectionOf(db, policy.id);
    return {
      policy: policyOf({ ...policy, ...(await productNamesOf(db, policy.product_code)) }, members, voice.locale),
      openCorrection: open ? summaryOf(open, voice) : null,
      earliestEffectiveDate: earliest,
      latestEffectiveDate: policy.end_date,
      riskCategories: rateList(await policyRates(db, policy.id), voice.t),
    };
  }

  /** correctDetail: everything the portal needs to show a correction and put its flow back where it is. */
  async detail(
    actor: Actor,
    correctionId: number,
    pageNum: number,
    pageSize: number,
    voice: Voice,
  ): Promise<CorrectionDetail> {
    const { db } = this.deps;
    await this.decisions.settleDue(actor.customer_id, correctionId);
    const c = await loadCorrection(db, actor.customer_id, correctionId);
    const policy = await db.selectFrom('policy').selectAll().where('id', '=', c.policy_id).executeTakeFirstOrThrow();
    const payment = await db
      .selectFrom('premium_payment')
      .selectAll()
      .where('correction_id', '=', c.id)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const attempt = payment ? await latestAttempt(db, 'correction', c.id) : undefined;
    const lastImport = await db
      .selectFrom('correction_import')
      .selectAll()
      .where('correction_id', '=', c.id)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const refund = await refundOf(db, actor.customer_id, c.id);
    const summary = summaryOf(c, voice, refund ? (refund.state as RefundState) : null);
    return {
      correction: summary,
      policy: policyOf(
        { ...policy, product_name_en: c.product_name_en, product_name_zh: c.product_name_zh },
        await insuredCount(db, policy.id),
        voice.locale,
      ),
      items: await linesPage(db, c, pageNum, pageSize, voice),
      payment: payment
        ? paymentInfo(
            payment,
            attempt,
            this.deps.clock.now(),
            await transferInfo(db, attempt, receivingAccount(this.deps.options, voice.t)),
          )
        : null,
      refund: refund ? refundInfo(refund, voice.locale) : null,
      lastImport: lastImport ? importResultOf(lastImport, summary, voice.locale) : null,
    };
  }

  /** correctRecordList: the company's corrections, newest first. */
  async list(actor: Actor, q: RecordQuery, voice: Voice): Promise<Page<CorrectionSummary>> {
    await this.decisions.settleDue(actor.customer_id);
    await this.once.forgetOldKeys(actor.customer_id);
    let base = this.deps.db
      .selectFrom('correction')
      .innerJoin('policy', 'policy.id', 'correction.policy_id')
      .where('correction.customer_id', '=', actor.customer_id);
    if (q.policyId) base = base.where('correction.policy_id', '=', q.policyId);
    if (q.state) base = base.where('correction.state', '=', q.state);
    if (q.states) base = base.where('correction.state', 'in', q.states);
    if (q.variant) base = base.where('correction.variant', '=', q.variant);
    if (q.waitingForMe) {
      const company = await this.deps.db
        .selectFrom('customer')
        .select('two_person_approval')
        .where('id', '=', actor.customer_id)
        .executeTakeFirstOrThrow();
      // with the setting off nobody waits for a second person
      if (company.two_person_approval !== 1) return { list: [], total: 0, pageNum: q.pageNum, pageSize: q.pageSize };
      base = base
        .where('correction.state', 'in', WAITING_FOR_SECOND_PERSON)
        .where('correction.created_by', '!=', actor.id);
    }
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .leftJoin('product', 'product.code', 'policy.product_code')
      .selectAll('correction')
      .select(['policy.policy_no', 'policy.product_code', 'policy.product_name'])
      .select(['product.name_en as product_name_en', 'product.name_zh as product_name_zh'])
      .leftJoin('app_user as preparer', 'preparer.id', 'correction.created_by')
      .select('preparer.nick_name as prepared_by_name')
      .orderBy('correction.id', 'desc')
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize)
      .execute();
    const refunds = await refundStates(
      this.deps.db,
      rows.map((r) => r.id),
    );
    return {
      list: rows.map((r) => summaryOf(r, voice, refunds.get(r.id) ?? null)),
      total: Number(total.n),
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    };
  }
}
