import { beijingDay } from '@common/time';
import { Status, type Page } from '@contract/envelope';
import type { OpinionCounts, OpinionDetail, OpinionSummary, OpinionType, UploadedPicture } from '@contract/io/opinion';
import { deadlineDate, isOverdue, pictureType, replyAsInsurer } from '@server/services/opinion';
import { JPEG, PNG, WEBP, startServiceGateway, type ServiceGateway } from './support';

let gw: ServiceGateway;
let hr: string;
let closing: string;
beforeAll(async () => {
  gw = await startServiceGateway();
  hr = await gw.login('corp-hr');
  closing = await gw.login('corp-closing');
});
afterAll(() => gw.close());

const file = (values: Record<string, string>, cookie = hr) =>
  gw.call<OpinionDetail>('blocLegal/opinions/updateOpinions', values, { cookie });
const unreadFlag = async (cookie: string) =>
  (await gw.call<{ userReadFlag: number }>('blocLegal/opinions/searchUserNoReadList', {}, { cookie })).data
    .userReadFlag;
const upload = async (data: Buffer, cookie = hr, name = 'p.png', type = 'image/png') =>
  gw.upload(cookie, { name, type, data });

describe('types and pictures', () => {
  it('answers the complaint and suggestion types, filtered by kind', async () => {
    const all = await gw.call<OpinionType[]>('blocLegal/opinions/queryOpinionTypes', {}, { cookie: hr });
    expect(all.data.some((t) => t.kind === 'complaint')).toBe(true);
    expect(all.data.some((t) => t.kind === 'suggestion')).toBe(true);
    const complaints = await gw.call<OpinionType[]>(
      'blocLegal/opinions/queryOpinionTypes',
      { kind: 'complaint' },
      { cookie: hr },
    );
    expect(complaints.data.every((t) => t.kind === 'complaint')).toBe(true);
    expect((await gw.call('blocLegal/opinions/queryOpinionTypes', { kind: 'praise' }, { cookie: hr })).status).toBe(
      Status.business,
    );
  });

  it('accepts JPEG, PNG and WebP by their content and refuses anything else', async () => {
    for (const [data, type] of [
      [JPEG, 'image/jpeg'],
      [PNG, 'image/png'],
      [WEBP, 'image/webp'],
    ] as const) {
      const res = await upload(data, hr, 'x.bin', 'application/octet-stream');
      expect(res).toMatchObject({ status: Status.ok, data: { contentType: type, size: data.length } });
    }
    // A script named .png and declared image/png is still not a picture.
    const fake = await upload(Buffer.from('<script>alert(1)</script>'), hr, 'evil.png', 'image/png');
    expect(fake).toMatchObject({
      status: Status.business,
      statusText: 'Only JPEG, PNG or WebP pictures can be uploaded.',
    });
    const gif = await upload(Buffer.from('GIF89a\x01\x00\x01\x00'), hr, 'a.gif', 'image/gif');
    expect(gif.status).toBe(Status.business);
    expect((await upload(Buffer.alloc(0))).statusText).toMatch(/empty/);
    expect((await gw.upload(hr, null)).statusText).toMatch(/one picture/);
    expect(pictureType(Buffer.from('RIFF0000WAVE'))).toBeNull();
  });

  it('refuses a picture over 5 MB and stores nothing', async () => {
    const before = await gw.app.services.db
      .selectFrom('opinion_picture')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload(big);
    expect(res).toMatchObject({ status: Status.business, statusText: 'A picture may be at most 5 MB.' });
    const after = await gw.app.services.db
      .selectFrom('opinion_picture')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('serves a picture only to its owner, as the image itself', async () => {
    const up = (await upload(PNG)).data as UploadedPicture;
    const own = await gw.raw('blocLegal/opinions/picture', { pictureId: up.pictureId }, { cookie: hr });
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.rawPayload.equals(PNG)).toBe(true);
    const other = await gw.raw('blocLegal/opinions/picture', { pictureId: up.pictureId }, { cookie: closing });
    expect(other.json()).toMatchObject({
      status: Status.business,
      statusText: 'There is no such picture in your account.',
    });
    expect((await gw.raw('blocLegal/opinions/picture', { pictureId: 99999 }, { cookie: hr })).json().statusText).toBe(
      'There is no such picture in your account.',
    );
    expect((await gw.raw('blocLegal/opinions/picture', { pictureId: 'x' }, { cookie: hr })).json().status).toBe(
      Status.business,
    );
    expect((await gw.raw('blocLegal/opinions/picture', { pictureId: up.pictureId })).json().status).toBe(
      Status.notLoggedIn,
    );
  });

  it('bounds the pictures waiting to be attached', async () => {
    const member = await gw.login('member-basic');
    const results: string[] = [];
    for (let i = 0; i < 21; i += 1) results.push((await upload(PNG, member)).status);
    expect(results.slice(0, 20).every((s) => s === Status.ok)).toBe(true);
    expect(results[20]).toBe(Status.business);
  });
});

describe('filing and following up', () => {
  it('files a complaint with two pictures, text kept as text, a 15-day deadline', async () => {
    const pics = [(await upload(PNG)).data.pictureId, (await upload(JPEG, hr, 'b.jpg', 'image/jpeg')).data.pictureId];
    const content = '理赔进度太慢 <img src=x onerror=alert(1)> & "quotes"';
    const res = await file({
      kind: 'complaint',
      typeCode: 'claim',
      content,
      contactPhone: '021-5555 1234',
      pictureIds: JSON.stringify(pics),
    });
    expect(res.status).toBe(Status.ok);
    const d = res.data;
    expect(d.opinionNo).toMatch(/^TS\d{8}\d{6}$/);
    expect(d).toMatchObject({
      kind: 'complaint',
      typeCode: 'claim',
      typeName: 'Claims handling',
      state: 1,
      stateText: 'Open',
      content,
      pictureIds: pics,
      pictureCount: 2,
      unreadCount: 0,
      overdue: false,
    });
    const expected = new Date(
      Date.UTC(...(beijingDay(d.createdAt).split('-').map(Number) as [number, number, number])),
    );
    expected.setUTCMonth(expected.getUTCMonth() - 1);
    expected.setUTCDate(expected.getUTCDate() + 15);
    expect(d.deadlineDate).toBe(expected.toISOString().slice(0, 10));
    expect(d.title).toBe(content.slice(0, 30));
    // Attached pictures now belong to the complaint: they cannot be attached again.
    const again = await file({
      kind: 'complaint',
      typeCode: 'claim',
      content: 'again',
      pictureIds: JSON.stringify([pics[0]]),
    });
    expect(again.statusText).toMatch(/no longer available/);
  });

  it('files a suggestion without a deadline', async () => {
    const res = await file({
      kind: 'suggestion',
      typeCode: 'website',
      title: 'Dark mode',
      content: 'Please add a dark mode.',
    });
    expect(res.data).toMatchObject({ kind: 'suggestion', title: 'Dark mode', deadlineDate: null });
    expect(res.data.opinionNo).toMatch(/^JY/);
  });

  it('answers in Chinese to a Chinese request: refusals, types and states', async () => {
    const zh = { 'accept-language': 'zh-CN' };
    const refused = await gw.call(
      'blocLegal/opinions/updateOpinions',
      { kind: 'praise', typeCode: 'claim', content: 'x' },
      { cookie: hr, headers: zh },
    );
    expect(refused.statusText).toBe('请选择投诉或建议。');
    const missing = await gw.call(
      'blocLegal/opinions/searchDetail',
      { opinionNo: 'TS20990101000001' },
      { cookie: hr, headers: zh },
    );
    expect(missing.statusText).toBe('您的账户中没有该投诉或建议。');
    const types = await gw.call<OpinionType[]>('blocLegal/opinions/queryOpinionTypes', {}, { cookie: hr, headers: zh });
    expect(types.data.find((t) => t.code === 'claim')?.name).toBe('理赔服务');
    const filed = await gw.call<OpinionDetail>(
      'blocLegal/opinions/updateOpinions',
      { kind: 'complaint', typeCode: 'claim', content: '理赔进度太慢' },
      { cookie: hr, headers: zh },
    );
    expect(filed.data).toMatchObject({ stateText: '处理中', typeName: '理赔服务' });
  });

  it('refuses bad input with clear sentences and files nothing', async () => {
    const count = async () =>
      Number(
        (
          await gw.app.services.db
            .selectFrom('opinion')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    expect((await file({ kind: 'complaint', typeCode: 'claim', content: '' })).statusText).toBe(
      'The text is required.',
    );
    expect((await file({ kind: 'complaint', typeCode: 'claim', content: 'x'.repeat(1001) })).statusText).toMatch(
      /at most 1000/,
    );
    expect((await file({ kind: 'praise', typeCode: 'claim', content: 'x' })).statusText).toMatch(
      /complaint or a suggestion/,
    );
    expect((await file({ kind: 'complaint', typeCode: 'website', content: 'x' })).statusText).toMatch(
      /type from the list/,
    );
    expect(
      (await file({ kind: 'complaint', typeCode: 'claim', content: 'x', contactPhone: 'call me' })).statusText,
    ).toMatch(/contact phone/);
    const four = await Promise.all([1, 2, 3, 4].map(async () => (await upload(PNG)).data.pictureId));
    expect(
      (await file({ kind: 'complaint', typeCode: 'claim', content: 'x', pictureIds: JSON.stringify(four) })).statusText,
    ).toBe('Attach at most 3 pictures.');
    expect((await file({ kind: 'complaint', typeCode: 'claim', content: 'x', pictureIds: '[abc' })).statusText).toMatch(
      /could not be read/,
    );
    // Someone else's picture cannot be attached.
    const foreign = (await upload(PNG, closing)).data.pictureId;
    expect(
      (await file({ kind: 'complaint', typeCode: 'claim', content: 'x', pictureIds: JSON.stringify([foreign]) }))
        .statusText,
    ).toMatch(/no longer available/);
    expect(await count()).toBe(before);
  });

  it('adds a follow-up message, reopening a replied complaint; a closed one takes no more', async () => {
    const { opinionNo } = (await file({ kind: 'complaint', typeCode: 'staff', content: 'Rude on the phone.' })).data;
    await replyAsInsurer(gw.app.services.db, { opinionNo, text: 'We apologise.' });
    const follow = await file({ opinionNo, content: 'Thank you, but who was it?' });
    expect(follow.data.state).toBe(1);
    expect(follow.data.messages.map((m) => [m.author, m.content])).toEqual([
      ['insurer', 'We apologise.'],
      ['customer', 'Thank you, but who was it?'],
    ]);
    expect((await file({ opinionNo, content: 'x', pictureIds: JSON.stringify([1]) })).statusText).toMatch(
      /when filing/,
    );
    await replyAsInsurer(gw.app.services.db, { opinionNo, text: 'Resolved.', close: true });
    const closed = await file({ opinionNo, content: 'One more thing' });
    expect(closed.statusText).toMatch(/is closed/);
    await expect(replyAsInsurer(gw.app.services.db, { opinionNo, text: 'late' })).rejects.toThrow(/closed already/);
    // Another company cannot follow up on it.
    expect((await file({ opinionNo: 'TS20990101000001', content: 'x' })).statusText).toBe(
      'There is no such complaint or suggestion in your account.',
    );
  });
});

describe('the unread flow', () => {
  it('shows an insurer reply as unread until the complaint is opened, for its own company only', async () => {
    const pics = [(await upload(PNG)).data.pictureId, (await upload(WEBP, hr, 'c.webp', 'image/webp')).data.pictureId];
    const { opinionNo } = (
      await file({
        kind: 'complaint',
        typeCode: 'invoice',
        content: 'Invoice title wrong',
        pictureIds: JSON.stringify(pics),
      })
    ).data;
    // Open every earlier complaint so that the flag depends on this one alone.
    const list0 = await gw.call<Page<OpinionSummary>>(
      'blocLegal/opinions/searchList',
      { pageSize: 100 },
      { cookie: hr },
    );
    for (const o of list0.data.list)
      await gw.call('blocLegal/opinions/searchDetail', { opinionNo: o.opinionNo }, { cookie: hr });
    expect(await unreadFlag(hr)).toBe(1);

    await replyAsInsurer(gw.app.services.db, { opinionNo, text: 'We will reissue it.', staffName: 'Ms Zhou' });
    expect(await unreadFlag(hr)).toBe(2);
    expect(await unreadFlag(closing)).toBe(1);
    const counts = await gw.call<OpinionCounts>('blocLegal/opinions/getUserOpinionNum', {}, { cookie: hr });
    expect(counts.data.unread).toBe(1);
    expect(counts.data.replied).toBeGreaterThanOrEqual(1);
    const list = await gw.call<Page<OpinionSummary>>(
      'blocLegal/opinions/searchList',
      { kind: 'complaint', state: 2 },
      { cookie: hr },
    );
    expect(list.data.list.find((o) => o.opinionNo === opinionNo)).toMatchObject({
      unreadCount: 1,
      stateText: 'Replied',
      pictureCount: 2,
    });

    // Another company cannot open it, and trying does not mark it read.
    expect((await gw.call('blocLegal/opinions/searchDetail', { opinionNo }, { cookie: closing })).statusText).toBe(
      'There is no such complaint or suggestion in your account.',
    );
    expect(await unreadFlag(hr)).toBe(2);

    const detail = await gw.call<OpinionDetail>('blocLegal/opinions/searchDetail', { opinionNo }, { cookie: hr });
    expect(detail.data.messages).toEqual([
      expect.objectContaining({
        author: 'insurer',
        authorName: 'Ms Zhou',
        content: 'We will reissue it.',
        readAt: expect.any(String),
      }),
    ]);
    expect(detail.data.unreadCount).toBe(0);
    expect(await unreadFlag(hr)).toBe(1);
    expect((await gw.call<OpinionCounts>('blocLegal/opinions/getUserOpinionNum', {}, { cookie: hr })).data.unread).toBe(
      0,
    );
    // The complaint's pictures are the company's: another user of it could see them; another company cannot.
    expect(
      (await gw.raw('blocLegal/opinions/picture', { pictureId: pics[1] }, { cookie: hr })).headers['content-type'],
    ).toBe('image/webp');
    expect(
      (await gw.raw('blocLegal/opinions/picture', { pictureId: pics[1] }, { cookie: closing })).json().status,
    ).toBe(Status.business);
  });

  it('paginates and filters the list, counting by state', async () => {
    const cookie = await gw.login('member-senior');
    for (let i = 0; i < 3; i += 1)
      await file({ kind: 'suggestion', typeCode: 'product', content: `idea ${i}` }, cookie);
    const page = await gw.call<Page<OpinionSummary>>(
      'blocLegal/opinions/searchList',
      { pageSize: 2, pageNum: 2 },
      { cookie },
    );
    expect(page.data).toMatchObject({ total: 3, pageNum: 2, pageSize: 2 });
    expect(page.data.list).toHaveLength(1);
    expect((await gw.call<OpinionCounts>('blocLegal/opinions/getUserOpinionNum', {}, { cookie })).data).toEqual({
      total: 3,
      open: 3,
      replied: 0,
      closed: 0,
      unread: 0,
    });
    expect(
      (await gw.call<Page<OpinionSummary>>('blocLegal/opinions/searchList', { kind: 'complaint' }, { cookie })).data
        .total,
    ).toBe(0);
    expect((await gw.call('blocLegal/opinions/searchList', { state: 9 }, { cookie })).status).toBe(Status.business);
  });

  it('computes deadlines and overdue complaints', () => {
    expect(deadlineDate('complaint', '2026-01-20T10:00:00.000Z')).toBe('2026-02-04');
    expect(deadlineDate('suggestion', '2026-01-20T10:00:00.000Z')).toBeNull();
    expect(isOverdue('complaint', 1, '2026-01-20T10:00:00.000Z', '2026-02-05')).toBe(true);
    expect(isOverdue('complaint', 3, '2026-01-20T10:00:00.000Z', '2026-02-05')).toBe(false);
    expect(isOverdue('complaint', 2, '2026-01-20T10:00:00.000Z', '2026-02-04')).toBe(false);
  });
});
