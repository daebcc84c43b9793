import { Status } from '@contract/envelope';
import type { CheckBeforeResult, CorrectionSummary, DraftCheckResult, ItemChange } from '@contract/io/correction';
import { addDays } from '@common/correction';
import { checkCharacter } from '@common/idNumber';
import { startGateway, type TestGateway } from '../support/gateway';
import { idNumber, key, makePolicy, newPerson, ok, today, type TestPolicy } from './support';

let gw: TestGateway;
let hr: string;
let employee: TestPolicy;
let employer: TestPolicy;
beforeAll(async () => {
  gw = await startGateway();
  hr = await gw.login('corp-hr');
  employee = await makePolicy(gw, { members: 4, minAge: 18, maxAge: 60 });
  employer = await makePolicy(gw, { roster: 'employeeNew', members: 4, rates: { 1: 36_500, 2: 50_000, 3: 70_000 } });
});
afterAll(() => gw.close());

const E = 'blocLegal/employee/';

/** Tries to add one person to a fresh draft of the policy; answers the envelope. */
async function tryAdd(
  policy: TestPolicy,
  person: Record<string, string>,
  opts: { call?: 'addSingleEmployee' | 'addSingleEmployeeNew'; effectiveDate?: string } = {},
) {
  return gw.call<ItemChange>(
    `${E}${opts.call ?? 'addSingleEmployee'}`,
    { policyId: policy.policyId, effectiveDate: opts.effectiveDate ?? today(), idempotencyKey: key(), ...person },
    { cookie: hr },
  );
}

async function refusal(policy: TestPolicy, person: Record<string, string>, opts: Parameters<typeof tryAdd>[2] = {}) {
  const res = await tryAdd(policy, person, opts);
  expect(res.status).toBe(Status.business);
  const open = await gw.app.services.db
    .selectFrom('correction')
    .select('id')
    .where('open_policy_id', '=', policy.policyId)
    .execute();
  expect(open).toHaveLength(0); // a refusal leaves nothing behind
  return res.statusText;
}

