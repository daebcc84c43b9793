import type { Insertable, Kysely } from 'kysely';
import type { CorrectionVariant, ImportResult } from '../../../contract/io/correction';
import type { DB } from '../../db/schema';
import type { CorrectionItemTable } from '../../db/tables/corrections';
import type { UploadedFile } from '../files';
import { refuseText } from '../errors';
import { IDEMPOTENCY_KEY, loadPolicy } from './access';
import { draftHoldings, insuredCount, memberFloorProblem, rosterByIdNumber } from './checks';
import { importResult, leaverItem, summaryOf, toPerson, VARIANT_TEXT } from './model';
import type { Actor, Corrections, CreateInput, Prepared } from './service';
import { errorReport, readUpload, UploadProblem, type ErrorRow, type ParsedRow, type SheetKind } from './sheets';

type Trx = Kysely<DB>;

/**
 * Batch files: an upload read by content, every row checked, and either every line added to the
 * draft or nothing added and the bad rows kept for the error report.
 */
export class CorrectionImports {
  constructor(private readonly svc: Corrections) {}

  // ------------------------------------------------------------------ batch files

  async importFile(
    actor: Actor,
    variants: readonly CorrectionVariant[],
    call: string,
    kind: SheetKind,
    input: CreateInput,
    file: UploadedFile | undefined,
  ): Promise<ImportResult> {
    if (!IDEMPOTENCY_KEY.test(input.idempotencyKey))
      throw refuseText(
        'This request has no valid idempotency key (8-64 letters, digits, - or _); reload the page and try again.',
      );
    await loadPolicy(this.svc.db, actor.customer_id, input.policyId, variants);
    if (!file) throw refuseText('Choose an .xlsx file to upload.');
    if (!/\.xlsx$/i.test(file.filename))
      throw refuseText('Only .xlsx files can be imported; download the template and save your list in it.');
    let parsed: Awaited<ReturnType<typeof readUpload>>;
    try {
      parsed = await readUpload(kind, file.data);
    } catch (error) {
      if (error instanceof UploadProblem) throw refuseText(error.message);
      throw error;
    }
    return this.svc.once(actor, input.idempotencyKey, call, async (trx) => {
      const p = await this.svc.prepare(trx, actor, variants, kind, input);
      const { errors, items } = await this.checkRows(trx, p, kind, parsed.rows);
      const at = this.svc.now().toISOString();
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
        return importResult(
          row.id,
          file.filename,
          parsed.rows.length,
          errors,
          p.correction ? summaryOf(p.correction) : null,
        );
      }
      const c = await this.svc.ensureDraft(trx, actor, p, kind);
      const change = await this.svc.addItems(
        trx,
        actor,
        c,
        items.map((i) => ({ ...i, correction_id: c.id })),
      );
      const row = await record(c.id, []);
      return importResult(row.id, file.filename, parsed.rows.length, [], change.correction);
    });
  }

  /** Every row of an upload checked; answers the bad rows with reasons, or all the lines to add. */
  async checkRows(trx: Trx, p: Prepared, kind: SheetKind, rows: ParsedRow[]) {
    const errors: ErrorRow[] = [];
    const items: Array<Omit<Insertable<CorrectionItemTable>, 'correction_id'>> = [];
    const holdings = await draftHoldings(trx, p.correction?.id ?? null);
    if (kind === 'add' || kind === 'exchange') {
      const joinerRows = rows.map((r) => ({ row: r.row, input: toPerson(r.values) }));
      const checked = await this.svc.checkJoiners(trx, p, joinerRows);
      let leavers = new Map<
        string,
        Awaited<ReturnType<typeof rosterByIdNumber>> extends Map<string, infer V> ? V : never
      >();
      if (kind === 'exchange')
        leavers = await rosterByIdNumber(
          trx,
          p.policy.id,
          rows.map((r) => (r.values.leavingIdNumber ?? '').toUpperCase()),
        );
      const leavingSeen = new Map<string, number>();
      for (const r of rows) {
        const reasons = [...(r.notes ?? []), ...(checked.errors.get(r.row) ?? [])];
        let personId: number | null = null;
        if (kind === 'exchange') {
          const leavingId = (r.values.leavingIdNumber ?? '').trim().toUpperCase();
          const leaving = leavers.get(leavingId);
          if (!leavingId) reasons.push('The ID number of the person leaving is required.');
          else if (!leaving) reasons.push('Nobody with the leaving ID number is insured on this policy.');
          else if (holdings.touched.has(leaving.id))
            reasons.push(`${leaving.name} is already being removed or changed in this correction.`);
          else if (leavingSeen.has(leavingId))
            reasons.push(`The person leaving is already on row ${leavingSeen.get(leavingId)} of this file.`);
          else personId = leaving.id;
          if (leavingId) leavingSeen.set(leavingId, r.row);
        }
        if (reasons.length) errors.push({ row: r.row, values: r.values, reasons });
        else
          items.push({
            ...checked.people.get(r.row)!,
            action: kind,
            person_id: personId,
            problems: '[]',
            refund_withheld: 0,
          });
      }
      return { errors, items };
    }
    // subtract: each row names an insured person by name and ID number
    const roster = await rosterByIdNumber(
      trx,
      p.policy.id,
      rows.map((r) => (r.values.idNumber ?? '').toUpperCase()),
    );
    const seen = new Map<string, number>();
    let removes = 0;
    for (const r of rows) {
      const reasons: string[] = [...(r.notes ?? [])];
      const id = (r.values.idNumber ?? '').trim().toUpperCase();
      const name = (r.values.name ?? '').trim();
      const person = roster.get(id);
      if (!name) reasons.push('The name is required.');
      if (!id) reasons.push('The ID number is required.');
      else if (seen.has(id)) reasons.push(`The same ID number is already on row ${seen.get(id)} of this file.`);
      else if (!person) reasons.push('Nobody with this ID number is insured on this policy.');
      else if (name && person.name !== name)
        reasons.push(`The name does not match the insured person with this ID number (on the policy: ${person.name}).`);
      else if (holdings.touched.has(person.id))
        reasons.push(`${person.name} is already being removed or changed in this correction.`);
      if (id && !seen.has(id)) seen.set(id, r.row);
      if (reasons.length) errors.push({ row: r.row, values: r.values, reasons });
      else {
        removes += 1;
        const { correction_id: _unused, ...line } = leaverItem(0, person!);
        items.push(line);
      }
    }
    if (!errors.length) {
      const floor = memberFloorProblem(
        p.policy,
        await insuredCount(trx, p.policy.id),
        holdings.adds,
        holdings.removes + removes,
      );
      if (floor) errors.push({ row: 0, values: {}, reasons: [floor] });
    }
    return { errors, items };
  }

  async errorWorkbook(
    actor: Actor,
    importId: number,
    variants?: readonly CorrectionVariant[],
  ): Promise<{ name: string; data: Buffer }> {
    const row = await this.svc.db
      .selectFrom('correction_import')
      .selectAll()
      .where('id', '=', importId)
      .where('customer_id', '=', actor.customer_id)
      .executeTakeFirst();
    if (!row) throw refuseText('There is no such import in your account.');
    if (variants && !variants.includes(row.variant as CorrectionVariant))
      throw refuseText(
        `This import belongs to ${VARIANT_TEXT[row.variant as CorrectionVariant]}; download its report from that page.`,
      );
    if (row.error_rows === 0) throw refuseText('Every row of this import was right; there is no error report.');
    const errors = JSON.parse(row.errors) as ErrorRow[];
    return { name: `error-report-${row.id}.xlsx`, data: await errorReport(row.kind as SheetKind, errors) };
  }
}
