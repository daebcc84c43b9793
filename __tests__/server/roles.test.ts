/**
 * The roles of a company's users (docs/roles.md), enforced by the gateway on every call whatever the
 * page shows: a table of every corporate call and every role, each refusal made for real and said in
 * the user's language, changing nothing; the menu each role is given.
 */
import type { MenuEntry, LoginInfo } from '@contract/io/session';
import type { ItemChange } from '@contract/io/correction';
import { LOCALE_COOKIE } from '@contract/locale';
import { Status } from '@contract/envelope';
import { may, ROLES, type Role } from '@contract/roles';
import { corporateCalls, rightOf } from '@server/http/audited';
import { startGateway, type TestGateway } from './support/gateway';
import { key, makePolicy, newPerson, ok, today, type TestPolicy } from './correction/support';

let gw: TestGateway;
const cookies = {} as Record<Role, string>;
let policy: TestPolicy;
beforeAll(async () => {
  gw = await startGateway();
  // the demo company has an administrator, a clerk and a viewer; an approver is added here
  const db = gw.app.services.db;
  const hr = await db.selectFrom('app_user').selectAll().where('username', '=', 'corp-hr').executeTakeFirstOrThrow();
  const { id: _id, ...values } = hr;
  await db
    .insertInto('app_user')
    .values({
      ...values,
      username: 'corp-approver',
      nick_name: '赵磊',
      real_name: '赵磊',
      phone: '13816620711',
      role: 'approver',
    })
    .execute();
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

  it('lets each role read everything', async () => {
    for (const role of ROLES) {
      const list = await gw.call('blocLegal/legalPolicy/getLegalPolicyList', {}, { cookie: cookies[role] });
      expect({ role, status: list.status }).toEqual({ role, status: Status.ok });
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
          ].includes(p),
      ),
    );
  });
});
