import { type Page, Status } from '@contract/envelope';
import type { Activity, Favourite, MyScore, PointOrder, ServiceBooking, ServicePackage } from '@contract/io/personal';
import type { CallName } from '@contract/calls';
import { startGateway, type TestGateway } from '../support/gateway';
import { customerOf } from './support';

let gw: TestGateway;
let senior: string;
let basic: string;
beforeAll(async () => {
  gw = await startGateway();
  senior = await gw.login('member-senior');
  basic = await gw.login('member-basic');
});
afterAll(() => gw.close());

const tomorrow = (days = 1) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('the club is for senior members', () => {
  const clubCalls: CallName[] = [
    'blocLegal/club/myScore',
    'blocLegal/club/integralOrder',
    'blocLegal/club/redeemGift',
    'blocLegal/club/servicePackage',
    'blocLegal/club/serviceCustom',
    'blocLegal/club/bookService',
    'blocLegal/club/cancelBooking',
    'blocLegal/club/collect',
    'blocLegal/club/removeCollect',
    'blocLegal/club/activity',
    'blocLegal/club/joinActivity',
    'blocLegal/club/quitActivity',
  ];
  /** A well-formed request of each call: the refusal is the member's rank, not the request. */
  const valid: Partial<Record<CallName, Record<string, string | number>>> = {
    'blocLegal/club/redeemGift': {
      giftCode: 'G-UMB',
      recipient: '王芳',
      phone: '13800138000',
      address: '上海市徐汇区 1 号',
    },
    'blocLegal/club/bookService': {
      itemId: 1,
      appointmentDate: tomorrow(2),
      city: 'Shanghai',
      contactPhone: '13800138000',
    },
    'blocLegal/club/cancelBooking': { bookingNo: 'FW20261101000520' },
    'blocLegal/club/removeCollect': { id: 1 },
    'blocLegal/club/joinActivity': { code: 'ACT-2026-06-TEA' },
    'blocLegal/club/quitActivity': { code: 'ACT-2026-06-TEA' },
  };
  it.each(clubCalls)('%s refuses a non-senior member with the message of docs/SPEC.md §5', async (name) => {
    const res = await gw.call(name, valid[name] ?? {}, { cookie: basic });
    expect(res).toEqual({
      status: Status.refused,
      statusText: 'Your information is incomplete; you cannot take part in club activities!',
      data: null,
    });
    expect(res.statusText).toBe('Your information is incomplete; you cannot take part in club activities!');
  });
});

describe('club/myScore and club/integralOrder', () => {
  it('answers the balance, the year and a page of history', async () => {
    const res = await gw.call<MyScore>('blocLegal/club/myScore', { pageSize: 5 }, { cookie: senior });
    expect(res.data.balance).toBe(7416);
    expect(res.data.history.total).toBe(11);
    expect(res.data.history.list).toHaveLength(5);
    expect(res.data.history.list[0]).toMatchObject({ kind: 'redeem', points: -600 });
  });

  it('lists points orders by state', async () => {
    const all = await gw.call<Page<PointOrder>>('blocLegal/club/integralOrder', {}, { cookie: senior });
    expect(all.data.list.map((o) => o.orderNo)).toEqual(['JF20261119000552', 'JF20261002000128', 'JF20250620000311']);
    const shipped = await gw.call<Page<PointOrder>>('blocLegal/club/integralOrder', { state: 2 }, { cookie: senior });
    expect(shipped.data.list).toEqual([
      expect.objectContaining({ orderNo: 'JF20261002000128', trackingNo: 'SF1460023318870' }),
    ]);
  });

  it('redeems a gift: points spent, stock taken, order made', async () => {
    const res = await gw.call<PointOrder>(
      'blocLegal/club/redeemGift',
      {
        giftCode: 'G-CHK',
        quantity: 2,
        recipient: '李文静',
        phone: '13901728856',
        address: '上海市徐汇区天钥桥路 100 号',
      },
      { cookie: senior },
    );
    expect(res.data).toMatchObject({ giftName: 'Basic health check voucher', quantity: 2, points: 6000, state: 1 });
    const score = await gw.call<MyScore>('blocLegal/club/myScore', {}, { cookie: senior });
    expect(score.data.balance).toBe(1416);
    const gift = await gw.app.services.db
      .selectFrom('gift')
      .select('stock')
      .where('code', '=', 'G-CHK')
      .executeTakeFirstOrThrow();
    expect(gift.stock).toBe(38);
  });

  it('refuses a redemption the balance or the stock cannot cover, and changes nothing', async () => {
    const poor = await gw.call(
      'blocLegal/club/redeemGift',
      { giftCode: 'G-CUP', quantity: 2, recipient: '李文静', phone: '13901728856', address: 'x' },
      { cookie: senior },
    );
    expect(poor.statusText).toBe('This needs 2400 points and you have 1416.');
    const none = await gw.call(
      'blocLegal/club/redeemGift',
      { giftCode: 'G-BAG', quantity: 1, recipient: '李文静', phone: '13901728856', address: 'x' },
      { cookie: senior },
    );
    expect(none.statusText).toBe('There are not enough of this gift left.');
    const badPhone = await gw.call(
      'blocLegal/club/redeemGift',
      { giftCode: 'G-UMB', recipient: '李文静', phone: '123', address: 'x' },
      { cookie: senior },
    );
    expect(badPhone.statusText).toBe('The phone number must be an 11-digit mainland mobile number.');
    const score = await gw.call<MyScore>('blocLegal/club/myScore', {}, { cookie: senior });
    expect(score.data.balance).toBe(1416);
  });
});

