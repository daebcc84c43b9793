/**
 * Two-person approval (docs/roles.md), a company setting the administrator turns on: the user who
 * prepared a correction neither sends it for approval nor pays it; another approver (or administrator)
 * does, or returns it to the preparer with why, who sees the reason, changes it and it is sent again.
 */
import type { CorrectionDetail, CorrectionSummary, ItemChange } from '@contract/io/correction';
import type { CompanySettings } from '@contract/io/users';
import type { Page } from '@contract/envelope';
import { translate } from '@server/messages/catalogue';
import { startGateway, type TestGateway } from './support/gateway';
import { addApprover, key, makePolicy, newPerson, ok, today } from './correction/support';

const E = 'blocLegal/employee/';
let gw: TestGateway;
let admin: string;
let clerk: string;
let approver: string;
beforeAll(async () => {
  gw = await startGateway();
  await addApprover(gw);
  admin = await gw.login('corp-hr');
  clerk = await gw.login('corp-clerk');
  approver = await gw.login('corp-approver');
});
afterAll(() => gw.close());

const settings = (cookie: string) => gw.call<CompanySettings>('blocLegal/users/settings', {}, { cookie });
const detail = async (id: number, cookie = admin) =>
  (await ok<CorrectionDetail>(gw, `${E}correctDetail`, { correctionId: id }, cookie)).correction;

/** A correction prepared by `cookie` (one person added), underwritten: waiting to be sent for approval. */
async function prepared(cookie: string, n: number) {
  // one open correction per policy: each its own
  const policy = await makePolicy(gw, { members: 3 });
  const change = await ok<ItemChange>(
    gw,
    `${E}addSingleEmployee`,
    { policyId: policy.policyId, effectiveDate: today(), idempotencyKey: key(), ...newPerson(policy.region, n) },
    cookie,
  );
  const id = change.correction.correctionId;
  await ok(gw, `${E}underwriting`, { correctionId: id }, cookie);
  return id;
}

