import type { GatewayConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { translator } from '../messages/catalogue';
import { deadlineDate, openOpinions, opinionStateText, replyAsInsurer } from '../services/opinion';

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

/** Where the command writes: the terminal's standard output and error (console in scripts/reply-opinion.ts). */
export interface OperatorOutput {
  log(line: string): void;
  error(line: string): void;
}

/**
 * The insurer's staff answer a complaint or suggestion (scripts/reply-opinion.ts): `--list`, or
 * `--opinion <number> --text <reply> [--staff <name>] [--close]`. Answers the process's exit code.
 */
export async function replyOpinion(
  args: string[],
  config: Pick<GatewayConfig, 'databaseUrl' | 'dataDir'>,
  out: OperatorOutput,
): Promise<number> {
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database);
    if (args.includes('--list')) {
      const rows = await openOpinions(database.db);
      for (const r of rows) {
        const deadline = deadlineDate(r.kind, r.created_at);
        out.log(
          `${r.opinion_no}  ${r.kind.padEnd(10)} ${opinionStateText(r.state, t).padEnd(8)} ${deadline ? `due ${deadline}` : '              '}  ${printable(r.name)}  ${printable(r.title)}`,
        );
      }
      if (rows.length === 0) out.log('No open complaints or suggestions.');
      return 0;
    }
    const opinionNo = arg(args, 'opinion');
    const text = arg(args, 'text');
    if (!opinionNo || !text) {
      out.error('Usage: reply-opinion.ts --list | --opinion <number> --text <reply> [--staff <name>] [--close]');
      return 2;
    }
    const result = await replyAsInsurer(database.db, {
      opinionNo,
      text,
      staffName: arg(args, 'staff'),
      close: args.includes('--close'),
    });
    out.log(
      `Replied to ${opinionNo}; it is now ${opinionStateText(result.state, t).toLowerCase()}. The customer sees the reply as unread until they open it.`,
    );
    return 0;
  } catch (error) {
    out.error(error instanceof Error ? error.message : String(error));
    return 1;
  } finally {
    await database.destroy();
  }
}
