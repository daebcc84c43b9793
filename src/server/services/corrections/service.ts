import type { Insertable, Kysely } from 'kysely';
import type {
  ApprovalResult,
  BankAccount,
  CorrectionDetail,
  CorrectionKind,
  CorrectionState,
  CorrectionSummary,
  CorrectionVariant,
  DraftCheckResult,
  ImportResult,
  ItemChange,
  ModifyReq,
  OrderScenario,
  PersonInput,
  ScenarioResult,
  UnderwritingResult,
} from '../../../contract/io/correction';
import type { Page } from '../../../contract/envelope';
import { ageOn, daysInclusive, insurerToday, NAME_MESSAGE, NAME_PATTERN, PHONE_MESSAGE, PHONE_PATTERN, proRataFen } from '../../../common/correction';
import type { DB } from '../../db/schema';
import type { CorrectionItemTable } from '../../db/tables/corrections';
import { GatewayError, refuse } from '../../http/errors';
import { IDEMPOTENCY_KEY, correctionNo, isUniqueViolation, loadCorrection, lockCorrection, loadPolicy, occupations, policyRates, requireInForce } from './access';
import { applyInForce } from './apply';
import {
  checkPerson,
  chunks,
  draftHoldings,
  effectiveDateProblem,
  insuredCount,
  memberFloorProblem,
  rateFor,
  rosterByIdNumber,
  rosterByIds,
  type PolicyContext,
  type PreparedPerson,
} from './checks';
import { EDITABLE, itemOf, OPEN, paymentOf, policyOf, STATE_TEXT, summaryOf, VARIANT_TEXT, type CorrectionRow, type ItemRow, type PolicyRow } from './model';
import { errorReport, readUpload, UploadProblem, type ErrorRow, type SheetKind } from './sheets';
import type { UploadedFile } from '../../http/context';

export interface CorrectionOptions {
  /** How long a payment link stays valid. */
  payLinkMinutes?: number;
  /** When the underwriting desk decides a pending correction. */
  reviewMinutes?: number;
  /** More people than this in one correction go to the underwriters. */
  pendingHeadcount?: number;
  /** The insurer's account for premium transfers. */
  receivingAccount?: BankAccount;
  /** The clock (a seam for tests and for replaying). */
  now?: () => Date;
}

export interface Actor {
  id: number;
  customer_id: number;
}

export interface CreateInput {
  policyId: number;
  correctionId?: number;
  effectiveDate?: string;
  idempotencyKey: string;
}

interface Prepared {
  policy: PolicyRow;
  correction: CorrectionRow | null;
  ctx: PolicyContext;
}

type Trx = Kysely<DB>;

class DuplicateKey extends Error {}

const SENTENCE_LIMIT = 20;

/** Correction drafts, checks, underwriting, approval and the records: one service for every variant. */
export class Corrections {
  readonly options: Required<CorrectionOptions>;

  constructor(
    readonly db: Kysely<DB>,
    options: CorrectionOptions = {},
  ) {
    this.options = {
      payLinkMinutes: options.payLinkMinutes ?? 30,
      reviewMinutes: options.reviewMinutes ?? 2,
      pendingHeadcount: options.pendingHeadcount ?? 500,
      receivingAccount: options.receivingAccount ?? {
        accountName: 'Member Center Insurance Co., Ltd. — premium collection',
        bankName: 'Industrial and Commercial Bank of China, Beijing Xidan Branch',
        accountNo: '0200 0045 0902 6688 818',
      },
      now: options.now ?? (() => new Date()),
    };
  }

  now(): Date {
    return this.options.now();
  }

  // ------------------------------------------------------------------ idempotency

  /**
   * Runs a creating action once per idempotency key: the first answer is stored with the key in the
   * same transaction and repeated to every retry; a refusal stores nothing, so a retry may succeed.
   */
  async once<T>(actor: Actor, key: string, call: string, work: (trx: Trx) => Promise<T>): Promise<T> {
    if (!IDEMPOTENCY_KEY.test(key)) throw refuse('This request has no valid idempotency key (8-64 letters, digits, - or _); reload the page and try again.');
    const stored = async () => {
      const row = await this.db.selectFrom('correction_request').selectAll().where('customer_id', '=', actor.customer_id).where('idem_key', '=', key).executeTakeFirst();
      if (!row) return undefined;
      if (row.call !== call) throw refuse('This request repeats the key of a different action; reload the page and try again.');
      return JSON.parse(row.response ?? 'null') as T;
    };
    const earlier = await stored();
    if (earlier !== undefined) return earlier;
    try {
      return await this.db.transaction().execute(async (trx) => {
        try {
          await trx.insertInto('correction_request').values({ customer_id: actor.customer_id, idem_key: key, call, correction_id: null, response: null, created_at: this.now().toISOString() }).execute();
        } catch (error) {
          if (isUniqueViolation(error)) throw new DuplicateKey();
          throw error;
        }
        const result = await work(trx);
        const correctionId = (result as { correction?: { correctionId?: number } } | null)?.correction?.correctionId ?? null;
        await trx
          .updateTable('correction_request')
          .set({ response: JSON.stringify(result), correction_id: correctionId })
          .where('customer_id', '=', actor.customer_id)
          .where('idem_key', '=', key)
          .execute();
        return result;
      });
    } catch (error) {
      if (error instanceof DuplicateKey) {
        const again = await stored();
        if (again !== undefined) return again;
        throw refuse('The same request is still being processed; wait a moment and look at the correction records.');
      }
      throw error;
    }
  }

  // ------------------------------------------------------------------ reading

  async summary(db: Trx, customerId: number, correctionId: number): Promise<CorrectionSummary> {
    return summaryOf(await loadCorrection(db, customerId, correctionId));
  }

  async context(db: Trx, policy: PolicyRow, effectiveDate: string): Promise<PolicyContext> {
    return {
      policy,
      variant: policy.roster as CorrectionVariant,
      rates: await policyRates(db, policy.id),
      occupations: await occupations(this, db),
      effectiveDate,
      now: this.now(),
    };
  }

