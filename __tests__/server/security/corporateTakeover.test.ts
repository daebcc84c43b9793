/**
 * A corporate session could take the company's administrator over: sendMsg/sendSms and checkSms with
 * purpose bind-phone rebound the administrator's phone to any number, after which the account-change
 * code went to the new phone. Personal-centre calls refuse corporate sessions (and corporate calls
 * refuse members); the administrator's phone changes only through the account change.
 */
import { audienceOf, calls, type CallName } from '@contract/calls';
import { Status } from '@contract/envelope';
import { startServiceGateway, type ServiceGateway } from '../service/support';

let gw: ServiceGateway;
let hr: string;
let member: string;
const NEW_PHONE = '13700001234';

beforeAll(async () => {
  gw = await startServiceGateway();
  hr = await gw.login('corp-hr');
  member = await gw.login('member-senior');
});
afterAll(() => gw.close());

const administratorPhone = async () =>
  (
    await gw.app.services.db
      .selectFrom('app_user')
      .select('phone')
      .where('username', '=', 'corp-hr')
      .executeTakeFirstOrThrow()
  ).phone;

describe('the administrator’s phone', () => {
  it('cannot be rebound through the personal SMS calls: no code is sent, nothing changes', async () => {
    const before = await administratorPhone();
    const send = await gw.call(
      'blocLegal/sendMsg/sendSms',
      { purpose: 'bind-phone', phone: NEW_PHONE },
      { cookie: hr },
    );
    expect(send).toMatchObject({
      status: Status.refused,
      statusText: 'The personal centre is for individual members; corporate accounts use the corporate member centre.',
    });
    expect(await gw.outboxCount(NEW_PHONE)).toBe(0);
    const check = await gw.call(
      'blocLegal/sendMsg/checkSms',
      { purpose: 'bind-phone', code: '123456', phone: NEW_PHONE },
      { cookie: hr },
    );
    expect(check.status).toBe(Status.refused);
    const verify = await gw.call('blocLegal/sendMsg/sendSms', { purpose: 'verify-identity' }, { cookie: hr });
    expect(verify.status).toBe(Status.refused);
    const profile = await gw.call(
      'blocLegal/profile/changePhone',
      { phone: NEW_PHONE, code: '123456' },
      { cookie: hr },
    );
    expect(profile.status).toBe(Status.refused);
    expect(await administratorPhone()).toBe(before);
  });

  it('changes only through the account change, whose code goes to the phone on file', async () => {
    const before = await administratorPhone();
    expect(before).not.toBe(NEW_PHONE);
    const sent = await gw.call('blocLegal/account/sendSMSCodeForChangeAccount', {}, { cookie: hr });
    expect(sent.status).toBe(Status.ok);
    expect(await gw.outboxCount(before as string)).toBeGreaterThan(0);
    expect(await gw.outboxCount(NEW_PHONE)).toBe(0);
  });
});

describe('the two member centres', () => {
  const gatewayCalls = (Object.keys(calls) as CallName[]).filter(
    (n) => calls[n].base === 'gateway' && !calls[n].anonymous,
  );
  const personal = gatewayCalls.filter((n) => audienceOf(n) === 'personal');
  const corporate = gatewayCalls.filter((n) => audienceOf(n) === 'corporate');

  it('has calls of each kind', () => {
    expect(personal).toEqual(expect.arrayContaining(['blocLegal/sendMsg/sendSms', 'blocLegal/sendMsg/checkSms']));
    expect(corporate).toEqual(expect.arrayContaining(['blocLegal/account/changeLegalAccount']));
  });

  it.each(personal)('%s refuses a corporate session', async (name) => {
    expect((await gw.call(name, {}, { cookie: hr })).status).toBe(Status.refused);
  });

  it.each(corporate)('%s refuses an individual member', async (name) => {
    expect((await gw.call(name, {}, { cookie: member })).status).toBe(Status.refused);
  });
});
