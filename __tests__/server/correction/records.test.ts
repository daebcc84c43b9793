/**
 * A correction in force writes the policy's insurance record (the records the policy area's
 * insuranceRecord calls list): an enrolment, a removal or an endorsement, with one item per person.
 */
import type { InsuranceRecordRow } from '@contract/io/policy';
import type { ApprovalResult, ItemChange, PaymentInfo, UnderwritingResult } from '@contract/io/correction';
import type { Page } from '@contract/envelope';
import { addDays, daysInclusive, proRataFen } from '@common/correction';
import { maskIdNumber } from '@server/services/policy/policyData';
import { startGateway, type TestGateway } from '../support/gateway';
import { key, makePolicy, newPerson, ok, today, type TestPolicy } from './support';

let gw: TestGateway;
let hr: string;
beforeAll(async () => {
  gw = await startGateway();
  hr = await gw.login('corp-hr');
});
afterAll(() => gw.close());

const E = 'blocLegal/employee/';
const R = 'blocLegal/insuranceRecord/';

interface RecordInfo extends InsuranceRecordRow {
  items: Page<{ action: string; name: string; idNumber: string; premiumFen: number }>;
}

const records = (policy: TestPolicy, cookie = hr) =>
  ok<Page<InsuranceRecordRow>>(gw, `${R}queryInsuranceRecordList`, { policyNo: policy.policyNo }, cookie);
const info = (recordNo: string) => ok<RecordInfo>(gw, `${R}queryInsuranceRecordInfo`, { recordNo }, hr);

async function approve(correctionId: number) {
  await ok<UnderwritingResult>(gw, `${E}underwriting`, { correctionId }, hr);
  return ok<ApprovalResult>(gw, `${E}applyBusinessApprove`, { correctionId, idempotencyKey: key() }, hr);
}