  async itemsPage(db: Trx, correction: CorrectionRow, pageNum: number, pageSize: number, ids?: number[]): Promise<Page<ReturnType<typeof itemOf>>> {
    let query = db.selectFrom('correction_item').selectAll().where('correction_id', '=', correction.id);
    if (ids) query = query.where('id', 'in', ids.length ? ids : [-1]);
    const rows = await query
      .orderBy('id')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute();
    const total = ids ? ids.length : correction.item_count;
    return { list: await this.items(db, correction.policy_id, rows), total, pageNum, pageSize };
  }

  private async items(db: Trx, policyId: number, rows: ItemRow[]) {
    const leaving = rows.filter((r) => r.action === 'exchange' && r.person_id !== null).map((r) => r.person_id as number);
    const persons = leaving.length ? await rosterByIds(db, policyId, leaving) : new Map();
    return rows.map((r) => {
      const p = r.action === 'exchange' && r.person_id !== null ? persons.get(r.person_id) : undefined;
      return itemOf(r, p ? { personId: p.id, name: p.name, idNumber: p.id_number } : null);
    });
  }

  /** A pending correction whose review time has come is decided (the embedded underwriting desk approves). */
  async settleDue(customerId: number, correctionId?: number): Promise<void> {
    const at = this.now().toISOString();
    let query = this.db.selectFrom('correction').select('id').where('customer_id', '=', customerId).where('state', '=', 'pending').where('review_due_at', '<=', at);
    if (correctionId !== undefined) query = query.where('id', '=', correctionId);
    const due = await query.execute();
    for (const { id } of due) {
      await this.db.transaction().execute(async (trx) => {
        const c = await lockCorrection(trx, customerId, id);
        if (c.state !== 'pending') return;
        await this.approve(trx, c, ['Approved by the underwriting desk after review.']);
      });
    }
  }

  async detail(actor: Actor, correctionId: number, pageNum: number, pageSize: number): Promise<CorrectionDetail> {
    await this.settleDue(actor.customer_id, correctionId);
    const c = await loadCorrection(this.db, actor.customer_id, correctionId);
    const policy = await this.db.selectFrom('policy').selectAll().where('id', '=', c.policy_id).executeTakeFirstOrThrow();
    const payment = await this.db.selectFrom('premium_payment').selectAll().where('correction_id', '=', c.id).orderBy('id', 'desc').executeTakeFirst();
    const link = payment ? await this.db.selectFrom('correction_pay_link').select(['token', 'expires_at']).where('payment_id', '=', payment.id).orderBy('id', 'desc').executeTakeFirst() : undefined;
    const lastImport = await this.db.selectFrom('correction_import').selectAll().where('correction_id', '=', c.id).orderBy('id', 'desc').executeTakeFirst();
    return {
      correction: summaryOf(c),
      policy: policyOf(policy, await insuredCount(this.db, policy.id)),
      items: await this.itemsPage(this.db, c, pageNum, pageSize),
      payment: payment ? paymentOf(payment, link ?? null, this.now()) : null,
      lastImport: lastImport ? importResultOf(lastImport, summaryOf(c)) : null,
    };
  }

  async records(actor: Actor, q: { policyId?: number; state?: string; variant?: string; pageNum: number; pageSize: number; offset: number }): Promise<Page<CorrectionSummary>> {
    await this.settleDue(actor.customer_id);
    let base = this.db.selectFrom('correction').innerJoin('policy', 'policy.id', 'correction.policy_id').where('correction.customer_id', '=', actor.customer_id);
    if (q.policyId) base = base.where('correction.policy_id', '=', q.policyId);
    if (q.state) base = base.where('correction.state', '=', q.state);
    if (q.variant) base = base.where('correction.variant', '=', q.variant);
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .selectAll('correction')
      .select(['policy.policy_no', 'policy.product_name'])
      .orderBy('correction.id', 'desc')
      .limit(q.pageSize)
      .offset(q.offset)
      .execute();
    return { list: rows.map(summaryOf), total: Number(total.n), pageNum: q.pageNum, pageSize: q.pageSize };
  }

  // ------------------------------------------------------------------ before a correction

  async checkBefore(actor: Actor, policyId: number, kind: CorrectionKind, effectiveDate: string | undefined, variants?: readonly CorrectionVariant[]) {
    const policy = await loadPolicy(this.db, actor.customer_id, policyId, variants);
    requireInForce(policy);
    const today = this.now();
    const earliest = [insurerToday(today), policy.start_date].sort()[1];
    if (earliest > policy.end_date) throw refuse(`Policy ${policy.policy_no} ends on ${policy.end_date}; there are no days left to correct.`);
    if (effectiveDate) {
      const problem = effectiveDateProblem(policy, effectiveDate, today);
      if (problem) throw refuse(problem);
    }
    const members = await insuredCount(this.db, policy.id);
    if ((kind === 'subtract' || kind === 'exchange' || kind === 'modify') && members === 0) throw refuse('Nobody is insured on this policy yet, so nobody can be removed, exchanged or changed.');
    if (kind === 'subtract' && members <= policy.min_members) {
      throw refuse(`The policy must keep at least ${policy.min_members} insured people and has ${members}; nobody can be removed now.`);
    }
    const open = await this.db
      .selectFrom('correction')
      .innerJoin('policy', 'policy.id', 'correction.policy_id')
      .selectAll('correction')
      .select(['policy.policy_no', 'policy.product_name'])
      .where('correction.open_policy_id', '=', policy.id)
      .executeTakeFirst();
    const rates = await policyRates(this.db, policy.id);
    return {
      policy: policyOf(policy, members),
      openCorrection: open ? summaryOf(open) : null,
      earliestEffectiveDate: earliest,
      latestEffectiveDate: policy.end_date,
      riskCategories: rateList(rates),
    };
  }

  // ------------------------------------------------------------------ editing

