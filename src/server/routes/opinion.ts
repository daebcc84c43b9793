import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Page } from '../../contract/envelope';
import type { OpinionDetail, OpinionSummary } from '../../contract/io/opinion';
import type { DB } from '../db/schema';
import { FileAnswer } from '../http/answers';
import { defineCall } from '../http/call';
import type { Services } from '../http/context';
import { refuseText } from '../services/errors';
import { integer, paging, text } from '../http/input';
import {
  deadlineDate,
  isOpinionKind,
  isOverdue,
  MAX_OPINION_TEXT,
  MAX_PENDING_PICTURES,
  MAX_PICTURE_BYTES,
  MAX_PICTURES_PER_OPINION,
  OPINION_STATE_TEXT,
  OPINION_TYPES,
  opinionTypeName,
  pictureType,
} from '../services/opinions';

const NO_SUCH = 'There is no such complaint or suggestion in your account.';

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

function toSummary(r: OpinionRow): OpinionSummary {
  return {
    opinionNo: r.opinion_no,
    kind: r.kind === 'suggestion' ? 'suggestion' : 'complaint',
    typeCode: r.type_code,
    typeName: opinionTypeName(r.type_code),
    title: r.title,
    state: r.state,
    stateText: OPINION_STATE_TEXT[r.state] ?? 'Unknown',
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    deadlineDate: deadlineDate(r.kind, r.created_at),
    overdue: isOverdue(r.kind, r.state, r.created_at),
    unreadCount: Number(r.unread_count ?? 0),
    pictureCount: Number(r.picture_count ?? 0),
  };
}

/** Opinions of a customer with their unread and picture counts. */
function opinionsOf(db: Kysely<DB>, customerId: number) {
  return db
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

/** Text as the person wrote it, minus NUL characters; shown as text by the portal, never as HTML. */
const clean = (value: string) => value.replaceAll('\0', '');

async function detail(
  db: Kysely<DB>,
  customerId: number,
  opinionNo: string,
  markRead: boolean,
): Promise<OpinionDetail> {
  const row = await opinionsOf(db, customerId)
    .select(['opinion.content', 'opinion.contact_phone'])
    .where('opinion.opinion_no', '=', opinionNo)
    .executeTakeFirst();
  if (!row) throw refuseText(NO_SUCH);
  if (markRead) {
    await db
      .updateTable('opinion_reply')
      .set({ read_at: new Date().toISOString() })
      .where('opinion_id', '=', row.id)
      .where('author', '=', 'insurer')
      .where('read_at', 'is', null)
      .execute();
  }
  const [messages, pictures] = await Promise.all([
    db
      .selectFrom('opinion_reply')
      .selectAll()
      .where('opinion_id', '=', row.id)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    db.selectFrom('opinion_picture').select('id').where('opinion_id', '=', row.id).orderBy('id').execute(),
  ]);
  return {
    ...toSummary({ ...row, unread_count: markRead ? 0 : row.unread_count }),
    content: row.content,
    contactPhone: row.contact_phone,
    pictureIds: pictures.map((p) => p.id),
    messages: messages.map((m) => ({
      author: m.author,
      authorName: m.author_name,
      content: m.content,
      createdAt: m.created_at,
      readAt: m.read_at,
    })),
  };
}

function pictureIdsOf(input: Record<string, string>): number[] {
  const raw = (input.pictureIds ?? '').trim();
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw refuseText('The pictures could not be read; upload them again.');
  }
  if (!Array.isArray(parsed) || !parsed.every((id) => Number.isSafeInteger(id) && id > 0))
    throw refuseText('The pictures could not be read; upload them again.');
  const ids = [...new Set(parsed as number[])];
  if (ids.length > MAX_PICTURES_PER_OPINION) throw refuseText(`Attach at most ${MAX_PICTURES_PER_OPINION} pictures.`);
  return ids;
}

