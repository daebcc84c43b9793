/**
 * The roles of a company's users (docs/roles.md), enforced by the gateway on every call whatever the
 * page shows: a table of every corporate call and every role, each refusal made for real and said in
 * the user's language, changing nothing; the menu each role is given.
 */
import type { MenuEntry, LoginInfo } from '@contract/io/session';
import type { ItemChange } from '@contract/io/correction';
import type { CompanyUser } from '@contract/io/users';
import type { AuditRow } from '@contract/io/audit';
import type { Page } from '@contract/envelope';
import { LOCALE_COOKIE } from '@contract/locale';
import { Status } from '@contract/envelope';
import { may, ROLES, type Role } from '@contract/roles';
import { corporateCalls, rightOf } from '@server/http/audited';
import { startGateway, type TestGateway } from './support/gateway';
import { addApprover, customerOf, key, makePolicy, newPerson, ok, today, type TestPolicy } from './correction/support';

let gw: TestGateway;
const cookies = {} as Record<Role, string>;
let policy: TestPolicy;
beforeAll(async () => {
  gw = await startGateway();
  // the demo company has an administrator, a clerk and a viewer; an approver is added here
  await addApprover(gw);
  cookies.administrator = await gw.login('corp-hr');
  cookies.clerk = await gw.login('corp-clerk');
  cookies.viewer = await gw.login('corp-viewer');
  cookies.approver = await gw.login('corp-approver');
  policy = await makePolicy(gw, { members: 3 });
});
afterAll(() => gw.close());

const E = 'blocLegal/employee/';

describe('the table of calls and roles', () => {
  it('gives every corporate call the right it needs', () => {
    const without = corporateCalls().filter((n) => rightOf(n) === null);
    expect(without).toEqual([]);
  });

  it.each(ROLES.filter((r) => r !== 'administrator'))(
    'refuses a %s every call its role does not allow, at the door, in the user’s language',
    async (role) => {
      const refused = corporateCalls().filter((n) => !may(role, rightOf(n)!));
      expect(refused.length).toBeGreaterThan(role === 'viewer' ? 30 : 5);
      const roleName = { approver: '审批人', clerk: '经办人', viewer: '查看者' }[role as 'approver'];
      for (const name of refused) {
        const answer = await gw.call(name, {}, { cookie: `${cookies[role]}; ${LOCALE_COOKIE}=zh-CN` });
        expect({ name, text: answer.statusText }).toEqual({
          name,
          text: `您的角色（${roleName}）无权进行此操作，请联系贵公司的管理员。`,
        });
      }
    },
  );

  it('lets each role read everything: every policy of the company, none limited to some (docs/roles.md)', async () => {
    const all = await gw.call('blocLegal/legalPolicy/getLegalPolicyList', {}, { cookie: cookies.administrator });
    expect(JSON.stringify(all.data)).toMatch(/policyNo/);
    for (const role of ROLES) {
      const list = await gw.call('blocLegal/legalPolicy/getLegalPolicyList', {}, { cookie: cookies[role] });
      expect({ role, status: list.status }).toEqual({ role, status: Status.ok });
      expect(list.data).toEqual(all.data);
      const info = await ok<LoginInfo>(gw, 'blocLegal/login/getLoginInfo', {}, cookies[role]);
      expect(info.role).toBe(role);
    }
  });
});

describe('a correction between a clerk and an approver', () => {
  it('is prepared by the clerk, who cannot send it; the approver sends it; a viewer changes nothing', async () => {
    const viewerTry = await gw.call(
      `${E}addSingleEmployee`,
      { policyId: policy.policyId, effectiveDate: today(), idempotencyKey: key(), ...newPerson(policy.region, 5) },
      { cookie: cookies.viewer },
    );
    expect(viewerTry.status).not.toBe(Status.ok);
    const drafts = async () =>
      (
        await gw.app.services.db
          .selectFrom('correction')
          .select('id')
          .where('policy_id', '=', policy.policyId)
          .execute()
      ).length;
    expect(await drafts()).toBe(0);

    const change = await ok<ItemChange>(
      gw,
      `${E}addSingleEmployee`,
      { policyId: policy.policyId, effectiveDate: today(), idempotencyKey: key(), ...newPerson(policy.region, 6) },
      cookies.clerk,
    );
    const id = change.correction.correctionId;
    await ok(gw, `${E}underwriting`, { correctionId: id }, cookies.clerk);
    const clerkSends = await gw.call(
      `${E}applyBusinessApprove`,
      { correctionId: id, idempotencyKey: key() },
      {
        cookie: cookies.clerk,
      },
    );
    expect(clerkSends.statusText).toBe('Your role (Clerk) does not allow this. Ask your company’s administrator.');
    const sent = await ok<{ decision: string }>(
      gw,
      `${E}applyBusinessApprove`,
      { correctionId: id, idempotencyKey: key() },
      cookies.approver,
    );
    expect(sent.decision).toBe('approved');
  });
});

