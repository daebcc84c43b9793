import type { Insertable } from 'kysely';
import type { ImportResult } from '@contract/io/correction';
import type { CorrectionVariant } from '@contract/states';
import type { Locale } from '@common/i18n';
import type { CorrectionItemTable } from '@server/db/tables/corrections';
import { translator } from '@server/messages/catalogue';
import { cleanFileName, type UploadedFile } from '../files';
import { refuse } from '../errors';
import { loadPolicy, occupations, policyRates, variantKey } from './access';
import { draftHoldings, insuredCount, memberFloorProblem, rosterByIdNumber } from './checks';
import type { Actor, CorrectionDeps, CreateInput, Trx } from './deps';
import type { CorrectionDrafts, Prepared } from './drafts';
import type { OnceOnly } from './idempotency';
import { importResult, leaverItem, summaryOf, toPerson } from './model';
import type { RosterReader } from './rosterReader';
import { voiceOf } from './texts';
import { readColumns, renderFinding, type StoredImport, type StoredRow } from './findings';
import { HEADERS, type ColumnKey, type SheetKind } from './rosterColumns';
import type { Problem, ReadColumn } from './rosterRead';
import type { Finding, RowValues } from './rosterValues';
import { errorReport, type ReportRow } from './sheets';
import type { ErrorRow } from './types';

/** The refusal of a file the reader could not take, naming missing columns in the uploader's language. */
export function readRefusal(problem: Problem, locale: Locale) {
  const params = { ...problem.params };
  if (problem.key === 'roster.noHeader')
    params.missing = String(params.missing)
      .split('|')
      .map((k) => HEADERS[k as ColumnKey][locale])
      .join(locale === 'zh-CN' ? '、' : ', ');
  return refuse(problem.key, params);
}

/**
 * Batch files: an upload read in a worker thread, every row checked, and either every line added to
 * the draft or nothing added and every row kept for the error report.
 */
export class CorrectionImports {
  constructor(
    private readonly deps: CorrectionDeps,
    private readonly once: OnceOnly,
    private readonly drafts: CorrectionDrafts,
    private readonly reader: RosterReader,
  ) {}

