/**
 * Inviting a colleague (用户与权限, docs/roles.md): the administrator invites by name, mobile and role;
 * an SMS carries a one-time link to the identity provider, where the colleague chooses a user name and
 * a password and can then log in with the role; a link spent, replaced, withdrawn or older than 72 hours
 * opens nothing. Each step is in the company's activity log.
 */
import type { Invitation, CompanyUser } from '@contract/io/users';
import { LOCALE_COOKIE } from '@contract/locale';
import { Status } from '@contract/envelope';
import { FixedClock } from '@server/services/clock';
import { translate } from '@server/messages/catalogue';
import { INVITATION_HOURS } from '@server/services/invitations';
import { startGateway, type TestGateway } from './support/gateway';
import { ok } from './policy/support';

let gw: TestGateway;
let admin: string;
const clock = new FixedClock(new Date());
beforeAll(async () => {
  gw = await startGateway({}, { clock });
  admin = await gw.login('corp-hr');
});
afterAll(() => gw.close());

let phoneSerial = 0;
/** A mobile number no user has. */
const freshPhone = () => `1391234${String(++phoneSerial).padStart(4, '0')}`;

const invite = (values: { name: string; phone: string; role: string }, cookie = admin) =>
  gw.call<Invitation>('blocLegal/users/invite', values, { cookie });

/** The link of the last SMS to a phone. */
async function linkSentTo(phone: string): Promise<{ text: string; path: string }> {
  const row = await gw.app.services.db
    .selectFrom('sms_outbox')
    .select('text')
    .where('phone', '=', phone)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const url = /https?:\/\/\S+\/idprovider\/invitation\?token=[A-Za-z0-9_-]{43}&lang=(en-US|zh-CN)/.exec(row.text)?.[0];
  expect(url).toBeDefined();
  const u = new URL(url!);
  u.searchParams.delete('lang');
  return { text: row.text, path: `${u.pathname}${u.search}` };
}

const open = (path: string, lang = 'en-US') => gw.app.inject({ method: 'GET', url: `${path}&lang=${lang}` });
const take = (path: string, form: Record<string, string>) =>
  gw.app.inject({
    method: 'POST',
    url: '/idprovider/invitation',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    payload: new URLSearchParams({
      token: new URL(path, 'http://x').searchParams.get('token')!,
      lang: 'en-US',
      ...form,
    }).toString(),
  });
