import fs from 'node:fs';
import path from 'node:path';
import { Status } from '@contract/envelope';
import type { CorrectionDetail, ImportResult } from '@contract/io/correction';
import { countyCodes } from '@server/services/divisions';
import { startGateway, type TestGateway } from '../support/gateway';
import {
  idNumber,
  key,
  makePolicy,
  ok,
  readSheet,
  today,
  upload,
  uploadRaw,
  workbook,
  type TestPolicy,
} from './support';

const fixture = (name: string) => ({
  name,
  data: fs.readFileSync(path.join(__dirname, '../../../fixtures/uploads', name)),
});

const REGIONS = countyCodes();

let gw: TestGateway;
let hr: string;
beforeAll(async () => {
  gw = await startGateway();
  hr = await gw.login('corp-hr');
});
afterAll(() => gw.close());

const E = 'blocLegal/employee/';
const fields = (policy: TestPolicy, extra: Record<string, string | number> = {}) => ({
  policyId: policy.policyId,
  effectiveDate: today(),
  idempotencyKey: key(),
  ...extra,
});

async function openCorrections(policyId: number) {
  return gw.app.services.db.selectFrom('correction').select('id').where('open_policy_id', '=', policyId).execute();
}

describe('templates', () => {
  it('answers the import template with its header row and the column rules written in', async () => {
    const res = await gw.raw(`${E}downImportEmployeeExcel`, {}, { cookie: hr });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const people = await readSheet(res.rawPayload, 'People');
    expect(people[0]).toEqual([
      'Name',
      'ID number',
      'Sex',
      'Birthdate',
      'Phone',
      'Employee number',
      'Department',
      'Occupation code',
      'ID type',
    ]);
    const rules = (await readSheet(res.rawPayload, 'Rules')).map((r) => r.join(' | '));
    expect(rules.join('\n')).toMatch(/ID number \| Required\. The number of the ID type: a resident ID number/);
    expect(rules.join('\n')).toMatch(/At most 10,000 people and 10 MB per file/);
    expect(rules.join('\n')).toMatch(/Occupation code \| Required on employer \(group\) policies, optional otherwise/);
  });

  it('writes the occupation as required in the template of an employer policy', async () => {
    const employer = await makePolicy(gw, { roster: 'employeeNew' });
    const res = await gw.raw(`${E}downImportEmployeeExcel`, { policyId: employer.policyId }, { cookie: hr });
    const rules = (await readSheet(res.rawPayload, 'Rules')).map((r) => r.join(' | ')).join('\n');
    expect(rules).toContain('Occupation code | Required on this policy');
  });

  it('answers the subtract, exchange and insured templates', async () => {
    expect(
      (
        await readSheet((await gw.raw(`${E}downloadGroupSubtractTemplate`, {}, { cookie: hr })).rawPayload, 'People')
      )[0],
    ).toEqual(['Name', 'ID number']);
    expect(
      (
        await readSheet((await gw.raw(`${E}downloadGroupExchangeTemplate`, {}, { cookie: hr })).rawPayload, 'People')
      )[0][0],
    ).toBe('Leaving ID number');
    const insured = await gw.raw('blocLegal/correctInsured/downloadExcelTemplate', {}, { cookie: hr });
    expect((await readSheet(insured.rawPayload, 'People'))[0][1]).toBe('ID number');
  });
});