describe('the menu', () => {
  const pages = async (role: Role) => {
    const tree = await ok<MenuEntry[]>(gw, 'blocLegal/menu/getEcenterMenus', {}, cookies[role]);
    const names: string[] = [];
    const walk = (entries: MenuEntry[]) => entries.forEach((e) => (names.push(e.component), walk(e.children)));
    walk(tree);
    return names;
  };

  it('shows each role the pages its rights reach, and no other', async () => {
    const admin = await pages('administrator');
    expect(admin).toEqual(
      expect.arrayContaining(['EmployeeChanges', 'EmployeeCorrection', 'LegalAccountChange', 'AuditTrail']),
    );
    const clerk = await pages('clerk');
    expect(clerk).toContain('EmployeeChanges');
    expect(clerk).not.toContain('LegalAccountChange');
    expect(clerk).not.toContain('LegalAccountCancel');
    const approver = await pages('approver');
    expect(approver).toContain('EmployeeCorrection');
    expect(approver).not.toContain('EmployeeChanges');
    const viewer = await pages('viewer');
    expect(viewer).toEqual(
      admin.filter(
        (p) =>
          ![
            'EmployeeChanges',
            'EmployeeCorrection',
            'InsuredCorrection',
            'LegalAccountChange',
            'LegalAccountCancel',
            'CompanyUsers',
          ].includes(p),
      ),
    );
  });
});

