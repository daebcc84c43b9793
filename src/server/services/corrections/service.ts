import type { Insertable, Kysely } from 'kysely';
import type {
  BankAccount,
  CorrectionDetail,
  CorrectionKind,
  CorrectionState,
  CorrectionSummary,
  CorrectionVariant,
  ItemChange,
  ModifyReq,
  PersonInput,
} from '../../../contract/io/correction';
import type { Page } from '../../../contract/envelope';
import { insurerToday, NAME_MESSAGE, NAME_PATTERN, PHONE_MESSAGE, PHONE_PATTERN } from '../../../common/correction';
import type { DB } from '../../db/schema';
import type { CorrectionItemTable } from '../../db/tables/corrections';
import { refuseText } from '../errors';
import {
  IDEMPOTENCY_KEY,
  correctionNo,
  isUniqueViolation,
  loadCorrection,
  lockCorrection,
  loadPolicy,
  occupations,
  policyRates,
  requireInForce,
} from './access';
import type { Finding } from './rosterValues';
import {
  checkPerson,
  englishReasons,
  chunks,
  draftHoldings,
  effectiveDateProblem,
  insuredCount,
  memberFloorProblem,
  rosterByIdNumber,
  rosterByIds,
  type PolicyContext,
  type PreparedPerson,
} from './checks';
import {
  EDITABLE,
  importResultOf,
  itemOf,
  leaverItem,
  paymentOf,
  policyOf,
  rateList,
  STATE_TEXT,
  summaryOf,
  type CorrectionRow,
  type ItemRow,
  type PolicyRow,
} from './model';
import { CorrectionDecisions } from './decisions';
import { CorrectionImports } from './imports';
import { RosterReader, type ReaderOptions } from './rosterReader';
import type { Locale } from '../../../common/i18n';

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
  /** Limits and threads of the roster reader. */
  reader?: ReaderOptions;
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

export interface Prepared {
  policy: PolicyRow;
  correction: CorrectionRow | null;
  ctx: PolicyContext;
}

type Trx = Kysely<DB>;

class DuplicateKey extends Error {}