describe('club/servicePackage, serviceCustom, bookService, cancelBooking', () => {
  it('lists packages with their remaining uses and validity', async () => {
    const res = await gw.call<ServicePackage[]>('blocLegal/club/servicePackage', {}, { cookie: senior });
    expect(res.data.map((p) => p.packageNo)).toEqual(['SP2026000233', 'SP2026000871', 'SP2025000129']);
    expect(res.data[2].validity).toBe('expired');
    const video = res.data[0].items.find((i) => i.code === 'VIDEO');
    expect(video).toMatchObject({ totalUses: 12, usedUses: 3, remainingUses: 9 });
  });

  it('books a service from a package, using one use, and cancels it, giving it back', async () => {
    const pkgs = await gw.call<ServicePackage[]>('blocLegal/club/servicePackage', {}, { cookie: senior });
    const green = pkgs.data[0].items.find((i) => i.code === 'GREEN')!;
    const booked = await gw.call<ServiceBooking>(
      'blocLegal/club/bookService',
      {
        itemId: green.itemId,
        appointmentDate: tomorrow(3),
        city: '上海',
        contactPhone: '13901728856',
        note: 'Cardiology',
      },
      { cookie: senior },
    );
    expect(booked.data).toMatchObject({
      serviceName: 'Hospital appointment (green channel)',
      packageName: 'Health management package',
      state: 1,
    });
    const after = await gw.call<ServicePackage[]>('blocLegal/club/servicePackage', {}, { cookie: senior });
    expect(after.data[0].items.find((i) => i.code === 'GREEN')!.usedUses).toBe(1);
    const list = await gw.call<Page<ServiceBooking>>('blocLegal/club/serviceCustom', {}, { cookie: senior });
    expect(list.data.total).toBe(5);
    expect(list.data.list[0].bookingNo).toBe(booked.data.bookingNo);
    const cancelled = await gw.call<ServiceBooking>(
      'blocLegal/club/cancelBooking',
      { bookingNo: booked.data.bookingNo },
      { cookie: senior },
    );
    expect(cancelled.data.state).toBe(3);
    const back = await gw.call<ServicePackage[]>('blocLegal/club/servicePackage', {}, { cookie: senior });
    expect(back.data[0].items.find((i) => i.code === 'GREEN')!.usedUses).toBe(0);
    const twice = await gw.call(
      'blocLegal/club/cancelBooking',
      { bookingNo: booked.data.bookingNo },
      { cookie: senior },
    );
    expect(twice.statusText).toBe('This booking is already cancelled.');
  });

  it('refuses a used-up service, an expired package, a past date, a completed booking', async () => {
    const pkgs = await gw.call<ServicePackage[]>('blocLegal/club/servicePackage', {}, { cookie: senior });
    const checkup = pkgs.data[0].items.find((i) => i.code === 'CHECKUP')!;
    const usedUp = await gw.call(
      'blocLegal/club/bookService',
      { itemId: checkup.itemId, appointmentDate: tomorrow(2), city: '上海', contactPhone: '13901728856' },
      { cookie: senior },
    );
    expect(usedUp.statusText).toBe('This service has no uses left in your package.');
    const expired = pkgs.data[2].items[0];
    const old = await gw.call(
      'blocLegal/club/bookService',
      { itemId: expired.itemId, appointmentDate: tomorrow(2), city: '上海', contactPhone: '13901728856' },
      { cookie: senior },
    );
    expect(old.statusText).toBe('This service package has expired.');
    const video = pkgs.data[0].items.find((i) => i.code === 'VIDEO')!;
    const past = await gw.call(
      'blocLegal/club/bookService',
      { itemId: video.itemId, appointmentDate: '2020-01-01', city: '上海', contactPhone: '13901728856' },
      { cookie: senior },
    );
    expect(past.statusText).toBe('Choose an appointment date from tomorrow on.');
    const done = await gw.call('blocLegal/club/cancelBooking', { bookingNo: 'FW20260410000102' }, { cookie: senior });
    expect(done.statusText).toMatch(/has been provided/);
  });

  it("refuses another member's service item and booking", async () => {
    const basicUser = await customerOf(gw, 'member-basic');
    await gw.app.services.db.updateTable('app_user').set({ user_ank: 1 }).where('id', '=', basicUser.id).execute();
    try {
      const pkgs = await gw.call<ServicePackage[]>('blocLegal/club/servicePackage', {}, { cookie: senior });
      const video = pkgs.data[0].items.find((i) => i.code === 'VIDEO')!;
      const res = await gw.call(
        'blocLegal/club/bookService',
        { itemId: video.itemId, appointmentDate: tomorrow(2), city: '深圳', contactPhone: '13611935520' },
        { cookie: basic },
      );
      expect(res.statusText).toBe('There is no such service in your packages.');
      const cancel = await gw.call(
        'blocLegal/club/cancelBooking',
        { bookingNo: 'FW20261101000520' },
        { cookie: basic },
      );
      expect(cancel.statusText).toBe('There is no such booking in your account.');
      const theirs = await gw.call<ServicePackage[]>('blocLegal/club/servicePackage', {}, { cookie: basic });
      expect(theirs.data).toEqual([]);
    } finally {
      await gw.app.services.db.updateTable('app_user').set({ user_ank: 2 }).where('id', '=', basicUser.id).execute();
    }
  });
});

