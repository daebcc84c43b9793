import type { Insertable } from 'kysely';
import type { ItemChange, PersonInput, Reconciliation } from '@contract/io/correction';
import { InsuredState, type CorrectionKind } from '@contract/states';
import { daysInclusive, insurerToday, maskIdNumber } from '@common/correction';
import type { Locale } from '@common/i18n';
import { reconcilePlan } from '@common/reconcile';
import type { CorrectionItemTable } from '@server/db/tables/corrections';
import type { MessageKey } from '@server/messages/catalogue';
import type { UploadedFile } from '../files';
import { cleanFileName } from '../files';
import { refuse } from '../errors';
import { loadPolicy, openCorrectionOf, requireInForce } from './access';
import { effectiveDateProblem, insuredCount, memberFloorProblem, policyContext, rosterByIds } from './checks';
import type { Actor, CorrectionDeps } from './deps';
import type { CorrectionDrafts } from './drafts';
import { renderFinding } from './findings';
import type { OnceOnly } from './idempotency';
import { readRefusal } from './imports';
import { leaverItem, summaryOf } from './model';
import { COMPARED, compareRoster, type Compared } from './reconcileCompare';
import type { RosterReader } from './rosterReader';
import { listed, voiceOf, type Voice } from './texts';
import type { PersonRow } from './types';
import type { PreparedPerson } from './checks';

/** How long a comparison is kept for its people to be ticked into a correction. */
const KEEP_MS = 86_400_000;

/** What a comparison keeps for the correction made of it. */
interface Stored {
  joiners: Array<{ row: number; person: PreparedPerson }>;
  leavers: number[];
  changes: Array<{
    personId: number;
    before: Partial<Record<Compared, string | null>>;
    after: Partial<Record<Compared, string>>;
    occupation: { code: string; name: string; risk_category: number } | null;
  }>;
}

export interface CorrectInput {
  reconciliationId: number;
  joinerRows?: number[];
  leaverIds?: number[];
  changeIds?: number[];
  idempotencyKey: string;
}

/**
 * Whole-roster reconciliation: the company's current roster (a file read by the roster reader, in
 * its worker pool and the customer's turn) compared with a policy's insured list, kept a day; the
 * people ticked of it become one correction through the drafts' own checks and lines.
 */
export class RosterReconciliations {
  constructor(
    private readonly deps: CorrectionDeps,
    private readonly once: OnceOnly,
    private readonly drafts: CorrectionDrafts,
    private readonly reader: RosterReader,
  ) {}

