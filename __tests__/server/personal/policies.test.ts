import { Status } from '@contract/envelope';
import type { BoundPolicy, RenewalState } from '@contract/io/personal';
import { startGateway, type TestGateway } from '../support/gateway';
import { customerOf, insertPolicy } from './support';

let gw: TestGateway;
let senior: string;
let basic: string;
beforeAll(async () => {
  gw = await startGateway();
  senior = await gw.login('member-senior');
  basic = await gw.login('member-basic');
});
afterAll(() => gw.close());

const ownerOf = async (policyNo: string) =>
  await gw.app.services.db
    .selectFrom('policy')
    .select(['customer_id', 'auto_renew'])
    .where('policy_no', '=', policyNo)
    .executeTakeFirstOrThrow();

describe('policy/addPolicy', () => {
  it('binds a policy sold through another channel when the holder is the verified member', async () => {
    const me = await customerOf(gw, 'member-senior');
    const res = await gw.call<BoundPolicy>(
      'blocLegal/policy/addPolicy',
      { policyNo: 'hag2026310400233', holderName: '李文静', holderIdNumber: '310104196001010026' },
      { cookie: senior },
    );
    expect(res.status).toBe(Status.ok);
    expect(res.data).toMatchObject({
      policyNo: 'HAG2026310400233',
      kind: 'health',
      salesChannel: 'agent',
      holderName: '李文静',
    });
    expect((await ownerOf('HAG2026310400233')).customer_id).toBe(me.customer_id);
    const again = await gw.call(
      'blocLegal/policy/addPolicy',
      { policyNo: 'HAG2026310400233', holderName: '李文静', holderIdNumber: '310104196001010026' },
      { cookie: senior },
    );
    expect(again).toMatchObject({ status: Status.business, statusText: 'This policy is already in your account.' });
  });

  it('refuses a number that does not exist', async () => {
    const res = await gw.call(
      'blocLegal/policy/addPolicy',
      { policyNo: 'NOPE00000001', holderName: '李文静', holderIdNumber: '310104196001010026' },
      { cookie: senior },
    );
    expect(res).toMatchObject({
      status: Status.business,
      statusText:
        "No policy matches this number, holder's name and ID number. Check them against your policy document.",
    });
  });

  it('refuses holder details that do not match and leaves the policy unbound', async () => {
    const pool = (await ownerOf('PAG2025320500077')).customer_id;
    const wrongName = await gw.call(
      'blocLegal/policy/addPolicy',
      { policyNo: 'PAG2025320500077', holderName: '李文静', holderIdNumber: '320505198807120020' },
      { cookie: senior },
    );
    expect(wrongName).toMatchObject({
      status: Status.business,
      statusText:
        "No policy matches this number, holder's name and ID number. Check them against your policy document.",
    });
    const wrongId = await gw.call(
      'blocLegal/policy/addPolicy',
      { policyNo: 'PAG2025320500077', holderName: '孙丽', holderIdNumber: '310104196001010026' },
      { cookie: senior },
    );
    expect(wrongId.statusText).toBe(
      "No policy matches this number, holder's name and ID number. Check them against your policy document.",
    );
    expect((await ownerOf('PAG2025320500077')).customer_id).toBe(pool);
  });

  it('refuses a member who is not the holder even with the right holder details', async () => {
    const pool = (await ownerOf('PAG2025320500077')).customer_id;
    const res = await gw.call(
      'blocLegal/policy/addPolicy',
      { policyNo: 'PAG2025320500077', holderName: '孙丽', holderIdNumber: '320505198807120020' },
      { cookie: basic },
    );
    expect(res).toMatchObject({
      status: Status.business,
      statusText: expect.stringMatching(/^Only the policy holder can bind a policy/),
    });
    expect((await ownerOf('PAG2025320500077')).customer_id).toBe(pool);
  });

  it("refuses a policy bound to someone else, and another member's policy never moves", async () => {
    const me = await customerOf(gw, 'member-senior');
    const hers = await insertPolicy(gw, me.customer_id, {
      holder_name: '李文静',
      holder_id_number: '310104196001010026',
    });
    const res = await gw.call(
      'blocLegal/policy/addPolicy',
      { policyNo: hers, holderName: '李文静', holderIdNumber: '310104196001010026' },
      { cookie: basic },
    );
    expect(res).toMatchObject({
      status: Status.business,
      statusText: expect.stringMatching(/already bound to another account/),
    });
    expect((await ownerOf(hers)).customer_id).toBe(me.customer_id);
  });

  it('checks the input: ID number digits, policy number form, required fields', async () => {
    const digits = await gw.call(
      'blocLegal/policy/addPolicy',
      { policyNo: 'PAG2025320500077', holderName: '孙丽', holderIdNumber: '3205051988' },
      { cookie: senior },
    );
    expect(digits.statusText).toBe('wrong number of digits in the ID number');
    const form = await gw.call(
      'blocLegal/policy/addPolicy',
      { policyNo: "x'; drop", holderName: '孙丽', holderIdNumber: '320505198807120020' },
      { cookie: senior },
    );
    expect(form.statusText).toMatch(/6 to 40 letters and digits/);
    const missing = await gw.call('blocLegal/policy/addPolicy', { policyNo: 'PAG2025320500077' }, { cookie: senior });
    expect(missing.statusText).toBe("The holder's name is required.");
  });

  it('pauses binding after five refused attempts in an hour', async () => {
    const gw2 = await startGateway();
    try {
      const cookie = await gw2.login('member-basic');
      for (let i = 0; i < 5; i += 1) {
        const res = await gw2.call(
          'blocLegal/policy/addPolicy',
          { policyNo: `NOPE0000000${i}`, holderName: '赵鹏', holderIdNumber: '440305199003150313' },
          { cookie },
        );
        expect(res.statusText).toMatch(/^No policy matches this number/);
      }
      const paused = await gw2.call(
        'blocLegal/policy/addPolicy',
        { policyNo: 'HTS2026440300518', holderName: '赵鹏', holderIdNumber: '440305199003150313' },
        { cookie },
      );
      expect(paused.statusText).toMatch(/^Too many policies could not be bound/);
    } finally {
      await gw2.close();
    }
  });
});

