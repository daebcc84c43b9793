import type { Generated } from 'kysely';

/**
 * Invoices, complaint pictures, SMS and the verification steps of the corporate account
 * (migration 0300_service). Money is integer fen; timestamps ISO text; dates YYYY-MM-DD text.
 */

/** 1 issued, 2 voided. */
export interface InvoiceTable {
  id: Generated<number>;
  /** 20 digits, like a fully digital e-invoice number. */
  invoice_no: string;
  customer_id: number;
  user_id: number;
  /** The portal's key for one issuing request: a retry or a double click answers the same invoice. */
  idempotency_key: string;
  buyer_name: string;
  buyer_tax_no: string;
  seller_name: string;
  seller_tax_no: string;
  /** Amount before tax, tax and total (total = what was paid). */
  amount_fen: number;
  tax_fen: number;
  total_fen: number;
  /** Tax rate in per mille (60 = 6 %). */
  tax_rate_permille: number;
  state: number;
  issue_date: string;
  issued_at: string;
}

interface InvoiceItemTable {
  id: Generated<number>;
  invoice_id: number;
  /** Unique: a premium payment is invoiced once. */
  payment_id: number;
  policy_no: string;
  description: string;
  amount_fen: number;
  tax_fen: number;
  total_fen: number;
}

/** A picture uploaded for a complaint or suggestion; attached to it when the opinion is filed. */
interface OpinionPictureTable {
  id: Generated<number>;
  customer_id: number;
  user_id: number;
  opinion_id: number | null;
  content_type: string;
  size: number;
  data: Buffer;
  created_at: string;
}

/** Every SMS the embedded sender "sent": the outbox an operator (or a test) reads. */
interface SmsOutboxTable {
  id: Generated<number>;
  phone: string;
  purpose: string;
  text: string;
  user_id: number | null;
  created_at: string;
}

/** An SMS verification code: only its salted hash is kept. */
interface SmsCodeTable {
  id: Generated<number>;
  user_id: number;
  purpose: string;
  phone: string;
  salt: string;
  code_hash: string;
  created_at: string;
  expires_at: string;
  attempts: number;
  /** Set when the code was used or voided (right answer, too many wrong ones, or replaced). */
  closed_at: string | null;
}

/** A verification step that passed (SMS or picture), short-lived and used once by the step it guards. */
interface VerificationTable {
  id: Generated<number>;
  user_id: number;
  purpose: string;
  /** 'sms' or 'picture'. */
  method: string;
  passed_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface ServiceTables {
  invoice: InvoiceTable;
  invoice_item: InvoiceItemTable;
  opinion_picture: OpinionPictureTable;
  sms_outbox: SmsOutboxTable;
  sms_code: SmsCodeTable;
  verification: VerificationTable;
}
