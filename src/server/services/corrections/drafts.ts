import type { Insertable } from 'kysely';
import type { FieldRefusal, ItemChange, PersonInput } from '@contract/io/correction';
import type { PersonChange } from '@contract/person';
import {
  EDITABLE_CORRECTION_STATES,
  InsuredState,
  type CorrectionKind,
  type CorrectionVariant,
} from '@contract/states';
import { NAME_PATTERN, PHONE_PATTERN } from '@common/correction';
import type { CorrectionItemTable } from '@server/db/tables/corrections';
import type { MessageKey } from '@server/messages/catalogue';
import { isUniqueViolation, refuse } from '../errors';
import { correctionNo, loadCorrection, loadPolicy, lockCorrection, openCorrectionOf, requireInForce } from './access';
import {
  checkPerson,
  chunks,
  draftHoldings,
  effectiveDateProblem,
  insuredCount,
  memberFloorProblem,
  policyContext,
  rosterByIdNumber,
  rosterByIds,
  type PolicyContext,
  type PreparedPerson,
} from './checks';
import type { Actor, CorrectionDeps, CreateInput, Trx } from './deps';
import type { OnceOnly } from './idempotency';
import { linesPage } from './lines';
import { CHANGEABLE, leaverItem, stateName, summaryOf } from './model';
import type { CorrectionRow, PolicyRow } from './types';
import type { Finding } from './rosterValues';
import { sentences, type Voice } from './texts';

export interface Prepared {
  policy: PolicyRow;
  correction: CorrectionRow | null;
  ctx: PolicyContext;
}

/** Lines of the draft shown in a change's answer. */
const SHOWN = 100;

const ref = (key: MessageKey) => ({ key, fallback: key });

/** A draft as its checks, premium and decision have not seen it: a new one, or one that changed. */
const UNCHECKED_DRAFT = {
  state: 'draft',
  premium_fen: 0,
  refund_fen: 0,
  net_fen: null,
  scenario: null,
  pay_type: null,
  decision: null,
  reasons: '[]',
  review_due_at: null,
} as const;

/**
 * The draft of a correction and its lines: who is added, removed, exchanged or changed. Every change
 * runs once per idempotency key, checks the people against the policy, the draft and the roster, and
 * puts a checked or priced draft back to draft.
 */
export class CorrectionDrafts {
  constructor(
    private readonly deps: CorrectionDeps,
    private readonly once: OnceOnly,
  ) {}

  private now() {
    return this.deps.clock.now();
  }

  /** The policy and the draft a change is made to, with everything its checks need. */
  async prepare(
    trx: Trx,
    actor: Actor,
    variants: readonly CorrectionVariant[] | undefined,
    kind: CorrectionKind,
    input: CreateInput,
    voice: Voice,
  ): Promise<Prepared> {
    const policy = await loadPolicy(trx, actor.customer_id, input.policyId, variants);
    requireInForce(policy);
    let correction: CorrectionRow | null = null;
    if (input.correctionId) {
      correction = await lockCorrection(trx, actor.customer_id, input.correctionId);
      const no = correction.correction_no;
      if (correction.policy_id !== policy.id) throw refuse('correction.otherPolicy', { correctionNo: no });
      if (!EDITABLE_CORRECTION_STATES.includes(correction.state))
        throw refuse('correction.notEditable', { correctionNo: no, state: stateName(correction.state) });
      if (correction.kind !== kind)
        throw refuse('correction.otherKind', {
          correctionNo: no,
          kind: ref(`correction.kindDoing.${correction.kind}`),
          verb: ref(`correction.kindVerb.${kind}`),
        });
    } else {
      const open = await openCorrectionOf(trx, policy.id);
      if (open) throw openCorrectionRefusal(open, voice);
    }
    const effectiveDate = input.effectiveDate || correction?.effective_date;
    if (!effectiveDate) throw refuse('correction.dateRequired');
    const problem = effectiveDateProblem(policy, effectiveDate, this.now());
    if (problem) throw refuse(problem.key, problem.params);
    return { policy, correction, ctx: await policyContext(this.deps, trx, policy, effectiveDate, this.now()) };
  }

