import type {
  ApprovalResult,
  CorrectionSummary,
  DraftCheckResult,
  OrderScenario,
  ScenarioResult,
  UnderwritingResult,
} from '@contract/io/correction';
import {
  EDITABLE_CORRECTION_STATES,
  InsuredState,
  PaymentState,
  PolicyState,
  type CorrectionVariant,
} from '@contract/states';
import { ageOn, daysInclusive } from '@common/correction';
import { refuse } from '../errors';
import { loadCorrection, lockCorrection, policyRates, checkSecondPerson } from './access';
import { applyInForce } from './apply';
import {
  checkPerson,
  chunks,
  effectiveDateProblem,
  insuredCount,
  memberFloorProblem,
  policyContext,
  linePremium,
  rosterByIdNumber,
  rosterByIds,
} from './checks';
import type { Actor, CorrectionDeps, Trx } from './deps';
import type { OnceOnly } from './idempotency';
import { linesPage } from './lines';
import { rateList, stateName, summaryOf } from './model';
import type { CorrectionRow } from './types';
import { listed, sayAll, sentences, type Said, type Voice } from './texts';

/** At most this many reasons are kept with a decision. */
const SENTENCE_LIMIT = 20;

interface Problem {
  itemId: number;
  name: string;
  idNumber: string;
  reasons: Said[];
}

/**
 * The decisions on a correction: the checks of its lines, the premium (underwriting), how it is
 * settled, business approval (approved, rejected with reasons, or pending for the underwriters), the
 * underwriting desk's later decision, and cancelling it.
 */
export class CorrectionDecisions {
  constructor(
    private readonly deps: CorrectionDeps,
    private readonly once: OnceOnly,
  ) {}

  private now() {
    return this.deps.clock.now();
  }

  // ------------------------------------------------------------------ checks and underwriting

  /** Runs every rule on the draft's lines; stores each line's findings (as keys: said in the reader's language). */
  private async runChecks(trx: Trx, c: CorrectionRow): Promise<{ general: Said[]; problems: Problem[] }> {
    const general: Said[] = [];
    const policy = await trx.selectFrom('policy').selectAll().where('id', '=', c.policy_id).executeTakeFirstOrThrow();
    if (policy.state !== PolicyState.inForce)
      general.push({ key: 'correction.policyLeftForce', params: { policyNo: policy.policy_no } });
    const dateProblem = effectiveDateProblem(policy, c.effective_date, this.now());
    if (dateProblem) general.push(dateProblem);
    const items = await trx
      .selectFrom('correction_item')
      .selectAll()
      .where('correction_id', '=', c.id)
      .orderBy('id')
      .execute();
    if (!items.length) general.push({ key: 'correction.empty' });
    const ctx = await policyContext(this.deps, trx, policy, c.effective_date, this.now());
    const joinIds = items.filter((i) => i.action === 'add' || i.action === 'exchange').map((i) => i.id_number);
    const roster = await rosterByIdNumber(trx, policy.id, joinIds);
    const persons = await rosterByIds(
      trx,
      policy.id,
      items.filter((i) => i.person_id !== null).map((i) => i.person_id as number),
    );
    const seen = new Set<string>();
    const problems: Problem[] = [];
    let adds = 0;
    let removes = 0;
    for (const i of items) {
      const reasons: Said[] = [];
      if (i.action === 'add' || i.action === 'exchange') {
        const again = checkPerson(ctx, {
          name: i.name,
          idNumber: i.id_number,
          phone: i.phone ?? undefined,
          employeeNo: i.employee_no ?? undefined,
          department: i.department ?? undefined,
          occupationCode: i.occupation_code ?? undefined,
          bankName: i.bank_name ?? undefined,
          bankAccount: i.bank_account ?? undefined,
        });
        reasons.push(...again.findings.map(({ key, params }) => ({ key, params })));
        if (seen.has(i.id_number)) reasons.push({ key: 'correction.twice' });
        seen.add(i.id_number);
        if (roster.has(i.id_number)) reasons.push({ key: 'roster.alreadyInsured' });
        if (i.action === 'add') adds += 1;
      }
      if (i.person_id !== null) {
        const person = persons.get(i.person_id);
        if (!person || person.state !== InsuredState.insured)
          reasons.push({ key: 'correction.noLongerInsured', params: { name: person?.name ?? i.name } });
        if (i.action === 'subtract') removes += 1;
      }
      if (reasons.length) problems.push({ itemId: i.id, name: i.name, idNumber: i.id_number, reasons });
    }
    const floor = memberFloorProblem(policy, await insuredCount(trx, policy.id), adds, removes);
    if (floor) general.push(floor);
    await trx
      .updateTable('correction_item')
      .set({ problems: '[]' })
      .where('correction_id', '=', c.id)
      .where('problems', '!=', '[]')
      .execute();
    for (const p of problems)
      await trx
        .updateTable('correction_item')
        .set({ problems: JSON.stringify(p.reasons) })
        .where('id', '=', p.itemId)
        .execute();
    return { general, problems };
  }

