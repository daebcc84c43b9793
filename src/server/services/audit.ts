import { PassThrough, type Readable } from 'node:stream';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Page } from '@contract/envelope';
import type { AuditRow } from '@contract/io/audit';
import { AUDIT_FIELDS, type AuditField, type AuditKind, type AuditSubject } from '@contract/io/audit.codes';
import type { Locale } from '@common/i18n';
import { beijingDay, formatStamp } from '@common/time';
import type { DB } from '../db/schema';
import type { Clock } from './clock';
import { refuse } from './errors';
import {
  actorNameIn,
  AUDIT_COLUMN_WORDS,
  AUDIT_KIND_WORDS,
  AUDIT_SUBJECT_WORDS,
  auditDetails,
  INSURER_ACTOR,
} from '@common/audit';
import { pageOf } from './paging';
import { INSURER } from '@common/insurer';
import type { MoneyLog } from './payments/moneyLog';

/** Who did something: a company's user, from an address. */
export interface AuditActor {
  customer_id: number;
  id: number | null;
  username: string;
  name: string;
  source: string | null;
}

/** One write, as the trail keeps it. */
export interface AuditEntry {
  kind: AuditKind;
  call?: string;
  subjectKind?: AuditSubject;
  subject?: string | null;
  /** A correction's or policy's id, said as its number (the company's own only). */
  subjectId?: number;
  before?: Partial<Record<AuditField, string | number>>;
  after?: Partial<Record<AuditField, string | number>>;
}

export interface AuditFilter {
  actor?: string;
  kind?: AuditKind;
  subjectKind?: AuditSubject;
  subject?: string;
  dateFrom?: string;
  dateTo?: string;
}

/** The most rows one export writes: a longer trail is asked for by narrower dates. */
export const AUDIT_EXPORT_LIMIT = 50_000;
const EXPORT_PAGE = 1_000;

/** The start of a Beijing day as a UTC instant (ISO), and of the day after. */
const beijingStart = (day: string) => new Date(`${day}T00:00:00+08:00`).toISOString();
const nextBeijingStart = (day: string) =>
  new Date(new Date(`${day}T00:00:00+08:00`).getTime() + 86_400_000).toISOString();

function details(text: string | null): AuditRow['after'] {
  if (!text) return [];
  try {
    const value = JSON.parse(text) as Record<string, unknown>;
    return AUDIT_FIELDS.filter((f) => value[f] !== undefined && value[f] !== null).map((f) => ({
      field: f,
      value: String(value[f]),
    }));
  } catch {
    return [];
  }
}

const kept = (values: AuditEntry['after']) => {
  if (!values) return null;
  const entries = Object.entries(values).filter(([, v]) => v !== undefined && v !== null && v !== '');
  return entries.length ? JSON.stringify(Object.fromEntries(entries)) : null;
};