  /** Creates the draft, or puts an existing one back to draft (its checks and premium must run again). */
  async ensureDraft(trx: Trx, actor: Actor, p: Prepared, kind: CorrectionKind, voice: Voice): Promise<CorrectionRow> {
    const at = this.now().toISOString();
    if (p.correction) {
      await trx
        .updateTable('correction')
        .set({ ...UNCHECKED_DRAFT, effective_date: p.ctx.effectiveDate, updated_at: at })
        .where('id', '=', p.correction.id)
        .execute();
      await trx
        .updateTable('correction_item')
        .set({ premium_fen: null, days: null, refund_withheld: 0, leaver_refund_fen: null })
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
          variant: p.ctx.variant,
          locale: voice.locale,
          effective_date: p.ctx.effectiveDate,
          item_count: 0,
          ...UNCHECKED_DRAFT,
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
      if (isUniqueViolation(error)) throw refuse('correction.openExistsRace');
      throw error;
    }
  }

  /** Adds lines to the draft; answers them and the draft as it stands. */
  async addItems(
    trx: Trx,
    actor: Actor,
    correction: CorrectionRow,
    rows: Insertable<CorrectionItemTable>[],
    voice: Voice,
  ): Promise<ItemChange> {
    const ids: number[] = [];
    for (const part of chunks(rows, 400)) {
      const inserted = await trx.insertInto('correction_item').values(part).returning('id').execute();
      ids.push(...inserted.map((r) => r.id));
    }
    const c = await this.recount(trx, actor, correction.id);
    const added = await linesPage(trx, c, 1, SHOWN, voice, ids.slice(0, SHOWN));
    return {
      correction: summaryOf(c, voice),
      added: added.list,
      draft: await linesPage(trx, c, 1, SHOWN, voice),
    };
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

  /** addSingleEmployee(New) / addSingleInsured: one person joins the draft. */
  async addPerson(
    actor: Actor,
    variants: readonly CorrectionVariant[],
    call: string,
    input: CreateInput,
    person: PersonInput,
    voice: Voice,
  ): Promise<ItemChange> {
    return this.once.run(actor, input.idempotencyKey, call, async (trx) => {
      const p = await this.prepare(trx, actor, variants, 'add', input, voice);
      return this.addJoiner(trx, actor, p, 'add', person, null, voice);
    });
  }

  /**
   * One person joins the draft: added, or taking the place of roster person `personId` in an
   * exchange. Checked as a joiner; refused with that person's findings.
   */
  private async addJoiner(
    trx: Trx,
    actor: Actor,
    p: Prepared,
    action: 'add' | 'exchange',
    joiner: PersonInput,
    personId: number | null,
    voice: Voice,
  ): Promise<ItemChange> {
    const { errors, people } = await this.checkJoiners(trx, p, [{ row: 1, input: joiner }]);
    const found = errors.get(1);
    if (found) throw personRefusal(joiner, found, voice);
    const c = await this.ensureDraft(trx, actor, p, action, voice);
    return this.addItems(
      trx,
      actor,
      c,
      [
        {
          ...people.get(1)!,
          correction_id: c.id,
          action,
          person_id: personId,
          problems: '[]',
          refund_withheld: 0,
        },
      ],
      voice,
    );
  }

  /** The roster people of a removal, exchange or modification: insured, and not in the draft already. */
  private async leavers(trx: Trx, p: Prepared, personIds: number[], busyKey: MessageKey) {
    const roster = await rosterByIds(trx, p.policy.id, personIds);
    const holdings = await draftHoldings(trx, p.correction?.id ?? null);
    for (const id of new Set(personIds)) {
      const person = roster.get(id);
      if (!person) throw refuse('correction.noSuchRosterPerson');
      if (person.state !== InsuredState.insured) throw refuse('correction.notInsuredAnyMore', { name: person.name });
      if (holdings.touched.has(id)) throw refuse(busyKey, { name: person.name });
    }
    return { roster, holdings };
  }

  /** subtractEmployee / subtractInsured: the chosen people leave the policy. */
  async subtract(
    actor: Actor,
    variants: readonly CorrectionVariant[],
    call: string,
    input: CreateInput,
    personIds: number[],
    voice: Voice,
  ): Promise<ItemChange> {
    return this.once.run(actor, input.idempotencyKey, call, async (trx) => {
      const p = await this.prepare(trx, actor, variants, 'subtract', input, voice);
      const { roster, holdings } = await this.leavers(trx, p, personIds, 'correction.alreadyBusy');
      const unique = [...new Set(personIds)];
      const floor = memberFloorProblem(
        p.policy,
        await insuredCount(trx, p.policy.id),
        holdings.adds,
        holdings.removes + unique.length,
      );
      if (floor) throw refuse(floor.key, floor.params);
      const c = await this.ensureDraft(trx, actor, p, 'subtract', voice);
      return this.addItems(
        trx,
        actor,
        c,
        unique.map((id) => leaverItem(c.id, roster.get(id)!)),
        voice,
      );
    });
  }

  /** exchangeEmployee(New) / exchangeInsured: one roster person leaves and another joins in their place. */
  async exchange(
    actor: Actor,
    variants: readonly CorrectionVariant[],
    call: string,
    input: CreateInput,
    personId: number,
    joiner: PersonInput,
    voice: Voice,
  ): Promise<ItemChange> {
    return this.once.run(actor, input.idempotencyKey, call, async (trx) => {
      const p = await this.prepare(trx, actor, variants, 'exchange', input, voice);
      await this.leavers(trx, p, [personId], 'correction.alreadyBusy');
      return this.addJoiner(trx, actor, p, 'exchange', joiner, personId, voice);
    });
  }

  /** modifyInsured: a roster person's details change (the fields given; an empty text clears one). */
  async modify(
    actor: Actor,
    variants: readonly CorrectionVariant[],
    call: string,
    input: CreateInput,
    personId: number,
    change: PersonChange,
    voice: Voice,
  ): Promise<ItemChange> {
    return this.once.run(actor, input.idempotencyKey, call, async (trx) => {
      const p = await this.prepare(trx, actor, variants, 'modify', input, voice);
      const { roster } = await this.leavers(trx, p, [personId], 'correction.alreadyChanging');
      const person = roster.get(personId)!;
      const next: Insertable<CorrectionItemTable> = { ...leaverItem(0, person), action: 'modify' };
      const before: Record<string, string | null> = {};
      const findings: Finding[] = [];
      const set = (field: keyof typeof CHANGEABLE, value: string) => {
        const column = CHANGEABLE[field];
        const old = (person[column] as string | null) ?? null;
        if ((old ?? '') === value) return;
        before[field] = old;
        (next as Record<string, unknown>)[column] = value || null;
      };
      // Only what changes is checked: a roster may hold older spellings that stay as they are.
      const text = (v: string | undefined) => (v === undefined ? undefined : v.trim());
      const name = text(change.name);
      if (name !== undefined) {
        if (!name || !NAME_PATTERN.test(name)) findings.push({ key: 'roster.nameInvalid', column: 'name' });
        else set('name', name);
      }
      const phone = text(change.phone)?.replace(/\s+/g, '');
      if (phone !== undefined) {
        if (phone && !PHONE_PATTERN.test(phone)) findings.push({ key: 'roster.phoneInvalid', column: 'phone' });
        else set('phone', phone);
      }
      const limited = (field: 'employeeNo' | 'department' | 'bankName', max: number, key: MessageKey) => {
        const v = text(change[field]);
        if (v === undefined) return;
        if ([...v].length > max)
          findings.push({ key, params: { max }, column: field === 'bankName' ? undefined : field });
        else set(field, v);
      };
      limited('employeeNo', 32, 'roster.employeeNoTooLong');
      limited('department', 60, 'roster.departmentTooLong');
      limited('bankName', 60, 'roster.bankNameTooLong');
      const account = text(change.bankAccount);
      if (account !== undefined) {
        if (account && !/^\d{8,30}$/.test(account)) findings.push({ key: 'roster.bankAccountInvalid' });
        else set('bankAccount', account);
      }
      const code = text(change.occupationCode);
      if (code !== undefined) {
        if (!code) {
          if (p.ctx.variant === 'employeeNew')
            findings.push({ key: 'roster.occupationRequired', column: 'occupationCode' });
          else if (person.occupation_code) {
            before.occupationCode = person.occupation_code;
            Object.assign(next, { occupation_code: null, occupation_name: null, risk_category: null });
          }
        } else if (code !== person.occupation_code) {
          const occupation = p.ctx.occupations.get(code);
          if (!occupation)
            findings.push({ key: 'roster.occupationUnknown', params: { code }, column: 'occupationCode' });
          else if (!p.ctx.rates.has(occupation.risk_category))
            findings.push({
              key: 'roster.categoryNotCovered',
              params: {
                category: occupation.risk_category,
                occupation: { 'en-US': occupation.name, 'zh-CN': occupation.name_zh },
              },
              column: 'occupationCode',
            });
          else {
            before.occupationCode = person.occupation_code;
            Object.assign(next, {
              occupation_code: occupation.code,
              occupation_name: occupation.name,
              risk_category: occupation.risk_category,
            });
          }
        }
      }
      if (findings.length)
        throw refuse(
          'correction.modifyRefused',
          {
            name: person.name,
            reasons: sentences(
              voice.locale,
              findings.map((f) => voice.t(f.key, f.params)),
            ),
          },
          fieldRefusal(findings, voice),
        );
      if (!Object.keys(before).length) throw refuse('correction.nothingToChange');
      const c = await this.ensureDraft(trx, actor, p, 'modify', voice);
      return this.addItems(trx, actor, c, [{ ...next, correction_id: c.id, before: JSON.stringify(before) }], voice);
    });
  }

  /** removeCorrectItem: lines taken out of the draft (the draft goes back to draft). */
  async removeItems(actor: Actor, correctionId: number, itemIds: number[], voice: Voice): Promise<ItemChange> {
    return this.deps.db.transaction().execute(async (trx) => {
      const c = await lockCorrection(trx, actor.customer_id, correctionId);
      if (!EDITABLE_CORRECTION_STATES.includes(c.state))
        throw refuse('correction.notEditable', { correctionNo: c.correction_no, state: stateName(c.state) });
      let removed = 0;
      for (const part of chunks([...new Set(itemIds)], 500)) {
        const r = await trx
          .deleteFrom('correction_item')
          .where('correction_id', '=', c.id)
          .where('id', 'in', part)
          .executeTakeFirst();
        removed += Number(r.numDeletedRows);
      }
      if (removed === 0) throw refuse('correction.noLines');
      const policy = await loadPolicy(trx, actor.customer_id, c.policy_id);
      const ctx = await policyContext(this.deps, trx, policy, c.effective_date, this.now());
      await this.ensureDraft(trx, actor, { policy, correction: c, ctx }, c.kind, voice);
      const after = await this.recount(trx, actor, c.id);
      return {
        correction: summaryOf(after, voice),
        added: [],
        draft: await linesPage(trx, after, 1, SHOWN, voice),
      };
    });
  }
}

/** The policy's open correction, named; its summary is the refusal's data (the portal offers to continue it). */
function openCorrectionRefusal(open: CorrectionRow, voice: Voice) {
  return refuse(
    'correction.openExists',
    { policyNo: open.policy_no, correctionNo: open.correction_no, state: stateName(open.state) },
    summaryOf(open, voice),
  );
}

/** The refusal's data: the sentences of each field of the form (the portal shows them on the field). */
function fieldRefusal(findings: Finding[], voice: Voice): FieldRefusal {
  const fields: FieldRefusal['fields'] = {};
  for (const f of findings) {
    const field = f.column === 'occupationName' ? 'occupationCode' : f.column;
    if (!field || field === 'leavingIdNumber' || field === 'originalIdNumber') continue;
    (fields[field] ??= []).push(voice.t(f.key, f.params));
  }
  return { fields };
}

/** A person who cannot join: every reason in one sentence, and each on its field. */
function personRefusal(person: PersonInput, findings: Finding[], voice: Voice) {
  const who = person.name?.trim() || person.idNumber?.trim() || voice.t('correction.thisPerson');
  const reasons = sentences(
    voice.locale,
    findings.map((f) => voice.t(f.key, f.params)),
  );
  return refuse('correction.personRefused', { who, reasons }, fieldRefusal(findings, voice));
}
