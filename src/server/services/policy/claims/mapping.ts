import type { ClaimRow, PolicyKind } from '@contract/io/policy';
import { ClaimState } from '@contract/states';
import type { MessageKey } from '@server/messages/catalogue';
import type { ProductVoice, Voice } from '../../texts';

/** What a claim's row says, from the claim and its policy (the claim as `c`, the policy as `p`). */
export const CLAIM_COLUMNS = [
  'c.claim_no',
  'p.policy_no',
  'p.product_code',
  'p.product_name',
  'p.kind',
  'c.claimant_name',
  'c.accident_date',
  'c.report_date',
  'c.state',
  'c.cause',
  'c.claimed_fen',
  'c.approved_fen',
  'c.paid_fen',
] as const;

/** A claim takes documents while it is being assessed. */
export const OPEN_STATES: readonly number[] = [ClaimState.reported, ClaimState.underReview];

export interface ClaimRecord {
  claim_no: string;
  policy_no: string;
  product_code: string;
  product_name: string;
  kind: string;
  claimant_name: string;
  accident_date: string;
  report_date: string;
  state: number;
  cause: string;
  claimed_fen: number;
  approved_fen: number;
  paid_fen: number;
}

export function toClaimRow(r: ClaimRecord, voice: ProductVoice): ClaimRow {
  return {
    claimNo: r.claim_no,
    policyNo: r.policy_no,
    productName: voice.product(r.product_code, r.product_name),
    kind: r.kind as PolicyKind,
    claimantName: r.claimant_name,
    accidentDate: r.accident_date,
    reportDate: r.report_date,
    state: r.state,
    cause: r.cause,
    claimedFen: Number(r.claimed_fen),
    approvedFen: Number(r.approved_fen),
    paidFen: Number(r.paid_fen),
  };
}

/** A document a claim needs, named in the reader's language ('claim.doc.<code>'), or as written. */
export const documentName = (voice: Voice, code: string | null, name: string) =>
  code ? voice.t(`claim.doc.${code}` as MessageKey) : name;