describe('club/collect and removeCollect', () => {
  it('lists favourites by kind and removes one of the member’s own only', async () => {
    const all = await gw.call<Page<Favourite>>('blocLegal/club/collect', {}, { cookie: senior });
    expect(all.data.total).toBe(5);
    const articles = await gw.call<Page<Favourite>>('blocLegal/club/collect', { kind: 'article' }, { cookie: senior });
    expect(articles.data.list.map((f) => f.title)).toEqual([
      'How annuity bonuses are declared',
      'Claiming medical expenses online',
    ]);
    const basicFav = await gw.app.services.db
      .selectFrom('favourite')
      .select('id')
      .where('customer_id', '=', (await customerOf(gw, 'member-basic')).customer_id)
      .executeTakeFirstOrThrow();
    const theirs = await gw.call('blocLegal/club/removeCollect', { id: basicFav.id }, { cookie: senior });
    expect(theirs.statusText).toBe('There is no such favourite in your account.');
    expect(
      await gw.app.services.db.selectFrom('favourite').select('id').where('id', '=', basicFav.id).executeTakeFirst(),
    ).toBeDefined();
    const removed = await gw.call('blocLegal/club/removeCollect', { id: articles.data.list[0].id }, { cookie: senior });
    expect(removed.status).toBe(Status.ok);
    const after = await gw.call<Page<Favourite>>('blocLegal/club/collect', {}, { cookie: senior });
    expect(after.data.total).toBe(4);
  });
});

