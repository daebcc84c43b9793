import fs from 'node:fs';
import path from 'node:path';
import { Status, type Page } from '@contract/envelope';
import type {
  ApprovalResult,
  CorrectionSummary,
  ImportResult,
  ItemChange,
  PaymentInfo,
  PayTypeResult,
  UnderwritingResult,
} from '@contract/io/correction';
import { addDays } from '@common/correction';
import { startGateway, type TestGateway } from '../support/gateway';
import { idNumber, key, makePolicy, newPerson, ok, readSheet, today, upload, workbook } from './support';

const fixture = (name: string) => ({
  name,
  data: fs.readFileSync(path.join(__dirname, '../../../fixtures/uploads', name)),
});

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

describe('employee exchanges on a single-rate policy', () => {
  it('nets the joiner against the leaver, goes in force without payment and changes the roster', async () => {
    const policy = await makePolicy(gw, { members: 3 });
    const joiner = newPerson(policy.region, 8, { employeeNo: 'X9', department: 'R&D' });
    const ex = await ok<ItemChange>(
      gw,
      `${E}exchangeEmployee`,
      {
        policyId: policy.policyId,
        effectiveDate: today(),
        idempotencyKey: key(),
        personId: policy.personIds[2],
        ...joiner,
      },
      hr,
    );
    expect(ex.correction).toMatchObject({ kind: 'exchange', variant: 'employee', itemCount: 1 });
    const uw = await ok<UnderwritingResult>(gw, `${E}underwriting`, { correctionId: ex.correction.correctionId }, hr);
    expect(uw.correction.netFen).toBe(0);
    expect(
      (await ok<{ allowed: string[] }>(gw, `${E}selectOrderScenario`, { correctionId: ex.correction.correctionId }, hr))
        .allowed,
    ).toEqual(['none']);
    const approval = await ok<ApprovalResult>(
      gw,
      `${E}applyBusinessApprove`,
      { correctionId: ex.correction.correctionId, idempotencyKey: key() },
      hr,
    );
    expect(approval).toMatchObject({
      decision: 'approved',
      paymentRequired: false,
      correction: { state: 'in_force', actions: ['downloadEndorsement'] },
    });
    const leaver = await db()
      .selectFrom('insured_person')
      .selectAll()
      .where('id', '=', policy.personIds[2])
      .executeTakeFirstOrThrow();
    expect(leaver).toMatchObject({ state: 2, end_date: addDays(today(), -1) });
    const joined = await db()
      .selectFrom('insured_person')
      .selectAll()
      .where('policy_id', '=', policy.policyId)
      .where('id_number', '=', joiner.idNumber)
      .executeTakeFirstOrThrow();
    expect(joined).toMatchObject({ state: 1, employee_no: 'X9', department: 'R&D' });
  });
});

describe('the draft keeps its place', () => {
  it('moves back to draft when the effective date changes and clears the premium', async () => {
    const policy = await makePolicy(gw);
    const added = await ok<ItemChange>(
      gw,
      `${E}addSingleEmployee`,
      { policyId: policy.policyId, effectiveDate: today(), idempotencyKey: key(), ...newPerson(policy.region, 1) },
      hr,
    );
    const id = added.correction.correctionId;
    await ok(gw, `${E}underwriting`, { correctionId: id }, hr);
    const moved = await ok<ItemChange>(
      gw,
      `${E}addSingleEmployee`,
      {
        policyId: policy.policyId,
        correctionId: id,
        effectiveDate: addDays(today(), 5),
        idempotencyKey: key(),
        ...newPerson(policy.region, 2),
      },
      hr,
    );
    expect(moved.correction).toMatchObject({
      state: 'draft',
      effectiveDate: addDays(today(), 5),
      netFen: null,
      itemCount: 2,
    });
    const uw = await ok<UnderwritingResult>(gw, `${E}underwriting`, { correctionId: id, pageSize: 1, pageNum: 2 }, hr);
    expect(uw.items).toMatchObject({ total: 2, pageNum: 2, pageSize: 1 });
    expect(uw.items.list).toHaveLength(1);
    expect(uw.days).toBe(uw.items.list[0].days);
  });

  it('lists the records by policy, state and variant, newest first', async () => {
    const policy = await makePolicy(gw, { roster: 'insured' });
    const a = await ok<ItemChange>(
      gw,
      `${I}addSingleInsured`,
      { policyId: policy.policyId, effectiveDate: today(), idempotencyKey: key(), ...newPerson(policy.region, 1) },
      hr,
    );
    await ok(gw, `${I}delInsuredCorrectRecord`, { correctionId: a.correction.correctionId }, hr);
    const b = await ok<ItemChange>(
      gw,
      `${I}addSingleInsured`,
      { policyId: policy.policyId, effectiveDate: today(), idempotencyKey: key(), ...newPerson(policy.region, 2) },
      hr,
    );
    const all = await ok<Page<CorrectionSummary>>(gw, `${E}correctRecordList`, { policyId: policy.policyId }, hr);
    expect(all.list.map((c) => c.correctionId)).toEqual([b.correction.correctionId, a.correction.correctionId]);
    const drafts = await ok<Page<CorrectionSummary>>(
      gw,
      `${E}correctRecordList`,
      { policyId: policy.policyId, state: 'draft' },
      hr,
    );
    expect(drafts.list.map((c) => c.correctionId)).toEqual([b.correction.correctionId]);
    const insured = await ok<Page<CorrectionSummary>>(
      gw,
      `${E}correctRecordList`,
      { variant: 'insured', pageSize: 100 },
      hr,
    );
    expect(insured.list.every((c) => c.variant === 'insured')).toBe(true);
    expect((await gw.call(`${E}correctRecordList`, { state: 'lost' }, { cookie: hr })).statusText).toMatch(
      /^The state must be one of: draft/,
    );
  });
});