describe('the rules of a person being added', () => {
  const good = () => newPerson(employee.region, 10);

  it('checks the digits, the date and the check digit of the ID number', async () => {
    expect(await refusal(employee, { ...good(), idNumber: '11010519900101' })).toContain(
      'wrong number of digits in the ID number',
    );
    expect(await refusal(employee, { ...good(), idNumber: '1101051990A101002X' })).toContain('may contain only digits');
    const badDate = '11010519901301001';
    expect(await refusal(employee, { ...good(), idNumber: badDate + checkCharacter(badDate) })).toContain(
      'does not contain a real birthdate',
    );
    const p = good();
    const wrongCheck = p.idNumber.slice(0, 17) + (p.idNumber[17] === '0' ? '1' : '0');
    expect(await refusal(employee, { ...p, idNumber: wrongCheck })).toContain('check digit is wrong');
  });

  it('checks that name, sex and birthdate agree with the number', async () => {
    expect(await refusal(employee, { ...good(), name: 'X' })).toContain('The name must be 2-30');
    expect(await refusal(employee, { ...good(), sex: 'female' })).toContain('The sex does not match the ID number.');
    expect(await refusal(employee, { ...good(), birthdate: '1991-01-01' })).toContain(
      'The birthdate does not match the ID number.',
    );
    const p = good();
    const right = await tryAdd(employee, {
      ...p,
      sex: 'male',
      birthdate: `${p.idNumber.slice(6, 10)}-${p.idNumber.slice(10, 12)}-${p.idNumber.slice(12, 14)}`,
    });
    expect(right.status).toBe(Status.ok);
    await ok(gw, `${E}delCorrectRecord`, { correctionId: right.data.correction.correctionId }, hr);
  });

  it('checks the phone format', async () => {
    expect(await refusal(employee, { ...good(), phone: '1234' })).toBe(
      `${good().name} cannot be added: The phone number must be an 11-digit mobile number starting with 13-19.`,
    );
    expect(await refusal(employee, { ...good(), phone: '12800138000' })).toContain('11-digit mobile');
  });

  it('checks the occupation against the catalogue and the policy rates', async () => {
    expect(await refusal(employee, { ...good(), occupationCode: 'NOPE99' })).toContain(
      'There is no occupation with code NOPE99',
    );
    // The employee policy rates only category 1: a category-4 welder is not covered.
    expect(await refusal(employee, { ...good(), occupationCode: '040034' })).toContain(
      'Risk category 4 (Welder) is not covered by this policy.',
    );
    const e = newPerson(employer.region, 11);
    expect(await refusal(employer, e, { call: 'addSingleEmployeeNew' })).toContain(
      'The occupation is required on this policy',
    );
    expect(await refusal(employer, { ...e, occupationCode: '050015' }, { call: 'addSingleEmployeeNew' })).toContain(
      'Risk category 5',
    );
    const right = await tryAdd(employer, { ...e, occupationCode: '030013' }, { call: 'addSingleEmployeeNew' });
    expect(right.data.added[0]).toMatchObject({
      occupationCode: '030013',
      occupationName: 'Taxi driver',
      riskCategory: 3,
    });
    await ok(gw, `${E}delCorrectRecord`, { correctionId: right.data.correction.correctionId }, hr);
  });

  it('checks the age limits of the product on the effective date', async () => {
    const young = { name: 'Young Person', idNumber: idNumber(addDays(today(), -365 * 10), 7, 'male', employee.region) };
    expect(await refusal(employee, young)).toMatch(
      /Aged 9 on the effective date: this product insures people aged 18 to 60\.|Aged 10 on the effective date/,
    );
    const old = { name: 'Old Person', idNumber: idNumber('1950-03-03', 9, 'male', employee.region) };
    expect(await refusal(employee, old)).toContain('this product insures people aged 18 to 60');
  });

  it('checks the effective date: not in the past, within the policy period', async () => {
    expect(await refusal(employee, good(), { effectiveDate: addDays(today(), -1) })).toContain('is in the past');
    expect(await refusal(employee, good(), { effectiveDate: addDays(employee.endDate, 1) })).toContain(
      'within the policy period',
    );
    expect(await refusal(employee, good(), { effectiveDate: '2026-02-30' })).toMatch(/real date/);
    const future = await makePolicy(gw, { startDate: addDays(today(), 10) });
    expect(await refusal(future, newPerson(future.region, 1), { effectiveDate: addDays(today(), 5) })).toContain(
      'before the policy starts',
    );
  });

  it('refuses somebody already insured, or twice in the same draft', async () => {
    const member = await gw.app.services.db
      .selectFrom('insured_person')
      .selectAll()
      .where('id', '=', employee.personIds[0])
      .executeTakeFirstOrThrow();
    expect(await refusal(employee, { name: member.name, idNumber: member.id_number })).toContain(
      'already insured on this policy',
    );
    const p = newPerson(employee.region, 12);
    const first = await tryAdd(employee, p);
    const again = await gw.call(
      `${E}addSingleEmployee`,
      { policyId: employee.policyId, correctionId: first.data.correction.correctionId, idempotencyKey: key(), ...p },
      { cookie: hr },
    );
    expect(again).toMatchObject({
      status: Status.business,
      statusText: expect.stringContaining('already being added in this correction'),
    });
    await ok(gw, `${E}delCorrectRecord`, { correctionId: first.data.correction.correctionId }, hr);
  });
});

