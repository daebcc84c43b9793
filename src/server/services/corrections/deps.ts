import type { Kysely } from 'kysely';
import type { BankAccount } from '@contract/io/correction';
import type { DB } from '@server/db/schema';
import type { Clock } from '../clock';
import type { MoneyLog } from '../payments/moneyLog';

export interface CorrectionOptions {
  /** How long a payment link stays valid. */
  payLinkMinutes: number;
  /** An awaited transfer must arrive by the end of this many Beijing days after it was chosen. */
  transferDays: number;
  /** When the underwriting desk decides a pending correction. */
  reviewMinutes: number;
  /** More people than this in one correction go to the underwriters. */
  pendingHeadcount: number;
  /** The insurer's account for premium transfers; by default the catalogue's (in the reader's language). */
  receivingAccount: BankAccount | null;
  /** Where money received or refunded for a correction is recorded (the activity log). */
  moneyLog: MoneyLog | null;
}

export const DEFAULT_OPTIONS: CorrectionOptions = {
  payLinkMinutes: 30,
  transferDays: 7,
  reviewMinutes: 2,
  pendingHeadcount: 500,
  receivingAccount: null,
  moneyLog: null,
};

/** What every module of the correction area works with: the database, the one clock, the options. */
export interface CorrectionDeps {
  db: Kysely<DB>;
  clock: Clock;
  options: CorrectionOptions;
}

/** Who acts: the session's user and their company. */
export interface Actor {
  id: number;
  customer_id: number;
}

/** The fields of every call that creates or changes a draft. */
export interface CreateInput {
  policyId: number;
  correctionId?: number;
  effectiveDate?: string;
  idempotencyKey: string;
}

export type Trx = Kysely<DB>;