/** Complaints and suggestions: file, follow up, list, open (marking replies read), pictures. */
export async function opinionRoutes(app: FastifyInstance, services: Services) {
  const { db } = services;

  defineCall(app, services, 'blocLegal/opinions/queryOpinionTypes', ({ input }) => {
    const kind = text(input, 'kind', 'Kind', { max: 20 });
    if (kind && !isOpinionKind(kind)) throw refuseText('Kind must be complaint or suggestion.');
    return OPINION_TYPES.filter((t) => !kind || t.kind === kind);
  });

  defineCall(app, services, 'blocLegal/opinions/updateOpinions', async ({ user, input }) => {
    const content = clean(text(input, 'content', 'The text', { required: true, max: MAX_OPINION_TEXT }));
    const opinionNo = text(input, 'opinionNo', 'Complaint number', { max: 40 });
    const now = new Date().toISOString();

    if (opinionNo) {
      if (pictureIdsOf(input).length > 0)
        throw refuseText('Pictures can be attached when filing; describe the new facts in the text.');
      const opinion = await db
        .selectFrom('opinion')
        .select(['id', 'state'])
        .where('opinion_no', '=', opinionNo)
        .where('customer_id', '=', user.customer_id)
        .executeTakeFirst();
      if (!opinion) throw refuseText(NO_SUCH);
      if (opinion.state === 3)
        throw refuseText('This complaint or suggestion is closed; file a new one if you need more help.');
      await db.transaction().execute(async (trx) => {
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
        await trx.updateTable('opinion').set({ state: 1, updated_at: now }).where('id', '=', opinion.id).execute();
      });
      return detail(db, user.customer_id, opinionNo, false);
    }

    const kind = text(input, 'kind', 'Kind', { required: true, max: 20 });
    if (!isOpinionKind(kind)) throw refuseText('Choose whether this is a complaint or a suggestion.');
    const typeCode = text(input, 'typeCode', 'Type', { required: true, max: 40 });
    if (!OPINION_TYPES.some((t) => t.code === typeCode && t.kind === kind))
      throw refuseText('Choose a type from the list.');
    const title = clean(text(input, 'title', 'Title', { max: 60 })) || content.replace(/\s+/g, ' ').slice(0, 30);
    const contactPhone =
      text(input, 'contactPhone', 'Contact phone', {
        max: 20,
        pattern: /^[0-9+\-\s]{7,20}$/,
        patternText: 'The contact phone may hold digits, spaces, + and - only.',
      }) || null;
    const pictureIds = pictureIdsOf(input);

    const created = await db.transaction().execute(async (trx) => {
      if (pictureIds.length > 0) {
        const own = await trx
          .selectFrom('opinion_picture')
          .select('id')
          .where('id', 'in', pictureIds)
          .where('user_id', '=', user.id)
          .where('customer_id', '=', user.customer_id)
          .where('opinion_id', 'is', null)
          .execute();
        if (own.length !== pictureIds.length)
          throw refuseText('Some pictures are no longer available; upload them again.');
      }
      const stamp = now.slice(0, 10).replaceAll('-', '');
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
          state: 1,
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
    return detail(db, user.customer_id, created, false);
  });

  defineCall(app, services, 'blocLegal/opinions/getUserOpinionNum', async ({ user }) => {
    const [byState, unread] = await Promise.all([
      db
        .selectFrom('opinion')
        .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
        .where('customer_id', '=', user.customer_id)
        .groupBy('state')
        .execute(),
      db
        .selectFrom('opinion_reply')
        .innerJoin('opinion', 'opinion.id', 'opinion_reply.opinion_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('opinion.customer_id', '=', user.customer_id)
        .where('opinion_reply.author', '=', 'insurer')
        .where('opinion_reply.read_at', 'is', null)
        .executeTakeFirstOrThrow(),
    ]);
    const count = (s: number) => Number(byState.find((r) => r.state === s)?.n ?? 0);
    return {
      total: count(1) + count(2) + count(3),
      open: count(1),
      replied: count(2),
      closed: count(3),
      unread: Number(unread.n),
    };
  });

  defineCall(app, services, 'blocLegal/opinions/uploadPicture', async ({ user, files }) => {
    if (files.length !== 1) throw refuseText('Upload one picture at a time.');
    const [file] = files;
    if (file.data.length === 0) throw refuseText('The picture is empty.');
    if (file.data.length > MAX_PICTURE_BYTES)
      throw refuseText(`A picture may be at most ${MAX_PICTURE_BYTES / 1024 / 1024} MB.`);
    const contentType = pictureType(file.data);
    if (!contentType) throw refuseText('Only JPEG, PNG or WebP pictures can be uploaded.');
    const pending = await db
      .selectFrom('opinion_picture')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', user.id)
      .where('opinion_id', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(pending.n) >= MAX_PENDING_PICTURES)
      throw refuseText(
        'You have many pictures waiting to be attached; file your complaint first or try again tomorrow.',
      );
    const row = await db
      .insertInto('opinion_picture')
      .values({
        customer_id: user.customer_id,
        user_id: user.id,
        opinion_id: null,
        content_type: contentType,
        size: file.data.length,
        data: file.data,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { pictureId: row.id, contentType, size: file.data.length };
  });

  defineCall(app, services, 'blocLegal/opinions/picture', async ({ user, input }) => {
    const id = integer(input, 'pictureId', 'Picture', { min: 1, max: 2 ** 31 - 1 });
    const picture = await db
      .selectFrom('opinion_picture')
      .select(['content_type', 'data', 'user_id', 'opinion_id'])
      .where('id', '=', id)
      .where('customer_id', '=', user.customer_id)
      .executeTakeFirst();
    // A picture not yet attached is only its uploader's; an attached one is the company's, like its complaint.
    if (!picture || (picture.opinion_id === null && picture.user_id !== user.id))
      throw refuseText('There is no such picture in your account.');
    const ext = picture.content_type.split('/')[1];
    return new FileAnswer(`picture-${id}.${ext}`, picture.content_type, Buffer.from(picture.data), true);
  });

  defineCall(app, services, 'blocLegal/opinions/searchList', async ({ user, input }): Promise<Page<OpinionSummary>> => {
    const kind = text(input, 'kind', 'Kind', { max: 20 });
    if (kind && !isOpinionKind(kind)) throw refuseText('Kind must be complaint or suggestion.');
    const state = integer(input, 'state', 'State', { min: 0, max: 3, fallback: 0 });
    const { pageNum, pageSize, offset } = paging(input);
    let query = opinionsOf(db, user.customer_id);
    let count = db
      .selectFrom('opinion')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('customer_id', '=', user.customer_id);
    if (kind) {
      query = query.where('opinion.kind', '=', kind);
      count = count.where('kind', '=', kind);
    }
    if (state) {
      query = query.where('opinion.state', '=', state);
      count = count.where('state', '=', state);
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
    return { list: rows.map(toSummary), total: Number(total.n), pageNum, pageSize };
  });

  defineCall(app, services, 'blocLegal/opinions/searchDetail', async ({ user, input }) => {
    const opinionNo = text(input, 'opinionNo', 'Complaint number', { required: true, max: 40 });
    return detail(db, user.customer_id, opinionNo, true);
  });
}