  private async prepare(trx: Trx, actor: Actor, variants: readonly CorrectionVariant[] | undefined, kind: CorrectionKind, input: CreateInput): Promise<Prepared> {
    const policy = await loadPolicy(trx, actor.customer_id, input.policyId, variants);
    requireInForce(policy);
    let correction: CorrectionRow | null = null;
    if (input.correctionId) {
      correction = await lockCorrection(trx, actor.customer_id, input.correctionId);
      if (correction.policy_id !== policy.id) throw refuse(`Correction ${correction.correction_no} belongs to another policy.`);
      if (!EDITABLE.includes(correction.state as CorrectionState)) {
        throw refuse(`Correction ${correction.correction_no} can no longer be changed (it is ${STATE_TEXT[correction.state as CorrectionState].toLowerCase()}).`);
      }
      if (correction.kind !== kind) {
        throw refuse(`Correction ${correction.correction_no} is ${KIND_TEXT[correction.kind as CorrectionKind]}; finish or delete it before you ${VERB[kind]}.`);
      }
    } else {
      const open = await trx
        .selectFrom('correction')
        .innerJoin('policy', 'policy.id', 'correction.policy_id')
        .selectAll('correction')
        .select(['policy.policy_no', 'policy.product_name'])
        .where('correction.open_policy_id', '=', policy.id)
        .executeTakeFirst();
      if (open) throw openCorrectionRefusal(open);
    }
    const effectiveDate = input.effectiveDate || correction?.effective_date;
    if (!effectiveDate) throw refuse('The effective date is required.');
    const problem = effectiveDateProblem(policy, effectiveDate, this.now());
    if (problem) throw refuse(problem);
    return { policy, correction, ctx: await this.context(trx, policy, effectiveDate) };
  }

