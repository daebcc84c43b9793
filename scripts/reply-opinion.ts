/**
 * The insurer's staff answer a complaint or suggestion, on the gateway's own database (the SQLite
 * file under DATA_DIR, or DATABASE_URL). See docs/operator.md.
 *
 *   npx tsx scripts/reply-opinion.ts --list
 *   npx tsx scripts/reply-opinion.ts --opinion TS20261122000001 --text "We have reviewed ..." [--staff "Ms Zhou"] [--close]
 */
import { loadConfig } from '@server/config';
import { openDatabase } from '@server/db/database';
import { migrateToLatest } from '@server/db/migrate';
import { translator } from '@server/messages/catalogue';
import { deadlineDate, openOpinions, opinionStateText, replyAsInsurer } from '@server/services/opinion';

/** The operator's command speaks English. */
const t = translator('en-US');

/**
 * Text a customer wrote, safe for the operator's terminal: control characters (escape sequences
 * that move the cursor, clear the screen or rewrite the title) and the invisible marks that reverse
 * the direction of text are dropped; line breaks become spaces.
 */
function printable(text: string): string {
  return text.replace(/[\r\n\t]+/g, ' ').replace(/[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, '');
}

function arg(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

async function main(args: string[]): Promise<number> {
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database);
    if (args.includes('--list')) {
      const rows = await openOpinions(database.db);
      for (const r of rows) {
        const deadline = deadlineDate(r.kind, r.created_at);
        console.log(
          `${r.opinion_no}  ${r.kind.padEnd(10)} ${opinionStateText(r.state, t).padEnd(8)} ${deadline ? `due ${deadline}` : '              '}  ${printable(r.name)}  ${printable(r.title)}`,
        );
      }
      if (rows.length === 0) console.log('No open complaints or suggestions.');
      return 0;
    }
    const opinionNo = arg(args, 'opinion');
    const text = arg(args, 'text');
    if (!opinionNo || !text) {
      console.error('Usage: reply-opinion.ts --list | --opinion <number> --text <reply> [--staff <name>] [--close]');
      return 2;
    }
    const result = await replyAsInsurer(database.db, {
      opinionNo,
      text,
      staffName: arg(args, 'staff'),
      close: args.includes('--close'),
    });
    console.log(
      `Replied to ${opinionNo}; it is now ${opinionStateText(result.state, t).toLowerCase()}. The customer sees the reply as unread until they open it.`,
    );
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  } finally {
    await database.destroy();
  }
}

main(process.argv.slice(2)).then((code) => process.exit(code));
