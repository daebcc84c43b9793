import { ClaimDocumentState, ClaimState } from '@contract/states';
import { translate, type MessageKey } from '../messages/catalogue';
import type { SeedContext } from './context';
import { addDays, at, yuan, type ClaimFixture, type InsuredMember, type SeededPolicy } from './policyFixture';

/**
 * The demo world's claims: each with the insured person it is for, its timeline up to its state (the
 * catalogue's steps, dated after the report and never after the seeding day) and its documents.
 */

/** A claim's progress as seeded: the catalogue's steps ('claim.event.<step>'), days after the report. */
const CLAIM_STEPS: Record<ClaimState, { step: string; after: number; params: (c: ClaimFixture) => object }> = {
  [ClaimState.reported]: { step: 'reported', after: 0, params: () => ({}) },
  [ClaimState.underReview]: { step: 'underReview', after: 2, params: () => ({}) },
  [ClaimState.approved]: { step: 'approved', after: 12, params: (c) => ({ amount: yuan(c.approvedFen) }) },
  [ClaimState.paid]: { step: 'paid', after: 15, params: (c) => ({ amount: yuan(c.paidFen) }) },
  [ClaimState.rejected]: { step: 'rejectedExclusion', after: 14, params: () => ({}) },
  [ClaimState.closed]: { step: 'withdrawn', after: 7, params: () => ({}) },
};

function claimEvents(c: ClaimFixture): Array<{ state: ClaimState; after: number; key: string; params: string }> {
  const path: ClaimState[] =
    c.state === ClaimState.reported
      ? [ClaimState.reported]
      : c.state === ClaimState.underReview
        ? [ClaimState.reported, ClaimState.underReview]
        : c.state === ClaimState.approved
          ? [ClaimState.reported, ClaimState.underReview, ClaimState.approved]
          : c.state === ClaimState.paid
            ? [ClaimState.reported, ClaimState.underReview, ClaimState.approved, ClaimState.paid]
            : [ClaimState.reported, ClaimState.underReview, c.state];
  return path.map((s) => {
    const e = CLAIM_STEPS[s];
    return { state: s, after: e.after, key: `claim.event.${e.step}`, params: JSON.stringify(e.params(c)) };
  });
}

/** Inserts the claims, each against a policy seeded before, with its events and documents. */
export async function seedClaims(
  ctx: SeedContext,
  claims: ClaimFixture[],
  policies: Map<string, SeededPolicy & { members: InsuredMember[] }>,
  today: string,
): Promise<void> {
  const { db } = ctx;
  // Nothing is dated after the seeding moment (the gateway's clock): a claim reported today happened earlier today.
  const seeded = ctx.now().toISOString();
  const notAfterNow = (iso: string) => (iso > seeded ? seeded : iso);
  for (const c of claims) {
    const policy = policies.get(c.policyNo);
    if (!policy) throw new Error(`claim ${c.claimNo} names unknown policy ${c.policyNo}`);
    const activeMembers = policy.members.filter((m) => !m.endDate);
    const member = c.member === null ? null : activeMembers[c.member];
    if (c.member !== null && !member)
      throw new Error(`claim ${c.claimNo}: policy ${c.policyNo} has no member ${c.member}`);
    const report = addDays(today, c.report);
    const events = claimEvents(c);
    const lastDay = addDays(report, events[events.length - 1].after);
    const updated = notAfterNow(at(lastDay > today ? today : lastDay, '08:00:00'));
    const { id: claimId } = await db
      .insertInto('claim')
      .values({
        claim_no: c.claimNo,
        customer_id: policy.customerId,
        policy_id: policy.id,
        insured_person_id: member?.id ?? null,
        claimant_name: member?.person.name ?? c.claimant ?? '',
        accident_date: addDays(today, c.accident),
        report_date: report,
        state: c.state,
        cause: c.cause,
        description: c.description,
        claimed_fen: c.claimedFen,
        approved_fen: c.approvedFen,
        paid_fen: c.paidFen,
        created_at: notAfterNow(at(report, '01:20:00')),
        updated_at: updated,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('claim_event')
      .values(
        events.map((e, i) => {
          const day = addDays(report, e.after);
          return {
            claim_id: claimId,
            at: notAfterNow(at(day > today ? today : day, `0${1 + i}:20:00`)),
            state: e.state,
            title: translate('en-US', `${e.key}.title` as MessageKey),
            text: translate('en-US', `${e.key}.text` as MessageKey, JSON.parse(e.params)),
            text_key: e.key,
            text_params: e.params,
          };
        }),
      )
      .execute();
    const outstandingFrom =
      c.state === ClaimState.reported
        ? Math.ceil(c.documents.length / 2)
        : c.state === ClaimState.underReview
          ? c.documents.length - 1
          : c.documents.length;
    await db
      .insertInto('claim_document')
      .values(
        c.documents.map((code, i) => ({
          claim_id: claimId,
          code,
          name: translate('zh-CN', `claim.doc.${code}` as MessageKey),
          state: i < outstandingFrom ? ClaimDocumentState.received : ClaimDocumentState.outstanding,
          received_at: i < outstandingFrom ? notAfterNow(at(addDays(report, 1), '05:00:00')) : null,
          sort: i,
        })),
      )
      .execute();
  }
}
