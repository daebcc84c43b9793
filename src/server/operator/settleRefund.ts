import { REFUND_FAILURES, type RefundFailure } from '@contract/io/correction';
import { formatFen } from '@common/money';
import { maskAccount } from '@common/correction';
import { formatDateTime } from '@common/time';
import type { GatewayConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { AuditTrail } from '../services/audit';
import { systemClock, type Clock } from '../services/clock';
import { processingRefunds, settleRefund as settle } from '../services/payments/refunds';
import type { OperatorOutput } from './replyOpinion';

const USAGE = `Usage: settle-refund.ts --list
       settle-refund.ts --refund <refund number> --refunded
       settle-refund.ts --refund <refund number> --failed <${REFUND_FAILURES.join(' | ')}>`;

function arg(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

/** Text from the database, safe for the operator's terminal (no control or direction characters). */
const printable = (text: string) =>
  text.replace(/[\r\n\t]+/g, ' ').replace(/[\p{Cc}\u061c\u200b\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/gu, '');

const beijing = (at: string | null) => `${formatDateTime(at, { space: ' ' })} (Beijing time)`;

/**
 * The insurer's staff settle a refund to a policyholder once their bank has answered
 * (scripts/settle-refund.ts): `--list` the refunds processing, `--refunded` when the bank confirmed
 * the transfer, `--failed <why>` when it came back. The holder's correction record shows it at once.
 * Answers the process's exit code.
 */
export async function settleRefund(
  args: string[],
  config: Pick<GatewayConfig, 'databaseUrl' | 'dataDir' | 'auditRetentionDays'>,
  out: OperatorOutput,
  clock: Clock = systemClock,
): Promise<number> {
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database);
    if (args.includes('--list')) {
      const rows = await processingRefunds(database.db);
      for (const r of rows)
        out.log(
          `${printable(r.refund_no)}  ${formatFen(Number(r.amount_fen)).padStart(14)}  requested ${beijing(r.requested_at)}  ${printable(r.correction_no)}  to ${printable(r.account_name ?? '')} ${printable(r.bank_name ?? '')} ${maskAccount(r.account_no) ?? ''}  ${printable(r.customer_name)}`,
        );
      if (rows.length === 0) out.log('No refunds are processing.');
      return 0;
    }
    const number = arg(args, 'refund')?.trim().toUpperCase();
    const failure = arg(args, 'failed');
    const refunded = args.includes('--refunded');
    if (!number || refunded === (failure !== undefined)) {
      out.error(USAGE);
      return 2;
    }
    if (failure !== undefined && !(REFUND_FAILURES as readonly string[]).includes(failure)) {
      out.error(USAGE);
      return 2;
    }
    const done = await settle(
      database.db,
      number,
      refunded ? { state: 'refunded' } : { state: 'failed', failure: failure as RefundFailure },
      clock.now(),
      new AuditTrail(database.db, clock, config.auditRetentionDays).money,
    );
    out.log(
      done.state === 'refunded'
        ? `${number}: ${formatFen(Number(done.amount_fen))} refunded on ${beijing(done.settled_at)}.`
        : `${number}: failed (${done.failure}) on ${beijing(done.settled_at)}.`,
    );
    return 0;
  } catch (error) {
    out.error(error instanceof Error ? error.message : String(error));
    return 1;
  } finally {
    await database.destroy();
  }
}
