import type { Kysely } from 'kysely';
import type {
  ApprovalResult,
  CorrectionState,
  CorrectionSummary,
  CorrectionVariant,
  DraftCheckResult,
  OrderScenario,
  ScenarioResult,
  UnderwritingResult,
} from '../../../contract/io/correction';
import { ageOn, daysInclusive, proRataFen } from '../../../common/correction';
import type { DB } from '../../db/schema';
import { refuseText } from '../errors';
import { loadCorrection, lockCorrection, policyRates } from './access';
import { applyInForce } from './apply';
import {
  checkPerson,
  chunks,
  effectiveDateProblem,
  insuredCount,
  memberFloorProblem,
  rateFor,
  rosterByIdNumber,
  rosterByIds,
} from './checks';
import { EDITABLE, rateList, STATE_TEXT, summaryOf, type CorrectionRow } from './model';
import type { Actor, Corrections } from './service';

type Trx = Kysely<DB>;

const SENTENCE_LIMIT = 20;

/**
 * The decisions on a correction: the checks of its lines, the premium (underwriting), how it is
 * settled, business approval (approved, rejected with reasons, or pending for the underwriters),
 * and cancelling it.
 */
export class CorrectionDecisions {
  constructor(private readonly svc: Corrections) {}

  // ------------------------------------------------------------------ checks and underwriting

