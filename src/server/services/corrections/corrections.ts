import type { Kysely } from 'kysely';
import type { DB } from '@server/db/schema';
import type { Clock } from '../clock';
import { CorrectionDecisions } from './decisions';
import { DEFAULT_OPTIONS, type CorrectionDeps, type CorrectionOptions } from './deps';
import { CorrectionDrafts } from './drafts';
import { CorrectionFiles } from './files';
import { OnceOnly } from './idempotency';
import { CorrectionImports } from './imports';
import { CorrectionPayments } from './payments';
import { CorrectionRecords } from './records';
import { CorrectionRoster } from './roster';
import { RosterReconciliations } from './reconcile';
import { RosterReader, type ReaderOptions } from './rosterReader';

/**
 * The correction area's modules, built once per gateway (app.ts) over the same database, clock and
 * options; each depends only on the ones it names, never back on a whole.
 */
export interface Corrections {
  readonly options: CorrectionOptions;
  /** Who is added, removed, exchanged or changed: the draft and its lines. */
  readonly drafts: CorrectionDrafts;
  /** Roster files: batch adds, removals and exchanges, and their error reports. */
  readonly imports: CorrectionImports;
  /** Checks, premium, how it is settled, approval, the underwriting desk, cancelling. */
  readonly decisions: CorrectionDecisions;
  /** The check before a correction, the records list and one correction's detail. */
  readonly records: CorrectionRecords;
  /** Payment links, pay status, pay type, the cashier's notifications. */
  readonly payments: CorrectionPayments;
  /** Policies, rosters, people and occupations. */
  readonly roster: CorrectionRoster;
  /** A whole roster compared with a policy's insured list, and the people ticked of it made a correction. */
  readonly reconcile: RosterReconciliations;
  /** Templates, the roster export and the endorsement. */
  readonly files: CorrectionFiles;
  /** Stops the roster reader's worker threads. */
  close(): Promise<void>;
}

export function createCorrections(
  db: Kysely<DB>,
  clock: Clock,
  options: Partial<CorrectionOptions> & { reader?: ReaderOptions } = {},
): Corrections {
  const { reader: readerOptions, ...rest } = options;
  const deps: CorrectionDeps = { db, clock, options: { ...DEFAULT_OPTIONS, ...rest } };
  const once = new OnceOnly(deps);
  const reader = new RosterReader(readerOptions ?? {});
  const drafts = new CorrectionDrafts(deps, once);
  const decisions = new CorrectionDecisions(deps, once);
  const roster = new CorrectionRoster(deps);
  return {
    options: deps.options,
    drafts,
    imports: new CorrectionImports(deps, once, drafts, reader),
    decisions,
    records: new CorrectionRecords(deps, decisions, once),
    payments: new CorrectionPayments(deps, decisions, once),
    roster,
    files: new CorrectionFiles(deps, roster),
    reconcile: new RosterReconciliations(deps, once, drafts, reader),
    close: () => reader.close(),
  };
}
