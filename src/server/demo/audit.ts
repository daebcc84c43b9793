import type { Insertable } from 'kysely';
import type { AuditKind } from '@contract/io/audit.codes';
import type { AuditTables } from '../db/tables/audit';
import type { SeedContext } from './context';

/** The demo's retention: the gateway's default (config AUDIT_RETENTION_DAYS). */
const KEEP_DAYS = 1_825;
/** The office's address the demo's HR staff work from. */
const OFFICE = '10.12.3.45';

const at = (base: string, minutes: number) => new Date(new Date(base).getTime() + minutes * 60_000).toISOString();
const keepUntil = (moment: string) => new Date(new Date(moment).getTime() + KEEP_DAYS * 86_400_000).toISOString();

/**
 * The companies' activity logs as their insurance records left them: for each enrolment or removal,
 * the company administrator's login, the change and its sending for approval, and for an enrolment with premium the
 * payment, minutes apart ending at the record's time, so that the log and the insurance records tell
 * one story.
 */
export async function seedAuditTrail(ctx: SeedContext): Promise<void> {
  const records = await ctx.db
    .selectFrom('insurance_record as r')
    .innerJoin('policy as p', 'p.id', 'r.policy_id')
    .innerJoin('app_user as u', (join) =>
      join.onRef('u.customer_id', '=', 'r.customer_id').on('u.legal_flag', '=', 1).on('u.role', '=', 'administrator'),
    )
    .select([
      'r.customer_id',
      'r.record_type',
      'r.headcount_change',
      'r.premium_change_fen',
      'r.created_at',
      'p.policy_no',
      'u.id as user_id',
      'u.username',
      'u.real_name',
      'u.nick_name',
    ])
    .where('r.record_type', 'in', ['add', 'remove'])
    .orderBy('r.created_at')
    .execute();
  const rows: Insertable<AuditTables['audit_event']>[] = [];
  for (const r of records) {
    const event = (kind: AuditKind, moment: string, after: Record<string, number> | null = null) =>
      rows.push({
        customer_id: r.customer_id,
        user_id: r.user_id,
        actor: r.username,
        actor_name: r.real_name ?? r.nick_name,
        at: moment,
        source: OFFICE,
        kind,
        call: null,
        subject_kind: kind === 'login' ? 'account' : 'policy',
        subject: kind === 'login' ? null : r.policy_no,
        before: null,
        after: after ? JSON.stringify(after) : null,
        keep_until: keepUntil(moment),
      });
    const paid = r.record_type === 'add' && Number(r.premium_change_fen) > 0;
    const done = at(r.created_at, paid ? -4 : -2);
    event('login', at(done, -3));
    event(r.record_type === 'add' ? 'rosterImported' : 'personRemoved', done, {
      rows: Math.abs(Number(r.headcount_change)),
    });
    event('correctionSubmitted', at(done, 2));
    if (paid) event('paymentStarted', r.created_at, { amountFen: Number(r.premium_change_fen) });
  }
  for (let i = 0; i < rows.length; i += 200)
    await ctx.db
      .insertInto('audit_event')
      .values(rows.slice(i, i + 200))
      .execute();
}
