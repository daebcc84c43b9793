import type { Generated } from 'kysely';

/**
 * Tables of the policy area (beside the shared ones of ./core.ts): the insurance records of a
 * customer's policies (issue, enrolments, removals, endorsements, renewals) with the people each one
 * concerns, and the documents a claim needs.
 */

interface InsuranceRecordTable {
  id: Generated<number>;
  record_no: string;
  customer_id: number;
  policy_id: number;
  /** 'issue' policy issued, 'add' people enrolled, 'remove' people left, 'endorsement' details changed, 'renewal' renewed. */
  record_type: string;
  title: string;
  description: string;
  /** People enrolled (positive) or removed (negative) by this record; 0 for other records. */
  headcount_change: number;
  /** Premium due (positive) or refunded (negative) by this record, integer fen. */
  premium_change_fen: number;
  effective_date: string;
  /** 1 effective, 2 pending (waiting for payment or approval). */
  state: number;
  created_at: string;
}

/** A person concerned by an insurance record (enrolled, removed or changed). */
interface InsuranceRecordItemTable {
  id: Generated<number>;
  record_id: number;
  insured_person_id: number | null;
  /** 'add', 'remove' or 'change'. */
  action: string;
  name: string;
  id_number: string;
  premium_fen: number;
}

/** A document a claim needs: 1 received, 2 outstanding. */
interface ClaimDocumentTable {
  id: Generated<number>;
  claim_id: number;
  name: string;
  state: number;
  received_at: string | null;
  sort: number;
}

export interface PolicyAreaTables {
  insurance_record: InsuranceRecordTable;
  insurance_record_item: InsuranceRecordItemTable;
  claim_document: ClaimDocumentTable;
}
