import type { Generated } from 'kysely';

/** A certificate of insurance given to an insured person (migration 0640_certificate). */
interface CertificateTable {
  id: Generated<number>;
  /** The verification code printed on it: 16 characters of an unambiguous alphabet, stored without dashes. */
  code: string;
  customer_id: number;
  policy_id: number;
  insured_person_id: number;
  /** The person's name as printed, and the ID number masked as printed. */
  person_name: string;
  id_number_masked: string;
  /** The period of cover it states (YYYY-MM-DD): joined, to the policy's end or the day the person left. */
  cover_from: string;
  cover_to: string;
  /** The company's user who issued it, and when (UTC, ISO 8601). */
  issued_by: number;
  issued_at: string;
}

export interface CertificateTables {
  certificate: CertificateTable;
}
