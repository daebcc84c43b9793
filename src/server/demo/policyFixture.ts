import type { ClaimState, PaymentState, RecordState } from '@contract/states';
import type { PolicyKind } from '../db/tables/core';
import type { GeneratedPerson } from './people';

/**
 * The demo insurance world's fixture (fixtures/demo/policies.json), what the policy seeders pass each
 * other, and how they write its days and amounts. Days in the fixture are offsets from the seeding day.
 */

export interface RiskFixture {
  code: string;
  name: string;
  sumInsuredFen: number;
  premiumFen?: number;
  share?: number;
  deductible: string | null;
}

export interface PaymentFixture {
  paymentNo: string;
  description: string;
  /** How the gateway says it (payment.premium, payment.firstYear, payment.renewal), naming the product. */
  textKey: string;
  amountFen: number;
  state: PaymentState;
  payType: string | null;
  paid: number | null;
}

/** A record as seeded: its title and description in both languages. */
export interface RecordFixture {
  type: string;
  day: number;
  title: string;
  titleZh: string;
  description: string;
  descriptionZh: string;
  premiumFen?: number;
  state?: RecordState;
}

export interface PoolFixture {
  size: number;
  seed: number;
  employeeNoPrefix: string;
}

export interface PolicyFixture {
  policyNo: string;
  customer: string;
  kind: PolicyKind;
  productCode: string;
  productName: string;
  state: number;
  issue: number;
  start: number;
  months?: number;
  endDate?: string;
  sumInsuredFen: number;
  premiumFen?: number;
  paymentState: PaymentState;
  autoRenew: number;
  roster?: string;
  minMembers?: number;
  minAge?: number;
  maxAge?: number;
  perHeadFen?: number;
  insuredName?: string;
  pool?: PoolFixture;
  details: Record<string, unknown>;
  rates?: Array<{ riskCategory: number; annualPremiumFen: number }>;
  members?: { count: number; removed: number; added: number; occupations?: boolean };
  risks: RiskFixture[];
  payments?: PaymentFixture[];
  annualPayments?: {
    prefix: string;
    count: number;
    amountFen: number;
    payType: string;
    description: string;
    textKey: string;
  };
  records?: RecordFixture[];
}

export interface ClaimFixture {
  claimNo: string;
  policyNo: string;
  member: number | null;
  claimant?: string;
  accident: number;
  report: number;
  state: ClaimState;
  cause: string;
  description: string;
  claimedFen: number;
  approvedFen: number;
  paidFen: number;
  /** Codes of the catalogue's claim documents ('claim.doc.<code>'). */
  documents: string[];
}

export interface PoliciesFixture {
  staffPool: PoolFixture & { customer: string };
  policies: PolicyFixture[];
  claims: ClaimFixture[];
}

/** Rows a statement when a seeder inserts many. */
export const CHUNK = 500;

/** The seed's days are the insurer's calendar days (Beijing), the days its people read. */
export { addDays, insurerToday as todayIso } from '@common/correction';

export function addMonths(day: string, months: number): string {
  // calendar arithmetic on a day's name: midnight UTC stands for the day, whatever the zone
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}

export const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
export const at = (day: string, time = '02:30:00') => `${day}T${time}.000Z`;
export const yuan = (fen: number) =>
  `¥${(fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** One person on a roster, before insertion. */
export interface Member {
  person: GeneratedPerson;
  effective: string;
  endDate: string | null;
  annualFen: number;
  /** Premium charged on enrolment (prorated for people added during the period). */
  chargedFen: number;
}

export /** A member once inserted, with the id of their insured_person row. */
interface InsuredMember extends Member {
  id: number;
}

export interface RecordDraft {
  type: string;
  day: string;
  title: string;
  description: string;
  /** How every reader gets it in their language (services/texts.ts). */
  textKey: string;
  textParams: string;
  headcount: number;
  premiumFen: number;
  state: RecordState;
  items: Array<{ member?: Member; action: string; name: string; idNumber: string; premiumFen: number }>;
}

/** A policy once inserted: what its roster, records and claims are seeded against. */
export interface SeededPolicy {
  id: number;
  customerId: number;
  issue: string;
  start: string;
  end: string;
  /** The policy's premium: its roster's charges, or the fixture's figure. */
  premiumFen: number;
}
