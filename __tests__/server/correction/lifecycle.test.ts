import { Status } from '@contract/envelope';
import type {
  ApprovalResult,
  CorrectionDetail,
  ItemChange,
  PaymentInfo,
  PayStatusResult,
  UnderwritingResult,
} from '@contract/io/correction';
import { addDays, daysInclusive, proRataFen } from '@common/correction';
import { signNotify } from '@server/services/notifySignature';
import { startGateway, type TestGateway } from '../support/gateway';
import { idNumber, key, makePolicy, newPerson, ok, today } from './support';

let gw: TestGateway;
let hr: string;
beforeAll(async () => {
  gw = await startGateway();
  hr = await gw.login('corp-hr');
});
afterAll(() => gw.close());

const E = 'blocLegal/employee/';
const I = 'blocLegal/correctInsured/';
const db = () => gw.app.services.db;

describe('removals with refunds', () => {
  it('refunds the unexpired premium, withholds it when a claim was paid, and goes in force without payment', async () => {
    const policy = await makePolicy(gw, { members: 5 });
    const [a, b] = policy.personIds;
    const now = new Date().toISOString();
    await db()
      .insertInto('claim')
      .values({
        claim_no: `CL${policy.policyId}x`,
        customer_id: policy.customerId,
        policy_id: policy.policyId,
        insured_person_id: b,
        claimant_name: 'x',
        accident_date: today(),
        report_date: today(),
        state: 4,
        cause: 'accident',
        description: 'x',
        claimed_fen: 1000,
        approved_fen: 1000,
        paid_fen: 1000,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const effectiveDate = addDays(today(), 2);
    const removed = await ok<ItemChange>(
      gw,
      `${E}subtractEmployee`,
      { policyId: policy.policyId, effectiveDate, idempotencyKey: key(), personIds: JSON.stringify([a, b]) },
      hr,
    );
    expect(removed.added.map((i) => i.personId)).toEqual([a, b]);
    const uw = await ok<UnderwritingResult>(
      gw,
      `${E}underwriting`,
      { correctionId: removed.correction.correctionId },
      hr,
    );
    const refund = proRataFen(36_500, daysInclusive(effectiveDate, policy.endDate), 365);
    expect(uw.items.list.map((i) => [i.premiumFen, i.refundWithheld])).toEqual([
      [-refund, false],
      [0, true],
    ]);
    expect(uw.correction).toMatchObject({ premiumFen: 0, refundFen: refund, netFen: -refund });
    const approval = await ok<ApprovalResult>(
      gw,
      `${E}applyBusinessApprove`,
      { correctionId: removed.correction.correctionId, idempotencyKey: key() },
      hr,
    );
    expect(approval).toMatchObject({ decision: 'approved', paymentRequired: false, correction: { state: 'in_force' } });
    const status = await ok<PayStatusResult>(
      gw,
      `${E}getPayStatus`,
      { correctionId: removed.correction.correctionId },
      hr,
    );
    expect(status).toMatchObject({ payStatus: 'refunded', state: 'in_force', payment: { amountFen: -refund } });
    const people = await db()
      .selectFrom('insured_person')
      .select(['id', 'state', 'end_date'])
      .where('id', 'in', [a, b])
      .orderBy('id')
      .execute();
    expect(people).toEqual([
      { id: a, state: 2, end_date: addDays(effectiveDate, -1) },
      { id: b, state: 2, end_date: addDays(effectiveDate, -1) },
    ]);
    const link = await gw.call(
      `${E}getPaymentLink`,
      { correctionId: removed.correction.correctionId, idempotencyKey: key() },
      { cookie: hr },
    );
    expect(link.status).toBe(Status.ok); // answers the booked refund, creates nothing
    expect(
      await db()
        .selectFrom('premium_payment')
        .select('id')
        .where('correction_id', '=', removed.correction.correctionId)
        .execute(),
    ).toHaveLength(1);
  });
});

describe('exchanges', () => {
  it('charges the joiner and refunds the leaver on an employer policy by risk category', async () => {
    const policy = await makePolicy(gw, { roster: 'employeeNew', members: 3, rates: { 1: 36_500, 3: 73_000 } });
    const joiner = { ...newPerson(policy.region, 7), occupationCode: '030013' };
    const ex = await ok<ItemChange>(
      gw,
      `${E}exchangeEmployeeNew`,
      {
        policyId: policy.policyId,
        effectiveDate: today(),
        idempotencyKey: key(),
        personId: policy.personIds[0],
        ...joiner,
      },
      hr,
    );
    expect(ex.added[0]).toMatchObject({
      action: 'exchange',
      personId: policy.personIds[0],
      riskCategory: 3,
      replaced: { personId: policy.personIds[0] },
    });
    const uw = await ok<UnderwritingResult>(gw, `${E}underwriting`, { correctionId: ex.correction.correctionId }, hr);
    const days = daysInclusive(today(), policy.endDate);
    expect(uw.items.list[0].premiumFen).toBe(proRataFen(73_000, days, 365) - proRataFen(36_500, days, 365));
    const approval = await ok<ApprovalResult>(
      gw,
      `${E}groupApplyBusinessApprove`,
      { correctionId: ex.correction.correctionId, idempotencyKey: key() },
      hr,
    );
    expect(approval.paymentRequired).toBe(true);
    expect(
      (
        await gw.call(
          `${E}applyBusinessApprove`,
          { correctionId: ex.correction.correctionId, idempotencyKey: key() },
          { cookie: hr },
        )
      ).statusText,
    ).toMatch(/belongs to an employer \(group\) policy/);
  });

  it('refuses to exchange somebody who is not insured', async () => {
    const policy = await makePolicy(gw, { members: 2 });
    await db().updateTable('insured_person').set({ state: 2 }).where('id', '=', policy.personIds[0]).execute();
    const res = await gw.call(
      `${E}exchangeEmployee`,
      {
        policyId: policy.policyId,
        effectiveDate: today(),
        idempotencyKey: key(),
        personId: policy.personIds[0],
        ...newPerson(policy.region, 1),
      },
      { cookie: hr },
    );
    expect(res.statusText).toMatch(/is not insured on this policy any more/);
  });
});

describe('underwriting decisions', () => {
  async function underwritten(
    opts: Parameters<typeof makePolicy>[1],
    person: Record<string, string>,
    call = 'addSingleEmployee',
  ) {
    const policy = await makePolicy(gw, opts);
    const added = await ok<ItemChange>(
      gw,
      `${E}${call}` as 'blocLegal/employee/addSingleEmployee',
      { policyId: policy.policyId, effectiveDate: today(), idempotencyKey: key(), ...person },
      hr,
    );
    await ok(gw, `${E}underwriting`, { correctionId: added.correction.correctionId }, hr);
    return { policy, id: added.correction.correctionId };
  }

  it('sends somebody near the age limit to the underwriters, who approve at the review time', async () => {
    const birth = addDays(today(), -Math.floor(365.25 * 59.5));
    const { id } = await underwritten(
      { maxAge: 60 },
      { name: 'Near Limit', idNumber: idNumber(birth, 3, 'male', '510101') },
    );
    const pending = await ok<ApprovalResult>(
      gw,
      `${E}applyBusinessApprove`,
      { correctionId: id, idempotencyKey: key() },
      hr,
    );
    expect(pending).toMatchObject({
      decision: 'pending',
      paymentRequired: false,
      correction: { state: 'pending', reviewDueAt: expect.any(String) },
    });
    expect(pending.reasons[0]).toMatch(/within a year of the product's maximum age \(60\)/);
    expect(
      (await gw.call(`${E}getPaymentLink`, { correctionId: id, idempotencyKey: key() }, { cookie: hr })).statusText,
    ).toMatch(/being reviewed by the underwriters/);
    expect((await ok<PayStatusResult>(gw, `${E}getPayStatus`, { correctionId: id }, hr)).state).toBe('pending');
    await db()
      .updateTable('correction')
      .set({ review_due_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    const detail = await ok<CorrectionDetail>(gw, `${E}correctDetail`, { correctionId: id }, hr);
    expect(detail.correction).toMatchObject({ state: 'approved', decision: 'approved', actions: ['pay', 'delete'] });
  });

  it('sends a risk category 6 worker and a large batch to the underwriters', async () => {
    const { id } = await underwritten(
      { roster: 'employeeNew', rates: { 1: 36_500, 6: 300_000 } },
      { ...newPerson('520101', 1), occupationCode: '060016' },
      'addSingleEmployeeNew',
    );
    const res = await ok<ApprovalResult>(
      gw,
      `${E}groupApplyBusinessApprove`,
      { correctionId: id, idempotencyKey: key() },
      hr,
    );
    expect(res).toMatchObject({ decision: 'pending', reasons: [expect.stringMatching(/works in risk category 6/)] });
    const corrections = gw.app.services.corrections;
    const saved = corrections.options.pendingHeadcount;
    (corrections.options as { pendingHeadcount: number }).pendingHeadcount = 0;
    try {
      const again = await underwritten({}, newPerson('530101', 2));
      const big = await ok<ApprovalResult>(
        gw,
        `${E}applyBusinessApprove`,
        { correctionId: again.id, idempotencyKey: key() },
        hr,
      );
      expect(big.reasons[0]).toBe('More than 0 people join in one correction, so the underwriters review it.');
    } finally {
      (corrections.options as { pendingHeadcount: number }).pendingHeadcount = saved;
    }
  });

  it('rejects with reasons when a rule fails at approval, and lets the draft be fixed', async () => {
    const person = newPerson('540101', 4);
    const { policy, id } = await underwritten({ members: 2 }, person);
    await db()
      .updateTable('insured_person')
      .set({ id_number: person.idNumber })
      .where('id', '=', policy.personIds[0])
      .execute();
    const res = await ok<ApprovalResult>(
      gw,
      `${E}applyBusinessApprove`,
      { correctionId: id, idempotencyKey: key() },
      hr,
    );
    expect(res).toMatchObject({ decision: 'rejected', correction: { state: 'rejected', actions: ['edit', 'delete'] } });
    expect(res.reasons[0]).toContain('This person is already insured on this policy.');
    expect(
      (await gw.call(`${E}applyBusinessApprove`, { correctionId: id, idempotencyKey: key() }, { cookie: hr }))
        .statusText,
    ).toMatch(/was rejected; change it/);
    // Fix: take the line out, add somebody else, and the correction goes on.
    const detail = await ok<CorrectionDetail>(gw, `${E}correctDetail`, { correctionId: id }, hr);
    const removed = await ok<ItemChange>(
      gw,
      `${E}removeCorrectItem`,
      { correctionId: id, itemIds: JSON.stringify([detail.items.list[0].itemId]) },
      hr,
    );
    expect(removed.correction).toMatchObject({ state: 'draft', itemCount: 0 });
    await ok(
      gw,
      `${E}addSingleEmployee`,
      { policyId: policy.policyId, correctionId: id, idempotencyKey: key(), ...newPerson('540101', 5) },
      hr,
    );
    await ok(gw, `${E}underwriting`, { correctionId: id }, hr);
    expect(
      (await ok<ApprovalResult>(gw, `${E}applyBusinessApprove`, { correctionId: id, idempotencyKey: key() }, hr))
        .decision,
    ).toBe('approved');
  });

  it('asks for underwriting before approval and refuses an empty correction', async () => {
    const policy = await makePolicy(gw);
    const added = await ok<ItemChange>(
      gw,
      `${E}addSingleEmployee`,
      { policyId: policy.policyId, effectiveDate: today(), idempotencyKey: key(), ...newPerson(policy.region, 1) },
      hr,
    );
    const id = added.correction.correctionId;
    expect(
      (await gw.call(`${E}applyBusinessApprove`, { correctionId: id, idempotencyKey: key() }, { cookie: hr }))
        .statusText,
    ).toBe('Calculate the premium (underwriting) before sending the correction for approval.');
    await ok(gw, `${E}removeCorrectItem`, { correctionId: id, itemIds: JSON.stringify([added.added[0].itemId]) }, hr);
    const check = await gw.call(`${E}checkGroupEmployeeCorrect`, { correctionId: id }, { cookie: hr });
    expect(check.statusText).toBe('The correction has nobody in it yet; add, remove or exchange someone first.');
  });
});

describe('idempotency', () => {
  it('creates one correction and one line from a double click, even in parallel', async () => {
    const policy = await makePolicy(gw);
    const values = {
      policyId: policy.policyId,
      effectiveDate: today(),
      idempotencyKey: key(),
      ...newPerson(policy.region, 1),
    };
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => gw.call<ItemChange>(`${E}addSingleEmployee`, values, { cookie: hr })),
    );
    for (const a of answers) expect(a.status).toBe(Status.ok);
    expect(new Set(answers.map((a) => a.data.correction.correctionId)).size).toBe(1);
    const corrections = await db()
      .selectFrom('correction')
      .select('id')
      .where('policy_id', '=', policy.policyId)
      .execute();
    expect(corrections).toHaveLength(1);
    expect(
      await db().selectFrom('correction_item').select('id').where('correction_id', '=', corrections[0].id).execute(),
    ).toHaveLength(1);
    const { policyId, effectiveDate, idempotencyKey } = values;
    const other = await gw.call(
      `${E}subtractEmployee`,
      { policyId, effectiveDate, idempotencyKey, personIds: '[1]' },
      { cookie: hr },
    );
    expect(other.statusText).toBe('This request repeats the key of a different action; reload the page and try again.');
  });

  it('creates one payment from parallel link requests', async () => {
    const policy = await makePolicy(gw);
    const added = await ok<ItemChange>(
      gw,
      `${E}addSingleEmployee`,
      { policyId: policy.policyId, effectiveDate: today(), idempotencyKey: key(), ...newPerson(policy.region, 1) },
      hr,
    );
    const id = added.correction.correctionId;
    await ok(gw, `${E}underwriting`, { correctionId: id }, hr);
    const k = key();
    const approvals = await Promise.all(
      [1, 2].map(() =>
        gw.call<ApprovalResult>(`${E}applyBusinessApprove`, { correctionId: id, idempotencyKey: k }, { cookie: hr }),
      ),
    );
    expect(approvals.map((a) => a.data.decision)).toEqual(['approved', 'approved']);
    const links = await Promise.all(
      [1, 2, 3].map(() =>
        gw.call<PaymentInfo>(`${E}getPaymentLink`, { correctionId: id, idempotencyKey: key() }, { cookie: hr }),
      ),
    );
    expect(new Set(links.map((l) => l.data.paymentNo)).size).toBe(1);
    expect(
      await db().selectFrom('premium_payment').select('id').where('correction_id', '=', id).execute(),
    ).toHaveLength(1);
  });
});

describe('idempotency housekeeping', () => {
  it('forgets keys older than a week when the records are listed', async () => {
    const customerId = (
      await db()
        .selectFrom('app_user')
        .select('customer_id')
        .where('username', '=', 'corp-hr')
        .executeTakeFirstOrThrow()
    ).customer_id;
    const old = new Date(Date.now() - 8 * 86_400_000).toISOString();
    await db()
      .insertInto('correction_request')
      .values([
        {
          customer_id: customerId,
          idem_key: 'k_old_key_1',
          call: 'x',
          correction_id: null,
          response: 'null',
          created_at: old,
        },
        {
          customer_id: customerId,
          idem_key: 'k_new_key_1',
          call: 'x',
          correction_id: null,
          response: 'null',
          created_at: new Date().toISOString(),
        },
      ])
      .execute();
    await ok(gw, `${E}correctRecordList`, {}, hr);
    const keys = (
      await db()
        .selectFrom('correction_request')
        .select('idem_key')
        .where('idem_key', 'in', ['k_old_key_1', 'k_new_key_1'])
        .execute()
    ).map((r) => r.idem_key);
    expect(keys).toEqual(['k_new_key_1']);
  });
});

describe('parallel requests with different keys', () => {
  it('applies a zero-premium correction once when approval is sent twice at the same moment', async () => {
    const policy = await makePolicy(gw, { members: 4 });
    const ex = await ok<ItemChange>(
      gw,
      `${E}exchangeEmployee`,
      {
        policyId: policy.policyId,
        effectiveDate: today(),
        idempotencyKey: key(),
        personId: policy.personIds[0],
        ...newPerson(policy.region, 9),
      },
      hr,
    );
    const id = ex.correction.correctionId;
    await ok(gw, `${E}underwriting`, { correctionId: id }, hr);
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        gw.call<ApprovalResult>(
          `${E}applyBusinessApprove`,
          { correctionId: id, idempotencyKey: key() },
          { cookie: hr },
        ),
      ),
    );
    for (const a of answers) expect(a.data.correction.state).toBe('in_force');
    const insured = await db()
      .selectFrom('insured_person')
      .select('id')
      .where('policy_id', '=', policy.policyId)
      .where('state', '=', 1)
      .execute();
    expect(insured).toHaveLength(4);
  });

  it('adds a person once to a draft when two clicks carry different keys', async () => {
    const policy = await makePolicy(gw);
    const first = await ok<ItemChange>(
      gw,
      `${E}addSingleEmployee`,
      { policyId: policy.policyId, effectiveDate: today(), idempotencyKey: key(), ...newPerson(policy.region, 1) },
      hr,
    );
    const p = newPerson(policy.region, 2);
    const answers = await Promise.all(
      [1, 2].map(() =>
        gw.call(
          `${E}addSingleEmployee`,
          { policyId: policy.policyId, correctionId: first.correction.correctionId, idempotencyKey: key(), ...p },
          { cookie: hr },
        ),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([Status.business, Status.ok]);
    expect(
      await db()
        .selectFrom('correction_item')
        .select('id')
        .where('correction_id', '=', first.correction.correctionId)
        .execute(),
    ).toHaveLength(2);
  });
});

describe('the insured variant and the cashier notification', () => {
  async function insuredPayable() {
    const policy = await makePolicy(gw, { roster: 'insured', members: 3 });
    const added = await ok<ItemChange>(
      gw,
      `${I}addSingleInsured`,
      { policyId: policy.policyId, effectiveDate: today(), idempotencyKey: key(), ...newPerson(policy.region, 1) },
      hr,
    );
    const id = added.correction.correctionId;
    const uw = await ok<UnderwritingResult>(gw, `${I}checkInsuredCorrect`, { correctionId: id }, hr);
    expect(uw.correction.state).toBe('underwritten');
    await ok(gw, `${I}insuredApplyBusinessApprove`, { correctionId: id, idempotencyKey: key() }, hr);
    const link = await ok<PaymentInfo>(gw, `${I}getInsuredPayLink`, { correctionId: id, idempotencyKey: key() }, hr);
    const row = await db()
      .selectFrom('payment_attempt')
      .select('secret')
      .where('token', '=', (link.payUrl as string).split('/').pop() as string)
      .executeTakeFirstOrThrow();
    return { policy, id, link, secret: row.secret };
  }

  it('accepts a notification signed with the payment secret, once', async () => {
    const { id, link, secret } = await insuredPayable();
    const n = { paymentNo: link.paymentNo, result: 'paid' as const, amountFen: link.amountFen, notifyId: 'n-1' };
    const forged = await gw.call(`${I}InsuredPayNotify`, { ...n, sign: signNotify('not-the-secret', n) });
    expect(forged).toMatchObject({
      status: Status.business,
      statusText: 'The notification signature is not valid; nothing was done.',
    });
    const wrongAmount = { ...n, amountFen: 1 };
    expect(
      (await gw.call(`${I}InsuredPayNotify`, { ...wrongAmount, sign: signNotify(secret, wrongAmount) })).statusText,
    ).toBe('The notified amount does not match the payment; nothing was done.');
    expect((await ok<PayStatusResult>(gw, `${E}getPayStatus`, { correctionId: id }, hr)).payStatus).toBe('unpaid');
    const good = await gw.call(`${I}InsuredPayNotify`, { ...n, sign: signNotify(secret, n) });
    expect(good).toMatchObject({ status: Status.ok, data: { accepted: true, payStatus: 'paid' } });
    const again = await gw.call(`${I}InsuredPayNotify`, {
      ...n,
      notifyId: 'n-2',
      sign: signNotify(secret, { ...n, notifyId: 'n-2' }),
    });
    expect(again.data).toEqual({ accepted: true, payStatus: 'paid' });
    const persons = await db()
      .selectFrom('insured_person')
      .select('id')
      .where(
        'policy_id',
        '=',
        (await db().selectFrom('correction').select('policy_id').where('id', '=', id).executeTakeFirstOrThrow())
          .policy_id,
      )
      .where('state', '=', 1)
      .execute();
    expect(persons).toHaveLength(4);
    expect((await ok<PayStatusResult>(gw, `${E}getPayStatus`, { correctionId: id }, hr)).state).toBe('in_force');
    // the company's activity log: the payment received, once, by the insurer
    const { correction_no } = await db()
      .selectFrom('correction')
      .select('correction_no')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const logged = await db()
      .selectFrom('audit_event')
      .select(['kind', 'actor', 'user_id', 'after'])
      .where('subject', '=', correction_no)
      .where('kind', '=', 'paymentReceived')
      .execute();
    expect(logged).toEqual([
      {
        kind: 'paymentReceived',
        actor: 'insurer',
        user_id: null,
        after: expect.stringContaining(String(link.amountFen)),
      },
    ]);
  });

  it('answers an unknown payment and a malformed notification without doing anything', async () => {
    expect(
      (
        await gw.call(`${I}InsuredPayNotify`, {
          paymentNo: 'PY0',
          result: 'paid',
          amountFen: 1,
          notifyId: 'x',
          sign: 'ab',
        })
      ).statusText,
    ).toBe('There is no such payment.');
    expect(
      (
        await gw.call(`${I}InsuredPayNotify`, {
          paymentNo: 'PY0',
          result: 'maybe',
          amountFen: 1,
          notifyId: 'x',
          sign: 'ab',
        })
      ).statusText,
    ).toBe('The result must be one of: paid, failed.');
  });

  it("changes an insured person's details, priced by the new risk category, and updates the roster", async () => {
    const policy = await makePolicy(gw, { roster: 'insured', members: 2, rates: { 1: 36_500, 2: 36_500 } });
    const personId = policy.personIds[0];
    expect(
      (
        await gw.call(
          `${I}modifyInsured`,
          { policyId: policy.policyId, effectiveDate: today(), idempotencyKey: key(), personId, changes: '{}' },
          { cookie: hr },
        )
      ).statusText,
    ).toBe('Nothing to change: give at least one new value.');
    expect(
      (
        await gw.call(
          `${I}modifyInsured`,
          {
            policyId: policy.policyId,
            effectiveDate: today(),
            idempotencyKey: key(),
            personId,
            changes: JSON.stringify({ phone: '123' }),
          },
          { cookie: hr },
        )
      ).statusText,
    ).toMatch(/11-digit mobile/);
    const changed = await ok<ItemChange>(
      gw,
      `${I}modifyInsured`,
      {
        policyId: policy.policyId,
        effectiveDate: today(),
        idempotencyKey: key(),
        personId,
        changes: JSON.stringify({ phone: '13700001111', occupationCode: '020012' }),
      },
      hr,
    );
    expect(changed.added[0]).toMatchObject({
      action: 'modify',
      personId,
      phone: '13700001111',
      occupationCode: '020012',
      riskCategory: 2,
    });
    const uw = await ok<UnderwritingResult>(
      gw,
      `${I}checkInsuredCorrect`,
      { correctionId: changed.correction.correctionId },
      hr,
    );
    expect(uw.correction.netFen).toBe(0);
    const approval = await ok<ApprovalResult>(
      gw,
      `${I}insuredApplyBusinessApprove`,
      { correctionId: changed.correction.correctionId, idempotencyKey: key() },
      hr,
    );
    expect(approval.correction.state).toBe('in_force');
    const person = await db()
      .selectFrom('insured_person')
      .selectAll()
      .where('id', '=', personId)
      .executeTakeFirstOrThrow();
    expect(person).toMatchObject({ phone: '13700001111', occupation_code: '020012', risk_category: 2, state: 1 });
    expect(
      (await ok<PayStatusResult>(gw, `${E}getPayStatus`, { correctionId: changed.correction.correctionId }, hr))
        .payStatus,
    ).toBe('not_required');
  });

  it('runs the insured subtract and exchange calls and deletes with delInsuredCorrectRecord', async () => {
    const policy = await makePolicy(gw, { roster: 'insured', members: 3 });
    const sub = await ok<ItemChange>(
      gw,
      `${I}subtractInsured`,
      {
        policyId: policy.policyId,
        effectiveDate: today(),
        idempotencyKey: key(),
        personIds: JSON.stringify([policy.personIds[0]]),
      },
      hr,
    );
    expect(sub.correction).toMatchObject({ kind: 'subtract', variant: 'insured' });
    expect(
      (
        await ok<{ state: string }>(
          gw,
          `${I}delInsuredCorrectRecord`,
          { correctionId: sub.correction.correctionId },
          hr,
        )
      ).state,
    ).toBe('cancelled');
    const again = await gw.call<{ state: string; correctionId: number }>(
      `${I}delInsuredCorrectRecord`,
      { correctionId: sub.correction.correctionId },
      { cookie: hr },
    );
    expect(again).toMatchObject({
      status: Status.ok,
      data: { state: 'cancelled', correctionId: sub.correction.correctionId },
    });
    const ex = await ok<ItemChange>(
      gw,
      `${I}exchangeInsured`,
      {
        policyId: policy.policyId,
        effectiveDate: today(),
        idempotencyKey: key(),
        personId: policy.personIds[1],
        ...newPerson(policy.region, 3),
      },
      hr,
    );
    expect(ex.added[0].replaced?.personId).toBe(policy.personIds[1]);
    const before = await ok<{ policy: { variant: string } }>(
      gw,
      `${I}checkInsuredCorrect`,
      { policyId: policy.policyId, kind: 'add' },
      hr,
    );
    expect(before.policy.variant).toBe('insured');
    expect(
      (
        await gw.call(
          `${E}addSingleEmployee`,
          { policyId: policy.policyId, effectiveDate: today(), idempotencyKey: key(), ...newPerson(policy.region, 4) },
          { cookie: hr },
        )
      ).statusText,
    ).toMatch(/is a policy of insured persons/);
  });

  it('refuses to delete a correction in force', async () => {
    const policy = await makePolicy(gw, { roster: 'insured', members: 3 });
    const sub = await ok<ItemChange>(
      gw,
      `${I}subtractInsured`,
      {
        policyId: policy.policyId,
        effectiveDate: today(),
        idempotencyKey: key(),
        personIds: JSON.stringify([policy.personIds[0]]),
      },
      hr,
    );
    await ok(gw, `${I}checkInsuredCorrect`, { correctionId: sub.correction.correctionId }, hr);
    await ok(
      gw,
      `${I}insuredApplyBusinessApprove`,
      { correctionId: sub.correction.correctionId, idempotencyKey: key() },
      hr,
    );
    expect(
      (await gw.call(`${E}delCorrectRecord`, { correctionId: sub.correction.correctionId }, { cookie: hr })).statusText,
    ).toMatch(/is in force and cannot be deleted/);
  });
});
