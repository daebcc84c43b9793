import { beijingDay } from '@common/time';
import { PROMISES } from '@common/insurer';
import { sql, type Kysely } from 'kysely';
import type { Page } from '@contract/envelope';
import type { OpinionDetail, OpinionKind, OpinionSummary, OpinionType } from '@contract/io/opinion';
import { MAX_OPINION_TEXT, MAX_PICTURES_PER_OPINION, type UpdateOpinionRequest } from '@contract/io/opinion.requests';
import { OpinionState } from '@contract/states';
import type { DB } from '../db/schema';
import type { MessageKey, Translate } from '../messages/catalogue';
import { systemClock, type Clock } from './clock';
import { refuse } from './errors';
import type { UploadedFile } from './files';
import type { SessionUser } from './identity';
import { pageOf, type PageRequest } from './paging';

export { MAX_OPINION_TEXT, MAX_PICTURES_PER_OPINION };

/** The regulatory handling deadline of a complaint, in calendar days after it is filed. */
const COMPLAINT_DEADLINE_DAYS = PROMISES.complaintDays;
export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;
/** Uploaded pictures not yet attached to a complaint, per user (a bound on abandoned uploads). */
export const MAX_PENDING_PICTURES = 20;

/** The types of complaints and suggestions, each with its name in the catalogue. */
const OPINION_TYPES: ReadonlyArray<{ code: string; kind: OpinionKind; name: MessageKey }> = [
  { code: 'claim', kind: 'complaint', name: 'opinion.type.claim' },
  { code: 'policy-service', kind: 'complaint', name: 'opinion.type.policy-service' },
  { code: 'invoice', kind: 'complaint', name: 'opinion.type.invoice' },
  { code: 'staff', kind: 'complaint', name: 'opinion.type.staff' },
  { code: 'other-complaint', kind: 'complaint', name: 'opinion.type.other-complaint' },
  { code: 'product', kind: 'suggestion', name: 'opinion.type.product' },
  { code: 'website', kind: 'suggestion', name: 'opinion.type.website' },
  { code: 'other-suggestion', kind: 'suggestion', name: 'opinion.type.other-suggestion' },
];

const STATE_NAMES: Record<OpinionState, MessageKey> = {
  [OpinionState.open]: 'opinion.state.open',
  [OpinionState.replied]: 'opinion.state.replied',
  [OpinionState.closed]: 'opinion.state.closed',
};

/** A state's name in a language (the operator's command speaks English). */
export function opinionStateText(state: number, t: Translate): string {
  const key = STATE_NAMES[state as OpinionState];
  return key ? t(key) : String(state);
}

/** YYYY-MM-DD of the deadline of a complaint filed at an ISO time; null for suggestions. */
export function deadlineDate(kind: string, createdAt: string): string | null {
  if (kind !== 'complaint') return null;
  const filed = new Date(`${beijingDay(createdAt)}T00:00:00Z`);
  filed.setUTCDate(filed.getUTCDate() + COMPLAINT_DEADLINE_DAYS);
  return filed.toISOString().slice(0, 10);
}

