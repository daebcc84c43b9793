import type { Kysely } from 'kysely';
import type { OpinionKind, OpinionType } from '../../contract/io/opinion';
import type { DB } from '../db/schema';

/** The regulatory handling deadline of a complaint, in calendar days after it is filed. */
const COMPLAINT_DEADLINE_DAYS = 15;
export const MAX_PICTURES_PER_OPINION = 3;
export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;
/** Uploaded pictures not yet attached to a complaint, per user (a bound on abandoned uploads). */
export const MAX_PENDING_PICTURES = 20;
export const MAX_OPINION_TEXT = 1000;

export const OPINION_TYPES: OpinionType[] = [
  { code: 'claim', kind: 'complaint', name: 'Claims handling' },
  { code: 'policy-service', kind: 'complaint', name: 'Policy service and corrections' },
  { code: 'invoice', kind: 'complaint', name: 'Invoices and payments' },
  { code: 'staff', kind: 'complaint', name: 'Staff attitude' },
  { code: 'other-complaint', kind: 'complaint', name: 'Other complaint' },
  { code: 'product', kind: 'suggestion', name: 'Products' },
  { code: 'website', kind: 'suggestion', name: 'This website' },
  { code: 'other-suggestion', kind: 'suggestion', name: 'Other suggestion' },
];

export const OPINION_STATE_TEXT: Record<number, string> = { 1: 'Open', 2: 'Replied', 3: 'Closed' };

export function opinionTypeName(code: string): string {
  return OPINION_TYPES.find((t) => t.code === code)?.name ?? code;
}

/** YYYY-MM-DD of the deadline of a complaint filed at an ISO time; null for suggestions. */
export function deadlineDate(kind: string, createdAt: string): string | null {
  if (kind !== 'complaint') return null;
  const filed = new Date(`${createdAt.slice(0, 10)}T00:00:00Z`);
  filed.setUTCDate(filed.getUTCDate() + COMPLAINT_DEADLINE_DAYS);
  return filed.toISOString().slice(0, 10);
}

export function isOverdue(
  kind: string,
  state: number,
  createdAt: string,
  today = new Date().toISOString().slice(0, 10),
): boolean {
  const deadline = deadlineDate(kind, createdAt);
  return deadline !== null && state !== 3 && today > deadline;
}

/** The picture's type from its first bytes (JPEG, PNG or WebP), whatever its name or declared type says. */
export function pictureType(data: Buffer): 'image/jpeg' | 'image/png' | 'image/webp' | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP')
    return 'image/webp';
  return null;
}

export function isOpinionKind(value: string): value is OpinionKind {
  return value === 'complaint' || value === 'suggestion';
}

export interface InsurerReply {
  opinionNo: string;
  text: string;
  staffName?: string;
  /** Close the complaint with this reply (state 3) instead of marking it replied (state 2). */
  close?: boolean;
}

/**
 * The insurer's staff answer a complaint or suggestion (scripts/reply-opinion.ts, docs/operator.md).
 * The reply stays unread until the customer opens the complaint.
 */
export async function replyAsInsurer(
  db: Kysely<DB>,
  reply: InsurerReply,
): Promise<{ opinionId: number; state: number }> {
  const text = reply.text.replaceAll('\0', '').trim();
  if (!text) throw new Error('The reply text is empty.');
  if (text.length > MAX_OPINION_TEXT) throw new Error(`The reply may be at most ${MAX_OPINION_TEXT} characters.`);
  const opinion = await db
    .selectFrom('opinion')
    .select(['id', 'state'])
    .where('opinion_no', '=', reply.opinionNo)
    .executeTakeFirst();
  if (!opinion) throw new Error(`There is no complaint or suggestion numbered ${reply.opinionNo}.`);
  if (opinion.state === 3) throw new Error(`${reply.opinionNo} is closed already.`);
  const now = new Date().toISOString();
  const state = reply.close ? 3 : 2;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('opinion_reply')
      .values({
        opinion_id: opinion.id,
        author: 'insurer',
        author_name: reply.staffName?.trim() || 'Customer Service',
        content: text,
        created_at: now,
        read_at: null,
      })
      .execute();
    await trx.updateTable('opinion').set({ state, updated_at: now }).where('id', '=', opinion.id).execute();
  });
  return { opinionId: opinion.id, state };
}
