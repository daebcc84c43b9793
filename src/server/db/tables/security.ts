import type { Generated } from 'kysely';

/** What the gateway remembers to hold against a hostile client (migration 0510_security). */

/**
 * A security-relevant event: a failed picture check of a user (kind 'picture-failed'), an
 * anonymous analytics write of a source ('analytics-write'). Kept in the database so that every
 * gateway of a scaled-out install counts the same events.
 */
interface SecurityEventTable {
  id: Generated<number>;
  kind: string;
  user_id: number | null;
  /** The client's address (as TRUST_PROXY says to read it). */
  source: string | null;
  at: string;
}

export interface SecurityTables {
  security_event: SecurityEventTable;
}
