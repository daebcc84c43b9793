/**
 * The insurer's staff match a bank transfer that arrived to the payment it pays, by the reference the
 * payer wrote on it (the payment notice's), on the gateway's own database (the SQLite file under
 * DATA_DIR, or DATABASE_URL). Matching completes the payment as a payment at the cashier does: the
 * correction is in force at once in every view of the portal. See docs/operator.md.
 *
 *   npx tsx scripts/match-transfer.ts --list
 *   npx tsx scripts/match-transfer.ts --reference PM202611280000421234 --amount 1234.50
 */
import { formatFen } from '@common/money';
import { formatDateTime } from '@common/time';
import { loadConfig } from '@server/config';
import { openDatabase } from '@server/db/database';
import { migrateToLatest } from '@server/db/migrate';
import { systemClock } from '@server/services/clock';
import { createCorrections } from '@server/services/corrections/corrections';
import { DomainError } from '@server/services/errors';

const USAGE = `Usage: match-transfer.ts --list
       match-transfer.ts --reference <payment reference> --amount <yuan received>`;

function arg(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

/** Printed text without control or direction characters (references and names come from the database). */
const plain = (text: string) => text.replace(/[\p{Cc}\u061c\u200b\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/gu, ' ');

async function main(args: string[]): Promise<number> {
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const corrections = createCorrections(database.db, systemClock);
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
      const now = systemClock.now().toISOString();
      for (const a of awaited)
        console.log(
          `${plain(a.payment_no)}  ${formatFen(Number(a.amount_fen)).padStart(14)}  due by ${formatDateTime(a.expires_at, { space: ' ' })} (Beijing time)${a.expires_at <= now ? ' LAPSED' : ''}  ${a.subject_kind}  ${plain(a.name)}`,
        );
      if (awaited.length === 0) console.log('No transfers are awaited.');
      return 0;
    }
    const reference = arg(args, 'reference')?.trim().toUpperCase();
    const amount = arg(args, 'amount');
    if (!reference || !amount || !/^\d{1,12}(\.\d{1,2})?$/.test(amount)) {
      console.error(USAGE);
      return 2;
    }
    const received = Math.round(Number(amount) * 100);
    const done = await corrections.payments.matchTransfer(reference, received);
    console.log(
      done.alreadyMatched
        ? `${reference}: already matched on ${formatDateTime(done.attempt.settled_at, { space: ' ' })} (Beijing time); nothing changed.`
        : `${reference}: transfer of ${formatFen(received)} matched; the payment is complete.`,
    );
    return 0;
  } catch (error) {
    console.error(
      error instanceof DomainError ? error.message : error instanceof Error ? error.message : String(error),
    );
    return 1;
  } finally {
    await corrections.close();
    await database.destroy();
  }
}

main(process.argv.slice(2)).then((code) => process.exit(code));