/** A CSV cell: quoted when it must be, and a leading = + - @ made text (a spreadsheet does not run it). */
function csvCell(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The audit trail (操作日志) of each company: every write its users make through the gateway, and their
 * logins and failed logins, with who, when, from where, about what, and a short before and after.
 * Append-only: the service has no path that changes or removes a row, and the database refuses both
 * (migration 0610) until a row's retention has passed; `purge` removes those.
 */
export class AuditTrail {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly retentionDays: number,
  ) {}

  /**
   * A login or failed login on the corporate tab, recorded for the company whose user name it named (a
   * name that is no company's user has no trail to go to).
   */
  async recordLogin(username: string, ok: boolean, source: string | null): Promise<void> {
    const user = await this.db
      .selectFrom('app_user')
      .select(['id', 'customer_id', 'username', 'real_name', 'nick_name'])
      .where('username', '=', username)
      .where('legal_flag', '=', 1)
      .executeTakeFirst();
    if (!user) return;
    await this.record(
      {
        customer_id: user.customer_id,
        id: user.id,
        username: user.username,
        name: user.real_name ?? user.nick_name,
        source,
      },
      { kind: ok ? 'login' : 'loginFailed', subjectKind: 'account', subject: null },
    );
  }

  /** The number of a correction or policy the request named by id, when it is the company's. */
  private async numberOf(customerId: number, kind: AuditSubject | undefined, id: number): Promise<string | null> {
    if (kind === 'correction') {
      const row = await this.db
        .selectFrom('correction')
        .select('correction_no')
        .where('id', '=', id)
        .where('customer_id', '=', customerId)
        .executeTakeFirst();
      return row?.correction_no ?? null;
    }
    if (kind === 'policy') {
      const row = await this.db
        .selectFrom('policy')
        .select('policy_no')
        .where('id', '=', id)
        .where('customer_id', '=', customerId)
        .executeTakeFirst();
      return row?.policy_no ?? null;
    }
    return null;
  }

  /**
   * Money that moved without a user's request (payments/moneyLog.ts), recorded in the transaction that
   * moved it, by the insurer (actor INSURER_ACTOR, named in the reader's language where shown).
   */
  readonly money: MoneyLog = async (trx, e, at) => {
    await trx
      .insertInto('audit_event')
      .values({
        customer_id: e.customerId,
        user_id: null,
        actor: INSURER_ACTOR,
        actor_name: INSURER.shortName['zh-CN'],
        at,
        source: null,
        kind: e.kind,
        call: null,
        subject_kind: e.subjectKind,
        subject: e.subject,
        before: null,
        after: kept({ amountFen: e.amountFen, ...(e.state ? { state: e.state } : {}) }),
        keep_until: new Date(Date.parse(at) + this.retentionDays * 86_400_000).toISOString(),
      })
      .execute();
  };

  async record(actor: AuditActor, entry: AuditEntry): Promise<void> {
    const now = this.clock.now();
    const subject =
      entry.subject ??
      (entry.subjectId === undefined
        ? null
        : await this.numberOf(actor.customer_id, entry.subjectKind, entry.subjectId));
    await this.db
      .insertInto('audit_event')
      .values({
        customer_id: actor.customer_id,
        user_id: actor.id,
        actor: actor.username,
        actor_name: actor.name,
        at: now.toISOString(),
        source: actor.source,
        kind: entry.kind,
        call: entry.call ?? null,
        subject_kind: subject === null && entry.subjectKind !== 'account' ? null : (entry.subjectKind ?? null),
        subject,
        before: kept(entry.before),
        after: kept(entry.after),
        keep_until: new Date(now.getTime() + this.retentionDays * 86_400_000).toISOString(),
      })
      .execute();
  }

  private filtered(customerId: number, f: AuditFilter) {
    if (f.dateFrom && f.dateTo && f.dateFrom > f.dateTo) throw refuse('audit.fromAfterTo');
    let q = this.db.selectFrom('audit_event').where('customer_id', '=', customerId);
    if (f.actor) q = q.where('actor', '=', f.actor);
    if (f.kind) q = q.where('kind', '=', f.kind);
    if (f.subjectKind) q = q.where('subject_kind', '=', f.subjectKind);
    if (f.subject) q = q.where('subject', 'like', `${f.subject.replace(/[%_\\]/g, '')}%`);
    if (f.dateFrom) q = q.where('at', '>=', beijingStart(f.dateFrom));
    if (f.dateTo) q = q.where('at', '<', nextBeijingStart(f.dateTo));
    return q;
  }

  private static rows(q: SelectQueryBuilder<DB, 'audit_event', object>) {
    return q
      .select(['id', 'at', 'actor', 'actor_name', 'source', 'kind', 'subject_kind', 'subject', 'before', 'after'])
      .orderBy('at', 'desc')
      .orderBy('id', 'desc');
  }

  private static row(r: {
    id: number;
    at: string;
    actor: string;
    actor_name: string;
    source: string | null;
    kind: string;
    subject_kind: string | null;
    subject: string | null;
    before: string | null;
    after: string | null;
  }): AuditRow {
    return {
      id: Number(r.id),
      at: r.at,
      actor: r.actor,
      actorName: r.actor_name,
      source: r.source,
      kind: r.kind as AuditKind,
      subjectKind: r.subject_kind as AuditSubject | null,
      subject: r.subject,
      before: details(r.before),
      after: details(r.after),
    };
  }

  /** A page of the company's trail, newest first. */
  async page(customerId: number, f: AuditFilter & { pageNum?: number; pageSize?: number }): Promise<Page<AuditRow>> {
    const page = pageOf(f, 20);
    const base = this.filtered(customerId, f);
    const [rows, total] = await Promise.all([
      AuditTrail.rows(base).limit(page.pageSize).offset(page.offset).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { list: rows.map(AuditTrail.row), total: Number(total.n), pageNum: page.pageNum, pageSize: page.pageSize };
  }

  /** The filtered trail in pages of a thousand rows, newest first, at most AUDIT_EXPORT_LIMIT. */
  private async *pages(customerId: number, f: AuditFilter): AsyncIterable<AuditRow[]> {
    for (let offset = 0; offset < AUDIT_EXPORT_LIMIT; offset += EXPORT_PAGE) {
      const rows = await AuditTrail.rows(this.filtered(customerId, f))
        .limit(Math.min(EXPORT_PAGE, AUDIT_EXPORT_LIMIT - offset))
        .offset(offset)
        .execute();
      if (rows.length) yield rows.map(AuditTrail.row);
      if (rows.length < EXPORT_PAGE) return;
    }
  }

  /** The filtered trail as a workbook or a CSV (UTF-8 with its mark, so that Excel reads Chinese), in the reader's language. */
  async export(
    customerId: number,
    f: AuditFilter,
    format: 'xlsx' | 'csv',
    locale: Locale,
  ): Promise<{ filename: string; type: 'xlsx' | 'csv'; body: Readable }> {
    const count = await this.filtered(customerId, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(count.n) > AUDIT_EXPORT_LIMIT) throw refuse('audit.tooMany', { limit: AUDIT_EXPORT_LIMIT });
    const header = (['time', 'actor', 'actorName', 'source', 'kind', 'subject', 'before', 'after'] as const).map(
      (c) => AUDIT_COLUMN_WORDS[c][locale],
    );
    const cells = (r: AuditRow) => [
      formatStamp(r.at, locale, { seconds: true }),
      r.actor,
      actorNameIn(r, locale),
      r.source ?? '',
      AUDIT_KIND_WORDS[r.kind][locale],
      r.subjectKind ? `${AUDIT_SUBJECT_WORDS[r.subjectKind][locale]} ${r.subject ?? ''}`.trim() : '',
      auditDetails(r.before, locale),
      auditDetails(r.after, locale),
    ];
    const out = new PassThrough();
    const pages = this.pages(customerId, f);
    const day = beijingDay(this.clock.now());
    const write = async () => {
      if (format === 'csv') {
        out.write(`\ufeff${header.map(csvCell).join(',')}\r\n`);
        for await (const page of pages) out.write(page.map((r) => `${cells(r).map(csvCell).join(',')}\r\n`).join(''));
        out.end();
        return;
      }
      const Excel = (await import('exceljs')).default;
      const wb = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
      const ws = wb.addWorksheet(locale === 'zh-CN' ? '操作日志' : 'Audit trail');
      ws.columns = header.map((h, i) => ({ header: h, key: String(i), width: [20, 16, 14, 16, 20, 28, 40, 40][i] }));
      for await (const page of pages) for (const r of page) ws.addRow(cells(r)).commit();
      ws.commit();
      await wb.commit();
    };
    write().catch((err) => out.destroy(err as Error));
    return { filename: `audit-${day}.${format}`, type: format, body: out };
  }

  /** Removes the rows whose retention has passed (the database refuses younger ones). */
  async purge(): Promise<number> {
    const result = await this.db
      .deleteFrom('audit_event')
      .where('keep_until', '<', this.clock.now().toISOString())
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