  /** checkGroupEmployeeCorrect / checkInsuredCorrect: draft -> checked, or ERR_0003 with the findings. */
  async check(
    actor: Actor,
    correctionId: number,
    voice: Voice,
    variants?: readonly CorrectionVariant[],
  ): Promise<DraftCheckResult> {
    const { t, locale } = voice;
    const outcome = await this.deps.db.transaction().execute(async (trx) => {
      const c = await lockCorrection(trx, actor.customer_id, correctionId, variants);
      if (!EDITABLE_CORRECTION_STATES.includes(c.state))
        throw refuse('correction.checkedAlready', { correctionNo: c.correction_no, state: stateName(c.state) });
      const { general, problems } = await this.runChecks(trx, c);
      const ok = general.length === 0 && problems.length === 0;
      const at = this.now().toISOString();
      if (ok && (c.state === 'draft' || c.state === 'rejected')) {
        await trx
          .updateTable('correction')
          .set({ state: 'checked', decision: null, reasons: '[]', updated_at: at })
          .where('id', '=', c.id)
          .execute();
      } else if (!ok && c.state !== 'draft') {
        await trx.updateTable('correction').set({ state: 'draft', updated_at: at }).where('id', '=', c.id).execute();
      }
      const after = await loadCorrection(trx, actor.customer_id, c.id);
      return { ok, general, correction: summaryOf(after, voice), problems: problems.slice(0, 200) };
    });
    const result: DraftCheckResult = {
      ok: outcome.ok,
      correction: outcome.correction,
      problems: outcome.problems.map((p) => ({ ...p, reasons: sayAll(t, p.reasons) })),
    };
    if (!outcome.ok) {
      const said = [
        ...sayAll(t, outcome.general),
        ...result.problems
          .slice(0, 3)
          .map((p) => t('correction.personProblems', { name: p.name, reasons: sentences(locale, p.reasons) })),
      ];
      if (result.problems.length > 3) said.push(t('correction.morePeople', { count: result.problems.length - 3 }));
      throw refuse('correction.checkFailed', { problems: sentences(locale, said) }, result);
    }
    return result;
  }

  /** Per-person premium and totals: checked -> underwritten (runs the checks first when needed). */
  async underwrite(
    actor: Actor,
    correctionId: number,
    pageNum: number,
    pageSize: number,
    voice: Voice,
    variants?: readonly CorrectionVariant[],
  ): Promise<UnderwritingResult> {
    const { db } = this.deps;
    const first = await loadCorrection(db, actor.customer_id, correctionId, variants);
    if (first.state === 'draft' || first.state === 'rejected') await this.check(actor, correctionId, voice, variants);
    await db.transaction().execute(async (trx) => {
      const c = await lockCorrection(trx, actor.customer_id, correctionId);
      if (c.state !== 'checked' && c.state !== 'underwritten') return;
      await this.price(trx, c);
    });
    const c = await loadCorrection(db, actor.customer_id, correctionId);
    if (c.state === 'cancelled') throw refuse('correction.deleted', { correctionNo: c.correction_no });
    const policy = await db.selectFrom('policy').selectAll().where('id', '=', c.policy_id).executeTakeFirstOrThrow();
    return {
      correction: summaryOf(c, voice),
      items: await linesPage(db, c, pageNum, pageSize, voice),
      yearDays: daysInclusive(policy.start_date, policy.end_date),
      days: daysInclusive(c.effective_date, policy.end_date),
      rates: rateList(await policyRates(db, policy.id), voice.t),
    };
  }

