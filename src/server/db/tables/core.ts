import type { InsuredState, PaymentState } from '../../../contract/states';
import type { Generated } from 'kysely';

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
  /** 'ID' resident ID card; others may follow. */
  id_type: string;
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

/** 1 reported, 2 under review, 3 approved, 4 paid, 5 rejected, 6 closed. */
interface ClaimTable {
  id: Generated<number>;
  claim_no: string;
  customer_id: number;
  policy_id: number;
  insured_person_id: number | null;
  claimant_name: string;
  accident_date: string;
  report_date: string;
  state: number;
  cause: string;
  description: string;
  claimed_fen: number;
  approved_fen: number;
  paid_fen: number;
  created_at: string;
  updated_at: string;
}

interface ClaimEventTable {
  id: Generated<number>;
  claim_id: number;
  at: string;
  state: number;
  title: string;
  text: string;
}

/** A premium due or a refund; its state is a PaymentState (src/contract/states.ts). */
export interface PremiumPaymentTable {
  id: Generated<number>;
  payment_no: string;
  customer_id: number;
  policy_id: number;
  /** The correction this payment settles, when it comes from one. */
  correction_id: number | null;
  description: string;
  /** Positive for a premium due, negative for a refund. */
  amount_fen: number;
  state: PaymentState;
  pay_type: string | null;
  paid_at: string | null;
  /** The invoice that covers this payment, once issued. */
  invoice_id: number | null;
  created_at: string;
}

export interface CoreTables {
  policy: PolicyTable;
  policy_risk: PolicyRiskTable;
  policy_rate: PolicyRateTable;
  insured_person: InsuredPersonTable;
  claim: ClaimTable;
  claim_event: ClaimEventTable;
  premium_payment: PremiumPaymentTable;
}