describe('batch additions', () => {
  it('adds nobody when a row is wrong and reports every bad row, then adds all from the fixed file', async () => {
    const policy = await makePolicy(gw);
    const bad = await upload<ImportResult>(
      gw,
      `${E}addBatchEmployee`,
      hr,
      fields(policy),
      fixture('employees-bad.xlsx'),
    );
    expect(bad.status).toBe(Status.ok);
    expect(bad.data).toMatchObject({ ok: false, totalRows: 7, errorRows: 4, correction: null });
    expect(bad.data.errors.map((e) => e.row)).toEqual([3, 4, 6, 8]);
    // Each reason names the column as the file names it, and its letter.
    expect(bad.data.errors[0].reasons).toEqual(["ID number (column B): The ID number's check digit is wrong."]);
    expect(bad.data.errors[1].reasons).toEqual([
      'Phone (column E): The phone number must be an 11-digit mobile number starting with 13-19.',
    ]);
    expect(bad.data.errors[2].reasons[0]).toMatch(
      /^Occupation code \(column H\): There is no occupation with code ZZ9999/,
    );
    expect(bad.data.errors[3].reasons).toEqual([
      'ID number (column B): The same ID number is already on row 2 of this file.',
    ]);
    expect(await openCorrections(policy.policyId)).toHaveLength(0);

    const report = await gw.raw(`${E}downloadErrorExcel`, { importId: bad.data.importId }, { cookie: hr });
    expect(report.headers['content-disposition']).toContain('error-report');
    // The report is the template holding every row of the file, reasons beside the bad ones.
    const rows = await readSheet(report.rawPayload, 'People');
    expect(rows[0]).toEqual([
      'Name',
      'ID number',
      'Sex',
      'Birthdate',
      'Phone',
      'Employee number',
      'Department',
      'Occupation code',
      'ID type',
      'Row in your file',
      'Reasons',
    ]);
    expect(rows).toHaveLength(8);
    expect(rows.map((r) => r[9])).toEqual(['Row in your file', '2', '3', '4', '5', '6', '7', '8']);
    expect(rows[3][4]).toBe('1371234');
    expect(rows[3][10]).toContain('11-digit mobile number');
    expect(rows[1][10] ?? '').toBe('');
    expect(
      (await gw.call(`${E}downloadErrorExcelNew`, { importId: bad.data.importId }, { cookie: hr })).statusText,
    ).toMatch(/belongs to an employee-list policy/);

    const good = await upload<ImportResult>(
      gw,
      `${E}addBatchEmployee`,
      hr,
      fields(policy),
      fixture('employees-good.xlsx'),
    );
    expect(good.data).toMatchObject({
      ok: true,
      totalRows: 6,
      errorRows: 0,
      errors: [],
      correction: { state: 'draft', itemCount: 6, kind: 'add' },
    });
    const detail = await ok<CorrectionDetail>(
      gw,
      `${E}correctDetail`,
      { correctionId: good.data.correction!.correctionId },
      hr,
    );
    expect(detail.items.total).toBe(6);
    expect(detail.items.list.map((i) => i.name)).toEqual(['王芳', '李强', 'Chen Jie', '刘洋', '赵敏', '周伟']);
    expect(detail.lastImport).toMatchObject({ importId: good.data.importId, ok: true });
    expect((await gw.call(`${E}downloadErrorExcel`, { importId: good.data.importId }, { cookie: hr })).statusText).toBe(
      'Every row of this import was right; there is no error report.',
    );

    // The same file again into the draft: every row is now a duplicate of the draft.
    const again = await upload<ImportResult>(
      gw,
      `${E}addBatchEmployee`,
      hr,
      fields(policy, { correctionId: good.data.correction!.correctionId }),
      fixture('employees-good.xlsx'),
    );
    expect(again.data).toMatchObject({ ok: false, errorRows: 6 });
    expect(again.data.errors[0].reasons).toContain(
      'ID number (column B): This person is already being added in this correction.',
    );
    expect(
      (await ok<CorrectionDetail>(gw, `${E}correctDetail`, { correctionId: good.data.correction!.correctionId }, hr))
        .items.total,
    ).toBe(6);
  });

  it('answers a retry of the same upload with the same result and adds nothing twice', async () => {
    const policy = await makePolicy(gw);
    const f = fields(policy);
    const first = await upload<ImportResult>(gw, `${E}addBatchEmployee`, hr, f, fixture('employees-good.xlsx'));
    const second = await upload<ImportResult>(gw, `${E}addBatchEmployee`, hr, f, fixture('employees-good.xlsx'));
    expect(second.data).toEqual(first.data);
    const items = await gw.app.services.db
      .selectFrom('correction_item')
      .select('id')
      .where('correction_id', '=', first.data.correction!.correctionId)
      .execute();
    expect(items).toHaveLength(6);
  });

  // fake.xlsx (a CSV named .xlsx) and employees-wrong-sheet.xlsx (sheet Sheet1) are read now: files
  // are known by their content and any sheet with the right header row is the roster.
  it.each([
    ['empty.xlsx', 'The file is empty; fill in the template and upload it again.'],
    [
      'broken.xlsx',
      'The file could not be read as a spreadsheet; it may be damaged. Save it again from Excel, WPS or LibreOffice and retry.',
    ],
    ['employees-no-rows.xlsx', 'The file has no data rows below the header; fill in at least one person.'],
  ])('refuses %s with a clear sentence and changes nothing', async (name, text) => {
    const policy = await makePolicy(gw);
    const res = await upload(gw, `${E}addBatchEmployee`, hr, fields(policy), fixture(name));
    expect(res).toMatchObject({ status: Status.business, statusText: text });
    expect(await openCorrections(policy.policyId)).toHaveLength(0);
  });

  it('names the expected and the found columns of a file with wrong columns', async () => {
    const policy = await makePolicy(gw);
    const res = await upload(gw, `${E}addBatchEmployee`, hr, fields(policy), fixture('employees-wrong-columns.xlsx'));
    expect(res.statusText).toBe(
      'No sheet has a header row with the columns ID number. The closest, in sheet "People", has: Full name, Passport, Phone. Name the columns as in the template (Chinese or English names both work).',
    );
  });

  it('refuses a file that is no spreadsheet, a missing file, and a file over 10 MB', async () => {
    const policy = await makePolicy(gw);
    const good = fixture('employees-good.xlsx');
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
      Buffer.alloc(64),
    ]);
    expect(
      (await upload(gw, `${E}addBatchEmployee`, hr, fields(policy), { name: 'people.xlsx', data: png })).statusText,
    ).toBe(
      'The file is not a spreadsheet: upload an Excel, WPS or LibreOffice workbook (.xlsx, .xls, .ods) or a CSV file.',
    );
    expect((await upload(gw, `${E}addBatchEmployee`, hr, fields(policy))).statusText).toBe(
      'Choose a spreadsheet file to upload (.xlsx, .xls, .ods or .csv).',
    );
    const big = await uploadRaw(gw, `${E}addBatchEmployee`, hr, fields(policy), {
      name: 'big.xlsx',
      data: Buffer.concat([good.data, Buffer.alloc(10 * 1024 * 1024 + 10)]),
    });
    expect(big.statusCode).toBe(200);
    expect(big.json()).toMatchObject({
      status: Status.business,
      statusText: expect.stringMatching(/files may be at most 10 MB/),
    });
  });

  it('refuses more than 10,000 data rows', async () => {
    const policy = await makePolicy(gw);
    const rows = Array.from({ length: 10_001 }, (_, i) => ({
      name: 'Some Body',
      idNumber: idNumber('1990-01-01', i, 'male', '120101'),
    }));
    const res = await upload(gw, `${E}addBatchEmployee`, hr, fields(policy), {
      name: 'many.xlsx',
      data: await workbook('add', rows),
    });
    expect(res.statusText).toBe('The file has more than 10,000 data rows; split it into files of at most 10,000 rows.');
  });

  it('imports 10,000 good rows into one draft', async () => {
    const policy = await makePolicy(gw, { members: 0 });
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      name: `Worker ${String.fromCharCode(65 + (i % 26))}`,
      idNumber: idNumber(
        `19${70 + (i % 30)}-0${1 + (i % 9)}-1${i % 10}`,
        i % 500,
        'male',
        REGIONS[Math.floor(i / 500)],
      ),
      phone: '13800138000',
    }));
    // How fast is measured by `npm run bench` (batch import of 10,000 rows), not asserted here.
    const res = await upload<ImportResult>(gw, `${E}addBatchEmployee`, hr, fields(policy), {
      name: 'ten-thousand.xlsx',
      data: await workbook('add', rows),
    });
    expect(res.data).toMatchObject({ ok: true, totalRows: 10_000, correction: { itemCount: 10_000 } });
  });

  it('checks the employer file: occupation required, category covered', async () => {
    const employer = await makePolicy(gw, { roster: 'employeeNew', rates: { 1: 36_500 } });
    const rows: Array<Record<string, string>> = [
      { name: 'Zhang Wei', idNumber: idNumber('1990-05-05', 1, 'male', employer.region), occupationCode: '010021' },
      { name: 'Li Na', idNumber: idNumber('1991-05-05', 2, 'female', employer.region) },
      { name: 'Wang Lei', idNumber: idNumber('1992-05-05', 3, 'male', employer.region), occupationCode: '040034' },
    ];
    const res = await upload<ImportResult>(gw, `${E}addBatchEmployeeNew`, hr, fields(employer), {
      name: 'employer.xlsx',
      data: await workbook('add', rows),
    });
    expect(res.data.errors).toEqual([
      expect.objectContaining({
        row: 3,
        reasons: [
          'Occupation code (column H): The occupation is required on this policy; choose one from the occupation search.',
        ],
      }),
      expect.objectContaining({
        row: 4,
        reasons: ['Occupation code (column H): Risk category 4 (Welder) is not covered by this policy.'],
      }),
    ]);
    const report = await gw.raw(`${E}downloadErrorExcelNew`, { importId: res.data.importId }, { cookie: hr });
    expect((await readSheet(report.rawPayload, 'People')).length).toBe(4);
  });
});