describe('the rules of a correction', () => {
  it('allows one open correction per policy and names it', async () => {
    const policy = await makePolicy(gw);
    const first = await tryAdd(policy, newPerson(policy.region, 1));
    const second = await tryAdd(policy, newPerson(policy.region, 2));
    expect(second.status).toBe(Status.business);
    expect(second.statusText).toContain(`already has an unfinished correction (${first.data.correction.correctionNo}`);
    expect((second.data as unknown as CorrectionSummary).correctionId).toBe(first.data.correction.correctionId);
    const before = await ok<CheckBeforeResult>(
      gw,
      `${E}checkBeforeCorrect`,
      { policyId: policy.policyId, kind: 'add' },
      hr,
    );
    expect(before.openCorrection?.correctionId).toBe(first.data.correction.correctionId);
  });

  it('keeps one kind per correction', async () => {
    const policy = await makePolicy(gw);
    const first = await tryAdd(policy, newPerson(policy.region, 1));
    const res = await gw.call(
      `${E}subtractEmployee`,
      {
        policyId: policy.policyId,
        correctionId: first.data.correction.correctionId,
        idempotencyKey: key(),
        personIds: JSON.stringify([policy.personIds[0]]),
      },
      { cookie: hr },
    );
    expect(res.statusText).toMatch(/is adding people; finish or delete it before you remove people/);
  });

  it('refuses a policy that is not in force, and one without a roster', async () => {
    const lapsed = await makePolicy(gw, { state: 2 });
    expect(await refusal(lapsed, newPerson(lapsed.region, 1))).toMatch(/is not in force/);
    expect(
      (await gw.call(`${E}checkBeforeCorrect`, { policyId: lapsed.policyId, kind: 'add' }, { cookie: hr })).statusText,
    ).toMatch(/is not in force/);
    const policy = await makePolicy(gw);
    await gw.app.services.db.updateTable('policy').set({ roster: null }).where('id', '=', policy.policyId).execute();
    expect(
      (await gw.call(`${E}checkBeforeCorrect`, { policyId: policy.policyId, kind: 'add' }, { cookie: hr })).statusText,
    ).toContain('has no list of insured people');
  });

  it('refuses calls of another variant with a sentence naming the right one', async () => {
    const res = await tryAdd(employer, newPerson(employer.region, 1));
    expect(res.statusText).toMatch(
      /is an employer \(group\) policy with occupation categories; this page corrects an employee-list policy/,
    );
    const list = await gw.call(`${E}employeeListNew`, { policyId: employee.policyId }, { cookie: hr });
    expect(list.status).toBe(Status.business);
  });

  it('answers the policy window and rates before a correction', async () => {
    const before = await ok<CheckBeforeResult>(
      gw,
      `${E}checkBeforeCorrect`,
      { policyId: employer.policyId, kind: 'add', effectiveDate: today() },
      hr,
    );
    expect(before).toMatchObject({
      earliestEffectiveDate: today(),
      latestEffectiveDate: employer.endDate,
      openCorrection: null,
      policy: { memberCount: 4, variant: 'employeeNew' },
    });
    expect(before.riskCategories.map((r) => r.riskCategory)).toEqual([1, 2, 3]);
    expect(
      (
        await gw.call(
          `${E}checkBeforeCorrect`,
          { policyId: employer.policyId, kind: 'add', effectiveDate: addDays(today(), -3) },
          { cookie: hr },
        )
      ).statusText,
    ).toMatch(/in the past/);
    expect(
      (await gw.call(`${E}checkBeforeCorrect`, { policyId: employer.policyId, kind: 'fire' }, { cookie: hr }))
        .statusText,
    ).toBe('The kind must be one of: add, subtract, exchange, modify.');
  });
});