  async compare(
    actor: Actor,
    policyId: number,
    effectiveDate: string | undefined,
    file: UploadedFile | undefined,
    locale: Locale,
  ): Promise<Reconciliation> {
    const { db, clock } = this.deps;
    const voice = voiceOf(locale);
    const policy = await loadPolicy(db, actor.customer_id, policyId);
    requireInForce(policy);
    const now = clock.now();
    const today = insurerToday(now);
    const date = effectiveDate ?? (today < policy.start_date ? policy.start_date : today);
    const problem = effectiveDateProblem(policy, date, now);
    if (problem) throw refuse(problem.key, problem.params);
    if (!file) throw refuse('roster.noFile');
    const read = await this.reader.read('add', file.data, String(actor.customer_id));
    if (!read.ok) throw readRefusal(read.problem, locale);
    const ctx = await policyContext(this.deps, db, policy, date, now);
    const insured = await db
      .selectFrom('insured_person')
      .selectAll()
      .where('policy_id', '=', policy.id)
      .where('state', '=', InsuredState.insured)
      .execute();
    const claimed = new Set(
      (
        await db
          .selectFrom('claim')
          .select('insured_person_id')
          .where('policy_id', '=', policy.id)
          .where('paid_fen', '>', 0)
          .execute()
      ).flatMap((r) => (r.insured_person_id === null ? [] : [r.insured_person_id])),
    );
    const result = await compareRoster({
      ctx,
      rows: read.sheet.rows,
      insured,
      claimed,
      days: daysInclusive(date, policy.end_date),
      yearDays: daysInclusive(policy.start_date, policy.end_date),
    });
    const stored: Stored = {
      joiners: result.joiners.map((j) => ({ row: j.row, person: j.person })),
      leavers: result.leavers.map((l) => l.person.id),
      changes: result.changes.map((c) => ({
        personId: c.person.id,
        before: Object.fromEntries(c.fields.map((f) => [f.field, f.before])),
        after: Object.fromEntries(c.fields.map((f) => [f.field, f.after ?? ''])),
        occupation: c.occupation,
      })),
    };
    const fileName = cleanFileName(file.filename, 200);
    const at = now.toISOString();
    await db
      .deleteFrom('roster_reconciliation')
      .where('customer_id', '=', actor.customer_id)
      .where('created_at', '<', new Date(now.getTime() - KEEP_MS).toISOString())
      .execute();
    const row = await db
      .insertInto('roster_reconciliation')
      .values({
        customer_id: actor.customer_id,
        policy_id: policy.id,
        created_by: actor.id,
        effective_date: date,
        file_name: fileName,
        total_rows: read.sheet.rows.length,
        data: JSON.stringify(stored),
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const occupationName = (code: string | null) => {
      const o = code ? ctx.occupations.get(code) : undefined;
      return o ? (locale === 'zh-CN' ? o.name_zh : o.name) : null;
    };
    const fromRoster = (p: PersonRow) => ({
      name: p.name,
      idType: p.id_type,
      idNumber: maskIdNumber(p.id_number),
      department: p.department,
      occupation: occupationName(p.occupation_code),
      riskCategory: p.risk_category,
    });
    const open = await openCorrectionOf(db, policy.id);
    return {
      reconciliationId: row.id,
      policyId: policy.id,
      policyNo: policy.policy_no,
      variant: ctx.variant,
      fileName,
      totalRows: read.sheet.rows.length,
      effectiveDate: date,
      joiners: result.joiners.map((j) => ({
        row: j.row,
        name: j.person.name,
        idType: j.person.id_type,
        idNumber: maskIdNumber(j.person.id_number),
        department: j.person.department,
        occupation: occupationName(j.person.occupation_code),
        riskCategory: j.person.risk_category,
        premiumFen: j.premiumFen,
      })),
      leavers: result.leavers.map((l) => ({
        personId: l.person.id,
        ...fromRoster(l.person),
        premiumFen: l.premiumFen,
        refundWithheld: l.withheld,
      })),
      changes: result.changes.map((c) => ({
        personId: c.person.id,
        row: c.row,
        ...fromRoster(c.person),
        ...(c.occupation
          ? { occupation: occupationName(c.occupation.code), riskCategory: c.occupation.risk_category }
          : {}),
        premiumFen: c.premiumFen,
        fields: c.fields.map((f) =>
          f.field === 'occupationCode'
            ? {
                field: f.field,
                before: occupationName(f.before) ?? f.before,
                after: occupationName(f.after) ?? f.after,
              }
            : f,
        ),
      })),
      unchanged: result.unchanged,
      errors: result.errors.map((e) => ({
        row: e.row,
        name: e.values.name ?? '',
        idNumber: e.values.idNumber ?? '',
        reasons: e.findings.map((f) => renderFinding(voice.t, locale, f, read.sheet.columns)),
      })),
      openCorrection: open ? summaryOf(open, voice) : null,
    };
  }

  /** The ticked people of a comparison as one correction (its kind by reconcilePlan). */
  async correct(actor: Actor, call: string, input: CorrectInput, voice: Voice): Promise<ItemChange> {
    return this.once.run(actor, input.idempotencyKey, call, async (trx) => {
      const rec = await trx
        .selectFrom('roster_reconciliation')
        .selectAll()
        .where('id', '=', input.reconciliationId)
        .where('customer_id', '=', actor.customer_id)
        .executeTakeFirst();
      if (!rec || rec.created_at < new Date(this.deps.clock.now().getTime() - KEEP_MS).toISOString())
        throw refuse('correction.reconcileNoSuch');
      const data = JSON.parse(rec.data) as Stored;
      const rows = [...new Set(input.joinerRows ?? [])].sort((a, b) => a - b);
      const leaverIds = [...new Set(input.leaverIds ?? [])].sort((a, b) => a - b);
      const changeIds = [...new Set(input.changeIds ?? [])].sort((a, b) => a - b);
      const plan = reconcilePlan(rows.length, leaverIds.length, changeIds.length);
      if (plan.kind === null) {
        const key: Record<typeof plan.problem, MessageKey> = {
          nothing: 'correction.reconcileNothing',
          mixed: 'correction.reconcileMixed',
          unequal: 'correction.reconcileUnequal',
        };
        throw refuse(key[plan.problem], { joiners: rows.length, leavers: leaverIds.length });
      }
      const kind: CorrectionKind = plan.kind;
      const joinerOf = new Map(data.joiners.map((j) => [j.row, j.person]));
      const leaving = new Set(data.leavers);
      const changeOf = new Map(data.changes.map((c) => [c.personId, c]));
      if (
        rows.some((r) => !joinerOf.has(r)) ||
        leaverIds.some((id) => !leaving.has(id)) ||
        changeIds.some((id) => !changeOf.has(id))
      )
        throw refuse('correction.reconcileNotInComparison');
      const p = await this.drafts.prepare(
        trx,
        actor,
        undefined,
        kind,
        { policyId: rec.policy_id, effectiveDate: rec.effective_date, idempotencyKey: input.idempotencyKey },
        voice,
      );
      const stale = (names: string[]) =>
        refuse('correction.reconcileStale', { names: listed(voice.locale, names.slice(0, 5)) });
      // Joiners: checked again as any joiner (someone may have been added meanwhile).
      const joiners = rows.map((r) => ({ row: r, person: joinerOf.get(r)! }));
      const checked = joiners.length
        ? await this.drafts.checkJoiners(
            trx,
            p,
            joiners.map((j) => ({ row: j.row, input: personInput(j.person) })),
          )
        : null;
      if (checked?.errors.size) throw stale(joiners.filter((j) => checked.errors.has(j.row)).map((j) => j.person.name));
      // Leavers and changed people: still insured, and as they were compared.
      const persons = await rosterByIds(trx, p.policy.id, [...leaverIds, ...changeIds]);
      const gone = [...leaverIds, ...changeIds].filter((id) => persons.get(id)?.state !== InsuredState.insured);
      const moved = changeIds.filter((id) => {
        const person = persons.get(id);
        const c = changeOf.get(id)!;
        return (
          person &&
          (Object.keys(c.before) as Compared[]).some(
            (f) => ((person[COMPARED[f]] as string | null) ?? null) !== (c.before[f] ?? null),
          )
        );
      });
      if (gone.length || moved.length)
        throw stale([...gone, ...moved].map((id) => persons.get(id)?.name ?? String(id)));
      if (kind === 'subtract') {
        const floor = memberFloorProblem(p.policy, await insuredCount(trx, p.policy.id), 0, leaverIds.length);
        if (floor) throw refuse(floor.key, floor.params);
      }
      const c = await this.drafts.ensureDraft(trx, actor, p, kind, voice);
      const items: Insertable<CorrectionItemTable>[] = [];
      const joinerLine = (row: number, action: 'add' | 'exchange', personId: number | null) => ({
        ...checked!.people.get(row)!,
        correction_id: c.id,
        action,
        person_id: personId,
        problems: '[]',
        refund_withheld: 0,
      });
      if (kind === 'add') for (const j of joiners) items.push(joinerLine(j.row, 'add', null));
      if (kind === 'subtract') for (const id of leaverIds) items.push(leaverItem(c.id, persons.get(id)!));
      if (kind === 'exchange') joiners.forEach((j, i) => items.push(joinerLine(j.row, 'exchange', leaverIds[i])));
      if (kind === 'modify')
        for (const id of changeIds) {
          const change = changeOf.get(id)!;
          const next: Insertable<CorrectionItemTable> = { ...leaverItem(c.id, persons.get(id)!), action: 'modify' };
          for (const [field, value] of Object.entries(change.after) as Array<[Compared, string]>)
            (next as Record<string, unknown>)[COMPARED[field]] = value || null;
          if (change.occupation)
            Object.assign(next, {
              occupation_name: change.occupation.name,
              risk_category: change.occupation.risk_category,
            });
          items.push({ ...next, before: JSON.stringify(change.before) });
        }
      return this.drafts.addItems(trx, actor, c, items, voice);
    });
  }
}

/** A checked joiner as the person the drafts' checks take. */
function personInput(p: PreparedPerson): PersonInput {
  return {
    name: p.name,
    idType: p.id_type as PersonInput['idType'],
    idNumber: p.id_number,
    sex: (p.sex ?? undefined) as PersonInput['sex'],
    birthdate: p.birthdate ?? undefined,
    phone: p.phone ?? undefined,
    employeeNo: p.employee_no ?? undefined,
    department: p.department ?? undefined,
    occupationCode: p.occupation_code ?? undefined,
  };
}