describe('subtract and exchange files', () => {
  it('removes the people a file names, and reports names that do not match', async () => {
    const policy = await makePolicy(gw, { members: 6 });
    const people = await gw.app.services.db
      .selectFrom('insured_person')
      .selectAll()
      .where('policy_id', '=', policy.policyId)
      .orderBy('id')
      .execute();
    const wrong = await upload<ImportResult>(gw, `${E}groupSubtractUpload`, hr, fields(policy), {
      name: 'subtract.xlsx',
      data: await workbook('subtract', [
        { name: people[0].name, idNumber: people[0].id_number },
        { name: 'Not Him', idNumber: people[1].id_number },
        { name: 'Nobody', idNumber: idNumber('1990-01-01', 1, 'male', '999999') },
      ]),
    });
    expect(wrong.data.ok).toBe(false);
    expect(wrong.data.errors.map((e) => e.reasons[0])).toEqual([
      `Name (column A): The name does not match the insured person with this ID number (on the policy: ${people[1].name}).`,
      'ID number (column B): Nobody with this ID number is insured on this policy.',
    ]);
    const right = await upload<ImportResult>(gw, `${E}groupSubtractUpload`, hr, fields(policy), {
      name: 'subtract.xlsx',
      data: await workbook(
        'subtract',
        people.slice(0, 2).map((p) => ({ name: p.name, idNumber: p.id_number })),
      ),
    });
    expect(right.data).toMatchObject({ ok: true, correction: { kind: 'subtract', itemCount: 2 } });
  });

  it('exchanges the people a file names for new ones', async () => {
    const policy = await makePolicy(gw, { members: 3 });
    const people = await gw.app.services.db
      .selectFrom('insured_person')
      .selectAll()
      .where('policy_id', '=', policy.policyId)
      .orderBy('id')
      .execute();
    const res = await upload<ImportResult>(gw, `${E}groupExchangeUpload`, hr, fields(policy), {
      name: 'exchange.xlsx',
      data: await workbook('exchange', [
        {
          leavingIdNumber: people[0].id_number,
          name: 'Joiner One',
          idNumber: idNumber('1993-03-03', 301, 'male', policy.region),
        },
        {
          leavingIdNumber: '110105199001010011',
          name: 'Joiner Two',
          idNumber: idNumber('1993-03-04', 302, 'male', policy.region),
        },
      ]),
    });
    expect(res.data.errors).toEqual([
      expect.objectContaining({
        row: 3,
        reasons: ['Leaving ID number (column A): Nobody with the leaving ID number is insured on this policy.'],
      }),
    ]);
    const fine = await upload<ImportResult>(gw, `${E}groupExchangeUpload`, hr, fields(policy), {
      name: 'exchange.xlsx',
      data: await workbook('exchange', [
        {
          leavingIdNumber: people[0].id_number,
          name: 'Joiner One',
          idNumber: idNumber('1993-03-03', 301, 'male', policy.region),
        },
      ]),
    });
    expect(fine.data).toMatchObject({ ok: true, correction: { kind: 'exchange', itemCount: 1 } });
    const detail = await ok<CorrectionDetail>(
      gw,
      `${E}correctDetail`,
      { correctionId: fine.data.correction!.correctionId },
      hr,
    );
    expect(detail.items.list[0]).toMatchObject({
      action: 'exchange',
      name: 'Joiner One',
      replaced: { personId: people[0].id, name: people[0].name },
    });
  });
});

