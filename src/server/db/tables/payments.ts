import type { Generated } from 'kysely';

/**
 * One payment attempt of a payable subject (a member order, a policy's premium, a correction's
 * premium): its number, amount, the model's state (services/payments/model.ts), how it is paid
 * (online at the cashier, or by bank transfer), the cashier's token and the secret that signs the
 * provider's notification, the provider's reference of the last notification (a repeat answers the
 * same), and what it pays for as a message key with its parameters (said in the reader's language).
 */
export interface PaymentAttemptTable {
  id: Generated<number>;
  payment_no: string;
  /** 'order' | 'policy' | 'correction' | 'renewal'. */
  subject_kind: string;
  /** member_order.id, policy.id, correction.id or group_renewal.id. */
  subject_id: number;
  customer_id: number;
  amount_fen: number;
  /** AttemptState: created, awaiting, succeeded, declined, expired, refunded, transfer_awaited, transfer_matched. */
  state: string;
  /** 'online' | 'transfer'. */
  method: string;
  token: string;
  secret: string;
  provider_ref: string | null;
  description_key: string;
  /** JSON object of the key's parameters. */
  description_params: string;
  /** The subject's payment deadline (the one its pages show), or the link's end when it has none. */
  expires_at: string;
  created_at: string;
  settled_at: string | null;
}

/** A transfer receipt a payer uploaded for an awaited transfer (the file itself, its type checked by its bytes). */
export interface TransferReceiptTable {
  id: Generated<number>;
  attempt_id: number;
  customer_id: number;
  user_id: number;
  file_name: string;
  /** image/jpeg, image/png, image/webp or application/pdf. */
  content_type: string;
  size: number;
  data: Buffer;
  created_at: string;
}

/**
 * A refund to the policyholder of a correction whose net effect is a refund: its booking in
 * premium_payment, the amount (positive), the account it goes to as it was on file when the correction
 * took effect (the holder's own; none when none is on file), its state (services/payments/refunds.ts)
 * and, when it failed, why (a RefundFailure code, said in the reader's language).
 */
export interface RefundTable {
  id: Generated<number>;
  refund_no: string;
  correction_id: number;
  bill_id: number;
  customer_id: number;
  policy_id: number;
  amount_fen: number;
  /** RefundState: processing, refunded, failed. */
  state: string;
  account_name: string | null;
  bank_name: string | null;
  bank_name_zh: string | null;
  account_no: string | null;
  failure: string | null;
  requested_at: string;
  settled_at: string | null;
}

export interface PaymentTables {
  payment_attempt: PaymentAttemptTable;
  refund: RefundTable;
  transfer_receipt: TransferReceiptTable;
}