  private async price(trx: Trx, c: CorrectionRow): Promise<void> {
    const policy = await trx.selectFrom('policy').selectAll().where('id', '=', c.policy_id).executeTakeFirstOrThrow();
    const ctx = await policyContext(this.deps, trx, policy, c.effective_date, this.now());
    const yearDays = daysInclusive(policy.start_date, policy.end_date);
    const days = daysInclusive(c.effective_date, policy.end_date);
    const items = await trx
      .selectFrom('correction_item')
      .select(['id', 'action', 'person_id', 'risk_category'])
      .where('correction_id', '=', c.id)
      .execute();
    const persons = await rosterByIds(
      trx,
      policy.id,
      items.filter((i) => i.person_id !== null).map((i) => i.person_id as number),
    );
    const claimed = new Set(
      (
        await trx
          .selectFrom('claim')
          .select('insured_person_id')
          .where('policy_id', '=', policy.id)
          .where('paid_fen', '>', 0)
          .execute()
      ).map((r) => r.insured_person_id),
    );
    const groups = new Map<string, number[]>();
    let premium = 0;
    let refund = 0;
    for (const i of items) {
      const leaver = i.person_id !== null ? persons.get(i.person_id) : undefined;
      const withheld = leaver && i.action !== 'add' && i.action !== 'modify' && claimed.has(leaver.id) ? 1 : 0;
      const { fen, leaverRefund } = linePremium(ctx, i.action, i.risk_category, leaver, withheld === 1, days, yearDays);
      if (fen > 0) premium += fen;
      else refund -= fen;
      const key = `${fen}|${withheld}|${leaverRefund ?? ''}`;
      groups.set(key, [...(groups.get(key) ?? []), i.id]);
    }
    for (const [key, ids] of groups) {
      const [fen, withheld, leaverRefund] = key.split('|');
      for (const part of chunks(ids, 900)) {
        await trx
          .updateTable('correction_item')
          .set({
            premium_fen: Number(fen),
            days,
            refund_withheld: Number(withheld),
            leaver_refund_fen: leaverRefund === '' ? null : Number(leaverRefund),
          })
          .where('id', 'in', part)
          .execute();
      }
    }
    await trx
      .updateTable('correction')
      .set({
        state: 'underwritten',
        premium_fen: premium,
        refund_fen: refund,
        net_fen: premium - refund,
        updated_at: this.now().toISOString(),
      })
      .where('id', '=', c.id)
      .execute();
  }

  async selectScenario(
    actor: Actor,
    correctionId: number,
    scenario: OrderScenario | undefined,
    voice: Voice,
  ): Promise<ScenarioResult> {
    return this.deps.db.transaction().execute(async (trx) => {
      const c = await lockCorrection(trx, actor.customer_id, correctionId);
      if (c.net_fen === null) throw refuse('correction.underwriteFirst');
      const net = Number(c.net_fen);
      const allowed: OrderScenario[] = net > 0 ? ['online', 'transfer'] : net < 0 ? ['refund'] : ['none'];
      // Choosing the scenario already chosen changes nothing, in any state (a retried step).
      if (scenario && scenario !== c.scenario) {
        if (c.state !== 'underwritten')
          throw refuse('correction.scenarioFixed', { correctionNo: c.correction_no, state: stateName(c.state) });
        if (!allowed.includes(scenario))
          throw refuse('correction.scenarioNotAllowed', {
            allowed: listed(
              voice.locale,
              allowed.map((s) => voice.t(`correction.scenario.${s}`)),
            ),
          });
        await trx
          .updateTable('correction')
          .set({
            scenario,
            pay_type: scenario === 'online' || scenario === 'transfer' ? scenario : null,
            updated_at: this.now().toISOString(),
          })
          .where('id', '=', c.id)
          .execute();
      }
      const after = await loadCorrection(trx, actor.customer_id, c.id);
      return {
        allowed,
        selected: (after.scenario as OrderScenario | null) ?? null,
        correction: summaryOf(after, voice),
      };
    });
  }

  // ------------------------------------------------------------------ approval