const errorOf = (body: string) => /<div class="error"[^>]*>([^<]*)<\/div>/.exec(body)?.[1] ?? null;
const en = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) =>
  translate('en-US', key, params).replace(/'/g, '&#39;');

describe('an invitation', () => {
  it('sends a one-time link by SMS; the colleague sets a user name and password and logs in as a clerk', async () => {
    const phone = freshPhone();
    const sent = ok(await invite({ name: '赵晓雯', phone, role: 'clerk' }));
    expect(sent).toMatchObject({ name: '赵晓雯', role: 'clerk', phone: `${phone.slice(0, 3)}****${phone.slice(7)}` });
    expect(Date.parse(sent.expiresAt) - Date.parse(sent.sentAt)).toBe(INVITATION_HOURS * 3_600_000);
    expect(ok(await gw.call<Invitation[]>('blocLegal/users/invitations', {}, { cookie: admin }))).toContainEqual(sent);

    const { text, path } = await linkSentTo(phone);
    expect(text).toContain('上海恒晟精密制造有限公司');
    expect(text).toContain('Clerk');
    const page = await open(path);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('赵晓雯, 上海恒晟精密制造有限公司 invites you to its corporate account as Clerk.');
    expect((await open(path, 'zh-CN')).body).toContain('以“经办人”身份');

    // what breaks a rule says so, and the link stays open
    expect(errorOf((await take(path, { userName: 'zx', password: 'Abcd1234x', confirm: 'Abcd1234x' })).body)).toBe(
      en('users.badUserName'),
    );
    expect(errorOf((await take(path, { userName: 'zhaoxw', password: 'short1', confirm: 'short1' })).body)).toBe(
      en('password.length'),
    );
    expect(errorOf((await take(path, { userName: 'zhaoxw', password: 'Abcd1234x', confirm: 'Abcd1234y' })).body)).toBe(
      en('register.mismatch'),
    );
    expect(errorOf((await take(path, { userName: 'corp-hr', password: 'Abcd1234x', confirm: 'Abcd1234x' })).body)).toBe(
      en('users.userNameTaken'),
    );

    const done = await take(path, { userName: 'zhaoxw', password: 'Abcd1234x', confirm: 'Abcd1234x' });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/idprovider/login?flag=legal&reason=invited&lang=en-US');
    const clerk = await gw.login('zhaoxw', 'Abcd1234x');
    // a clerk: reads the company's policies, may not manage its users
    expect((await gw.call('blocLegal/legalPolicy/getLegalPolicyList', {}, { cookie: clerk })).status).toBe(Status.ok);
    const refused = await gw.call('blocLegal/users/list', {}, { cookie: clerk });
    expect(refused.status).toBe(Status.refused);
    const users = ok(await gw.call<CompanyUser[]>('blocLegal/users/list', {}, { cookie: admin }));
    expect(users.find((u) => u.userName === 'zhaoxw')).toMatchObject({
      name: '赵晓雯',
      role: 'clerk',
      state: 'active',
    });
    expect(ok(await gw.call<Invitation[]>('blocLegal/users/invitations', {}, { cookie: admin }))).not.toContainEqual(
      expect.objectContaining({ invitationId: sent.invitationId }),
    );

    // spent: the link opens nothing, a second post makes nothing
    const again = await open(path);
    expect(again.statusCode).toBe(410);
    expect(errorOf(again.body)).toBe(en('users.invitationClosed', { hours: INVITATION_HOURS }));
    expect((await take(path, { userName: 'zhaoxw2', password: 'Abcd1234x', confirm: 'Abcd1234x' })).statusCode).toBe(
      410,
    );

    // the activity log: who invited whom, and who took it
    const log = await gw.app.services.db
      .selectFrom('audit_event')
      .select(['kind', 'actor', 'after'])
      .where('kind', 'in', ['userInvited', 'invitationAccepted'])
      .orderBy('id')
      .execute();
    expect(log.slice(-2)).toEqual([
      { kind: 'userInvited', actor: 'corp-hr', after: expect.stringContaining('赵晓雯') },
      { kind: 'invitationAccepted', actor: 'zhaoxw', after: expect.stringContaining('clerk') },
    ]);
  });

  it('is replaced by a second invitation of the same number, withdrawn, and runs out after 72 hours', async () => {
    const phone = freshPhone();
    ok(await invite({ name: 'Li Na', phone, role: 'viewer' }));
    const first = (await linkSentTo(phone)).path;
    const second = ok(await invite({ name: 'Li Na', phone, role: 'approver' }));
    const secondPath = (await linkSentTo(phone)).path;
    expect((await open(first)).statusCode).toBe(410);
    expect((await open(secondPath)).statusCode).toBe(200);
    const listed = ok(await gw.call<Invitation[]>('blocLegal/users/invitations', {}, { cookie: admin }));
    expect(listed.filter((i) => i.name === 'Li Na')).toEqual([second]);

    // sent again: a new link, the one before no longer opens
    const third = ok(
      await gw.call<Invitation>(
        'blocLegal/users/resendInvitation',
        { invitationId: second.invitationId },
        { cookie: admin },
      ),
    );
    expect(third).toMatchObject({ name: 'Li Na', role: 'approver' });
    const thirdPath = (await linkSentTo(phone)).path;
    expect(thirdPath).not.toBe(secondPath);
    expect((await open(secondPath)).statusCode).toBe(410);
    expect((await open(thirdPath)).statusCode).toBe(200);

    ok(await gw.call('blocLegal/users/withdrawInvitation', { invitationId: third.invitationId }, { cookie: admin }));
    expect((await open(thirdPath)).statusCode).toBe(410);
    const twice = await gw.call(
      'blocLegal/users/withdrawInvitation',
      { invitationId: second.invitationId },
      {
        cookie: admin,
      },
    );
    expect(twice.statusText).toBe(translate('en-US', 'users.noSuchInvitation'));

    const late = freshPhone();
    ok(await invite({ name: 'Wang Fang', phone: late, role: 'clerk' }));
    const latePath = (await linkSentTo(late)).path;
    clock.advance(INVITATION_HOURS * 3_600_000 + 1000);
    admin = await gw.login('corp-hr');
    expect((await open(latePath)).statusCode).toBe(410);
    expect(ok(await gw.call<Invitation[]>('blocLegal/users/invitations', {}, { cookie: admin }))).toEqual([]);
  });

  it('refuses a bad name or number, a number a user has, in the administrator’s language, and sends nothing', async () => {
    const zh = `${admin}; ${LOCALE_COOKIE}=zh-CN`;
    const before = await gw.app.services.db
      .selectFrom('sms_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const badName = await invite({ name: 'X', phone: freshPhone(), role: 'clerk' }, zh);
    expect(badName.statusText).toBe(translate('zh-CN', 'users.badName'));
    const badPhone = await invite({ name: '赵晓雯', phone: '12345', role: 'clerk' });
    expect(badPhone.statusText).toBe(translate('en-US', 'register.badMobile'));
    const corpHrPhone = (
      await gw.app.services.db
        .selectFrom('app_user')
        .select('phone')
        .where('username', '=', 'corp-clerk')
        .executeTakeFirstOrThrow()
    ).phone!;
    const taken = await invite({ name: '赵晓雯', phone: corpHrPhone, role: 'clerk' });
    expect(taken.statusText).toBe(translate('en-US', 'users.phoneTaken'));
    const after = await gw.app.services.db
      .selectFrom('sms_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('is the inviting company’s own: another company’s administrator cannot see or withdraw it', async () => {
    const phone = freshPhone();
    const mine = ok(await invite({ name: '孙悦', phone, role: 'clerk' }));
    const other = await gw.login('corp-closing');
    expect(ok(await gw.call<Invitation[]>('blocLegal/users/invitations', {}, { cookie: other }))).toEqual([]);
    const refused = await gw.call(
      'blocLegal/users/withdrawInvitation',
      { invitationId: mine.invitationId },
      {
        cookie: other,
      },
    );
    expect(refused.statusText).toBe(translate('en-US', 'users.noSuchInvitation'));
    expect((await open((await linkSentTo(phone)).path)).statusCode).toBe(200);
  });
});
