import { formatFen } from '@common/money';
import { formatDateTime } from '@common/time';
import type { GatewayConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { systemClock, type Clock } from '../services/clock';
import { createCorrections } from '../services/corrections/corrections';
import type { OperatorOutput } from './replyOpinion';

const USAGE = `Usage: match-transfer.ts --list
       match-transfer.ts --reference <payment reference> --amount <yuan received>`;

function arg(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

/** Text from the database, safe for the operator's terminal (no control or direction characters). */
const printable = (text: string) =>
  text.replace(/[\r\n\t]+/g, ' ').replace(/[\p{Cc}\u061c\u200b\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/gu, '');

/** A time as the operator reads it: Beijing time, said so. */
const beijing = (at: string | null) => `${formatDateTime(at, { space: ' ' })} (Beijing time)`;

/**
 * The insurer's staff match a bank transfer that arrived to the payment it pays, by the reference the
 * payer wrote on it (scripts/match-transfer.ts): `--list`, or `--reference <reference> --amount <yuan>`.
 * Matching completes the payment as a payment at the cashier does. Answers the process's exit code.
 */
export async function matchTransfer(
  args: string[],
  config: Pick<GatewayConfig, 'databaseUrl' | 'dataDir'>,
  out: OperatorOutput,
  clock: Clock = systemClock,
): Promise<number> {
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const corrections = createCorrections(database.db, clock);
  try {
    await migrateToLatest(database);
    if (args.includes('--list')) {
      const awaited = await database.db
        .selectFrom('payment_attempt')
        .innerJoin('customer', 'customer.id', 'payment_attempt.customer_id')
        .select([
          'payment_attempt.payment_no',
          'payment_attempt.amount_fen',
          'payment_attempt.expires_at',
          'payment_attempt.subject_kind',
          'customer.name',
        ])
        .where('payment_attempt.state', '=', 'transfer_awaited')
        .orderBy('payment_attempt.expires_at')
        .execute();
      const now = clock.now().toISOString();
      for (const a of awaited)
        out.log(
          `${printable(a.payment_no)}  ${formatFen(Number(a.amount_fen)).padStart(14)}  due by ${beijing(a.expires_at)}${a.expires_at <= now ? ' LAPSED' : ''}  ${a.subject_kind}  ${printable(a.name)}`,
        );
      if (awaited.length === 0) out.log('No transfers are awaited.');
      return 0;
    }
    const reference = arg(args, 'reference')?.trim().toUpperCase();
    const amount = arg(args, 'amount');
    if (!reference || !amount || !/^\d{1,12}(\.\d{1,2})?$/.test(amount)) {
      out.error(USAGE);
      return 2;
    }
    const received = Math.round(Number(amount) * 100);
    const done = await corrections.payments.matchTransfer(reference, received);
    out.log(
      done.alreadyMatched
        ? `${reference}: already matched on ${beijing(done.attempt.settled_at)}; nothing changed.`
        : `${reference}: transfer of ${formatFen(received)} matched; the payment is complete.`,
    );
    return 0;
  } catch (error) {
    out.error(error instanceof Error ? error.message : String(error));
    return 1;
  } finally {
    await corrections.close();
    await database.destroy();
  }
}
