/**
 * The insurer's side of a claim: what its staff do as a claim moves on (scripts/claim-progress.ts,
 * docs/operator.md). Each step checks where the claim is, changes it in one transaction and adds a
 * step to its progress that the customer reads in their own language.
 */
import type { Kysely } from 'kysely';
import { formatFen } from '@common/money';
import { ClaimDocumentState, ClaimState } from '@contract/states';
import type { DB } from '@server/db/schema';
import { translate, type MessageKey } from '@server/messages/catalogue';
import type { Clock } from '../clock';
import { refuse } from '../errors';
import type { StoredParam } from '../texts';
import { DOCUMENT_CODES } from './claimCatalogue';
import { addClaimEvent } from './claims/events';

export type ClaimStep =
  | { step: 'review' }
  | { step: 'requestDocument'; document: string }
  | { step: 'approve'; amountFen: number }
  | { step: 'pay' }
  | { step: 'reject'; reason: string }
  | { step: 'close'; reason: string }
  | { step: 'note'; text: string }
  | { step: 'assign'; name: string; phone: string };

/** Where each step may start from. */
const FROM: Record<ClaimStep['step'], readonly ClaimState[]> = {
  review: [ClaimState.reported],
  requestDocument: [ClaimState.reported, ClaimState.underReview],
  approve: [ClaimState.underReview],
  pay: [ClaimState.approved],
  reject: [ClaimState.reported, ClaimState.underReview],
  close: [ClaimState.reported, ClaimState.underReview, ClaimState.approved],
  note: [ClaimState.reported, ClaimState.underReview, ClaimState.approved],
  assign: [ClaimState.reported, ClaimState.underReview, ClaimState.approved],
};

export interface OpenClaim {
  claimNo: string;
  state: ClaimState;
  customer: string;
  claimant: string;
  reportDate: string;
  outstanding: number;
  claimedFen: number;
}

export class ClaimProgress {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {}

  /** Claims not yet paid, rejected or closed, oldest first, with how many documents they wait for. */
  async open(): Promise<OpenClaim[]> {
    const rows = await this.db
      .selectFrom('claim')
      .innerJoin('customer', 'customer.id', 'claim.customer_id')
      .select((eb) => [
        'claim.claim_no',
        'claim.state',
        'claim.claimant_name',
        'claim.report_date',
        'claim.claimed_fen',
        'customer.name',
        eb
          .selectFrom('claim_document')
          .select((d) => d.fn.countAll<number>().as('n'))
          .whereRef('claim_document.claim_id', '=', 'claim.id')
          .where('claim_document.state', '=', ClaimDocumentState.outstanding)
          .as('outstanding'),
      ])
      .where('claim.state', 'in', [ClaimState.reported, ClaimState.underReview, ClaimState.approved])
      .orderBy('claim.report_date')
      .orderBy('claim.id')
      .execute();
    return rows.map((r) => ({
      claimNo: r.claim_no,
      state: r.state,
      customer: r.name,
      claimant: r.claimant_name,
      reportDate: r.report_date,
      outstanding: Number(r.outstanding ?? 0),
      claimedFen: Number(r.claimed_fen),
    }));
  }