export function isOverdue(kind: string, state: number, createdAt: string, today: string): boolean {
  const deadline = deadlineDate(kind, createdAt);
  return deadline !== null && state !== OpinionState.closed && today > deadline;
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

/** Text as the person wrote it, minus NUL characters; shown as text by the portal, never as HTML. */
const clean = (value: string) => value.replaceAll('\0', '');

interface OpinionRow {
  id: number;
  opinion_no: string;
  kind: string;
  type_code: string;
  title: string;
  state: number;
  created_at: string;
  updated_at: string;
  unread_count: number | string | null;
  picture_count: number | string | null;
}

/** Complaints and suggestions: file, follow up, list, open (marking replies read), pictures. */
export class Opinions {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {}

  types(kind: OpinionKind | undefined, t: Translate): OpinionType[] {
    return OPINION_TYPES.filter((type) => !kind || type.kind === kind).map((type) => ({
      code: type.code,
      kind: type.kind,
      name: t(type.name),
    }));
  }

  private summary(r: OpinionRow, t: Translate): OpinionSummary {
    const type = OPINION_TYPES.find((x) => x.code === r.type_code);
    return {
      opinionNo: r.opinion_no,
      kind: r.kind === 'suggestion' ? 'suggestion' : 'complaint',
      typeCode: r.type_code,
      typeName: type ? t(type.name) : r.type_code,
      title: r.title,
      state: r.state,
      stateText: opinionStateText(r.state, t),
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      deadlineDate: deadlineDate(r.kind, r.created_at),
      overdue: isOverdue(r.kind, r.state, r.created_at, beijingDay(this.clock.now())),
      unreadCount: Number(r.unread_count ?? 0),
      pictureCount: Number(r.picture_count ?? 0),
    };
  }

  /** Opinions of a customer with their unread and picture counts. */
  private opinionsOf(customerId: number) {
    return this.db
      .selectFrom('opinion')
      .where('opinion.customer_id', '=', customerId)
      .select([
        'opinion.id',
        'opinion.opinion_no',
        'opinion.kind',
        'opinion.type_code',
        'opinion.title',
        'opinion.state',
        'opinion.created_at',
        'opinion.updated_at',
      ])
      .select((eb) => [
        eb
          .selectFrom('opinion_reply')
          .select((e) => e.fn.countAll<number>().as('c'))
          .whereRef('opinion_reply.opinion_id', '=', 'opinion.id')
          .where('opinion_reply.author', '=', 'insurer')
          .where('opinion_reply.read_at', 'is', null)
          .as('unread_count'),
        eb
          .selectFrom('opinion_picture')
          .select((e) => e.fn.countAll<number>().as('c'))
          .whereRef('opinion_picture.opinion_id', '=', 'opinion.id')
          .as('picture_count'),
      ]);
  }

  /** One complaint of the customer; opening it (markRead) marks the insurer's replies read. */
  async detail(customerId: number, opinionNo: string, markRead: boolean, t: Translate): Promise<OpinionDetail> {
    const row = await this.opinionsOf(customerId)
      .select(['opinion.content', 'opinion.contact_phone'])
      .where('opinion.opinion_no', '=', opinionNo)
      .executeTakeFirst();
    if (!row) throw refuse('opinion.noSuch');
    if (markRead) {
      await this.db
        .updateTable('opinion_reply')
        .set({ read_at: this.clock.now().toISOString() })
        .where('opinion_id', '=', row.id)
        .where('author', '=', 'insurer')
        .where('read_at', 'is', null)
        .execute();
    }
    const [messages, pictures] = await Promise.all([
      this.db
        .selectFrom('opinion_reply')
        .selectAll()
        .where('opinion_id', '=', row.id)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),
      this.db.selectFrom('opinion_picture').select('id').where('opinion_id', '=', row.id).orderBy('id').execute(),
    ]);
    return {
      ...this.summary({ ...row, unread_count: markRead ? 0 : row.unread_count }, t),
      content: row.content,
      contactPhone: row.contact_phone,
      pictureIds: pictures.map((p) => p.id),
      messages: messages.map((m) => ({
        author: m.author,
        // The insurer's staff may reply without a name: they speak as customer service, in the reader's language.
        authorName: m.author_name || (m.author === 'insurer' ? t('opinion.customerService') : ''),
        content: m.content,
        createdAt: m.created_at,
        readAt: m.read_at,
      })),
    };
  }

  /** A follow-up message (opinionNo given) or a new complaint or suggestion. */
  async update(user: SessionUser, values: UpdateOpinionRequest, t: Translate): Promise<OpinionDetail> {
    const content = clean(values.content);
    const now = this.clock.now().toISOString();
    const pictureIds = [...new Set(values.pictureIds ?? [])];

    if (values.opinionNo) {
      const opinionNo = values.opinionNo;
      if (pictureIds.length > 0) throw refuse('opinion.picturesOnFiling');
      const opinion = await this.db
        .selectFrom('opinion')
        .select(['id', 'state'])
        .where('opinion_no', '=', opinionNo)
        .where('customer_id', '=', user.customer_id)
        .executeTakeFirst();
      if (!opinion) throw refuse('opinion.noSuch');
      if (opinion.state === OpinionState.closed) throw refuse('opinion.closed');
      await this.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('opinion_reply')
          .values({
            opinion_id: opinion.id,
            author: 'customer',
            author_name: user.nick_name,
            content,
            created_at: now,
            read_at: now,
          })
          .execute();
        await trx
          .updateTable('opinion')
          .set({ state: OpinionState.open, updated_at: now })
          .where('id', '=', opinion.id)
          .execute();
      });
      return this.detail(user.customer_id, opinionNo, false, t);
    }

    const kind = values.kind;
    if (!kind) throw refuse('opinion.chooseKind');
    const typeCode = values.typeCode;
    if (!typeCode || !OPINION_TYPES.some((type) => type.code === typeCode && type.kind === kind))
      throw refuse('opinion.chooseType');
    const title = clean(values.title ?? '').trim() || content.replace(/\s+/g, ' ').slice(0, 30);
    const contactPhone = values.contactPhone ?? null;

    const created = await this.db.transaction().execute(async (trx) => {
      if (pictureIds.length > 0) {
        const own = await trx
          .selectFrom('opinion_picture')
          .select('id')
          .where('id', 'in', pictureIds)
          .where('user_id', '=', user.id)
          .where('customer_id', '=', user.customer_id)
          .where('opinion_id', 'is', null)
          .execute();
        if (own.length !== pictureIds.length) throw refuse('opinion.picturesGone');
      }
      const stamp = beijingDay(now).replaceAll('-', '');
      const inserted = await trx
        .insertInto('opinion')
        .values({
          opinion_no: `pending-${user.id}-${now}-${Math.random()}`,
          customer_id: user.customer_id,
          user_id: user.id,
          kind,
          type_code: typeCode,
          title,
          content,
          contact_phone: contactPhone,
          state: OpinionState.open,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const no = `${kind === 'complaint' ? 'TS' : 'JY'}${stamp}${String(inserted.id).padStart(6, '0')}`;
      await trx.updateTable('opinion').set({ opinion_no: no }).where('id', '=', inserted.id).execute();
      if (pictureIds.length > 0)
        await trx
          .updateTable('opinion_picture')
          .set({ opinion_id: inserted.id })
          .where('id', 'in', pictureIds)
          .where('opinion_id', 'is', null)
          .execute();
      return no;
    });
    return this.detail(user.customer_id, created, false, t);
  }

  async counts(customerId: number) {
    const [byState, unread] = await Promise.all([
      this.db
        .selectFrom('opinion')
        .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
        .where('customer_id', '=', customerId)
        .groupBy('state')
        .execute(),
      this.db
        .selectFrom('opinion_reply')
        .innerJoin('opinion', 'opinion.id', 'opinion_reply.opinion_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('opinion.customer_id', '=', customerId)
        .where('opinion_reply.author', '=', 'insurer')
        .where('opinion_reply.read_at', 'is', null)
        .executeTakeFirstOrThrow(),
    ]);
    const count = (s: OpinionState) => Number(byState.find((r) => r.state === s)?.n ?? 0);
    return {
      total: count(OpinionState.open) + count(OpinionState.replied) + count(OpinionState.closed),
      open: count(OpinionState.open),
      replied: count(OpinionState.replied),
      closed: count(OpinionState.closed),
      unread: Number(unread.n),
    };
  }

  /** A picture to attach to the user's next complaint (checked by its bytes, not its name). */
  async uploadPicture(user: SessionUser, files: UploadedFile[]) {
    if (files.length !== 1) throw refuse('opinion.onePicture');
    const [file] = files;
    if (file.data.length === 0) throw refuse('opinion.emptyPicture');
    if (file.data.length > MAX_PICTURE_BYTES)
      throw refuse('opinion.pictureTooBig', { mb: MAX_PICTURE_BYTES / 1024 / 1024 });
    const contentType = pictureType(file.data);
    if (!contentType) throw refuse('opinion.pictureType');
    const pending = await this.db
      .selectFrom('opinion_picture')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', user.id)
      .where('opinion_id', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(pending.n) >= MAX_PENDING_PICTURES) throw refuse('opinion.tooManyPending');
    const row = await this.db
      .insertInto('opinion_picture')
      .values({
        customer_id: user.customer_id,
        user_id: user.id,
        opinion_id: null,
        content_type: contentType,
        size: file.data.length,
        data: file.data,
        created_at: this.clock.now().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { pictureId: row.id, contentType, size: file.data.length };
  }

  /** A picture: an attached one is the company's, like its complaint; one not attached yet is its uploader's. */
  async picture(user: SessionUser, id: number) {
    const picture = await this.db
      .selectFrom('opinion_picture')
      .select(['content_type', 'data', 'user_id', 'opinion_id'])
      .where('id', '=', id)
      .where('customer_id', '=', user.customer_id)
      .executeTakeFirst();
    if (!picture || (picture.opinion_id === null && picture.user_id !== user.id)) throw refuse('opinion.noSuchPicture');
    const ext = picture.content_type.split('/')[1];
    return { filename: `picture-${id}.${ext}`, contentType: picture.content_type, data: Buffer.from(picture.data) };
  }

  async list(
    customerId: number,
    filter: { kind?: OpinionKind; state?: number } & PageRequest,
    t: Translate,
  ): Promise<Page<OpinionSummary>> {
    const { pageNum, pageSize, offset } = pageOf(filter);
    let query = this.opinionsOf(customerId);
    let count = this.db
      .selectFrom('opinion')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('customer_id', '=', customerId);
    if (filter.kind) {
      query = query.where('opinion.kind', '=', filter.kind);
      count = count.where('kind', '=', filter.kind);
    }
    if (filter.state) {
      query = query.where('opinion.state', '=', filter.state);
      count = count.where('state', '=', filter.state);
    }
    const [rows, total] = await Promise.all([
      query
        .orderBy(sql`opinion.updated_at`, 'desc')
        .orderBy('opinion.id', 'desc')
        .limit(pageSize)
        .offset(offset)
        .execute(),
      count.executeTakeFirstOrThrow(),
    ]);
    return { list: rows.map((r) => this.summary(r, t)), total: Number(total.n), pageNum, pageSize };
  }
}

// ---- the insurer's side (scripts/reply-opinion.ts, docs/operator.md) ----

export interface InsurerReply {
  opinionNo: string;
  text: string;
  staffName?: string;
  /** Close the complaint with this reply (state 3) instead of marking it replied (state 2). */
  close?: boolean;
}

/** Complaints and suggestions not closed yet, oldest first, with their company. */
export function openOpinions(db: Kysely<DB>) {
  return db
    .selectFrom('opinion')
    .innerJoin('customer', 'customer.id', 'opinion.customer_id')
    .select([
      'opinion.opinion_no',
      'opinion.kind',
      'opinion.state',
      'opinion.title',
      'opinion.created_at',
      'customer.name',
    ])
    .where('opinion.state', '!=', OpinionState.closed)
    .orderBy('opinion.created_at')
    .execute();
}

/**
 * The insurer's staff answer a complaint or suggestion. The reply stays unread until the customer
 * opens the complaint. Without a staff name the reply is signed by customer service, in the
 * customer's language when they read it.
 */
export async function replyAsInsurer(
  db: Kysely<DB>,
  reply: InsurerReply,
  clock: Clock = systemClock,
): Promise<{ opinionId: number; state: number }> {
  const text = clean(reply.text).trim();
  if (!text) throw new Error('The reply text is empty.');
  if (text.length > MAX_OPINION_TEXT) throw new Error(`The reply may be at most ${MAX_OPINION_TEXT} characters.`);
  const opinion = await db
    .selectFrom('opinion')
    .select(['id', 'state'])
    .where('opinion_no', '=', reply.opinionNo)
    .executeTakeFirst();
  if (!opinion) throw new Error(`There is no complaint or suggestion numbered ${reply.opinionNo}.`);
  if (opinion.state === OpinionState.closed) throw new Error(`${reply.opinionNo} is closed already.`);
  const now = clock.now().toISOString();
  const state = reply.close ? OpinionState.closed : OpinionState.replied;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('opinion_reply')
      .values({
        opinion_id: opinion.id,
        author: 'insurer',
        author_name: reply.staffName?.trim() ?? '',
        content: text,
        created_at: now,
        read_at: null,
      })
      .execute();
    await trx.updateTable('opinion').set({ state, updated_at: now }).where('id', '=', opinion.id).execute();
  });
  return { opinionId: opinion.id, state };
}