describe('insurance records of corrections in force', () => {
  it('writes an enrolment record once the added person is paid for, not before', async () => {
    const policy = await makePolicy(gw, { members: 2 });
    const person = newPerson(policy.region, 3);
    const effectiveDate = addDays(today(), 1);
    const added = await ok<ItemChange>(
      gw,
      `${E}addSingleEmployee`,
      { policyId: policy.policyId, effectiveDate, idempotencyKey: key(), ...person },
      hr,
    );
    const id = added.correction.correctionId;
    const approval = await approve(id);
    expect(approval.paymentRequired).toBe(true);
    const link = await ok<PaymentInfo>(gw, `${E}getPaymentLink`, { correctionId: id, idempotencyKey: key() }, hr);
    // approved and waiting for payment: nothing in force, no record
    expect((await records(policy)).total).toBe(0);

    const paid = await gw.app.inject({
      method: 'POST',
      url: `${link.payUrl}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(paid.statusCode).toBe(303);
    const premium = proRataFen(
      36_500,
      daysInclusive(effectiveDate, policy.endDate),
      daysInclusive(policy.startDate, policy.endDate),
    );
    const list = await records(policy);
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({
      recordNo: `IR${added.correction.correctionNo}`,
      policyNo: policy.policyNo,
      recordType: 'add',
      title: 'Enrolled 1 person',
      headcountChange: 1,
      premiumChangeFen: premium,
      effectiveDate,
      state: 1,
    });
    expect(list.list[0].description).toBe(
      `Correction ${added.correction.correctionNo}: 1 person enrolled, premium ¥${(premium / 100).toFixed(2)} charged.`,
    );
    const detail = await info(list.list[0].recordNo);
    expect(detail.items.list).toEqual([
      { action: 'add', name: person.name, idNumber: maskIdNumber(person.idNumber), premiumFen: premium },
    ]);
    // the record item points at the roster row the person became
    const row = await gw.app.services.db
      .selectFrom('insurance_record_item as i')
      .innerJoin('insured_person as p', 'p.id', 'i.insured_person_id')
      .select(['p.id_number', 'p.state'])
      .where(
        'i.record_id',
        '=',
        (
          await gw.app.services.db
            .selectFrom('insurance_record')
            .select('id')
            .where('record_no', '=', list.list[0].recordNo)
            .executeTakeFirstOrThrow()
        ).id,
      )
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ id_number: person.idNumber, state: 1 });
    // the enrolment is also found by type and date, as the records page filters
    const byType = await ok<Page<InsuranceRecordRow>>(
      gw,
      `${R}queryInsuranceRecordList`,
      { policyNo: policy.policyNo, recordType: 'add', dateFrom: effectiveDate, dateTo: effectiveDate },
      hr,
    );
    expect(byType.list.map((r) => r.recordNo)).toEqual([list.list[0].recordNo]);
  });

  it('writes a removal record with the refunds, and an exchange as an endorsement', async () => {
    const policy = await makePolicy(gw, { members: 5 });
    const people = await gw.app.services.db
      .selectFrom('insured_person')
      .select(['id', 'name', 'id_number'])
      .where('policy_id', '=', policy.policyId)
      .orderBy('id')
      .execute();
    const effectiveDate = addDays(today(), 2);
    const removed = await ok<ItemChange>(
      gw,
      `${E}subtractEmployee`,
      {
        policyId: policy.policyId,
        effectiveDate,
        idempotencyKey: key(),
        personIds: JSON.stringify([people[0].id, people[1].id]),
      },
      hr,
    );
    expect((await approve(removed.correction.correctionId)).correction.state).toBe('in_force');
    const refund = proRataFen(
      36_500,
      daysInclusive(effectiveDate, policy.endDate),
      daysInclusive(policy.startDate, policy.endDate),
    );
    const [removal] = (await records(policy)).list;
    expect(removal).toMatchObject({
      recordType: 'remove',
      title: 'Removed 2 people',
      headcountChange: -2,
      premiumChangeFen: -2 * refund,
      effectiveDate,
    });
    expect(removal.description).toBe(
      `Correction ${removed.correction.correctionNo}: 2 people removed, ¥${((2 * refund) / 100).toFixed(2)} refunded.`,
    );
    expect((await info(removal.recordNo)).items.list).toEqual([
      { action: 'remove', name: people[0].name, idNumber: maskIdNumber(people[0].id_number), premiumFen: -refund },
      { action: 'remove', name: people[1].name, idNumber: maskIdNumber(people[1].id_number), premiumFen: -refund },
    ]);

    const joiner = newPerson(policy.region, 8);
    const exchanged = await ok<ItemChange>(
      gw,
      `${E}exchangeEmployee`,
      { policyId: policy.policyId, effectiveDate, idempotencyKey: key(), personId: people[2].id, ...joiner },
      hr,
    );
    expect((await approve(exchanged.correction.correctionId)).correction.state).toBe('in_force');
    const list = await ok<Page<InsuranceRecordRow>>(
      gw,
      `${R}queryInsuranceRecordList`,
      { policyNo: policy.policyNo, recordType: 'endorsement' },
      hr,
    );
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({
      recordNo: `IR${exchanged.correction.correctionNo}`,
      title: 'Exchanged 1 person',
      headcountChange: 0,
      premiumChangeFen: 0,
    });
    expect((await info(list.list[0].recordNo)).items.list).toEqual([
      { action: 'remove', name: people[2].name, idNumber: maskIdNumber(people[2].id_number), premiumFen: 0 },
      { action: 'add', name: joiner.name, idNumber: maskIdNumber(joiner.idNumber), premiumFen: 0 },
    ]);
    expect((await records(policy)).total).toBe(2);
  });

  it('writes nothing for a cancelled correction, and shows the records to nobody else', async () => {
    const policy = await makePolicy(gw, { members: 2 });
    const added = await ok<ItemChange>(
      gw,
      `${E}addSingleEmployee`,
      { policyId: policy.policyId, effectiveDate: today(), idempotencyKey: key(), ...newPerson(policy.region, 4) },
      hr,
    );
    await ok(gw, `${E}delCorrectRecord`, { correctionId: added.correction.correctionId }, hr);
    expect((await records(policy)).total).toBe(0);

    const removed = await ok<ItemChange>(
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
    await approve(removed.correction.correctionId);
    const [record] = (await records(policy)).list;
    expect(record.recordType).toBe('remove');
    const other = await gw.login('corp-closing');
    const answer = await gw.call(`${R}queryInsuranceRecordInfo`, { recordNo: record.recordNo }, { cookie: other });
    expect(answer).toMatchObject({
      status: 'ERR_0003',
      statusText: 'There is no such insurance record in your account.',
    });
    const theirs = await ok<Page<InsuranceRecordRow>>(gw, `${R}queryInsuranceRecordList`, {}, other);
    expect(theirs.list.map((r) => r.recordNo)).not.toContain(record.recordNo);
  });
});