  /** Moves a claim on by one step; answers the state it is in afterwards. */
  async apply(claimNo: string, step: ClaimStep): Promise<ClaimState> {
    const at = this.clock.now().toISOString();
    return this.db.transaction().execute(async (trx) => {
      // The no-op update takes the claim's row lock (both databases), so that two steps serialise.
      await trx
        .updateTable('claim')
        .set((eb) => ({ state: eb.ref('state') }))
        .where('claim_no', '=', claimNo)
        .execute();
      const claim = await trx
        .selectFrom('claim')
        .select(['id', 'state', 'approved_fen'])
        .where('claim_no', '=', claimNo)
        .executeTakeFirst();
      if (!claim) throw refuse('claim.noSuchClaim');
      if (!FROM[step.step].includes(claim.state))
        throw refuse('claim.stepNotNow', {
          step: step.step,
          state: { key: `claim.state.${claim.state}`, fallback: '' },
        });
      const event = (state: ClaimState, key: string, params: Record<string, StoredParam> = {}) =>
        addClaimEvent(trx, claim.id, state, key, params, at);
      const move = (state: ClaimState, extra: Partial<{ approved_fen: number; paid_fen: number }> = {}) =>
        trx
          .updateTable('claim')
          .set({ state, updated_at: at, ...extra })
          .where('id', '=', claim.id)
          .execute();
      switch (step.step) {
        case 'review':
          await move(ClaimState.underReview);
          await event(ClaimState.underReview, 'claim.event.underReview');
          return ClaimState.underReview;
        case 'requestDocument': {
          if (!DOCUMENT_CODES.includes(step.document)) throw refuse('claim.unknownDocument', { code: step.document });
          const have = await trx
            .selectFrom('claim_document')
            .select(['id', 'state'])
            .where('claim_id', '=', claim.id)
            .where('code', '=', step.document)
            .executeTakeFirst();
          if (have?.state === ClaimDocumentState.outstanding) throw refuse('claim.documentAlreadyAsked');
          if (have)
            await trx
              .updateTable('claim_document')
              .set({ state: ClaimDocumentState.outstanding, received_at: null, file_id: null })
              .where('id', '=', have.id)
              .execute();
          else {
            const last = await trx
              .selectFrom('claim_document')
              .select((eb) => eb.fn.max('sort').as('sort'))
              .where('claim_id', '=', claim.id)
              .executeTakeFirst();
            await trx
              .insertInto('claim_document')
              .values({
                claim_id: claim.id,
                code: step.document,
                name: translate('zh-CN', `claim.doc.${step.document}` as MessageKey),
                state: ClaimDocumentState.outstanding,
                received_at: null,
                file_id: null,
                sort: Number(last?.sort ?? 0) + 1,
              })
              .execute();
          }
          await trx.updateTable('claim').set({ updated_at: at }).where('id', '=', claim.id).execute();
          await event(claim.state, 'claim.event.documentRequested', {
            document: { key: `claim.doc.${step.document}` },
          });
          return claim.state;
        }
        case 'approve': {
          const waiting = await trx
            .selectFrom('claim_document')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('claim_id', '=', claim.id)
            .where('state', '=', ClaimDocumentState.outstanding)
            .executeTakeFirstOrThrow();
          if (Number(waiting.n) > 0) throw refuse('claim.documentsOutstanding', { count: Number(waiting.n) });
          if (step.amountFen <= 0) throw refuse('claim.approveNothing');
          await move(ClaimState.approved, { approved_fen: step.amountFen });
          await event(ClaimState.approved, 'claim.event.approved', { amount: formatFen(step.amountFen) });
          return ClaimState.approved;
        }
        case 'pay':
          await move(ClaimState.paid, { paid_fen: Number(claim.approved_fen) });
          await event(ClaimState.paid, 'claim.event.paid', { amount: formatFen(Number(claim.approved_fen)) });
          return ClaimState.paid;
        case 'reject':
          await move(ClaimState.rejected);
          await event(ClaimState.rejected, 'claim.event.rejectedBecause', { reason: step.reason });
          return ClaimState.rejected;
        case 'close':
          await move(ClaimState.closed);
          await event(ClaimState.closed, 'claim.event.closedBecause', { reason: step.reason });
          return ClaimState.closed;
        case 'note':
          await trx.updateTable('claim').set({ updated_at: at }).where('id', '=', claim.id).execute();
          await event(claim.state, 'claim.event.note', { text: step.text });
          return claim.state;
        case 'assign':
          await trx
            .updateTable('claim')
            .set({ adjuster_name: step.name, adjuster_phone: step.phone, updated_at: at })
            .where('id', '=', claim.id)
            .execute();
          await event(claim.state, 'claim.event.assigned', { name: step.name, phone: step.phone });
          return claim.state;
      }
    });
  }
}