describe('club/activity, joinActivity, quitActivity', () => {
  const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
  beforeAll(async () => {
    await gw.app.services.db
      .insertInto('club_activity')
      .values([
        {
          code: 'T-OPEN',
          title: 'Test open',
          summary: 's',
          city: '上海',
          starts_at: future(30),
          ends_at: future(30.1),
          enrol_until: future(20),
          capacity: 5,
          state: 1,
        },
        {
          code: 'T-ONE',
          title: 'Test one seat',
          summary: 's',
          city: '上海',
          starts_at: future(31),
          ends_at: future(31.1),
          enrol_until: future(20),
          capacity: 1,
          state: 1,
        },
        {
          code: 'T-CLOSED',
          title: 'Test closed',
          summary: 's',
          city: '上海',
          starts_at: future(3),
          ends_at: future(3.1),
          enrol_until: future(-1),
          capacity: 5,
          state: 1,
        },
      ])
      .execute();
  });

  it('lists activities with the enrolment state; mine=true only the joined ones', async () => {
    const all = await gw.call<Page<Activity>>('blocLegal/club/activity', { pageSize: 20 }, { cookie: senior });
    expect(all.data.total).toBe(7);
    const tea = all.data.list.find((a) => a.code === 'ACT-2026-06-TEA')!;
    expect(tea).toMatchObject({ joined: true, enrolled: 1, status: 'closed' });
    const mine = await gw.call<Page<Activity>>('blocLegal/club/activity', { mine: 'true' }, { cookie: senior });
    expect(mine.data.list.map((a) => a.code)).toEqual(['ACT-2026-06-TEA']);
  });

  it('joins, refuses joining twice, withdraws', async () => {
    const joined = await gw.call<Activity>('blocLegal/club/joinActivity', { code: 'T-OPEN' }, { cookie: senior });
    expect(joined.data).toMatchObject({ joined: true, enrolled: 1, status: 'open' });
    const twice = await gw.call('blocLegal/club/joinActivity', { code: 'T-OPEN' }, { cookie: senior });
    expect(twice.statusText).toBe('You have already joined this activity.');
    const quit = await gw.call<Activity>('blocLegal/club/quitActivity', { code: 'T-OPEN' }, { cookie: senior });
    expect(quit.data).toMatchObject({ joined: false, enrolled: 0 });
    const rejoin = await gw.call<Activity>('blocLegal/club/joinActivity', { code: 'T-OPEN' }, { cookie: senior });
    expect(rejoin.data.joined).toBe(true);
    const notIn = await gw.call('blocLegal/club/quitActivity', { code: 'T-ONE' }, { cookie: senior });
    expect(notIn.statusText).toBe('You have not joined this activity.');
  });

  it('refuses a full activity, a closed enrolment and an unknown code', async () => {
    const corp = await customerOf(gw, 'corp-hr');
    const one = await gw.app.services.db
      .selectFrom('club_activity')
      .select('id')
      .where('code', '=', 'T-ONE')
      .executeTakeFirstOrThrow();
    await gw.app.services.db
      .insertInto('club_enrolment')
      .values({
        activity_id: one.id,
        customer_id: corp.customer_id,
        user_id: corp.id,
        state: 1,
        enrolled_at: future(0),
        updated_at: future(0),
      })
      .execute();
    const full = await gw.call('blocLegal/club/joinActivity', { code: 'T-ONE' }, { cookie: senior });
    expect(full.statusText).toBe('This activity is full.');
    const closed = await gw.call('blocLegal/club/joinActivity', { code: 'T-CLOSED' }, { cookie: senior });
    expect(closed.statusText).toBe('Enrolment for this activity has closed.');
    const unknown = await gw.call('blocLegal/club/joinActivity', { code: 'NOPE' }, { cookie: senior });
    expect(unknown.statusText).toBe('There is no such activity.');
  });
});
