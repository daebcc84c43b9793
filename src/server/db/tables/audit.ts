import type { Generated } from 'kysely';

/** One write of a company's user through the gateway, or a login (migration 0610_audit_trail; append-only). */
interface AuditEventTable {
  id: Generated<number>;
  customer_id: number;
  user_id: number | null;
  /** The user name that acted, and the name it was shown by then. */
  actor: string;
  actor_name: string;
  /** UTC, ISO 8601 (shown in Beijing time). */
  at: string;
  /** The client's address, as TRUST_PROXY says to read it. */
  source: string | null;
  /** What was done (contract/io/audit.ts AUDIT_KINDS). */
  kind: string;
  /** The gateway call that did it; null for logins. */
  call: string | null;
  subject_kind: string | null;
  subject: string | null;
  /** Short JSON texts of what the subject was and became. */
  before: string | null;
  after: string | null;
  keep_until: string;
}

export interface AuditTables {
  audit_event: AuditEventTable;
}