describe('Excel pitfalls', () => {
  it('explains an ID number that Excel stored as a number', async () => {
    const ExcelJS = (await import('exceljs')).default;
    const policy = await makePolicy(gw);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('People');
    ws.addRow(['Name', 'ID number', 'Sex', 'Birthdate', 'Phone', 'Employee number', 'Department', 'Occupation code']);
    // Excel keeps 15 significant digits: the ID typed as a number arrives rounded, as it would from Excel.
    ws.addRow(['Numeric Id', 110105199001010000, '', '', '', '', '', '']);
    ws.addRow([
      'Text Id',
      idNumber('1990-01-01', 3, 'male', policy.region),
      '',
      new Date(Date.UTC(1990, 0, 1)),
      '',
      '',
      '',
      '',
    ]);
    const res = await upload<ImportResult>(gw, `${E}addBatchEmployee`, hr, fields(policy), {
      name: 'numbers.xlsx',
      data: Buffer.from(await wb.xlsx.writeBuffer()),
    });
    expect(res.data.errors).toHaveLength(1);
    // One reason, showing the number as Excel showed it.
    expect(res.data.errors[0]).toMatchObject({
      row: 2,
      reasons: [
        expect.stringMatching(/^ID number \(column B\): The ID number was stored as a number \(1\.10105E\+17\)/),
      ],
    });
  });
});
