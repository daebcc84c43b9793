/**
 * The insurer's own routine, as the embedded install plays it (the insurer's claims and banking
 * systems are external: docs/DESIGN.md, "External systems"): what its staff and bank would have done
 * by now, each dated on the day the promise says (PROMISES in src/common/insurer.ts), never later
 * than now:
 * - a reported claim is taken into review when the insurer's contact is due (contactDays);
 * - an approved claim is paid within claimPayDays of its approval;
 * - a refund to an account on file is confirmed by the bank within refundDays of its request;
 * - a group policy's renewal is prepared its configured days before the policy's end, and one not paid
 *   lapses on the end date (services/policy/groupRenewals.ts);
 * - activity-log rows past their retention are removed.
 * `run()` is idempotent and safe beside other gateways (each step checks and moves one row in its own
 * transaction; a row another gateway moved first is left). Operators' commands (docs/operator.md) do
 * the same steps by hand, earlier or otherwise (a rejection, a returned refund).
 */
import { NoResultError, type Kysely } from 'kysely';
import { PROMISES } from '@common/insurer';
import { ClaimState } from '@contract/states';
import type { DB } from '@server/db/schema';
import type { AuditTrail } from './audit';
import type { Clock } from './clock';
import { DomainError } from './errors';
import { settleRefund } from './payments/refunds';
import { ClaimProgress } from './policy/claimProgress';
import type { GroupRenewals } from './policy/groupRenewals';

const DAY_MS = 86_400_000;

export interface InsurerRunResult {
  /** Claims taken into review. */
  reviewed: string[];
  /** Claims paid. */
  paid: string[];
  /** Refunds confirmed. */
  refunded: string[];
  /** Group policies whose renewal was prepared. */
  renewalsPrepared: string[];
  /** Group policies whose renewal lapsed. */
  renewalsLapsed: string[];
  /** Activity-log rows removed. */
  purged: number;
}

/** When a step promised `days` after `from` is due (an instant). */
const dueAfter = (from: string, days: number) => new Date(Date.parse(from) + days * DAY_MS);

export class InsurerRun {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly audit: AuditTrail,
    private readonly groupRenewals?: GroupRenewals,
  ) {}

  async run(): Promise<InsurerRunResult> {
    const now = this.clock.now();
    const result: InsurerRunResult = {
      reviewed: [],
      paid: [],
      refunded: [],
      renewalsPrepared: [],
      renewalsLapsed: [],
      purged: 0,
    };

    // Claims waiting on the insurer: reported (contact due) and approved (payment due), with the day
    // they reached that state (the latest step of that state in their progress).
    const claims = await this.db
      .selectFrom('claim')
      .innerJoin('claim_event', (j) =>
        j.onRef('claim_event.claim_id', '=', 'claim.id').onRef('claim_event.state', '=', 'claim.state'),
      )
      .select(['claim.claim_no', 'claim.state'])
      .select((eb) => eb.fn.max('claim_event.at').as('since'))
      .where('claim.state', 'in', [ClaimState.reported, ClaimState.approved])
      .groupBy(['claim.claim_no', 'claim.state'])
      .execute();
    for (const c of claims) {
      const reported = c.state === ClaimState.reported;
      const due = dueAfter(String(c.since), reported ? PROMISES.contactDays : PROMISES.claimPayDays);
      if (due > now) continue;
      const progress = new ClaimProgress(this.db, { now: () => due });
      if (await moved(() => progress.apply(c.claim_no, { step: reported ? 'review' : 'pay' })))
        (reported ? result.reviewed : result.paid).push(c.claim_no);
    }

    const refunds = await this.db
      .selectFrom('refund')
      .select(['refund_no', 'requested_at'])
      .where('state', '=', 'processing')
      .where('account_no', 'is not', null)
      .execute();
    for (const r of refunds) {
      const due = dueAfter(r.requested_at, PROMISES.refundDays);
      if (due > now) continue;
      if (await moved(() => settleRefund(this.db, r.refund_no, { state: 'refunded' }, due, this.audit.money)))
        result.refunded.push(r.refund_no);
    }

    if (this.groupRenewals) {
      const renewals = await this.groupRenewals.settleDue();
      result.renewalsPrepared = renewals.prepared;
      result.renewalsLapsed = renewals.lapsed;
    }

    result.purged = await this.audit.purge();
    return result;
  }
}

/** Runs a step; false when the row was no longer where the step starts (another gateway moved it first). */
async function moved(step: () => Promise<unknown>): Promise<boolean> {
  try {
    await step();
    return true;
  } catch (error) {
    if (error instanceof DomainError || error instanceof NoResultError) return false;
    throw error;
  }
}
