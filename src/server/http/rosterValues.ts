import { InsuredState } from '@contract/states';

/** The values of a call that the employee and insured-person routes read alike. */

/** A roster query's filter, the insured people by default. */
export const rosterFilter = (v: { keyword?: string; state?: InsuredState; riskCategory?: number }) => ({
  keyword: v.keyword,
  state: v.state ?? InsuredState.insured,
  riskCategory: v.riskCategory,
});

/** What a draft-changing call names: the policy, the draft to continue, its date, the action's key. */
export const createInput = (v: {
  policyId: number;
  correctionId?: number;
  effectiveDate?: string;
  idempotencyKey: string;
}) => ({
  policyId: v.policyId,
  correctionId: v.correctionId,
  effectiveDate: v.effectiveDate,
  idempotencyKey: v.idempotencyKey,
});