describe('the rules of removals', () => {
  it('refuses somebody who is not on the policy, or removed twice', async () => {
    const policy = await makePolicy(gw, { members: 4 });
    const other = await makePolicy(gw, { members: 2 });
    const res = await gw.call(
      `${E}subtractEmployee`,
      {
        policyId: policy.policyId,
        effectiveDate: today(),
        idempotencyKey: key(),
        personIds: JSON.stringify([other.personIds[0]]),
      },
      { cookie: hr },
    );
    expect(res.statusText).toBe('There is no such insured person on this policy.');
    const first = await ok<ItemChange>(
      gw,
      `${E}subtractEmployee`,
      {
        policyId: policy.policyId,
        effectiveDate: today(),
        idempotencyKey: key(),
        personIds: JSON.stringify([policy.personIds[0]]),
      },
      hr,
    );
    const twice = await gw.call(
      `${E}subtractEmployee`,
      {
        policyId: policy.policyId,
        correctionId: first.correction.correctionId,
        idempotencyKey: key(),
        personIds: JSON.stringify([policy.personIds[0]]),
      },
      { cookie: hr },
    );
    expect(twice.statusText).toMatch(/is already being removed or changed in this correction/);
    expect(
      (
        await gw.call(
          `${E}subtractEmployee`,
          { policyId: policy.policyId, idempotencyKey: key(), personIds: '[x' },
          { cookie: hr },
        )
      ).statusText,
    ).toBe('The list of people to remove could not be read.');
    expect(
      (
        await gw.call(
          `${E}subtractEmployee`,
          {
            policyId: policy.policyId,
            correctionId: first.correction.correctionId,
            idempotencyKey: key(),
            personIds: '[]',
          },
          { cookie: hr },
        )
      ).statusText,
    ).toBe('The list of people to remove is required.');
  });

  it('never leaves fewer members than the policy minimum', async () => {
    const policy = await makePolicy(gw, { members: 5, minMembers: 3 });
    const res = await gw.call(
      `${E}subtractEmployee`,
      {
        policyId: policy.policyId,
        effectiveDate: today(),
        idempotencyKey: key(),
        personIds: JSON.stringify(policy.personIds.slice(0, 3)),
      },
      { cookie: hr },
    );
    expect(res.statusText).toBe('The policy must keep at least 3 insured people; after this change it would have 2.');
    const fine = await ok<ItemChange>(
      gw,
      `${E}subtractEmployee`,
      {
        policyId: policy.policyId,
        effectiveDate: today(),
        idempotencyKey: key(),
        personIds: JSON.stringify(policy.personIds.slice(0, 2)),
      },
      hr,
    );
    expect(fine.added).toHaveLength(2);
    const small = await makePolicy(gw, { members: 3, minMembers: 3 });
    expect(
      (await gw.call(`${E}checkBeforeCorrect`, { policyId: small.policyId, kind: 'subtract' }, { cookie: hr }))
        .statusText,
    ).toBe('The policy must keep at least 3 insured people and has 3; nobody can be removed now.');
  });
});

describe('the draft checks', () => {
  it('finds what changed since the draft was made and answers ERR_0003 with every finding', async () => {
    const policy = await makePolicy(gw);
    const p = newPerson(policy.region, 5);
    const added = await ok<ItemChange>(
      gw,
      `${E}addSingleEmployee`,
      { policyId: policy.policyId, effectiveDate: today(), idempotencyKey: key(), ...p },
      hr,
    );
    // Meanwhile the person was insured by another channel.
    await gw.app.services.db
      .updateTable('insured_person')
      .set({ id_number: p.idNumber })
      .where('id', '=', policy.personIds[0])
      .execute();
    const res = await gw.call<DraftCheckResult>(
      `${E}checkGroupEmployeeCorrect`,
      { correctionId: added.correction.correctionId },
      { cookie: hr },
    );
    expect(res.status).toBe(Status.business);
    expect(res.statusText).toContain('This person is already insured on this policy.');
    expect(res.data).toMatchObject({
      ok: false,
      correction: { state: 'draft' },
      problems: [{ itemId: added.added[0].itemId, reasons: ['This person is already insured on this policy.'] }],
    });
    const under = await gw.call(`${E}underwriting`, { correctionId: added.correction.correctionId }, { cookie: hr });
    expect(under.status).toBe(Status.business);
    const detail = await ok<{ items: { list: Array<{ problems: string[] }> } }>(
      gw,
      `${E}correctDetail`,
      { correctionId: added.correction.correctionId },
      hr,
    );
    expect(detail.items.list[0].problems).toEqual(['This person is already insured on this policy.']);
  });

  it('refuses an idempotency key that is missing or malformed', async () => {
    const policy = await makePolicy(gw);
    const res = await gw.call(
      `${E}addSingleEmployee`,
      { policyId: policy.policyId, effectiveDate: today(), idempotencyKey: 'short', ...newPerson(policy.region, 1) },
      { cookie: hr },
    );
    expect(res.statusText).toMatch(/no valid idempotency key/);
    const missing = await gw.call(
      `${E}addSingleEmployee`,
      { policyId: policy.policyId, effectiveDate: today(), ...newPerson(policy.region, 1) },
      { cookie: hr },
    );
    expect(missing.statusText).toBe('The request key is required.');
  });

  it('answers bad numbers with a sentence, never a 500', async () => {
    for (const values of [{ correctionId: 'abc' }, { correctionId: '' }, { correctionId: '-4' }]) {
      const res = await gw.raw(`${E}correctDetail`, values, { cookie: hr });
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe(Status.business);
    }
  });
});