  /** Runs every rule on the draft's lines; stores each line's findings. */
  private async runChecks(
    trx: Trx,
    c: CorrectionRow,
  ): Promise<{ general: string[]; problems: DraftCheckResult['problems'] }> {
    const general: string[] = [];
    const policy = await trx.selectFrom('policy').selectAll().where('id', '=', c.policy_id).executeTakeFirstOrThrow();
    if (policy.state !== 1) general.push(`Policy ${policy.policy_no} is no longer in force.`);
    const dateProblem = effectiveDateProblem(policy, c.effective_date, this.svc.now());
    if (dateProblem) general.push(dateProblem);
    const items = await trx
      .selectFrom('correction_item')
      .selectAll()
      .where('correction_id', '=', c.id)
      .orderBy('id')
      .execute();
    if (!items.length) general.push('The correction has nobody in it yet; add, remove or exchange someone first.');
    const ctx = await this.svc.context(trx, policy, c.effective_date);
    const joinIds = items.filter((i) => i.action === 'add' || i.action === 'exchange').map((i) => i.id_number);
    const roster = await rosterByIdNumber(trx, policy.id, joinIds);
    const persons = await rosterByIds(
      trx,
      policy.id,
      items.filter((i) => i.person_id !== null).map((i) => i.person_id as number),
    );
    const seen = new Set<string>();
    const problems: DraftCheckResult['problems'] = [];
    let adds = 0;
    let removes = 0;
    for (const i of items) {
      const reasons: string[] = [];
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
        reasons.push(...again.reasons);
        if (seen.has(i.id_number)) reasons.push('This person appears twice in the correction.');
        seen.add(i.id_number);
        if (roster.has(i.id_number)) reasons.push('This person is already insured on this policy.');
        if (i.action === 'add') adds += 1;
      }
      if (i.person_id !== null) {
        const person = persons.get(i.person_id);
        if (!person || person.state !== 1)
          reasons.push(`${person?.name ?? 'This person'} is no longer insured on this policy.`);
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
  async check(actor: Actor, correctionId: number, variants?: readonly CorrectionVariant[]): Promise<DraftCheckResult> {
    const outcome = await this.svc.db.transaction().execute(async (trx) => {
      const c = await lockCorrection(trx, actor.customer_id, correctionId, variants);
      if (!EDITABLE.includes(c.state as CorrectionState))
        throw refuseText(
          `Correction ${c.correction_no} has been checked already and is ${STATE_TEXT[c.state as CorrectionState].toLowerCase()}.`,
        );
      const { general, problems } = await this.runChecks(trx, c);
      const ok = general.length === 0 && problems.length === 0;
      if (ok && (c.state === 'draft' || c.state === 'rejected')) {
        await trx
          .updateTable('correction')
          .set({ state: 'checked', decision: null, reasons: '[]', updated_at: this.svc.now().toISOString() })
          .where('id', '=', c.id)
          .execute();
      } else if (!ok && c.state !== 'draft') {
        await trx
          .updateTable('correction')
          .set({ state: 'draft', updated_at: this.svc.now().toISOString() })
          .where('id', '=', c.id)
          .execute();
      }
      const after = await loadCorrection(trx, actor.customer_id, c.id);
      return { ok, general, correction: summaryOf(after), problems: problems.slice(0, 200) };
    });
    const result: DraftCheckResult = { ok: outcome.ok, correction: outcome.correction, problems: outcome.problems };
    if (!outcome.ok) {
      const sentences = [
        ...outcome.general,
        ...outcome.problems.slice(0, 3).map((p) => `${p.name}: ${p.reasons.join(' ')}`),
      ];
      const more = outcome.problems.length > 3 ? ` ${outcome.problems.length - 3} more people need attention.` : '';
      throw refuseText(`${sentences.join(' ')}${more}`, result);
    }
    return result;
  }

  /** Per-person premium and totals: checked -> underwritten (runs the checks first when needed). */
  async underwrite(
    actor: Actor,
    correctionId: number,
    pageNum: number,
    pageSize: number,
    variants?: readonly CorrectionVariant[],
  ): Promise<UnderwritingResult> {
    const first = await loadCorrection(this.svc.db, actor.customer_id, correctionId, variants);
    if (first.state === 'draft' || first.state === 'rejected') await this.check(actor, correctionId, variants);
    await this.svc.db.transaction().execute(async (trx) => {
      const c = await lockCorrection(trx, actor.customer_id, correctionId);
      if (c.state !== 'checked' && c.state !== 'underwritten') return;
      await this.price(trx, c);
    });
    const c = await loadCorrection(this.svc.db, actor.customer_id, correctionId);
    if (c.state === 'cancelled') throw refuseText(`Correction ${c.correction_no} was deleted.`);
    const policy = await this.svc.db
      .selectFrom('policy')
      .selectAll()
      .where('id', '=', c.policy_id)
      .executeTakeFirstOrThrow();
    return {
      correction: summaryOf(c),
      items: await this.svc.itemsPage(this.svc.db, c, pageNum, pageSize),
      yearDays: daysInclusive(policy.start_date, policy.end_date),
      days: daysInclusive(c.effective_date, policy.end_date),
      rates: rateList(await policyRates(this.svc.db, policy.id)),
    };
  }

  private async price(trx: Trx, c: CorrectionRow): Promise<void> {
    const policy = await trx.selectFrom('policy').selectAll().where('id', '=', c.policy_id).executeTakeFirstOrThrow();
    const ctx = await this.svc.context(trx, policy, c.effective_date);
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
      const leaverRate = leaver ? (rateFor(ctx, leaver.risk_category) ?? 0) : 0;
      let fen = 0;
      let withheld = 0;
      if (i.action === 'add' || i.action === 'exchange')
        fen += proRataFen(rateFor(ctx, i.risk_category) ?? 0, days, yearDays);
      if ((i.action === 'subtract' || i.action === 'exchange') && leaver) {
        if (claimed.has(leaver.id)) withheld = 1;
        else fen -= proRataFen(leaverRate, days, yearDays);
      }
      if (i.action === 'modify' && leaver && leaver.risk_category !== i.risk_category) {
        const diff = (rateFor(ctx, i.risk_category) ?? 0) - leaverRate;
        fen += diff >= 0 ? proRataFen(diff, days, yearDays) : -proRataFen(-diff, days, yearDays);
      }
      if (fen > 0) premium += fen;
      else refund -= fen;
      const key = `${fen}|${withheld}`;
      groups.set(key, [...(groups.get(key) ?? []), i.id]);
    }
    for (const [key, ids] of groups) {
      const [fen, withheld] = key.split('|').map(Number);
      for (const part of chunks(ids, 900)) {
        await trx
          .updateTable('correction_item')
          .set({ premium_fen: fen, days, refund_withheld: withheld })
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
        updated_at: this.svc.now().toISOString(),
      })
      .where('id', '=', c.id)
      .execute();
  }

  async selectScenario(
    actor: Actor,
    correctionId: number,
    scenario: OrderScenario | undefined,
  ): Promise<ScenarioResult> {
    return this.svc.db.transaction().execute(async (trx) => {
      const c = await lockCorrection(trx, actor.customer_id, correctionId);
      if (c.net_fen === null)
        throw refuseText('Calculate the premium (underwriting) before choosing how to settle it.');
      const net = Number(c.net_fen);
      const allowed: OrderScenario[] = net > 0 ? ['online', 'transfer'] : net < 0 ? ['refund'] : ['none'];
      // Choosing the scenario already chosen changes nothing, in any state (a retried step).
      if (scenario && scenario !== c.scenario) {
        if (c.state !== 'underwritten')
          throw refuseText(
            `The way to settle correction ${c.correction_no} can no longer be chosen here (it is ${STATE_TEXT[c.state as CorrectionState].toLowerCase()}); use the payment step.`,
          );
        if (!allowed.includes(scenario)) throw refuseText(`This correction can be settled by: ${allowed.join(', ')}.`);
        await trx
          .updateTable('correction')
          .set({
            scenario,
            pay_type: scenario === 'online' || scenario === 'transfer' ? scenario : null,
            updated_at: this.svc.now().toISOString(),
          })
          .where('id', '=', c.id)
          .execute();
      }
      const after = await loadCorrection(trx, actor.customer_id, c.id);
      return { allowed, selected: (after.scenario as OrderScenario | null) ?? null, correction: summaryOf(after) };
    });
  }

  // ------------------------------------------------------------------ approval

  async applyForApproval(
    actor: Actor,
    variants: readonly CorrectionVariant[],
    call: string,
    correctionId: number,
    key: string,
  ): Promise<ApprovalResult> {
    await this.svc.settleDue(actor.customer_id, correctionId);
    return this.svc.once(actor, key, call, async (trx) => {
      const c = await lockCorrection(trx, actor.customer_id, correctionId, variants);
      const state = c.state as CorrectionState;
      if (state === 'draft' || state === 'checked')
        throw refuseText('Calculate the premium (underwriting) before sending the correction for approval.');
      if (state === 'rejected')
        throw refuseText(
          `Correction ${c.correction_no} was rejected; change it and calculate the premium again before sending it.`,
        );
      if (state === 'cancelled') throw refuseText(`Correction ${c.correction_no} was deleted.`);
      if (state !== 'underwritten') return approvalOf(c);
      const at = this.svc.now().toISOString();
      await trx.updateTable('correction').set({ submitted_at: at }).where('id', '=', c.id).execute();
      const { general, problems } = await this.runChecks(trx, c);
      if (general.length || problems.length) {
        const reasons = [...general, ...problems.map((p) => `${p.name} (${p.idNumber}): ${p.reasons.join(' ')}`)].slice(
          0,
          SENTENCE_LIMIT,
        );
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
        return approvalOf(await loadCorrection(trx, actor.customer_id, c.id));
      }
      const review = await this.reviewReasons(trx, c);
      if (review.length) {
        const due = new Date(this.svc.now().getTime() + this.svc.options.reviewMinutes * 60_000).toISOString();
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
        return approvalOf(await loadCorrection(trx, actor.customer_id, c.id));
      }
      await this.approve(trx, c, []);
      return approvalOf(await loadCorrection(trx, actor.customer_id, c.id));
    });
  }

  /** The rules that send a correction to the underwriters instead of approving it at once. */
  private async reviewReasons(trx: Trx, c: CorrectionRow): Promise<string[]> {
    const policy = await trx.selectFrom('policy').selectAll().where('id', '=', c.policy_id).executeTakeFirstOrThrow();
    const joiners = await trx
      .selectFrom('correction_item')
      .select(['name', 'birthdate', 'risk_category'])
      .where('correction_id', '=', c.id)
      .where('action', 'in', ['add', 'exchange'])
      .execute();
    const reasons: string[] = [];
    if (joiners.length > this.svc.options.pendingHeadcount)
      reasons.push(
        `More than ${this.svc.options.pendingHeadcount} people join in one correction, so the underwriters review it.`,
      );
    for (const j of joiners) {
      if (reasons.length >= SENTENCE_LIMIT) break;
      if (ageOn(j.birthdate, c.effective_date) >= policy.max_age - 1)
        reasons.push(
          `${j.name} is within a year of the product's maximum age (${policy.max_age}), so the underwriters review the correction.`,
        );
      else if (j.risk_category === 6)
        reasons.push(`${j.name} works in risk category 6, so the underwriters review the correction.`);
    }
    return reasons;
  }

  /** Approved: in force at once when nothing is to be paid, otherwise waiting for the payment link. */
  async approve(trx: Trx, c: CorrectionRow, reasons: string[]): Promise<void> {
    const at = this.svc.now().toISOString();
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
    if (net <= 0) await applyInForce(trx, await loadCorrection(trx, c.customer_id, c.id), this.svc.now());
  }

  async cancel(
    actor: Actor,
    correctionId: number,
    variants?: readonly CorrectionVariant[],
  ): Promise<CorrectionSummary> {
    return this.svc.db.transaction().execute(async (trx) => {
      const c = await lockCorrection(trx, actor.customer_id, correctionId, variants);
      if (c.state === 'in_force') throw refuseText(`Correction ${c.correction_no} is in force and cannot be deleted.`);
      if (c.state === 'cancelled') return summaryOf(c); // a repeated delete (double click, retry) succeeds
      const paid = await trx
        .selectFrom('premium_payment')
        .select('id')
        .where('correction_id', '=', c.id)
        .where('state', '=', 2)
        .executeTakeFirst();
      if (paid) throw refuseText(`The premium of correction ${c.correction_no} has been paid; it cannot be deleted.`);
      const at = this.svc.now().toISOString();
      await trx
        .updateTable('correction')
        .set({ state: 'cancelled', open_policy_id: null, cancelled_at: at, updated_at: at })
        .where('id', '=', c.id)
        .execute();
      await trx
        .updateTable('premium_payment')
        .set({ state: 4 })
        .where('correction_id', '=', c.id)
        .where('state', 'in', [1, 3])
        .execute();
      return summaryOf(await loadCorrection(trx, actor.customer_id, c.id));
    });
  }
}

function approvalOf(c: CorrectionRow): ApprovalResult {
  const summary = summaryOf(c);
  const decision = (c.decision ?? 'pending') as ApprovalResult['decision'];
  return {
    decision,
    reasons: summary.reasons,
    correction: summary,
    paymentRequired: decision === 'approved' && (summary.netFen ?? 0) > 0 && summary.state !== 'in_force',
  };
}
