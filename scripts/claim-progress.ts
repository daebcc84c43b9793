/**
 * The insurer's staff move a claim on, on the gateway's own database (the SQLite file under
 * DATA_DIR, or DATABASE_URL). The customer sees each step in the claim's progress, in their own
 * language. See docs/operator.md.
 *
 *   npx tsx scripts/claim-progress.ts --list
 *   npx tsx scripts/claim-progress.ts --claim CLM2026MD0001234 --review
 *   npx tsx scripts/claim-progress.ts --claim CLM2026MD0001234 --assign "Zhou Min" --phone 13900001111
 *   npx tsx scripts/claim-progress.ts --claim CLM2026MD0001234 --request-document dischargeSummary
 *   npx tsx scripts/claim-progress.ts --claim CLM2026MD0001234 --note "We have called the hospital."
 *   npx tsx scripts/claim-progress.ts --claim CLM2026MD0001234 --approve 1234.50
 *   npx tsx scripts/claim-progress.ts --claim CLM2026MD0001234 --pay
 *   npx tsx scripts/claim-progress.ts --claim CLM2026MD0001234 --reject "The loss is excluded by clause 7."
 *   npx tsx scripts/claim-progress.ts --claim CLM2026MD0001234 --close "Withdrawn by the customer."
 */
import { formatFen } from '@common/money';
import { loadConfig } from '@server/config';
import { openDatabase } from '@server/db/database';
import { migrateToLatest } from '@server/db/migrate';
import { translate, type MessageKey } from '@server/messages/catalogue';
import { systemClock } from '@server/services/clock';
import { DomainError } from '@server/services/errors';
import { ClaimProgress, type ClaimStep } from '@server/services/policy/claimProgress';

const USAGE = `Usage: claim-progress.ts --list
       claim-progress.ts --claim <number> --review | --assign <name> --phone <mobile> | --request-document <code>
                         | --note <text> | --approve <yuan> | --pay | --reject <reason> | --close <reason>`;

function arg(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

/** The one step the arguments ask for, or null when they ask for none or more than one. */
function stepOf(args: string[]): ClaimStep | null {
  const steps: ClaimStep[] = [];
  if (args.includes('--review')) steps.push({ step: 'review' });
  if (args.includes('--pay')) steps.push({ step: 'pay' });
  const assign = arg(args, 'assign');
  if (assign !== undefined) steps.push({ step: 'assign', name: assign, phone: arg(args, 'phone') ?? '' });
  const document = arg(args, 'request-document');
  if (document !== undefined) steps.push({ step: 'requestDocument', document });
  const note = arg(args, 'note');
  if (note !== undefined) steps.push({ step: 'note', text: note });
  const approve = arg(args, 'approve');
  if (approve !== undefined) {
    if (!/^\d{1,12}(\.\d{1,2})?$/.test(approve)) return null;
    steps.push({ step: 'approve', amountFen: Math.round(Number(approve) * 100) });
  }
  const reject = arg(args, 'reject');
  if (reject !== undefined) steps.push({ step: 'reject', reason: reject });
  const close = arg(args, 'close');
  if (close !== undefined) steps.push({ step: 'close', reason: close });
  if (steps.length !== 1) return null;
  const [step] = steps;
  if ('reason' in step && !step.reason.trim()) return null;
  if (step.step === 'note' && !step.text.trim()) return null;
  if (step.step === 'assign' && (!step.name.trim() || !/^1[3-9]\d{9}$/.test(step.phone))) return null;
  return step;
}

async function main(args: string[]): Promise<number> {
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const progress = new ClaimProgress(database.db, systemClock);
  const state = (s: number) => translate('en-US', `claim.state.${s}` as MessageKey);
  try {
    await migrateToLatest(database);
    if (args.includes('--list')) {
      const open = await progress.open();
      for (const c of open)
        console.log(
          `${c.claimNo}  ${state(c.state).padEnd(12)} reported ${c.reportDate}  ${String(c.outstanding).padStart(2)} documents outstanding  ${formatFen(c.claimedFen).padStart(14)}  ${c.customer} / ${c.claimant}`,
        );
      if (open.length === 0) console.log('No open claims.');
      return 0;
    }
    const claimNo = arg(args, 'claim');
    const step = stepOf(args);
    if (!claimNo || !step) {
      console.error(USAGE);
      return 2;
    }
    const after = await progress.apply(claimNo.toUpperCase(), step);
    console.log(`${claimNo.toUpperCase()}: ${step.step} done; the claim is ${state(after)}.`);
    return 0;
  } catch (error) {
    console.error(
      error instanceof DomainError ? error.message : error instanceof Error ? error.message : String(error),
    );
    return 1;
  } finally {
    await database.destroy();
  }
}

main(process.argv.slice(2)).then((code) => process.exit(code));