describe('the administrator’s users and roles', () => {
  const users = async () => ok<CompanyUser[]>(gw, 'blocLegal/users/list', {}, cookies.administrator);
  const idOf = async (userName: string) => (await users()).find((u) => u.userName === userName)!.userId;

  it('lists the company’s users with their role, state and last login', async () => {
    const list = await users();
    expect(list.map((u) => [u.userName, u.role, u.state])).toEqual([
      ['corp-hr', 'administrator', 'active'],
      ['corp-clerk', 'clerk', 'active'],
      ['corp-viewer', 'viewer', 'active'],
      ['corp-approver', 'approver', 'active'],
    ]);
    expect(list[0]!.you).toBe(true);
    expect(list[1]!.phone).toBe('138****0533');
    expect(list.every((u) => u.lastLoginAt !== null)).toBe(true);
  });

  it('keeps an active administrator: the last one is not demoted, suspended or removed', async () => {
    const hr = await idOf('corp-hr');
    for (const change of [{ role: 'clerk' }, { state: 'suspended' }] as Record<string, string>[]) {
      const refused = await gw.call(
        'blocLegal/users/update',
        { userId: hr, ...change },
        { cookie: cookies.administrator },
      );
      expect(refused.statusText).toBe(
        'Your company must keep an active administrator: make another user administrator first.',
      );
    }
    const self = await gw.call('blocLegal/users/remove', { userId: hr }, { cookie: cookies.administrator });
    expect(self.statusText).toBe('You cannot remove yourself; another administrator can.');
    expect((await users())[0]!.role).toBe('administrator');
  });

  it('gives a new role to the user’s very next call, and the log says who changed what', async () => {
    const viewer = await idOf('corp-viewer');
    const before = await gw.call('blocLegal/employee/removeCorrectItem', {}, { cookie: cookies.viewer });
    expect(before.statusText).toMatch(/^Your role \(Viewer\)/);
    const changed = await ok<CompanyUser>(
      gw,
      'blocLegal/users/update',
      { userId: viewer, role: 'clerk' },
      cookies.administrator,
    );
    expect(changed.role).toBe('clerk');
    const after = await gw.call('blocLegal/employee/removeCorrectItem', {}, { cookie: cookies.viewer });
    expect(after.statusText).not.toMatch(/^Your role/);
    const log = await ok<Page<AuditRow>>(gw, 'blocLegal/audit/list', { kind: 'userChanged' }, cookies.administrator);
    expect(log.list[0]).toMatchObject({ actor: 'corp-hr', subjectKind: 'account' });
    expect(log.list[0]!.after).toEqual([
      { field: 'userName', value: 'corp-viewer' },
      { field: 'role', value: 'clerk' },
      { field: 'state', value: 'active' },
    ]);
  });

  it('ends a suspended user’s session at once and tells them at the login; re-activated, they log in', async () => {
    const clerk = await idOf('corp-clerk');
    await ok(gw, 'blocLegal/users/update', { userId: clerk, state: 'suspended' }, cookies.administrator);
    const next = await gw.call('blocLegal/login/getLoginInfo', {}, { cookie: cookies.clerk });
    expect(next.status).not.toBe(Status.ok);
    await expect(gw.login('corp-clerk')).rejects.toThrow(/login of corp-clerk failed/);
    const page = await gw.app.inject({
      method: 'POST',
      url: '/idprovider/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      payload: new URLSearchParams({
        username: 'corp-clerk',
        password: 'Demo@2026',
        privacy: '1',
        flag: 'legal',
      }).toString(),
    });
    expect(page.body).toContain('Your access has been suspended by your company’s administrator.');
    await ok(gw, 'blocLegal/users/update', { userId: clerk, state: 'active' }, cookies.administrator);
    cookies.clerk = await gw.login('corp-clerk');
    expect((await ok<LoginInfo>(gw, 'blocLegal/login/getLoginInfo', {}, cookies.clerk)).userName).toBe('corp-clerk');
  });

  it('removes a user: their session ends, they no longer log in or show, and no other company’s user can be touched', async () => {
    const approver = await idOf('corp-approver');
    const removed = await ok<CompanyUser>(gw, 'blocLegal/users/remove', { userId: approver }, cookies.administrator);
    expect(removed.userName).toBe('corp-approver');
    expect((await gw.call('blocLegal/login/getLoginInfo', {}, { cookie: cookies.approver })).status).not.toBe(
      Status.ok,
    );
    await expect(gw.login('corp-approver')).rejects.toThrow();
    expect((await users()).map((u) => u.userName)).not.toContain('corp-approver');
    const closing = await gw.app.services.db
      .selectFrom('app_user')
      .select('id')
      .where('username', '=', 'corp-closing')
      .executeTakeFirstOrThrow();
    const foreign = await gw.call('blocLegal/users/remove', { userId: closing.id }, { cookie: cookies.administrator });
    expect(foreign.statusText).toBe('There is no such user in your company.');
  });

  it('keeps an administrator when two administrators demote each other at the same moment: one change passes', async () => {
    const hr = await idOf('corp-hr');
    const clerk = await idOf('corp-clerk');
    await ok(gw, 'blocLegal/users/update', { userId: clerk, role: 'administrator' }, cookies.administrator);
    // The service's two changes side by side (the calls' role checks passed for both, as when two
    // administrators press at the same moment): each read the other as an administrator before either wrote.
    const customer = await customerOf(gw, 'corp-hr');
    const answers = await Promise.allSettled([
      gw.app.services.companyUsers.update({ id: hr, customer_id: customer }, { userId: clerk, role: 'clerk' }),
      gw.app.services.companyUsers.update({ id: clerk, customer_id: customer }, { userId: hr, role: 'clerk' }),
    ]);
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    const refused = answers.find((a) => a.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ key: 'users.lastAdministrator' });
    const admins = (
      await gw.app.services.db
        .selectFrom('app_user')
        .select('username')
        .where('role', '=', 'administrator')
        .where('id', 'in', [hr, clerk])
        .execute()
    ).map((u) => u.username);
    expect(admins).toHaveLength(1);
    // as before: corp-hr the administrator, corp-clerk a clerk
    if (admins[0] === 'corp-clerk')
      await ok(gw, 'blocLegal/users/update', { userId: hr, role: 'administrator' }, cookies.clerk);
    else await ok(gw, 'blocLegal/users/update', { userId: clerk, role: 'administrator' }, cookies.administrator);
    await ok(gw, 'blocLegal/users/update', { userId: clerk, role: 'clerk' }, cookies.administrator);
    expect((await users()).slice(0, 2).map((u) => u.role)).toEqual(['administrator', 'clerk']);
  });
});