  async importFile(
    actor: Actor,
    variants: readonly CorrectionVariant[],
    call: string,
    kind: SheetKind,
    input: CreateInput,
    file: UploadedFile | undefined,
    locale: Locale,
  ): Promise<ImportResult> {
    await loadPolicy(this.deps.db, actor.customer_id, input.policyId, variants);
    if (!file) throw refuse('roster.noFile');
    const read = await this.reader.read(kind, file.data, String(actor.customer_id));
    if (!read.ok) throw readRefusal(read.problem, locale);
    const sheet = read.sheet;
    const fileName = cleanFileName(file.filename, 200);
    const voice = voiceOf(locale);
    const t = voice.t;
    return this.once.run(actor, input.idempotencyKey, call, async (trx) => {
      const p = await this.drafts.prepare(trx, actor, variants, kind, input, voice);
      const { rows, items, taken } = await this.checkRows(trx, p, kind, sheet.rows, sheet.columns);
      if (!taken) throw refuse('roster.nothingToExchange');
      const bad = rows.filter((r) => r.findings.length);
      const rendered: ErrorRow[] = bad.map((r) => ({
        row: r.row,
        values: r.values as Record<string, string>,
        reasons: r.findings.map((f) => renderFinding(t, locale, f, sheet.columns)),
      }));
      const stored: StoredImport = { v: 2, rows: bad.length ? rows : [] };
      const at = this.deps.clock.now().toISOString();
      const record = async (correctionId: number | null) =>
        trx
          .insertInto('correction_import')
          .values({
            customer_id: actor.customer_id,
            policy_id: p.policy.id,
            correction_id: correctionId,
            kind,
            variant: p.ctx.variant,
            file_name: fileName,
            total_rows: taken,
            error_rows: bad.length,
            errors: JSON.stringify(stored),
            headers: JSON.stringify(sheet.columns),
            created_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      if (bad.length) {
        const row = await record(p.correction?.id ?? null);
        return importResult(row.id, fileName, taken, rendered, p.correction ? summaryOf(p.correction, voice) : null);
      }
      const c = await this.drafts.ensureDraft(trx, actor, p, kind, voice);
      const change = await this.drafts.addItems(
        trx,
        actor,
        c,
        items.map((i) => ({ ...i, correction_id: c.id })),
        voice,
      );
      const row = await record(c.id);
      return importResult(row.id, fileName, taken, [], change.correction);
    });
  }

  /**
   * Every row of an upload checked: answers each row with its findings (reading and rules), the
   * lines to add when all are right, and how many rows the file really asks for.
   */
  async checkRows(trx: Trx, p: Prepared, kind: SheetKind, input: RowValues[], columns: ReadColumn[]) {
    const items: Array<Omit<Insertable<CorrectionItemTable>, 'correction_id'>> = [];
    const holdings = await draftHoldings(trx, p.correction?.id ?? null);
    // A roster export used as an exchange file: rows whose person was not overwritten stay as they are.
    const exportLayout = kind === 'exchange' && !columns.some((c) => c.key === 'leavingIdNumber');
    const leavingOf = (r: RowValues) => (r.values.leavingIdNumber ?? r.values.originalIdNumber ?? '').toUpperCase();
    const rows: StoredRow[] = [];
    const wanted = exportLayout
      ? input.filter((r) => r.findings.length || leavingOf(r) !== (r.values.idNumber ?? '').toUpperCase())
      : input;
    /** Findings of the rules, without a second reason for a cell the reading already explained. */
    const merge = (r: RowValues, more: Finding[]) => {
      const explained = new Set(r.findings.map((f) => f.column).filter(Boolean));
      return [...r.findings, ...more.filter((f) => !f.column || !explained.has(f.column))];
    };
    if (kind === 'add' || kind === 'exchange') {
      const checked = await this.drafts.checkJoiners(
        trx,
        p,
        wanted.map((r) => ({
          row: r.row,
          input: toPerson(r.values as Record<string, string>),
          occupationName: r.values.occupationName,
        })),
      );
      const leavers = kind === 'exchange' ? await rosterByIdNumber(trx, p.policy.id, wanted.map(leavingOf)) : new Map();
      const leavingSeen = new Map<string, number>();
      const leavingColumn: ColumnKey = exportLayout ? 'originalIdNumber' : 'leavingIdNumber';
      for (const r of wanted) {
        const more: Finding[] = [...(checked.errors.get(r.row) ?? [])];
        let personId: number | null = null;
        if (kind === 'exchange') {
          const leavingId = leavingOf(r);
          const leaving = leavers.get(leavingId);
          if (!leavingId) more.push({ key: 'roster.leavingRequired', column: leavingColumn });
          else if (!leaving) more.push({ key: 'roster.leavingUnknown', column: leavingColumn });
          else if (holdings.touched.has(leaving.id))
            more.push({ key: 'roster.leavingBusy', params: { name: leaving.name }, column: leavingColumn });
          else if (leavingSeen.has(leavingId))
            more.push({
              key: 'roster.leavingDuplicate',
              params: { row: leavingSeen.get(leavingId)! },
              column: leavingColumn,
            });
          else personId = leaving.id;
          if (leavingId) leavingSeen.set(leavingId, r.row);
        }
        const findings = merge(r, more);
        rows.push({ row: r.row, values: r.original, findings });
        if (!findings.length)
          items.push({
            ...checked.people.get(r.row)!,
            action: kind,
            person_id: personId,
            problems: '[]',
            refund_withheld: 0,
          });
      }
      return { rows, items, taken: wanted.length };
    }
    // subtract: each row names an insured person by name and ID number
    const roster = await rosterByIdNumber(
      trx,
      p.policy.id,
      input.map((r) => (r.values.idNumber ?? '').toUpperCase()),
    );
    const seen = new Map<string, number>();
    let removes = 0;
    for (const r of input) {
      const more: Finding[] = [];
      const id = (r.values.idNumber ?? '').toUpperCase();
      const name = r.values.name ?? '';
      const person = roster.get(id);
      if (!name) more.push({ key: 'roster.nameRequired', column: 'name' });
      if (!id) more.push({ key: 'roster.idRequired', column: 'idNumber' });
      else if (seen.has(id))
        more.push({ key: 'roster.duplicateInFile', params: { row: seen.get(id)! }, column: 'idNumber' });
      else if (!person) more.push({ key: 'roster.subtractUnknown', column: 'idNumber' });
      else if (name && person.name !== name)
        more.push({ key: 'roster.subtractNameMismatch', params: { name: person.name }, column: 'name' });
      else if (holdings.touched.has(person.id))
        more.push({ key: 'roster.subtractBusy', params: { name: person.name }, column: 'idNumber' });
      if (id && !seen.has(id)) seen.set(id, r.row);
      const findings = merge(r, more);
      rows.push({ row: r.row, values: r.original, findings });
      if (!findings.length) {
        removes += 1;
        const { correction_id: _unused, ...line } = leaverItem(0, person!);
        items.push(line);
      }
    }
    if (rows.every((r) => !r.findings.length)) {
      const current = await insuredCount(trx, p.policy.id);
      const total = holdings.removes + removes;
      if (memberFloorProblem(p.policy, current, holdings.adds, total))
        rows.push({
          row: 0,
          values: {},
          findings: [
            {
              key: 'roster.memberFloor',
              params: { min: p.policy.min_members, after: current + holdings.adds - total },
            },
          ],
        });
    }
    return { rows, items, taken: input.length };
  }

  async errorWorkbook(
    actor: Actor,
    importId: number,
    variants: readonly CorrectionVariant[] | undefined,
    locale: Locale,
  ): Promise<{ name: string; data: Buffer }> {
    const row = await this.deps.db
      .selectFrom('correction_import')
      .selectAll()
      .where('id', '=', importId)
      .where('customer_id', '=', actor.customer_id)
      .executeTakeFirst();
    if (!row) throw refuse('correction.noSuchImport');
    const variant = row.variant as CorrectionVariant;
    if (variants && !variants.includes(variant))
      throw refuse('correction.importOfVariant', { kind: { key: variantKey(variant), fallback: variant } });
    if (row.error_rows === 0) throw refuse('correction.importAllRight');
    const kind = row.kind as SheetKind;
    const t = translator(locale);
    const parsed = JSON.parse(row.errors) as StoredImport | ErrorRow[];
    const columns = readColumns(row.headers);
    const report: ReportRow[] = Array.isArray(parsed)
      ? parsed.map((e) => ({ row: e.row, values: e.values, reasons: e.reasons, columns: [] }))
      : parsed.rows.map((r) => ({
          row: r.row,
          values: r.values,
          reasons: r.findings.map((f) => renderFinding(t, locale, f, columns)),
          columns: r.findings.map((f) => f.column).filter((c): c is ColumnKey => Boolean(c)),
        }));
    const policy = await this.deps.db
      .selectFrom('policy')
      .select(['id', 'roster'])
      .where('id', '=', row.policy_id)
      .executeTakeFirstOrThrow();
    const catalogue = await occupations(this.deps, this.deps.db);
    const data = await errorReport(
      kind,
      {
        locale,
        occupationRequired: policy.roster === 'employeeNew',
        occupations: [...catalogue.values()],
        covered: new Set((await policyRates(this.deps.db, policy.id)).keys()),
      },
      report.filter((r) => r.row > 0),
    );
    return { name: `error-report-${row.id}.xlsx`, data };
  }
}