/** How long an idempotency key and its answer are kept. */
const KEY_DAYS = 7;

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
      reader: options.reader ?? {},
    };
    this.reader = new RosterReader(this.options.reader);
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
    if (!IDEMPOTENCY_KEY.test(key))
      throw refuseText(
        'This request has no valid idempotency key (8-64 letters, digits, - or _); reload the page and try again.',
      );
    const stored = async () => {
      const row = await this.db
        .selectFrom('correction_request')
        .selectAll()
        .where('customer_id', '=', actor.customer_id)
        .where('idem_key', '=', key)
        .executeTakeFirst();
      if (!row) return undefined;
      if (row.call !== call)
        throw refuseText('This request repeats the key of a different action; reload the page and try again.');
      return JSON.parse(row.response ?? 'null') as T;
    };
    const earlier = await stored();
    if (earlier !== undefined) return earlier;
    try {
      return await this.db.transaction().execute(async (trx) => {
        try {
          await trx
            .insertInto('correction_request')
            .values({
              customer_id: actor.customer_id,
              idem_key: key,
              call,
              correction_id: null,
              response: null,
              created_at: this.now().toISOString(),
            })
            .execute();
        } catch (error) {
          if (isUniqueViolation(error)) throw new DuplicateKey();
          throw error;
        }
        const result = await work(trx);
        const correctionId =
          (result as { correction?: { correctionId?: number } } | null)?.correction?.correctionId ?? null;
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
        throw refuseText(
          'The same request is still being processed; wait a moment and look at the correction records.',
        );
      }
      throw error;
    }
  }

  /** Idempotency keys guard retries of minutes; a week later they are housekeeping (done on the records page). */
  async forgetOldKeys(customerId: number): Promise<void> {
    const before = new Date(this.now().getTime() - KEY_DAYS * 86_400_000).toISOString();
    await this.db
      .deleteFrom('correction_request')
      .where('customer_id', '=', customerId)
      .where('created_at', '<', before)
      .execute();
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

  async itemsPage(
    db: Trx,
    correction: CorrectionRow,
    pageNum: number,
    pageSize: number,
    ids?: number[],
  ): Promise<Page<ReturnType<typeof itemOf>>> {
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
    const leaving = rows
      .filter((r) => r.action === 'exchange' && r.person_id !== null)
      .map((r) => r.person_id as number);
    const persons = leaving.length ? await rosterByIds(db, policyId, leaving) : new Map();
    return rows.map((r) => {
      const p = r.action === 'exchange' && r.person_id !== null ? persons.get(r.person_id) : undefined;
      return itemOf(r, p ? { personId: p.id, name: p.name, idNumber: p.id_number } : null);
    });
  }

  /** A pending correction whose review time has come is decided (the embedded underwriting desk approves). */
  async settleDue(customerId: number, correctionId?: number): Promise<void> {
    const at = this.now().toISOString();
    let query = this.db
      .selectFrom('correction')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('state', '=', 'pending')
      .where('review_due_at', '<=', at);
    if (correctionId !== undefined) query = query.where('id', '=', correctionId);
    const due = await query.execute();
    for (const { id } of due) {
      await this.db.transaction().execute(async (trx) => {
        const c = await lockCorrection(trx, customerId, id);
        if (c.state !== 'pending') return;
        await this.decisions.approve(trx, c, ['Approved by the underwriting desk after review.']);
      });
    }
  }

  async detail(
    actor: Actor,
    correctionId: number,
    pageNum: number,
    pageSize: number,
    locale: Locale = 'en-US',
  ): Promise<CorrectionDetail> {
    await this.settleDue(actor.customer_id, correctionId);
    const c = await loadCorrection(this.db, actor.customer_id, correctionId);
    const policy = await this.db
      .selectFrom('policy')
      .selectAll()
      .where('id', '=', c.policy_id)
      .executeTakeFirstOrThrow();
    const payment = await this.db
      .selectFrom('premium_payment')
      .selectAll()
      .where('correction_id', '=', c.id)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const link = payment
      ? await this.db
          .selectFrom('correction_pay_link')
          .select(['token', 'expires_at'])
          .where('payment_id', '=', payment.id)
          .orderBy('id', 'desc')
          .executeTakeFirst()
      : undefined;
    const lastImport = await this.db
      .selectFrom('correction_import')
      .selectAll()
      .where('correction_id', '=', c.id)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return {
      correction: summaryOf(c),
      policy: policyOf(policy, await insuredCount(this.db, policy.id)),
      items: await this.itemsPage(this.db, c, pageNum, pageSize),
      payment: payment ? paymentOf(payment, link ?? null, this.now()) : null,
      lastImport: lastImport ? importResultOf(lastImport, summaryOf(c), locale) : null,
    };
  }

  async records(
    actor: Actor,
    q: { policyId?: number; state?: string; variant?: string; pageNum: number; pageSize: number; offset: number },
  ): Promise<Page<CorrectionSummary>> {
    await this.settleDue(actor.customer_id);
    await this.forgetOldKeys(actor.customer_id);
    let base = this.db
      .selectFrom('correction')
      .innerJoin('policy', 'policy.id', 'correction.policy_id')
      .where('correction.customer_id', '=', actor.customer_id);
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

  async checkBefore(
    actor: Actor,
    policyId: number,
    kind: CorrectionKind,
    effectiveDate: string | undefined,
    variants?: readonly CorrectionVariant[],
  ) {
    const policy = await loadPolicy(this.db, actor.customer_id, policyId, variants);
    requireInForce(policy);
    const today = this.now();
    const earliest = [insurerToday(today), policy.start_date].sort()[1];
    if (earliest > policy.end_date)
      throw refuseText(`Policy ${policy.policy_no} ends on ${policy.end_date}; there are no days left to correct.`);
    if (effectiveDate) {
      const problem = effectiveDateProblem(policy, effectiveDate, today);
      if (problem) throw refuseText(problem);
    }
    const members = await insuredCount(this.db, policy.id);
    if ((kind === 'subtract' || kind === 'exchange' || kind === 'modify') && members === 0)
      throw refuseText('Nobody is insured on this policy yet, so nobody can be removed, exchanged or changed.');
    if (kind === 'subtract' && members <= policy.min_members) {
      throw refuseText(
        `The policy must keep at least ${policy.min_members} insured people and has ${members}; nobody can be removed now.`,
      );
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

  /** @internal */
  async prepare(
    trx: Trx,
    actor: Actor,
    variants: readonly CorrectionVariant[] | undefined,
    kind: CorrectionKind,
    input: CreateInput,
  ): Promise<Prepared> {
    const policy = await loadPolicy(trx, actor.customer_id, input.policyId, variants);
    requireInForce(policy);
    let correction: CorrectionRow | null = null;
    if (input.correctionId) {
      correction = await lockCorrection(trx, actor.customer_id, input.correctionId);
      if (correction.policy_id !== policy.id)
        throw refuseText(`Correction ${correction.correction_no} belongs to another policy.`);
      if (!EDITABLE.includes(correction.state as CorrectionState)) {
        throw refuseText(
          `Correction ${correction.correction_no} can no longer be changed (it is ${STATE_TEXT[correction.state as CorrectionState].toLowerCase()}).`,
        );
      }
      if (correction.kind !== kind) {
        throw refuseText(
          `Correction ${correction.correction_no} is ${KIND_TEXT[correction.kind as CorrectionKind]}; finish or delete it before you ${VERB[kind]}.`,
        );
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
    if (!effectiveDate) throw refuseText('The effective date is required.');
    const problem = effectiveDateProblem(policy, effectiveDate, this.now());
    if (problem) throw refuseText(problem);
    return { policy, correction, ctx: await this.context(trx, policy, effectiveDate) };
  }

  /** Creates the draft, or puts an existing one back to draft (its checks and premium must run again). */
  /** @internal */
  async ensureDraft(trx: Trx, actor: Actor, p: Prepared, kind: CorrectionKind): Promise<CorrectionRow> {
    const at = this.now().toISOString();
    if (p.correction) {
      await trx
        .updateTable('correction')
        .set({
          state: 'draft',
          effective_date: p.ctx.effectiveDate,
          premium_fen: 0,
          refund_fen: 0,
          net_fen: null,
          scenario: null,
          pay_type: null,
          decision: null,
          reasons: '[]',
          review_due_at: null,
          updated_at: at,
        })
        .where('id', '=', p.correction.id)
        .execute();
      await trx
        .updateTable('correction_item')
        .set({ premium_fen: null, days: null, refund_withheld: 0 })
        .where('correction_id', '=', p.correction.id)
        .execute();
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
      if (isUniqueViolation(error))
        throw refuseText(
          'This policy already has an unfinished correction; open it from the correction records to continue or delete it.',
        );
      throw error;
    }
  }

  /** @internal */
  async addItems(
    trx: Trx,
    actor: Actor,
    correction: CorrectionRow,
    rows: Insertable<CorrectionItemTable>[],
  ): Promise<ItemChange> {
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
    const n = await trx
      .selectFrom('correction_item')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('correction_id', '=', correctionId)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('correction')
      .set({ item_count: Number(n.n), updated_at: this.now().toISOString() })
      .where('id', '=', correctionId)
      .execute();
    return loadCorrection(trx, actor.customer_id, correctionId);
  }

  /** Checks people to add (or joining in an exchange) against the policy, the draft and each other. */
  /** @internal */
  async checkJoiners(
    trx: Trx,
    p: Prepared,
    rows: Array<{ row: number; input: PersonInput; occupationName?: string }>,
  ): Promise<{ errors: Map<number, Finding[]>; people: Map<number, PreparedPerson> }> {
    const errors = new Map<number, Finding[]>();
    const people = new Map<number, PreparedPerson>();
    const seen = new Map<string, number>();
    const holdings = await draftHoldings(trx, p.correction?.id ?? null);
    const roster = await rosterByIdNumber(
      trx,
      p.policy.id,
      rows.map((r) => r.input.idNumber.trim().toUpperCase()).filter(Boolean),
    );
    for (const { row, input, occupationName } of rows) {
      const { findings, person } = checkPerson(p.ctx, input, { occupationName });
      const id = input.idNumber.trim().toUpperCase();
      if (id) {
        const first = seen.get(id);
        if (first !== undefined)
          findings.push({ key: 'roster.duplicateInFile', params: { row: first }, column: 'idNumber' });
        else seen.set(id, row);
        if (holdings.joining.has(id)) findings.push({ key: 'roster.alreadyAdding', column: 'idNumber' });
        if (roster.has(id)) findings.push({ key: 'roster.alreadyInsured', column: 'idNumber' });
      }
      if (findings.length || !person) errors.set(row, findings);
      else people.set(row, person);
    }
    return { errors, people };
  }

  async addPeople(
    actor: Actor,
    variants: readonly CorrectionVariant[],
    call: string,
    input: CreateInput,
    people: PersonInput[],
  ): Promise<ItemChange> {
    return this.once(actor, input.idempotencyKey, call, async (trx) => {
      const p = await this.prepare(trx, actor, variants, 'add', input);
      const { errors, people: ok } = await this.checkJoiners(
        trx,
        p,
        people.map((input, i) => ({ row: i + 1, input })),
      );
      if (errors.size) throw refuseText(personSentence(people[0], englishReasons([...errors.values()][0])));
      const c = await this.ensureDraft(trx, actor, p, 'add');
      return this.addItems(
        trx,
        actor,
        c,
        [...ok.values()].map((person) => ({
          ...person,
          correction_id: c.id,
          action: 'add',
          person_id: null,
          problems: '[]',
          refund_withheld: 0,
        })),
      );
    });
  }

  async subtract(
    actor: Actor,
    variants: readonly CorrectionVariant[],
    call: string,
    input: CreateInput,
    personIds: number[],
  ): Promise<ItemChange> {
    if (!personIds.length) throw refuseText('Choose at least one person to remove.');
    if (personIds.length > 10_000) throw refuseText('At most 10,000 people can be removed at once.');
    return this.once(actor, input.idempotencyKey, call, async (trx) => {
      const p = await this.prepare(trx, actor, variants, 'subtract', input);
      const roster = await rosterByIds(trx, p.policy.id, personIds);
      const holdings = await draftHoldings(trx, p.correction?.id ?? null);
      const unique = [...new Set(personIds)];
      for (const id of unique) {
        const person = roster.get(id);
        if (!person) throw refuseText('There is no such insured person on this policy.');
        if (person.state !== 1) throw refuseText(`${person.name} is not insured on this policy any more.`);
        if (holdings.touched.has(id))
          throw refuseText(`${person.name} is already being removed or changed in this correction.`);
      }
      const floor = memberFloorProblem(
        p.policy,
        await insuredCount(trx, p.policy.id),
        holdings.adds,
        holdings.removes + unique.length,
      );
      if (floor) throw refuseText(floor);
      const c = await this.ensureDraft(trx, actor, p, 'subtract');
      return this.addItems(
        trx,
        actor,
        c,
        unique.map((id) => leaverItem(c.id, roster.get(id)!)),
      );
    });
  }

  async exchange(
    actor: Actor,
    variants: readonly CorrectionVariant[],
    call: string,
    input: CreateInput,
    personId: number,
    joiner: PersonInput,
  ): Promise<ItemChange> {
    return this.once(actor, input.idempotencyKey, call, async (trx) => {
      const p = await this.prepare(trx, actor, variants, 'exchange', input);
      const leaving = (await rosterByIds(trx, p.policy.id, [personId])).get(personId);
      if (!leaving) throw refuseText('There is no such insured person on this policy.');
      if (leaving.state !== 1) throw refuseText(`${leaving.name} is not insured on this policy any more.`);
      const holdings = await draftHoldings(trx, p.correction?.id ?? null);
      if (holdings.touched.has(personId))
        throw refuseText(`${leaving.name} is already being removed or changed in this correction.`);
      const { errors, people } = await this.checkJoiners(trx, p, [{ row: 1, input: joiner }]);
      if (errors.size) throw refuseText(personSentence(joiner, englishReasons(errors.get(1) ?? [])));
      const c = await this.ensureDraft(trx, actor, p, 'exchange');
      return this.addItems(trx, actor, c, [
        {
          ...people.get(1)!,
          correction_id: c.id,
          action: 'exchange',
          person_id: personId,
          problems: '[]',
          refund_withheld: 0,
        },
      ]);
    });
  }

  async modify(
    actor: Actor,
    variants: readonly CorrectionVariant[],
    call: string,
    input: CreateInput,
    change: Omit<ModifyReq, keyof CreateInput | 'personId'>,
    personId: number,
  ): Promise<ItemChange> {
    return this.once(actor, input.idempotencyKey, call, async (trx) => {
      const p = await this.prepare(trx, actor, variants, 'modify', input);
      const person = (await rosterByIds(trx, p.policy.id, [personId])).get(personId);
      if (!person) throw refuseText('There is no such insured person on this policy.');
      if (person.state !== 1) throw refuseText(`${person.name} is not insured on this policy any more.`);
      const holdings = await draftHoldings(trx, p.correction?.id ?? null);
      if (holdings.touched.has(personId))
        throw refuseText(`${person.name} is already being changed in this correction.`);
      const next = { ...leaverItem(0, person), action: 'modify' };
      const reasons: string[] = [];
      let changed = false;
      const set = <K extends 'name' | 'phone' | 'employee_no' | 'department' | 'bank_name' | 'bank_account'>(
        key: K,
        value: string | undefined,
        max: number,
        label: string,
      ) => {
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
      if (change.bankAccount !== undefined && next.bank_account && !/^\d{8,30}$/.test(next.bank_account))
        reasons.push('The bank account must be 8-30 digits.');
      if (change.occupationCode !== undefined) {
        const code = change.occupationCode.trim();
        if (!code) {
          if (p.ctx.variant === 'employeeNew')
            reasons.push('The occupation is required on this policy; choose one from the occupation search.');
          else if (next.occupation_code) {
            Object.assign(next, { occupation_code: null, occupation_name: null, risk_category: null });
            changed = true;
          }
        } else if (code !== next.occupation_code) {
          const occupation = p.ctx.occupations.get(code);
          if (!occupation)
            reasons.push(`There is no occupation with code ${code}; choose one from the occupation search.`);
          else if (!p.ctx.rates.has(occupation.risk_category))
            reasons.push(
              `Risk category ${occupation.risk_category} (${occupation.name}) is not covered by this policy.`,
            );
          else {
            Object.assign(next, {
              occupation_code: occupation.code,
              occupation_name: occupation.name,
              risk_category: occupation.risk_category,
            });
            changed = true;
          }
        }
      }
      if (reasons.length) throw refuseText(`${person.name}: ${reasons.join(' ')}`);
      if (!changed) throw refuseText('Nothing to change: give at least one new value.');
      const c = await this.ensureDraft(trx, actor, p, 'modify');
      return this.addItems(trx, actor, c, [{ ...next, correction_id: c.id }]);
    });
  }

  async removeItems(actor: Actor, correctionId: number, itemIds: number[]): Promise<ItemChange> {
    if (!itemIds.length) throw refuseText('Choose at least one line to take out of the correction.');
    return this.db.transaction().execute(async (trx) => {
      const c = await lockCorrection(trx, actor.customer_id, correctionId);
      if (!EDITABLE.includes(c.state as CorrectionState))
        throw refuseText(
          `Correction ${c.correction_no} can no longer be changed (it is ${STATE_TEXT[c.state as CorrectionState].toLowerCase()}).`,
        );
      let removed = 0;
      for (const part of chunks([...new Set(itemIds)], 500)) {
        const r = await trx
          .deleteFrom('correction_item')
          .where('correction_id', '=', c.id)
          .where('id', 'in', part)
          .executeTakeFirst();
        removed += Number(r.numDeletedRows);
      }
      if (removed === 0) throw refuseText('Those lines are not in this correction.');
      const policy = await loadPolicy(trx, actor.customer_id, c.policy_id);
      await this.ensureDraft(
        trx,
        actor,
        { policy, correction: c, ctx: await this.context(trx, policy, c.effective_date) },
        c.kind as CorrectionKind,
      );
      const after = await this.recount(trx, actor, c.id);
      return { correction: summaryOf(after), items: (await this.itemsPage(trx, after, 1, 100)).list };
    });
  }

  // ------------------------------------------------------------------ batch files, checks, approval (imports.ts, decisions.ts)

  readonly imports = new CorrectionImports(this);
  /** Reads uploaded rosters in worker threads (started on the first upload). */
  readonly reader: RosterReader;

  /** Stops the roster reader's worker threads. */
  close(): Promise<void> {
    return this.reader.close();
  }
  readonly decisions = new CorrectionDecisions(this);

  importFile(...a: Parameters<CorrectionImports['importFile']>) {
    return this.imports.importFile(...a);
  }

  errorWorkbook(...a: Parameters<CorrectionImports['errorWorkbook']>) {
    return this.imports.errorWorkbook(...a);
  }

  check(...a: Parameters<CorrectionDecisions['check']>) {
    return this.decisions.check(...a);
  }

  underwrite(...a: Parameters<CorrectionDecisions['underwrite']>) {
    return this.decisions.underwrite(...a);
  }

  selectScenario(...a: Parameters<CorrectionDecisions['selectScenario']>) {
    return this.decisions.selectScenario(...a);
  }

  applyForApproval(...a: Parameters<CorrectionDecisions['applyForApproval']>) {
    return this.decisions.applyForApproval(...a);
  }

  cancel(...a: Parameters<CorrectionDecisions['cancel']>) {
    return this.decisions.cancel(...a);
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
  return refuseText(
    `Policy ${open.policy_no} already has an unfinished correction (${open.correction_no}, ${STATE_TEXT[open.state as CorrectionState].toLowerCase()}); continue it from the correction records or delete it first.`,
    summaryOf(open),
  );
}

function personSentence(person: PersonInput | undefined, reasons: string[]): string {
  const who = person?.name?.trim() || person?.idNumber?.trim() || 'This person';
  return `${who}: ${reasons.join(' ')}`;
}