describe('policy/cancelRenew', () => {
  it("stops the automatic renewal of the member's own policy in force, once", async () => {
    const me = await customerOf(gw, 'member-senior');
    const policyNo = await insertPolicy(gw, me.customer_id, { auto_renew: 1 });
    const res = await gw.call<RenewalState>('blocLegal/policy/cancelRenew', { policyNo }, { cookie: senior });
    expect(res).toMatchObject({ status: Status.ok, data: { policyNo, autoRenew: 2 } });
    expect((await ownerOf(policyNo)).auto_renew).toBe(2);
    const log = await gw.app.services.db
      .selectFrom('policy_renewal_change')
      .selectAll()
      .where('user_id', '=', me.id)
      .execute();
    expect(log.length).toBeGreaterThanOrEqual(1);
    const again = await gw.call('blocLegal/policy/cancelRenew', { policyNo }, { cookie: senior });
    expect(again).toMatchObject({
      status: Status.business,
      statusText: 'This policy does not renew automatically; there is nothing to stop.',
    });
  });

  it('refuses a policy that is not in force', async () => {
    const me = await customerOf(gw, 'member-senior');
    const policyNo = await insertPolicy(gw, me.customer_id, { auto_renew: 1, state: 2 });
    const res = await gw.call('blocLegal/policy/cancelRenew', { policyNo }, { cookie: senior });
    expect(res.statusText).toMatch(/not in force/);
    expect((await ownerOf(policyNo)).auto_renew).toBe(1);
  });

  it("refuses another member's policy with a sentence that reveals nothing", async () => {
    const other = await customerOf(gw, 'member-basic');
    const policyNo = await insertPolicy(gw, other.customer_id, { auto_renew: 1 });
    const res = await gw.call('blocLegal/policy/cancelRenew', { policyNo }, { cookie: senior });
    expect(res).toMatchObject({ status: Status.business, statusText: 'There is no such policy in your account.' });
    expect((await ownerOf(policyNo)).auto_renew).toBe(1);
    const none = await gw.call('blocLegal/policy/cancelRenew', { policyNo: 'NOPE00000009' }, { cookie: senior });
    expect(none.statusText).toBe('There is no such policy in your account.');
  });

  it('refuses corporate users', async () => {
    const corp = await gw.login('corp-hr');
    const res = await gw.call('blocLegal/policy/cancelRenew', { policyNo: 'HAG2026310400233' }, { cookie: corp });
    expect(res.status).toBe(Status.refused);
  });
});