describe('two-person approval', () => {
  it('is off until the administrator turns it on; every user reads it, only the administrator changes it', async () => {
    expect((await settings(clerk)).data).toEqual({ twoPersonApproval: false });
    const byClerk = await gw.call('blocLegal/users/updateSettings', { twoPersonApproval: 1 }, { cookie: clerk });
    expect(byClerk.statusText).toBe('Your role (Clerk) does not allow this. Ask your company’s administrator.');
    expect((await settings(admin)).data).toEqual({ twoPersonApproval: false });
    expect(await ok<CompanySettings>(gw, 'blocLegal/users/updateSettings', { twoPersonApproval: 1 }, admin)).toEqual({
      twoPersonApproval: true,
    });
    expect((await settings(approver)).data).toEqual({ twoPersonApproval: true });
  });

  it('keeps the preparer from sending or paying their own correction; another approver sends it', async () => {
    const id = await prepared(admin, 11);
    const { correctionNo, preparedById } = await detail(id);
    const hrId = (
      await gw.app.services.db
        .selectFrom('app_user')
        .select('id')
        .where('username', '=', 'corp-hr')
        .executeTakeFirstOrThrow()
    ).id;
    expect(preparedById).toBe(hrId);
    const own = await gw.call(
      `${E}applyBusinessApprove`,
      { correctionId: id, idempotencyKey: key() },
      { cookie: admin },
    );
    expect(own.statusText).toBe(translate('en-US', 'correction.secondPerson', { correctionNo }));
    expect((await detail(id)).state).toBe('underwritten');
    const ownPay = await gw.call(`${E}getPaymentLink`, { correctionId: id, idempotencyKey: key() }, { cookie: admin });
    expect(ownPay.statusText).toBe(translate('en-US', 'correction.secondPerson', { correctionNo }));

    const sent = await ok<{ decision: string }>(
      gw,
      `${E}applyBusinessApprove`,
      { correctionId: id, idempotencyKey: key() },
      approver,
    );
    expect(sent.decision).toBe('approved');
  });

  it('lets a second person return it with why; the preparer sees the reason, changes it, and it is sent', async () => {
    const id = await prepared(clerk, 12);
    const returnedOwn = await gw.call(`${E}returnCorrection`, { correctionId: id, reason: 'x' }, { cookie: clerk });
    expect(returnedOwn.statusText).toBe('Your role (Clerk) does not allow this. Ask your company’s administrator.');
    const back = await ok<CorrectionSummary>(
      gw,
      `${E}returnCorrection`,
      { correctionId: id, reason: '生效日期请改为下月一日' },
      approver,
    );
    expect(back).toMatchObject({
      state: 'draft',
      returned: { reason: '生效日期请改为下月一日', by: '赵磊', at: expect.any(String) },
    });
    expect((await detail(id, clerk)).returned?.reason).toBe('生效日期请改为下月一日');
    // a draft is not returned again
    const again = await gw.call(`${E}returnCorrection`, { correctionId: id, reason: 'again' }, { cookie: approver });
    expect(again.statusText).toBe(translate('en-US', 'correction.notReturnable', { correctionNo: back.correctionNo }));

    // the clerk underwrites it again; the approver sends it, and the reason is gone
    await ok(gw, `${E}underwriting`, { correctionId: id }, clerk);
    const sent = await ok<{ decision: string }>(
      gw,
      `${E}applyBusinessApprove`,
      { correctionId: id, idempotencyKey: key() },
      approver,
    );
    expect(sent.decision).toBe('approved');
    expect((await detail(id)).returned).toBeNull();

    // each step in the activity log, with its person
    const log = await gw.app.services.db
      .selectFrom('audit_event')
      .select(['kind', 'actor'])
      .where('subject', '=', back.correctionNo)
      .where('kind', 'in', ['correctionReturned', 'correctionSubmitted'])
      .orderBy('id')
      .execute();
    expect(log).toEqual([
      { kind: 'correctionReturned', actor: 'corp-approver' },
      { kind: 'correctionSubmitted', actor: 'corp-approver' },
    ]);
  });

  it("lists on the second person's queue what others prepared and waits to be sent or paid, with who prepared it", async () => {
    const queue = async (cookie: string) =>
      ok<Page<CorrectionSummary>>(gw, `${E}correctRecordList`, { waitingForMe: 'true', pageSize: 50 }, cookie);
    const byClerk = await prepared(clerk, 14);
    const byAdmin = await prepared(admin, 15);
    const open = await makePolicy(gw, { members: 3 });
    const drafted = await ok<ItemChange>(
      gw,
      `${E}addSingleEmployee`,
      { policyId: open.policyId, effectiveDate: today(), idempotencyKey: key(), ...newPerson(open.region, 16) },
      clerk,
    );
    const mine = await queue(approver);
    const ids = mine.list.map((c) => c.correctionId);
    expect(ids).toContain(byClerk);
    // not a draft still being prepared
    expect(ids).toContain(byAdmin);
    expect(ids).not.toContain(drafted.correction.correctionId);
    expect(mine.list.every((c) => ['underwritten', 'approved', 'awaiting_payment'].includes(c.state))).toBe(true);
    expect(mine.list.find((c) => c.correctionId === byClerk)).toMatchObject({
      preparedBy: '张敏',
      state: 'underwritten',
    });
    expect(mine.total).toBe(mine.list.length);
    // the administrator's own is not on their queue
    const admins = (await queue(admin)).list.map((c) => c.correctionId);
    expect(admins).toContain(byClerk);
    expect(admins).not.toContain(byAdmin);
    // once sent and approved, it waits for its payment: still on the queue until paid
    await ok(gw, `${E}applyBusinessApprove`, { correctionId: byClerk, idempotencyKey: key() }, approver);
    const after = (await queue(approver)).list.find((c) => c.correctionId === byClerk);
    expect(after === undefined || ['approved', 'awaiting_payment'].includes(after.state)).toBe(true);
  });

  it('is off again when the administrator turns it off: the preparer sends their own', async () => {
    await ok(gw, 'blocLegal/users/updateSettings', { twoPersonApproval: 2 }, admin);
    const id = await prepared(admin, 13);
    const sent = await ok<{ decision: string }>(
      gw,
      `${E}applyBusinessApprove`,
      { correctionId: id, idempotencyKey: key() },
      admin,
    );
    expect(sent.decision).toBe('approved');
    // and nobody's queue has anything
    const queue = await ok<Page<CorrectionSummary>>(gw, `${E}correctRecordList`, { waitingForMe: 'true' }, approver);
    expect(queue).toMatchObject({ list: [], total: 0 });
  });
});
