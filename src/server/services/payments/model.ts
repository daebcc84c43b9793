/**
 * The payment model: every payable subject (a member order, a policy's premium, a correction's
 * premium, a group policy's renewal premium) is paid through attempts (payment_attempt), each in one of these states.
 *
 *   created -> awaiting | transfer_awaited
 *   awaiting -> succeeded | declined | expired | transfer_awaited
 *   declined -> succeeded | declined | awaiting | expired | transfer_awaited   (tried again at the cashier, or asked anew)
 *   transfer_awaited -> transfer_matched | expired | awaiting        (matched by the insurer, or paid online instead)
 *   succeeded | transfer_matched -> refunded
 */
export const ATTEMPT_STATES = [
  'created',
  'awaiting',
  'succeeded',
  'declined',
  'expired',
  'refunded',
  'transfer_awaited',
  'transfer_matched',
] as const;
export type AttemptState = (typeof ATTEMPT_STATES)[number];

export type SubjectKind = 'order' | 'policy' | 'correction' | 'renewal';
export type PayMethod = 'online' | 'transfer';

const NEXT: Record<AttemptState, readonly AttemptState[]> = {
  created: ['awaiting', 'transfer_awaited'],
  awaiting: ['succeeded', 'declined', 'expired', 'transfer_awaited'],
  declined: ['succeeded', 'declined', 'awaiting', 'expired', 'transfer_awaited'],
  transfer_awaited: ['transfer_matched', 'expired', 'awaiting'],
  succeeded: ['refunded'],
  transfer_matched: ['refunded'],
  expired: [],
  refunded: [],
};

/** Whether an attempt may move from one state to another. */
export const canMove = (from: AttemptState, to: AttemptState): boolean => NEXT[from].includes(to);

/** States whose attempt can still be paid (at the cashier, or by the awaited transfer). */
export const OPEN_STATES: readonly AttemptState[] = ['created', 'awaiting', 'declined', 'transfer_awaited'];
/** States of an attempt that paid its subject. */
export const PAID_STATES: readonly AttemptState[] = ['succeeded', 'transfer_matched', 'refunded'];

export const isAttemptState = (value: string): value is AttemptState =>
  (ATTEMPT_STATES as readonly string[]).includes(value);
