import type { ClaimState, InsuredState, PaymentState } from '@contract/states';
import type { Generated } from 'kysely';
import type { IdType } from '@contract/person';

/**
 * The insurance data several areas share: policies with their coverages and premium rates, the
 * people insured on them (the roster corrections change), claims, and premium payments (which
 * corrections create and invoices consume). Money is integer fen; dates are YYYY-MM-DD text.
 */

/** Kinds of policy: the corporate kinds and the individual ones. */
export type PolicyKind =
  'property' | 'motor' | 'employer' | 'group_accident' | 'group_health' | 'group_life' | 'life' | 'health';

export interface PolicyTable {
  id: Generated<number>;
  policy_no: string;
  /** The customer who holds the policy (company or member); every query is scoped by it. */
  customer_id: number;
  kind: PolicyKind;
  product_code: string;
  product_name: string;
  state: number;
  holder_name: string;
  /** Individual policies: the insured person; group policies: null (see insured_person). */
  insured_name: string | null;
  issue_date: string;
  start_date: string;
  end_date: string;
  premium_fen: number;
  sum_insured_fen: number;
  /** PaymentState (src/contract/states.ts): 1 unpaid, 2 paid. */
  payment_state: PaymentState;
  /** 1 = renews automatically, 2 = does not. */
  auto_renew: number;
  /**
   * How the roster is corrected: 'employee' (employee/... calls), 'employeeNew' (group employer
   * policies whose people carry an occupation risk category: the ...New calls), 'insured'
   * (correctInsured/... calls), or null when the policy has no roster.
   */
  roster: string | null;
  min_members: number;
  min_age: number;
  max_age: number;
  /** Kind-specific details as JSON text (vehicle for motor, insured address for property, ...). */
  details: string;
  created_at: string;
  /** The people insured (insured_person.state 1), kept by triggers on insured_person (migration 0560). */
  insured_count: Generated<number>;
}

interface PolicyRiskTable {
  id: Generated<number>;
  policy_id: number;
  code: string;
  name: string;
  sum_insured_fen: number;
  premium_fen: number;
  deductible: string | null;
  sort: number;
}

/** Premium per head and year by occupation risk category (1-6) of a group policy. */
interface PolicyRateTable {
  policy_id: number;
  risk_category: number;
  annual_premium_fen: number;
}

export interface InsuredPersonTable {
  id: Generated<number>;
  policy_id: number;
  customer_id: number;
  name: string;
  /** The identity document (IdType, src/contract/person.ts). */
  id_type: IdType;
  id_number: string;
  sex: string;
  birthdate: string;
  phone: string | null;
  employee_no: string | null;
  department: string | null;
  occupation_code: string | null;
  occupation_name: string | null;
  risk_category: number | null;
  bank_name: string | null;
  bank_account: string | null;
  effective_date: string;
  /** The day the person left the policy; null while insured. */
  end_date: string | null;
  /** InsuredState (src/contract/states.ts): 1 insured, 2 removed. */
  state: InsuredState;
  created_at: string;
  updated_at: string;
}

/** A claim; its state is a ClaimState (src/contract/states.ts). */
interface ClaimTable {
  id: Generated<number>;
  claim_no: string;
  customer_id: number;
  policy_id: number;
  insured_person_id: number | null;
  claimant_name: string;
  accident_date: string;
  report_date: string;
  state: ClaimState;
  cause: string;
  description: string;
  claimed_fen: number;
  approved_fen: number;
  paid_fen: number;
  created_at: string;
  updated_at: string;
  /** Reported in the portal (migration 0120): 'car' or 'nonCar', where, whom to reach, by whom. */
  kind: string | null;
  place: string | null;
  contact_name: string | null;
  contact_phone: string | null;
  reported_by: number | null;
  /** The insurer's adjuster handling the claim, once one is assigned. */
  adjuster_name: string | null;
  adjuster_phone: string | null;
  /** The portal's key of the report: the same report sent twice is one claim. */
  request_key: string | null;
}

/**
 * A step of a claim's progress. The gateway's own steps are a catalogue key with parameters
 * (`text_key`: '<key>.title' and '<key>.text' are said in the reader's language); a step whose key
 * is null says `title` and `text` as written (a note of the insurer's staff).
 */
interface ClaimEventTable {
  id: Generated<number>;
  claim_id: number;
  at: string;
  state: ClaimState;
  title: string;
  text: string;
  text_key: string | null;
  /** JSON object of the key's parameters. */
  text_params: string | null;
}

/** A premium due or a refund; its state is a PaymentState (src/contract/states.ts). */
export interface PremiumPaymentTable {
  id: Generated<number>;
  payment_no: string;
  customer_id: number;
  policy_id: number;
  /** The correction this payment settles, when it comes from one. */
  correction_id: number | null;
  /** As written; said instead in the reader's language when text_key is set (see ClaimEventTable). */
  description: string;
  text_key: string | null;
  text_params: string | null;
  /** Positive for a premium due, negative for a refund. */
  amount_fen: number;
  state: PaymentState;
  pay_type: string | null;
  paid_at: string | null;
  /** The invoice that covers this payment, once issued. */
  invoice_id: number | null;
  created_at: string;
}

/**
 * The renewal of a company's group policy for its next policy year (migration 0710): prepared a
 * configured number of days before the policy ends, accepted and paid by the company (paying issues
 * the next year's policy, new_policy_no), or lapsed on the end date.
 */
export interface GroupRenewalTable {
  id: Generated<number>;
  renewal_no: string;
  customer_id: number;
  policy_id: number;
  /** 'prepared' | 'accepted' | 'paid' | 'lapsed'. */
  state: string;
  /** The insurer's day it was prepared. */
  prepared_on: string;
  /** The next policy year: from the day after the policy's end, one year. */
  start_date: string;
  end_date: string;
  accepted_at: string | null;
  accepted_by: number | null;
  /** The premium quoted when it was accepted. */
  accepted_fen: number | null;
  paid_at: string | null;
  new_policy_no: string | null;
  lapsed_on: string | null;
  created_at: string;
}

export interface CoreTables {
  group_renewal: GroupRenewalTable;
  policy: PolicyTable;
  policy_risk: PolicyRiskTable;
  policy_rate: PolicyRateTable;
  insured_person: InsuredPersonTable;
  claim: ClaimTable;
  claim_event: ClaimEventTable;
  premium_payment: PremiumPaymentTable;
}