  async applyForApproval(
    actor: Actor,
    variants: readonly CorrectionVariant[],
    call: string,
    correctionId: number,
    key: string,
    voice: Voice,
  ): Promise<ApprovalResult> {
    await this.settleDue(actor.customer_id, correctionId);
    return this.once.run(actor, key, call, async (trx) => {
      const c = await lockCorrection(trx, actor.customer_id, correctionId, variants);
      const no = { correctionNo: c.correction_no };
      if (c.state === 'draft' || c.state === 'checked') throw refuse('correction.approveUnderwriteFirst');
      if (c.state === 'rejected') throw refuse('correction.wasRejected', no);
      if (c.state === 'cancelled') throw refuse('correction.deleted', no);
      if (c.state !== 'underwritten') return approvalOf(c, voice);
      await checkSecondPerson(trx, actor, c);
      const at = this.now().toISOString();
      await trx
        .updateTable('correction')
        .set({ submitted_at: at, returned_reason: null, returned_by: null, returned_at: null })
        .where('id', '=', c.id)
        .execute();
      const { general, problems } = await this.runChecks(trx, c);
      if (general.length || problems.length) {
        const reasons: Said[] = [
          ...general,
          ...problems.map((p): Said => ({
            key: 'correction.rejectedPerson',
            params: {
              name: p.name,
              idNumber: p.idNumber,
              // a person's reasons are kept said in the language of the correction
              reasons: sentences(voice.locale, sayAll(voice.t, p.reasons)),
            },
          })),
        ].slice(0, SENTENCE_LIMIT);
        await trx
          .updateTable('correction')
          .set({
            state: 'rejected',
            decision: 'rejected',
            reasons: JSON.stringify(reasons),
            decided_at: at,
            updated_at: at,
          })
          .where('id', '=', c.id)
          .execute();
        return approvalOf(await loadCorrection(trx, actor.customer_id, c.id), voice);
      }
      const review = await this.reviewReasons(trx, c);
      if (review.length) {
        const due = new Date(this.now().getTime() + this.deps.options.reviewMinutes * 60_000).toISOString();
        await trx
          .updateTable('correction')
          .set({
            state: 'pending',
            decision: 'pending',
            reasons: JSON.stringify(review),
            review_due_at: due,
            updated_at: at,
          })
          .where('id', '=', c.id)
          .execute();
        return approvalOf(await loadCorrection(trx, actor.customer_id, c.id), voice);
      }
      await this.approve(trx, c, []);
      return approvalOf(await loadCorrection(trx, actor.customer_id, c.id), voice);
    });
  }

  /** The rules that send a correction to the underwriters instead of approving it at once. */
  private async reviewReasons(trx: Trx, c: CorrectionRow): Promise<Said[]> {
    const policy = await trx.selectFrom('policy').selectAll().where('id', '=', c.policy_id).executeTakeFirstOrThrow();
    const joiners = await trx
      .selectFrom('correction_item')
      .select(['name', 'birthdate', 'risk_category'])
      .where('correction_id', '=', c.id)
      .where('action', 'in', ['add', 'exchange'])
      .execute();
    const reasons: Said[] = [];
    const max = this.deps.options.pendingHeadcount;
    if (joiners.length > max) reasons.push({ key: 'correction.review.headcount', params: { max } });
    for (const j of joiners) {
      if (reasons.length >= SENTENCE_LIMIT) break;
      if (ageOn(j.birthdate, c.effective_date) >= policy.max_age - 1)
        reasons.push({ key: 'correction.review.age', params: { name: j.name, max: policy.max_age } });
      else if (j.risk_category === 6) reasons.push({ key: 'correction.review.category6', params: { name: j.name } });
    }
    return reasons;
  }

  /** Approved: in force at once when nothing is to be paid, otherwise waiting for the payment link. */
  async approve(trx: Trx, c: CorrectionRow, reasons: Said[]): Promise<void> {
    const at = this.now().toISOString();
    const net = Number(c.net_fen ?? 0);
    const scenario = c.scenario ?? (net > 0 ? 'online' : net < 0 ? 'refund' : 'none');
    await trx
      .updateTable('correction')
      .set({
        state: 'approved',
        decision: 'approved',
        reasons: JSON.stringify(reasons),
        decided_at: at,
        updated_at: at,
        scenario,
        pay_type: net > 0 ? (c.pay_type ?? 'online') : null,
      })
      .where('id', '=', c.id)
      .execute();
    if (net <= 0)
      await applyInForce(trx, await loadCorrection(trx, c.customer_id, c.id), this.now(), this.deps.options.moneyLog);
  }

