/**
 * Anyone may write analytics events (the portal registers pages before login), and nothing bounded
 * it. Anonymous writes are now rationed per source across gateways, every write is rate-limited, and
 * a request's size is bounded (events per request, text per event, bytes per body).
 */
import { Status } from '@contract/envelope';
import { startGateway, type TestGateway } from '../support/gateway';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startGateway();
});
afterAll(() => gw.close());

const event = { kind: 'page', page: '/index', platform: 'PC', loginFlag: 2 };
const stored = async () =>
  Number(
    (
      await gw.app.services.db
        .selectFrom('analytics_event')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const write = (events: unknown, headers: Record<string, string> = {}, cookie?: string) =>
  gw.call('blocLegal/analytics/collect', { events: JSON.stringify(events) }, { headers, cookie });

describe('anonymous analytics', () => {
  it('takes 20 writes a minute from one source, then refuses and stores nothing more', async () => {
    const before = await stored();
    const answers = [];
    for (let i = 0; i < 21; i++) answers.push(await write([event]));
    expect(answers.slice(0, 20).every((a) => a.status === Status.ok)).toBe(true);
    expect(answers[20]).toMatchObject({
      status: Status.business,
      statusText: expect.stringMatching(/Too many requests/),
    });
    expect(await stored()).toBe(before + 20);
  });

  it('still takes a logged-in member’s events', async () => {
    const member = await gw.login('member-senior');
    expect((await write([event], {}, member)).status).toBe(Status.ok);
  });

  it('bounds the size of a request: 50 events, 300 characters of page, 64 KB of body', async () => {
    const member = await gw.login('member-basic');
    const before = await stored();
    expect(
      (
        await write(
          Array.from({ length: 51 }, () => event),
          {},
          member,
        )
      ).status,
    ).toBe(Status.business);
    expect((await write([{ ...event, page: 'x'.repeat(301) }], {}, member)).status).toBe(Status.business);
    const huge = await gw.raw(
      'blocLegal/analytics/collect',
      { events: JSON.stringify([event]), pad: 'x'.repeat(70_000) },
      { cookie: member },
    );
    expect(huge.json()).toMatchObject({ status: Status.business, statusText: expect.stringMatching(/too large/) });
    expect(await stored()).toBe(before);
  });
});