describe('insured batch files, error report and pay type', () => {
  it('imports insured persons from a file, reports bad rows, and pays by transfer', async () => {
    const policy = await makePolicy(gw, { roster: 'insured', members: 2 });
    const bad = await upload<ImportResult>(
      gw,
      `${I}addBatchInsured`,
      hr,
      { policyId: policy.policyId, effectiveDate: today(), idempotencyKey: key() },
      fixture('employees-bad.xlsx'),
    );
    expect(bad.data).toMatchObject({ ok: false, errorRows: 4 });
    const report = await gw.raw(`${I}insuredDownErrorExcel`, { importId: bad.data.importId }, { cookie: hr });
    // The report is the template with every row of the file and the reasons of the bad ones.
    const rows = await readSheet(report.rawPayload, 'People');
    expect(rows.filter((r) => r[10]).map((r) => r[9])).toEqual(['Row in your file', '3', '4', '6', '8']);
    expect(
      (await gw.call(`${E}downloadErrorExcel`, { importId: bad.data.importId }, { cookie: hr })).statusText,
    ).toMatch(/belongs to a policy of insured persons/);
    const good = await upload<ImportResult>(
      gw,
      `${I}addBatchInsured`,
      hr,
      { policyId: policy.policyId, effectiveDate: today(), idempotencyKey: key() },
      fixture('employees-good.xlsx'),
    );
    expect(good.data).toMatchObject({ ok: true, correction: { itemCount: 6, variant: 'insured' } });
    const id = good.data.correction!.correctionId;
    await ok(gw, `${I}checkInsuredCorrect`, { correctionId: id }, hr);
    await ok(gw, `${I}insuredApplyBusinessApprove`, { correctionId: id, idempotencyKey: key() }, hr);
    const pay = await ok<PayTypeResult>(gw, `${I}updateInsuredPayType`, { correctionId: id, payType: 'transfer' }, hr);
    expect(pay).toMatchObject({ payType: 'transfer', payTo: { accountNo: expect.any(String) } });
    const link = await ok<PaymentInfo>(gw, `${I}getInsuredPayLink`, { correctionId: id, idempotencyKey: key() }, hr);
    // A transfer has no cashier: the portal shows where to transfer to, the reference and the deadline.
    expect(link).toMatchObject({
      payType: 'transfer',
      payUrl: null,
      transfer: { payee: pay.payTo, reference: link.paymentNo, deadline: expect.any(String) },
    });
  });

  it('removes and exchanges insured persons from files', async () => {
    const policy = await makePolicy(gw, { roster: 'insured', members: 4 });
    const people = await db()
      .selectFrom('insured_person')
      .selectAll()
      .where('policy_id', '=', policy.policyId)
      .orderBy('id')
      .execute();
    const sub = await upload<ImportResult>(
      gw,
      `${I}subtractInsuredUpload`,
      hr,
      { policyId: policy.policyId, effectiveDate: today(), idempotencyKey: key() },
      {
        name: 's.xlsx',
        data: await workbook('subtract', [{ name: people[0].name, idNumber: people[0].id_number }]),
      },
    );
    expect(sub.data).toMatchObject({ ok: true, correction: { kind: 'subtract', itemCount: 1 } });
    await ok(gw, `${I}delInsuredCorrectRecord`, { correctionId: sub.data.correction!.correctionId }, hr);
    const ex = await upload<ImportResult>(
      gw,
      `${I}exchangeInsuredUpload`,
      hr,
      { policyId: policy.policyId, effectiveDate: today(), idempotencyKey: key() },
      {
        name: 'e.xlsx',
        data: await workbook('exchange', [
          {
            leavingIdNumber: people[1].id_number,
            name: 'New Comer',
            idNumber: idNumber('1991-07-07', 77, 'male', policy.region),
          },
          {
            leavingIdNumber: people[1].id_number,
            name: 'Other Comer',
            idNumber: idNumber('1991-07-08', 78, 'male', policy.region),
          },
        ]),
      },
    );
    expect(ex.data.errors).toEqual([
      expect.objectContaining({
        row: 3,
        reasons: ['Leaving ID number (column A): The person leaving is already on row 2 of this file.'],
      }),
    ]);
    const wrongKind = await upload(
      gw,
      `${I}exchangeInsuredUpload`,
      hr,
      { policyId: policy.policyId, effectiveDate: today(), idempotencyKey: key() },
      fixture('subtract-template-filled.xlsx'),
    );
    expect(wrongKind.status).toBe(Status.business);
    expect(wrongKind.statusText).toMatch(/^No sheet has a header row with the columns Leaving ID number\./);
  });
});
