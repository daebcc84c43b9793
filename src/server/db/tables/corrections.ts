import type { Generated } from 'kysely';
import type { IdType } from '@contract/person';
import type { Locale } from '@common/i18n';
import type { CorrectionKind, CorrectionState, CorrectionVariant } from '@contract/states';

/**
 * Corrections (endorsements) of group rosters: the draft/record, its lines, imports, idempotency
 * keys, payment links, the occupation catalogue and holders' refund accounts. Money is integer fen;
 * the money itself lives in the shared premium_payment table.
 */
export interface CorrectionTable {
  id: Generated<number>;
  correction_no: string;
  customer_id: number;
  policy_id: number;
  /** Equal to policy_id while the correction is open, null once in force or cancelled (unique). */
  open_policy_id: number | null;
  kind: CorrectionKind;
  variant: CorrectionVariant;
  state: CorrectionState;
  /** The language of the person who made it (what it writes for others is said in each reader's: text_key). */
  locale: Generated<Locale>;
  effective_date: string;
  item_count: number;
  premium_fen: number;
  refund_fen: number;
  /** null until underwritten. */
  net_fen: number | null;
  scenario: string | null;
  pay_type: string | null;
  decision: string | null;
  /** JSON array of sentences as catalogue keys and parameters ({ key, params }). */
  reasons: string;
  review_due_at: string | null;
  created_by: number;
  /** Why, by whom (their name) and when a second person returned the correction to its preparer. */
  returned_reason: string | null;
  returned_by: string | null;
  returned_at: string | null;
  created_at: string;
  updated_at: string;
  submitted_at: string | null;
  decided_at: string | null;
  in_force_at: string | null;
  cancelled_at: string | null;
}

export interface CorrectionItemTable {
  id: Generated<number>;
  correction_id: number;
  action: CorrectionKind;
  /** Roster person removed / exchanged out / modified. */
  person_id: number | null;
  name: string;
  /** The identity document (IdType, src/contract/person.ts). */
  id_type: Generated<IdType>;
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
  premium_fen: number | null;
  days: number | null;
  refund_withheld: number;
  /** The leaver's refund in an exchange or removal line (fen, positive), once priced. */
  leaver_refund_fen: number | null;
  /** JSON array of the last check's findings ({ key, params }). */
  problems: string;
  /** Modify: JSON of the changed fields' values before the change (old -> new). */
  before: string | null;
  /** The roster row this line created once in force. */
  new_person_id: number | null;
}

interface CorrectionImportTable {
  id: Generated<number>;
  customer_id: number;
  policy_id: number;
  correction_id: number | null;
  /** add | subtract | exchange */
  kind: string;
  variant: string;
  file_name: string;
  total_rows: number;
  error_rows: number;
  /** JSON: the bad rows with their values and reasons. */
  errors: string;
  /** JSON array of the column headers of the upload (for the error report). */
  headers: string;
  created_at: string;
}

/** A whole roster compared with a policy's insured list (migration 0700). */
interface RosterReconciliationTable {
  id: Generated<number>;
  customer_id: number;
  policy_id: number;
  created_by: number;
  effective_date: string;
  file_name: string;
  total_rows: number;
  /** JSON: the joiners (checked people), leavers (roster ids) and changes the page may tick. */
  data: string;
  created_at: string;
}

/** One row per idempotency key: the first answer is stored and repeated. */
interface CorrectionRequestTable {
  customer_id: number;
  idem_key: string;
  call: string;
  correction_id: number | null;
  response: string | null;
  created_at: string;
}

interface OccupationTable {
  code: string;
  name: string;
  name_zh: string;
  risk_category: number;
  /** Lower-case name + Chinese name + code, for search. */
  search: string;
}

interface CustomerBankAccountTable {
  id: Generated<number>;
  customer_id: number;
  /** The account holder's name as the bank has it (a company's registered name). */
  account_name: string;
  bank_name: string;
  /** The bank's name in Chinese. */
  bank_name_zh: string | null;
  account_no: string;
  created_at: string;
}

export interface CorrectionTables {
  correction: CorrectionTable;
  correction_item: CorrectionItemTable;
  correction_import: CorrectionImportTable;
  correction_request: CorrectionRequestTable;
  roster_reconciliation: RosterReconciliationTable;
  occupation: OccupationTable;
  customer_bank_account: CustomerBankAccountTable;
}
