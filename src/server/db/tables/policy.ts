import type { Generated } from 'kysely';
import type { ClaimDocumentState, RecordState } from '@contract/states';

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
  /** RecordState: 1 effective, 2 pending (waiting for payment or approval). */
  state: RecordState;
  created_at: string;
  /** When set, title and description are said in the reader's language: '<key>.title', '<key>.text'. */
  text_key: string | null;
  text_params: string | null;
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

/** A document a claim needs (ClaimDocumentState). */
interface ClaimDocumentTable {
  id: Generated<number>;
  claim_id: number;
  /** The kind of document, named in both languages by the catalogue ('claim.doc.<code>'); null: `name` as written. */
  code: string | null;
  name: string;
  state: ClaimDocumentState;
  received_at: string | null;
  sort: number;
  /** The file that delivered it, when it came through the portal. */
  file_id: number | null;
}

/**
 * A picture or document sent for a claim: uploaded first (claim_id null, its uploader's alone),
 * then attached to a report or an open claim. Content checked by magic bytes and size.
 */
export interface ClaimFileTable {
  id: Generated<number>;
  claim_id: number | null;
  customer_id: number;
  user_id: number;
  /** 'picture' | 'document'. */
  purpose: string;
  /** The claim document it delivers ('claim.doc.<code>'), when it is one. */
  document_code: string | null;
  file_name: string;
  content_type: string;
  size: number;
  data: Buffer;
  created_at: string;
}

/**
 * The insurer's products, in both languages: what policies, orders and the product pages name by
 * product code. `coverages` is JSON: [{ nameEn, nameZh, sumInsuredFen }].
 */
export interface ProductTable {
  id: Generated<number>;
  code: string;
  kind: string;
  /** 'health' | 'accident' | 'life' | 'property' | 'motor' | 'travel' | 'group'. */
  category: string;
  name_en: string;
  name_zh: string;
  summary_en: string;
  summary_zh: string;
  coverages: string;
  /** The lowest premium, per `price_unit` ('year', 'trip', 'person-year'). */
  price_from_fen: number;
  price_unit: string;
  /** Flag: 1 on sale, 2 no longer sold (still named on the policies that have it). */
  on_sale: number;
  sort: number;
  /** Flag: 1 its policies' automatic renewal may be changed in the portal, 2 not (migration 0710). */
  auto_renew_changeable: Generated<number>;
}

export interface PolicyAreaTables {
  product: ProductTable;
  claim_file: ClaimFileTable;
  insurance_record: InsuranceRecordTable;
  insurance_record_item: InsuranceRecordItemTable;
  claim_document: ClaimDocumentTable;
}