  /** A pending correction whose review time has come is decided (the embedded underwriting desk approves). */
  /** Also settled whenever what fell due is: the payments' own deadlines (awaited transfers past theirs). */
  private readonly alsoDue: Array<(customerId: number, correctionId?: number) => Promise<unknown>> = [];

  whenSettling(settle: (customerId: number, correctionId?: number) => Promise<unknown>): void {
    this.alsoDue.push(settle);
  }

  async settleDue(customerId: number, correctionId?: number): Promise<void> {
    for (const settle of this.alsoDue) await settle(customerId, correctionId);
    const at = this.now().toISOString();
    let query = this.deps.db
      .selectFrom('correction')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('state', '=', 'pending')
      .where('review_due_at', '<=', at);
    if (correctionId !== undefined) query = query.where('id', '=', correctionId);
    const due = await query.execute();
    for (const { id } of due) {
      await this.deps.db.transaction().execute(async (trx) => {
        const c = await lockCorrection(trx, customerId, id);
        if (c.state !== 'pending') return;
        await this.approve(trx, c, [{ key: 'correction.review.approved' }]);
      });
    }
  }

  /** delCorrectRecord / delInsuredCorrectRecord: cancelled (its open payment closed); a repeat answers it again. */
  /**
   * A second person returns a correction waiting to be sent for approval to its preparer, with why:
   * it is a draft again (its lines kept), the reason shown on it until it is sent.
   */
  async returnToPreparer(
    actor: Actor & { name: string },
    correctionId: number,
    reason: string,
    voice: Voice,
  ): Promise<CorrectionSummary> {
    return this.deps.db.transaction().execute(async (trx) => {
      const c = await lockCorrection(trx, actor.customer_id, correctionId);
      if (c.state !== 'underwritten') throw refuse('correction.notReturnable', { correctionNo: c.correction_no });
      if (c.created_by === actor.id) throw refuse('correction.returnOwn');
      const at = this.now().toISOString();
      await trx
        .updateTable('correction')
        .set({ state: 'draft', returned_reason: reason, returned_by: actor.name, returned_at: at, updated_at: at })
        .where('id', '=', c.id)
        .execute();
      return summaryOf(await loadCorrection(trx, actor.customer_id, c.id), voice);
    });
  }

  async cancel(
    actor: Actor,
    correctionId: number,
    voice: Voice,
    variants?: readonly CorrectionVariant[],
  ): Promise<CorrectionSummary> {
    return this.deps.db.transaction().execute(async (trx) => {
      const c = await lockCorrection(trx, actor.customer_id, correctionId, variants);
      const no = { correctionNo: c.correction_no };
      if (c.state === 'in_force') throw refuse('correction.inForceNoDelete', no);
      if (c.state === 'cancelled') return summaryOf(c, voice); // a repeated delete (double click, retry) succeeds
      const paid = await trx
        .selectFrom('premium_payment')
        .select('id')
        .where('correction_id', '=', c.id)
        .where('state', '=', PaymentState.paid)
        .executeTakeFirst();
      if (paid) throw refuse('correction.paidNoDelete', no);
      const at = this.now().toISOString();
      await trx
        .updateTable('correction')
        .set({ state: 'cancelled', open_policy_id: null, cancelled_at: at, updated_at: at })
        .where('id', '=', c.id)
        .execute();
      await trx
        .updateTable('premium_payment')
        .set({ state: PaymentState.closed })
        .where('correction_id', '=', c.id)
        .where('state', 'in', [PaymentState.unpaid, PaymentState.failed])
        .execute();
      return summaryOf(await loadCorrection(trx, actor.customer_id, c.id), voice);
    });
  }
}

function approvalOf(c: CorrectionRow, voice: Voice): ApprovalResult {
  const summary = summaryOf(c, voice);
  const decision = (c.decision ?? 'pending') as ApprovalResult['decision'];
  return {
    decision,
    reasons: summary.reasons,
    correction: summary,
    paymentRequired: decision === 'approved' && (summary.netFen ?? 0) > 0 && summary.state !== 'in_force',
  };
}