  /** Creates the draft, or puts an existing one back to draft (its checks and premium must run again). */
  private async ensureDraft(trx: Trx, actor: Actor, p: Prepared, kind: CorrectionKind): Promise<CorrectionRow> {
    const at = this.now().toISOString();
    if (p.correction) {
      await trx
        .updateTable('correction')
        .set({ state: 'draft', effective_date: p.ctx.effectiveDate, premium_fen: 0, refund_fen: 0, net_fen: null, scenario: null, pay_type: null, decision: null, reasons: '[]', review_due_at: null, updated_at: at })
        .where('id', '=', p.correction.id)
        .execute();
      await trx.updateTable('correction_item').set({ premium_fen: null, days: null, refund_withheld: 0 }).where('correction_id', '=', p.correction.id).execute();
      return loadCorrection(trx, actor.customer_id, p.correction.id);
    }
    try {
      const row = await trx
        .insertInto('correction')
        .values({
          correction_no: correctionNo(this.now()),
          customer_id: actor.customer_id,
          policy_id: p.policy.id,
          open_policy_id: p.policy.id,
          kind,
          variant: p.policy.roster as string,
          state: 'draft',
          effective_date: p.ctx.effectiveDate,
          item_count: 0,
          premium_fen: 0,
          refund_fen: 0,
          net_fen: null,
          scenario: null,
          pay_type: null,
          decision: null,
          reasons: '[]',
          review_due_at: null,
          created_by: actor.id,
          created_at: at,
          updated_at: at,
          submitted_at: null,
          decided_at: null,
          in_force_at: null,
          cancelled_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return loadCorrection(trx, actor.customer_id, row.id);
    } catch (error) {
      if (isUniqueViolation(error)) throw refuse('This policy already has an unfinished correction; open it from the correction records to continue or delete it.');
      throw error;
    }
  }

  private async addItems(trx: Trx, actor: Actor, correction: CorrectionRow, rows: Insertable<CorrectionItemTable>[]): Promise<ItemChange> {
    const ids: number[] = [];
    for (const part of chunks(rows, 400)) {
      const inserted = await trx.insertInto('correction_item').values(part).returning('id').execute();
      ids.push(...inserted.map((r) => r.id));
    }
    const c = await this.recount(trx, actor, correction.id);
    const shown = ids.slice(0, 100);
    const page = await this.itemsPage(trx, c, 1, 100, shown);
    return { correction: summaryOf(c), items: page.list };
  }

  private async recount(trx: Trx, actor: Actor, correctionId: number): Promise<CorrectionRow> {
    const n = await trx.selectFrom('correction_item').select((eb) => eb.fn.countAll<number>().as('n')).where('correction_id', '=', correctionId).executeTakeFirstOrThrow();
    await trx.updateTable('correction').set({ item_count: Number(n.n), updated_at: this.now().toISOString() }).where('id', '=', correctionId).execute();
    return loadCorrection(trx, actor.customer_id, correctionId);
  }

  /** Checks people to add (or joining in an exchange) against the policy, the draft and each other. */
  private async checkJoiners(trx: Trx, p: Prepared, rows: Array<{ row: number; input: PersonInput }>): Promise<{ errors: Map<number, string[]>; people: Map<number, PreparedPerson> }> {
    const errors = new Map<number, string[]>();
    const people = new Map<number, PreparedPerson>();
    const seen = new Map<string, number>();
    const holdings = await draftHoldings(trx, p.correction?.id ?? null);
    const roster = await rosterByIdNumber(trx, p.policy.id, rows.map((r) => r.input.idNumber.trim().toUpperCase()).filter(Boolean));
    for (const { row, input } of rows) {
      const { reasons, person } = checkPerson(p.ctx, input);
      const id = input.idNumber.trim().toUpperCase();
      if (id) {
        const first = seen.get(id);
        if (first !== undefined) reasons.push(`The same ID number is already on row ${first} of this file.`);
        else seen.set(id, row);
        if (holdings.joining.has(id)) reasons.push('This person is already being added in this correction.');
        if (roster.has(id)) reasons.push('This person is already insured on this policy.');
      }
      if (reasons.length || !person) errors.set(row, reasons);
      else people.set(row, person);
    }
    return { errors, people };
  }

  async addPeople(actor: Actor, variants: readonly CorrectionVariant[], call: string, input: CreateInput, people: PersonInput[]): Promise<ItemChange> {
    return this.once(actor, input.idempotencyKey, call, async (trx) => {
      const p = await this.prepare(trx, actor, variants, 'add', input);
      const { errors, people: ok } = await this.checkJoiners(trx, p, people.map((input, i) => ({ row: i + 1, input })));
      if (errors.size) throw refuse(personSentence(people[0], [...errors.values()][0]));
      const c = await this.ensureDraft(trx, actor, p, 'add');
      return this.addItems(trx, actor, c, [...ok.values()].map((person) => ({ ...person, correction_id: c.id, action: 'add', person_id: null, problems: '[]', refund_withheld: 0 })));
    });
  }

  async subtract(actor: Actor, variants: readonly CorrectionVariant[], call: string, input: CreateInput, personIds: number[]): Promise<ItemChange> {
    if (!personIds.length) throw refuse('Choose at least one person to remove.');
    if (personIds.length > 10_000) throw refuse('At most 10,000 people can be removed at once.');
    return this.once(actor, input.idempotencyKey, call, async (trx) => {
      const p = await this.prepare(trx, actor, variants, 'subtract', input);
      const roster = await rosterByIds(trx, p.policy.id, personIds);
      const holdings = await draftHoldings(trx, p.correction?.id ?? null);
      const unique = [...new Set(personIds)];
      for (const id of unique) {
        const person = roster.get(id);
        if (!person) throw refuse('There is no such insured person on this policy.');
        if (person.state !== 1) throw refuse(`${person.name} is not insured on this policy any more.`);
        if (holdings.touched.has(id)) throw refuse(`${person.name} is already being removed or changed in this correction.`);
      }
      const floor = memberFloorProblem(p.policy, await insuredCount(trx, p.policy.id), holdings.adds, holdings.removes + unique.length);
      if (floor) throw refuse(floor);
      const c = await this.ensureDraft(trx, actor, p, 'subtract');
      return this.addItems(trx, actor, c, unique.map((id) => leaverItem(c.id, roster.get(id)!)));
    });
  }

  async exchange(actor: Actor, variants: readonly CorrectionVariant[], call: string, input: CreateInput, personId: number, joiner: PersonInput): Promise<ItemChange> {
    return this.once(actor, input.idempotencyKey, call, async (trx) => {
      const p = await this.prepare(trx, actor, variants, 'exchange', input);
      const leaving = (await rosterByIds(trx, p.policy.id, [personId])).get(personId);
      if (!leaving) throw refuse('There is no such insured person on this policy.');
      if (leaving.state !== 1) throw refuse(`${leaving.name} is not insured on this policy any more.`);
      const holdings = await draftHoldings(trx, p.correction?.id ?? null);
      if (holdings.touched.has(personId)) throw refuse(`${leaving.name} is already being removed or changed in this correction.`);
      const { errors, people } = await this.checkJoiners(trx, p, [{ row: 1, input: joiner }]);
      if (errors.size) throw refuse(personSentence(joiner, errors.get(1) ?? []));
      const c = await this.ensureDraft(trx, actor, p, 'exchange');
      return this.addItems(trx, actor, c, [{ ...people.get(1)!, correction_id: c.id, action: 'exchange', person_id: personId, problems: '[]', refund_withheld: 0 }]);
    });
  }

  async modify(actor: Actor, variants: readonly CorrectionVariant[], call: string, input: CreateInput, change: Omit<ModifyReq, keyof CreateInput | 'personId'>, personId: number): Promise<ItemChange> {
    return this.once(actor, input.idempotencyKey, call, async (trx) => {
      const p = await this.prepare(trx, actor, variants, 'modify', input);
      const person = (await rosterByIds(trx, p.policy.id, [personId])).get(personId);
      if (!person) throw refuse('There is no such insured person on this policy.');
      if (person.state !== 1) throw refuse(`${person.name} is not insured on this policy any more.`);
      const holdings = await draftHoldings(trx, p.correction?.id ?? null);
      if (holdings.touched.has(personId)) throw refuse(`${person.name} is already being changed in this correction.`);
      const next = { ...leaverItem(0, person), action: 'modify' };
      const reasons: string[] = [];
      let changed = false;
      const set = <K extends 'name' | 'phone' | 'employee_no' | 'department' | 'bank_name' | 'bank_account'>(key: K, value: string | undefined, max: number, label: string) => {
        if (value === undefined) return;
        const v = value.trim();
        if (v.length > max) reasons.push(`${label} must be at most ${max} characters.`);
        if ((next[key] ?? '') !== v) {
          (next as Record<string, unknown>)[key] = v || null;
          changed = true;
        }
      };
      set('name', change.name, 30, 'The name');
      set('phone', change.phone, 11, 'The phone number');
      set('employee_no', change.employeeNo, 32, 'The employee number');
      set('department', change.department, 60, 'The department');
      set('bank_name', change.bankName, 60, 'The bank name');
      set('bank_account', change.bankAccount, 40, 'The bank account');
      // Only what changes is checked: a roster may hold older spellings that stay as they are.
      if (change.name !== undefined && (!next.name || !NAME_PATTERN.test(next.name))) reasons.push(NAME_MESSAGE);
      if (change.phone !== undefined && next.phone && !PHONE_PATTERN.test(next.phone)) reasons.push(PHONE_MESSAGE);
      if (change.bankAccount !== undefined && next.bank_account && !/^\d{8,30}$/.test(next.bank_account)) reasons.push('The bank account must be 8-30 digits.');
      if (change.occupationCode !== undefined) {
        const code = change.occupationCode.trim();
        if (!code) {
          if (p.ctx.variant === 'employeeNew') reasons.push('The occupation is required on this policy; choose one from the occupation search.');
          else if (next.occupation_code) {
            Object.assign(next, { occupation_code: null, occupation_name: null, risk_category: null });
            changed = true;
          }
        } else if (code !== next.occupation_code) {
          const occupation = p.ctx.occupations.get(code);
          if (!occupation) reasons.push(`There is no occupation with code ${code}; choose one from the occupation search.`);
          else if (!p.ctx.rates.has(occupation.risk_category)) reasons.push(`Risk category ${occupation.risk_category} (${occupation.name}) is not covered by this policy.`);
          else {
            Object.assign(next, { occupation_code: occupation.code, occupation_name: occupation.name, risk_category: occupation.risk_category });
            changed = true;
          }
        }
      }
      if (reasons.length) throw refuse(`${person.name}: ${reasons.join(' ')}`);
      if (!changed) throw refuse('Nothing to change: give at least one new value.');
      const c = await this.ensureDraft(trx, actor, p, 'modify');
      return this.addItems(trx, actor, c, [{ ...next, correction_id: c.id }]);
    });
  }

  async removeItems(actor: Actor, correctionId: number, itemIds: number[]): Promise<ItemChange> {
    if (!itemIds.length) throw refuse('Choose at least one line to take out of the correction.');
    return this.db.transaction().execute(async (trx) => {
      const c = await lockCorrection(trx, actor.customer_id, correctionId);
      if (!EDITABLE.includes(c.state as CorrectionState)) throw refuse(`Correction ${c.correction_no} can no longer be changed (it is ${STATE_TEXT[c.state as CorrectionState].toLowerCase()}).`);
      let removed = 0;
      for (const part of chunks([...new Set(itemIds)], 500)) {
        const r = await trx.deleteFrom('correction_item').where('correction_id', '=', c.id).where('id', 'in', part).executeTakeFirst();
        removed += Number(r.numDeletedRows);
      }
      if (removed === 0) throw refuse('Those lines are not in this correction.');
      const policy = await loadPolicy(trx, actor.customer_id, c.policy_id);
      await this.ensureDraft(trx, actor, { policy, correction: c, ctx: await this.context(trx, policy, c.effective_date) }, c.kind as CorrectionKind);
      const after = await this.recount(trx, actor, c.id);
      return { correction: summaryOf(after), items: (await this.itemsPage(trx, after, 1, 100)).list };
    });
  }

  // ------------------------------------------------------------------ batch files

  async importFile(actor: Actor, variants: readonly CorrectionVariant[], call: string, kind: SheetKind, input: CreateInput, file: UploadedFile | undefined): Promise<ImportResult> {
    if (!IDEMPOTENCY_KEY.test(input.idempotencyKey)) throw refuse('This request has no valid idempotency key (8-64 letters, digits, - or _); reload the page and try again.');
    await loadPolicy(this.db, actor.customer_id, input.policyId, variants);
    if (!file) throw refuse('Choose an .xlsx file to upload.');
    if (!/\.xlsx$/i.test(file.filename)) throw refuse('Only .xlsx files can be imported; download the template and save your list in it.');
    let parsed: Awaited<ReturnType<typeof readUpload>>;
    try {
      parsed = await readUpload(kind, file.data);
    } catch (error) {
      if (error instanceof UploadProblem) throw refuse(error.message);
      throw error;
    }
    return this.once(actor, input.idempotencyKey, call, async (trx) => {
      const p = await this.prepare(trx, actor, variants, kind, input);
      const { errors, items } = await this.checkRows(trx, p, kind, parsed.rows);
      const at = this.now().toISOString();
      const record = async (correctionId: number | null, errorRows: ErrorRow[]) =>
        trx
          .insertInto('correction_import')
          .values({
            customer_id: actor.customer_id,
            policy_id: p.policy.id,
            correction_id: correctionId,
            kind,
            variant: p.ctx.variant,
            file_name: file.filename.slice(0, 200),
            total_rows: parsed.rows.length,
            error_rows: errorRows.length,
            errors: JSON.stringify(errorRows),
            headers: JSON.stringify(parsed.headers),
            created_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      if (errors.length) {
        const row = await record(p.correction?.id ?? null, errors);
        return importResult(row.id, file.filename, parsed.rows.length, errors, p.correction ? summaryOf(p.correction) : null);
      }
      const c = await this.ensureDraft(trx, actor, p, kind);
      const change = await this.addItems(trx, actor, c, items.map((i) => ({ ...i, correction_id: c.id })));
      const row = await record(c.id, []);
      return importResult(row.id, file.filename, parsed.rows.length, [], change.correction);
    });
  }

  /** Every row of an upload checked; answers the bad rows with reasons, or all the lines to add. */
  async checkRows(trx: Trx, p: Prepared, kind: SheetKind, rows: Array<{ row: number; values: Record<string, string> }>) {
    const errors: ErrorRow[] = [];
    const items: Array<Omit<Insertable<CorrectionItemTable>, 'correction_id'>> = [];
    const holdings = await draftHoldings(trx, p.correction?.id ?? null);
    if (kind === 'add' || kind === 'exchange') {
      const joinerRows = rows.map((r) => ({ row: r.row, input: toPerson(r.values) }));
      const checked = await this.checkJoiners(trx, p, joinerRows);
      let leavers = new Map<string, Awaited<ReturnType<typeof rosterByIdNumber>> extends Map<string, infer V> ? V : never>();
      if (kind === 'exchange') leavers = await rosterByIdNumber(trx, p.policy.id, rows.map((r) => (r.values.leavingIdNumber ?? '').toUpperCase()));
      const leavingSeen = new Map<string, number>();
      for (const r of rows) {
        const reasons = [...(checked.errors.get(r.row) ?? [])];
        let personId: number | null = null;
        if (kind === 'exchange') {
          const leavingId = (r.values.leavingIdNumber ?? '').trim().toUpperCase();
          const leaving = leavers.get(leavingId);
          if (!leavingId) reasons.push('The ID number of the person leaving is required.');
          else if (!leaving) reasons.push('Nobody with the leaving ID number is insured on this policy.');
          else if (holdings.touched.has(leaving.id)) reasons.push(`${leaving.name} is already being removed or changed in this correction.`);
          else if (leavingSeen.has(leavingId)) reasons.push(`The person leaving is already on row ${leavingSeen.get(leavingId)} of this file.`);
          else personId = leaving.id;
          if (leavingId) leavingSeen.set(leavingId, r.row);
        }
        if (reasons.length) errors.push({ row: r.row, values: r.values, reasons });
        else items.push({ ...checked.people.get(r.row)!, action: kind, person_id: personId, problems: '[]', refund_withheld: 0 });
      }
      return { errors, items };
    }
    // subtract: each row names an insured person by name and ID number
    const roster = await rosterByIdNumber(trx, p.policy.id, rows.map((r) => (r.values.idNumber ?? '').toUpperCase()));
    const seen = new Map<string, number>();
    let removes = 0;
    for (const r of rows) {
      const reasons: string[] = [];
      const id = (r.values.idNumber ?? '').trim().toUpperCase();
      const name = (r.values.name ?? '').trim();
      const person = roster.get(id);
      if (!name) reasons.push('The name is required.');
      if (!id) reasons.push('The ID number is required.');
      else if (seen.has(id)) reasons.push(`The same ID number is already on row ${seen.get(id)} of this file.`);
      else if (!person) reasons.push('Nobody with this ID number is insured on this policy.');
      else if (name && person.name !== name) reasons.push(`The name does not match the insured person with this ID number (on the policy: ${person.name}).`);
      else if (holdings.touched.has(person.id)) reasons.push(`${person.name} is already being removed or changed in this correction.`);
      if (id && !seen.has(id)) seen.set(id, r.row);
      if (reasons.length) errors.push({ row: r.row, values: r.values, reasons });
      else {
        removes += 1;
        const { correction_id: _unused, ...line } = leaverItem(0, person!);
        items.push(line);
      }
    }
    if (!errors.length) {
      const floor = memberFloorProblem(p.policy, await insuredCount(trx, p.policy.id), holdings.adds, holdings.removes + removes);
      if (floor) errors.push({ row: 0, values: {}, reasons: [floor] });
    }
    return { errors, items };
  }

  async errorWorkbook(actor: Actor, importId: number, variants?: readonly CorrectionVariant[]): Promise<{ name: string; data: Buffer }> {
    const row = await this.db.selectFrom('correction_import').selectAll().where('id', '=', importId).where('customer_id', '=', actor.customer_id).executeTakeFirst();
    if (!row) throw refuse('There is no such import in your account.');
    if (variants && !variants.includes(row.variant as CorrectionVariant)) throw refuse(`This import belongs to ${VARIANT_TEXT[row.variant as CorrectionVariant]}; download its report from that page.`);
    if (row.error_rows === 0) throw refuse('Every row of this import was right; there is no error report.');
    const errors = JSON.parse(row.errors) as ErrorRow[];
    return { name: `error-report-${row.id}.xlsx`, data: await errorReport(row.kind as SheetKind, errors) };
  }

  // ------------------------------------------------------------------ checks and underwriting

  /** Runs every rule on the draft's lines; stores each line's findings. */
  private async runChecks(trx: Trx, c: CorrectionRow): Promise<{ general: string[]; problems: DraftCheckResult['problems'] }> {
    const general: string[] = [];
    const policy = await trx.selectFrom('policy').selectAll().where('id', '=', c.policy_id).executeTakeFirstOrThrow();
    if (policy.state !== 1) general.push(`Policy ${policy.policy_no} is no longer in force.`);
    const dateProblem = effectiveDateProblem(policy, c.effective_date, this.now());
    if (dateProblem) general.push(dateProblem);
    const items = await trx.selectFrom('correction_item').selectAll().where('correction_id', '=', c.id).orderBy('id').execute();
    if (!items.length) general.push('The correction has nobody in it yet; add, remove or exchange someone first.');
    const ctx = await this.context(trx, policy, c.effective_date);
    const joinIds = items.filter((i) => i.action === 'add' || i.action === 'exchange').map((i) => i.id_number);
    const roster = await rosterByIdNumber(trx, policy.id, joinIds);
    const persons = await rosterByIds(trx, policy.id, items.filter((i) => i.person_id !== null).map((i) => i.person_id as number));
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
        if (!person || person.state !== 1) reasons.push(`${person?.name ?? 'This person'} is no longer insured on this policy.`);
        if (i.action === 'subtract') removes += 1;
      }
      if (reasons.length) problems.push({ itemId: i.id, name: i.name, idNumber: i.id_number, reasons });
    }
    const floor = memberFloorProblem(policy, await insuredCount(trx, policy.id), adds, removes);
    if (floor) general.push(floor);
    await trx.updateTable('correction_item').set({ problems: '[]' }).where('correction_id', '=', c.id).where('problems', '!=', '[]').execute();
    for (const p of problems) await trx.updateTable('correction_item').set({ problems: JSON.stringify(p.reasons) }).where('id', '=', p.itemId).execute();
    return { general, problems };
  }

  /** checkGroupEmployeeCorrect / checkInsuredCorrect: draft -> checked, or ERR_0003 with the findings. */
  async check(actor: Actor, correctionId: number, variants?: readonly CorrectionVariant[]): Promise<DraftCheckResult> {
    const outcome = await this.db.transaction().execute(async (trx) => {
      const c = await lockCorrection(trx, actor.customer_id, correctionId, variants);
      if (!EDITABLE.includes(c.state as CorrectionState)) throw refuse(`Correction ${c.correction_no} has been checked already and is ${STATE_TEXT[c.state as CorrectionState].toLowerCase()}.`);
      const { general, problems } = await this.runChecks(trx, c);
      const ok = general.length === 0 && problems.length === 0;
      if (ok && (c.state === 'draft' || c.state === 'rejected')) {
        await trx.updateTable('correction').set({ state: 'checked', decision: null, reasons: '[]', updated_at: this.now().toISOString() }).where('id', '=', c.id).execute();
      } else if (!ok && c.state !== 'draft') {
        await trx.updateTable('correction').set({ state: 'draft', updated_at: this.now().toISOString() }).where('id', '=', c.id).execute();
      }
      const after = await loadCorrection(trx, actor.customer_id, c.id);
      return { ok, general, correction: summaryOf(after), problems: problems.slice(0, 200) };
    });
    const result: DraftCheckResult = { ok: outcome.ok, correction: outcome.correction, problems: outcome.problems };
    if (!outcome.ok) {
      const sentences = [...outcome.general, ...outcome.problems.slice(0, 3).map((p) => `${p.name}: ${p.reasons.join(' ')}`)];
      const more = outcome.problems.length > 3 ? ` ${outcome.problems.length - 3} more people need attention.` : '';
      throw new GatewayError('ERR_0003', `${sentences.join(' ')}${more}`, result);
    }
    return result;
  }

  /** Per-person premium and totals: checked -> underwritten (runs the checks first when needed). */
  async underwrite(actor: Actor, correctionId: number, pageNum: number, pageSize: number, variants?: readonly CorrectionVariant[]): Promise<UnderwritingResult> {
    const first = await loadCorrection(this.db, actor.customer_id, correctionId, variants);
    if (first.state === 'draft' || first.state === 'rejected') await this.check(actor, correctionId, variants);
    await this.db.transaction().execute(async (trx) => {
      const c = await lockCorrection(trx, actor.customer_id, correctionId);
      if (c.state !== 'checked' && c.state !== 'underwritten') return;
      await this.price(trx, c);
    });
    const c = await loadCorrection(this.db, actor.customer_id, correctionId);
    if (c.state === 'cancelled') throw refuse(`Correction ${c.correction_no} was deleted.`);
    const policy = await this.db.selectFrom('policy').selectAll().where('id', '=', c.policy_id).executeTakeFirstOrThrow();
    return {
      correction: summaryOf(c),
      items: await this.itemsPage(this.db, c, pageNum, pageSize),
      yearDays: daysInclusive(policy.start_date, policy.end_date),
      days: daysInclusive(c.effective_date, policy.end_date),
      rates: rateList(await policyRates(this.db, policy.id)),
    };
  }

  private async price(trx: Trx, c: CorrectionRow): Promise<void> {
    const policy = await trx.selectFrom('policy').selectAll().where('id', '=', c.policy_id).executeTakeFirstOrThrow();
    const ctx = await this.context(trx, policy, c.effective_date);
    const yearDays = daysInclusive(policy.start_date, policy.end_date);
    const days = daysInclusive(c.effective_date, policy.end_date);
    const items = await trx.selectFrom('correction_item').select(['id', 'action', 'person_id', 'risk_category']).where('correction_id', '=', c.id).execute();
    const persons = await rosterByIds(trx, policy.id, items.filter((i) => i.person_id !== null).map((i) => i.person_id as number));
    const claimed = new Set(
      (await trx.selectFrom('claim').select('insured_person_id').where('policy_id', '=', policy.id).where('paid_fen', '>', 0).execute()).map((r) => r.insured_person_id),
    );
    const groups = new Map<string, number[]>();
    let premium = 0;
    let refund = 0;
    for (const i of items) {
      const leaver = i.person_id !== null ? persons.get(i.person_id) : undefined;
      const leaverRate = leaver ? (rateFor(ctx, leaver.risk_category) ?? 0) : 0;
      let fen = 0;
      let withheld = 0;
      if (i.action === 'add' || i.action === 'exchange') fen += proRataFen(rateFor(ctx, i.risk_category) ?? 0, days, yearDays);
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
        await trx.updateTable('correction_item').set({ premium_fen: fen, days, refund_withheld: withheld }).where('id', 'in', part).execute();
      }
    }
    await trx
      .updateTable('correction')
      .set({ state: 'underwritten', premium_fen: premium, refund_fen: refund, net_fen: premium - refund, updated_at: this.now().toISOString() })
      .where('id', '=', c.id)
      .execute();
  }

  async selectScenario(actor: Actor, correctionId: number, scenario: OrderScenario | undefined): Promise<ScenarioResult> {
    return this.db.transaction().execute(async (trx) => {
      const c = await lockCorrection(trx, actor.customer_id, correctionId);
      if (c.net_fen === null) throw refuse('Calculate the premium (underwriting) before choosing how to settle it.');
      const net = Number(c.net_fen);
      const allowed: OrderScenario[] = net > 0 ? ['online', 'transfer'] : net < 0 ? ['refund'] : ['none'];
      if (scenario) {
        if (c.state !== 'underwritten') throw refuse(`The way to settle correction ${c.correction_no} can no longer be chosen here (it is ${STATE_TEXT[c.state as CorrectionState].toLowerCase()}); use the payment step.`);
        if (!allowed.includes(scenario)) throw refuse(`This correction can be settled by: ${allowed.join(', ')}.`);
        await trx
          .updateTable('correction')
          .set({ scenario, pay_type: scenario === 'online' || scenario === 'transfer' ? scenario : null, updated_at: this.now().toISOString() })
          .where('id', '=', c.id)
          .execute();
      }
      const after = await loadCorrection(trx, actor.customer_id, c.id);
      return { allowed, selected: (after.scenario as OrderScenario | null) ?? null, correction: summaryOf(after) };
    });
  }

  // ------------------------------------------------------------------ approval

  async applyForApproval(actor: Actor, variants: readonly CorrectionVariant[], call: string, correctionId: number, key: string): Promise<ApprovalResult> {
    await this.settleDue(actor.customer_id, correctionId);
    return this.once(actor, key, call, async (trx) => {
      const c = await lockCorrection(trx, actor.customer_id, correctionId, variants);
      const state = c.state as CorrectionState;
      if (state === 'draft' || state === 'checked') throw refuse('Calculate the premium (underwriting) before sending the correction for approval.');
      if (state === 'rejected') throw refuse(`Correction ${c.correction_no} was rejected; change it and calculate the premium again before sending it.`);
      if (state === 'cancelled') throw refuse(`Correction ${c.correction_no} was deleted.`);
      if (state !== 'underwritten') return approvalOf(c);
      const at = this.now().toISOString();
      await trx.updateTable('correction').set({ submitted_at: at }).where('id', '=', c.id).execute();
      const { general, problems } = await this.runChecks(trx, c);
      if (general.length || problems.length) {
        const reasons = [...general, ...problems.map((p) => `${p.name} (${p.idNumber}): ${p.reasons.join(' ')}`)].slice(0, SENTENCE_LIMIT);
        await trx.updateTable('correction').set({ state: 'rejected', decision: 'rejected', reasons: JSON.stringify(reasons), decided_at: at, updated_at: at }).where('id', '=', c.id).execute();
        return approvalOf(await loadCorrection(trx, actor.customer_id, c.id));
      }
      const review = await this.reviewReasons(trx, c);
      if (review.length) {
        const due = new Date(this.now().getTime() + this.options.reviewMinutes * 60_000).toISOString();
        await trx.updateTable('correction').set({ state: 'pending', decision: 'pending', reasons: JSON.stringify(review), review_due_at: due, updated_at: at }).where('id', '=', c.id).execute();
        return approvalOf(await loadCorrection(trx, actor.customer_id, c.id));
      }
      await this.approve(trx, c, []);
      return approvalOf(await loadCorrection(trx, actor.customer_id, c.id));
    });
  }

  /** The rules that send a correction to the underwriters instead of approving it at once. */
  private async reviewReasons(trx: Trx, c: CorrectionRow): Promise<string[]> {
    const policy = await trx.selectFrom('policy').selectAll().where('id', '=', c.policy_id).executeTakeFirstOrThrow();
    const joiners = await trx.selectFrom('correction_item').select(['name', 'birthdate', 'risk_category']).where('correction_id', '=', c.id).where('action', 'in', ['add', 'exchange']).execute();
    const reasons: string[] = [];
    if (joiners.length > this.options.pendingHeadcount) reasons.push(`More than ${this.options.pendingHeadcount} people join in one correction, so the underwriters review it.`);
    for (const j of joiners) {
      if (reasons.length >= SENTENCE_LIMIT) break;
      if (ageOn(j.birthdate, c.effective_date) >= policy.max_age - 1) reasons.push(`${j.name} is within a year of the product's maximum age (${policy.max_age}), so the underwriters review the correction.`);
      else if (j.risk_category === 6) reasons.push(`${j.name} works in risk category 6, so the underwriters review the correction.`);
    }
    return reasons;
  }

  /** Approved: in force at once when nothing is to be paid, otherwise waiting for the payment link. */
  private async approve(trx: Trx, c: CorrectionRow, reasons: string[]): Promise<void> {
    const at = this.now().toISOString();
    const net = Number(c.net_fen ?? 0);
    const scenario = c.scenario ?? (net > 0 ? 'online' : net < 0 ? 'refund' : 'none');
    await trx
      .updateTable('correction')
      .set({ state: 'approved', decision: 'approved', reasons: JSON.stringify(reasons), decided_at: at, updated_at: at, scenario, pay_type: net > 0 ? (c.pay_type ?? 'online') : null })
      .where('id', '=', c.id)
      .execute();
    if (net <= 0) await applyInForce(trx, await loadCorrection(trx, c.customer_id, c.id), this.now());
  }

  async cancel(actor: Actor, correctionId: number, variants?: readonly CorrectionVariant[]): Promise<CorrectionSummary> {
    return this.db.transaction().execute(async (trx) => {
      const c = await lockCorrection(trx, actor.customer_id, correctionId, variants);
      if (c.state === 'in_force') throw refuse(`Correction ${c.correction_no} is in force and cannot be deleted.`);
      if (c.state === 'cancelled') throw refuse(`Correction ${c.correction_no} is already deleted.`);
      const paid = await trx.selectFrom('premium_payment').select('id').where('correction_id', '=', c.id).where('state', '=', 2).executeTakeFirst();
      if (paid) throw refuse(`The premium of correction ${c.correction_no} has been paid; it cannot be deleted.`);
      const at = this.now().toISOString();
      await trx.updateTable('correction').set({ state: 'cancelled', open_policy_id: null, cancelled_at: at, updated_at: at }).where('id', '=', c.id).execute();
      await trx.updateTable('premium_payment').set({ state: 4 }).where('correction_id', '=', c.id).where('state', 'in', [1, 3]).execute();
      return summaryOf(await loadCorrection(trx, actor.customer_id, c.id));
    });
  }
}

// ------------------------------------------------------------------ helpers

const KIND_TEXT: Record<CorrectionKind, string> = {
  add: 'adding people',
  subtract: 'removing people',
  exchange: 'exchanging people',
  modify: "changing people's details",
};
const VERB: Record<CorrectionKind, string> = {
  add: 'add people',
  subtract: 'remove people',
  exchange: 'exchange people',
  modify: "change people's details",
};

function openCorrectionRefusal(open: CorrectionRow) {
  return refuse(
    `Policy ${open.policy_no} already has an unfinished correction (${open.correction_no}, ${STATE_TEXT[open.state as CorrectionState].toLowerCase()}); continue it from the correction records or delete it first.`,
    summaryOf(open),
  );
}

function personSentence(person: PersonInput | undefined, reasons: string[]): string {
  const who = person?.name?.trim() || person?.idNumber?.trim() || 'This person';
  return `${who}: ${reasons.join(' ')}`;
}

function leaverItem(correctionId: number, p: { id: number; name: string; id_number: string; sex: string; birthdate: string; phone: string | null; employee_no: string | null; department: string | null; occupation_code: string | null; occupation_name: string | null; risk_category: number | null; bank_name: string | null; bank_account: string | null }) {
  return {
    correction_id: correctionId,
    action: 'subtract',
    person_id: p.id,
    name: p.name,
    id_number: p.id_number,
    sex: p.sex,
    birthdate: p.birthdate,
    phone: p.phone,
    employee_no: p.employee_no,
    department: p.department,
    occupation_code: p.occupation_code,
    occupation_name: p.occupation_name,
    risk_category: p.risk_category,
    bank_name: p.bank_name,
    bank_account: p.bank_account,
    problems: '[]',
    refund_withheld: 0,
  };
}

function toPerson(v: Record<string, string>): PersonInput {
  return {
    name: v.name ?? '',
    idNumber: v.idNumber ?? '',
    sex: (v.sex || undefined) as PersonInput['sex'],
    birthdate: v.birthdate || undefined,
    phone: v.phone || undefined,
    employeeNo: v.employeeNo || undefined,
    department: v.department || undefined,
    occupationCode: v.occupationCode || undefined,
  };
}

export function rateList(rates: Map<number, number>) {
  const LABELS = ['', 'Office and indoor work', 'Light outdoor and service work', 'Drivers and light industry', 'Heavy industry and construction', 'High-risk work', 'Most hazardous work'];
  return [...rates.entries()].map(([riskCategory, annualPremiumFen]) => ({ riskCategory, annualPremiumFen, label: `Category ${riskCategory}: ${LABELS[riskCategory] ?? 'special'}` }));
}

function approvalOf(c: CorrectionRow): ApprovalResult {
  const summary = summaryOf(c);
  const decision = (c.decision ?? 'pending') as ApprovalResult['decision'];
  return { decision, reasons: summary.reasons, correction: summary, paymentRequired: decision === 'approved' && (summary.netFen ?? 0) > 0 && summary.state !== 'in_force' };
}

function importResult(importId: number, fileName: string, totalRows: number, errors: ErrorRow[], correction: CorrectionSummary | null): ImportResult {
  return {
    importId,
    fileName,
    totalRows,
    errorRows: errors.length,
    ok: errors.length === 0,
    errors: errors.slice(0, 100).map((e) => ({ row: e.row, name: e.values.name ?? '', idNumber: e.values.idNumber ?? e.values.leavingIdNumber ?? '', reasons: e.reasons })),
    correction,
  };
}

export function importResultOf(row: { id: number; file_name: string; total_rows: number; errors: string }, correction: CorrectionSummary | null): ImportResult {
  return importResult(row.id, row.file_name, row.total_rows, JSON.parse(row.errors) as ErrorRow[], correction);
}

export { OPEN };
