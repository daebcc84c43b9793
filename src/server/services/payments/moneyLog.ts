import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * Money that moved for a company's policy or correction without a user's request: a payment the
 * cashier reported, a transfer the insurer matched, a refund requested when a correction took effect
 * and its settlement; and a group renewal the insurer issued (paid) or that lapsed unpaid. The activity
 * log records each (AuditTrail.money), in the transaction that moved it.
 */
export interface MoneyEvent {
  kind: 'paymentReceived' | 'transferMatched' | 'refundRequested' | 'refundSettled' | 'renewalIssued' | 'renewalLapsed';
  customerId: number;
  subjectKind: 'policy' | 'correction';
  /** The policy's or correction's number. */
  subject: string;
  amountFen: number;
  /** A refund's state once settled (refunded, failed). */
  state?: string;
}

export type MoneyLog = (trx: Kysely<DB>, event: MoneyEvent, at: string) => Promise<void>;
