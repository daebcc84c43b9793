import ExcelJS from 'exceljs';
import { Status } from '@contract/envelope';
import type { CorrectionDetail, ImportResult, ItemChange } from '@contract/io/correction';
import { ID_TYPES, type IdType } from '@contract/person';
import { personFindings } from '@common/correction';
import { checkIdDocument, ID_DOCUMENT_ERRORS, type IdDocumentError } from '@common/idDocument';
import { checkCharacter } from '@common/idNumber';
import { translate } from '@server/messages/catalogue';
import { HEADERS } from '@server/services/corrections/rosterColumns';
import { startGateway, type TestGateway } from '../support/gateway';
import { key, makePolicy, newPerson, ok, today, upload, type TestPolicy } from './support';

const TODAY = new Date('2026-11-29T00:00:00Z');
/** A number laid out as a resident ID: its first 17 characters and their check character. */
const withCheck = (first17: string) => first17 + checkCharacter(first17);
const wrongCheck = (n: string) => n.slice(0, 17) + (n[17] === '0' ? '1' : '0');

const valid: Record<IdType, string[]> = {
  residentId: ['11010519491231002X', '110105491231002'],
  passport: ['E12345678', 'G1234567', '5123456789', 'x1234567'],
  hkMacauPermit: ['H12345678', 'M1234567890', 'h87654321'],
  residencePermit: [withCheck('81000019900101123'), withCheck('82000019851231002'), withCheck('83000020000229001')],
  taiwanPermit: ['12345678', 'A123456789'],
  foreignPermanent: ['USA123456789012', 'GBR850615123456', withCheck('91184019850615002')],
};

const invalid: Record<IdType, Array<[string, IdDocumentError]>> = {
  residentId: [
    ['11010519900101', 'digits'],
    ['1101051990A101002X', 'format'],
    [withCheck('11010519901301001'), 'birthdate'],
    [wrongCheck('11010519491231002X'), 'checkDigit'],
  ],
  passport: [
    ['E123', 'passport'],
    ['PASSPORT', 'passport'],
    ['E1234-5678', 'passport'],
    ['E123456789012345678', 'passport'],
  ],
  hkMacauPermit: [
    ['H1234567', 'hkMacauPermit'],
    ['H123456789', 'hkMacauPermit'],
    ['K12345678', 'hkMacauPermit'],
    ['12345678', 'hkMacauPermit'],
  ],
  residencePermit: [
    [withCheck('8100001990010112'), 'residencePermitLength'],
    [withCheck('11010519900101123'), 'residencePermitRegion'],
    ['81000019900101A23X', 'permitFormat'],
    [withCheck('81000019901301123'), 'permitBirthdate'],
    [withCheck('81000021000101123'), 'permitBirthdate'],
    [wrongCheck(withCheck('81000019900101123')), 'permitCheckDigit'],
  ],
  taiwanPermit: [
    ['1234567', 'taiwanPermit'],
    ['1234567890', 'taiwanPermit'],
    ['AB12345678', 'taiwanPermit'],
  ],
  foreignPermanent: [
    ['US1234567890123', 'foreignPermanent'],
    ['USA12345678901', 'foreignPermanent'],
    [withCheck('81184019850615002'), 'foreignPermanent'],
    [withCheck('91184019851315002'), 'permitBirthdate'],
    [wrongCheck(withCheck('91184019850615002')), 'permitCheckDigit'],
  ],
};

describe('the numbers of every kind of identity document', () => {
  it.each(ID_TYPES)('accepts valid %s numbers', (type) => {
    for (const n of valid[type]) expect({ n, ...checkIdDocument(type, n, TODAY) }).toMatchObject({ n, ok: true });
  });

  it.each(ID_TYPES)('refuses invalid %s numbers with the rule each breaks', (type) => {
    for (const [n, error] of invalid[type])
      expect({ n, result: checkIdDocument(type, n, TODAY) }).toEqual({ n, result: { ok: false, error } });
  });

  it('reads birthdate and sex from the numbers that carry them, and only from those', () => {
    expect(checkIdDocument('residencePermit', withCheck('81000019900101123'), TODAY)).toMatchObject({
      info: { birthdate: '1990-01-01', sex: 'male' },
    });
    expect(checkIdDocument('foreignPermanent', withCheck('91184019850615002'), TODAY)).toMatchObject({
      info: { birthdate: '1985-06-15', sex: 'female' },
    });
    for (const [type, n] of [
      ['passport', 'E12345678'],
      ['hkMacauPermit', 'H12345678'],
      ['taiwanPermit', '12345678'],
      ['foreignPermanent', 'USA123456789012'],
    ] as const)
      expect(checkIdDocument(type, n, TODAY)).toMatchObject({ ok: true, info: null });
  });

  it('has a sentence for every rule in both languages, naming the document', () => {
    for (const e of ID_DOCUMENT_ERRORS) {
      const en = translate('en-US', `id.${e}`);
      const zh = translate('zh-CN', `id.${e}`);
      expect(en).not.toBe(`id.${e}`);
      expect(zh).toMatch(/[\u4e00-\u9fff]/);
    }
    for (const t of ID_TYPES) expect(translate('zh-CN', `idType.${t}`)).not.toBe(translate('en-US', `idType.${t}`));
  });
});

describe('a person by their document', () => {
  it('asks birthdate and sex where the number does not carry them', () => {
    expect(personFindings({ name: 'John Smith', idType: 'passport', idNumber: 'E12345678' }, TODAY).findings).toEqual([
      { field: 'sex', problem: 'sexRequired' },
      { field: 'birthdate', problem: 'birthdateRequired' },
    ]);
    expect(
      personFindings(
        { name: 'John Smith', idType: 'passport', idNumber: 'E12345678', sex: 'x', birthdate: '2027-01-01' },
        TODAY,
      ).findings,
    ).toEqual([
      { field: 'sex', problem: 'sexInvalid' },
      { field: 'birthdate', problem: 'birthdateInvalid' },
    ]);
    expect(
      personFindings(
        { name: '陈大文', idType: 'hkMacauPermit', idNumber: 'h12345678', sex: 'male', birthdate: '1980-02-29' },
        TODAY,
      ),
    ).toEqual({
      findings: [],
      person: { idType: 'hkMacauPermit', idNumber: 'H12345678', sex: 'male', birthdate: '1980-02-29' },
    });
  });

  it('holds birthdate and sex to the number where it carries them', () => {
    const n = withCheck('91184019850615002');
    expect(
      personFindings({ name: 'Anna Berg', idType: 'foreignPermanent', idNumber: n, sex: 'male' }, TODAY).findings,
    ).toEqual([{ field: 'sex', problem: 'sexMismatch' }]);
    expect(
      personFindings({ name: 'Anna Berg', idType: 'foreignPermanent', idNumber: n, birthdate: '1985-06-16' }, TODAY)
        .findings,
    ).toEqual([{ field: 'birthdate', problem: 'birthdateMismatch' }]);
    expect(personFindings({ name: 'Anna Berg', idType: 'foreignPermanent', idNumber: n }, TODAY).person).toEqual({
      idType: 'foreignPermanent',
      idNumber: n,
      sex: 'female',
      birthdate: '1985-06-15',
    });
  });

  it('reads a number without a type as a resident ID card', () => {
    expect(personFindings({ name: 'John Smith', idNumber: 'E12345678' }, TODAY).findings).toEqual([
      { field: 'idNumber', problem: 'idDigits' },
    ]);
  });
});

describe('adding people by any document at the gateway', () => {
  let gw: TestGateway;
  let hr: string;
  let policy: TestPolicy;
  beforeAll(async () => {
    gw = await startGateway();
    hr = await gw.login('corp-hr');
    policy = await makePolicy(gw, { members: 4, minAge: 18, maxAge: 60 });
  });
  afterAll(() => gw.close());

  const add = (person: Record<string, string>, lang = 'en-US') =>
    gw.call<ItemChange>(
      'blocLegal/employee/addSingleEmployee',
      { policyId: policy.policyId, effectiveDate: today(), idempotencyKey: key(), ...person },
      { cookie: hr, headers: { 'accept-language': lang } },
    );

  it('refuses a passport holder without birthdate and sex, in the reader’s language, and keeps nothing', async () => {
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const res = await add({ name: 'John Smith', idType: 'passport', idNumber: 'E12345678' }, lang);
      expect(res.status).toBe(Status.business);
      expect(res.statusText).toContain(translate(lang, 'roster.sexRequired'));
      expect(res.statusText).toContain(translate(lang, 'roster.birthdateRequired'));
    }
    const bad = await add({ name: 'John Smith', idType: 'hkMacauPermit', idNumber: 'K12345678' });
    expect(bad.statusText).toContain(translate('en-US', 'id.hkMacauPermit'));
    const unknown = await add({ name: 'John Smith', idType: 'driving', idNumber: 'E12345678' });
    expect(unknown.status).not.toBe(Status.ok);
    const open = await gw.app.services.db
      .selectFrom('correction')
      .select('id')
      .where('open_policy_id', '=', policy.policyId)
      .execute();
    expect(open).toHaveLength(0);
  });

  it('adds a passport holder and a resident ID holder, each line showing its document', async () => {
    const passport = await ok<ItemChange>(
      gw,
      'blocLegal/employee/addSingleEmployee',
      {
        policyId: policy.policyId,
        effectiveDate: today(),
        idempotencyKey: key(),
        name: 'John Smith',
        idType: 'passport',
        idNumber: 'e12345678',
        sex: 'male',
        birthdate: '1988-03-04',
      },
      hr,
    );
    const correctionId = passport.correction.correctionId;
    await ok<ItemChange>(
      gw,
      'blocLegal/employee/addSingleEmployee',
      { policyId: policy.policyId, correctionId, idempotencyKey: key(), ...newPerson(policy.region, 3) },
      hr,
    );
    const detail = await ok<CorrectionDetail>(gw, 'blocLegal/employee/correctDetail', { correctionId }, hr);
    expect(detail.items.list.map((i) => [i.idType, i.idNumber, i.sex, i.birthdate])).toEqual([
      ['passport', 'E12345678', 'male', '1988-03-04'],
      ['residentId', newPerson(policy.region, 3).idNumber, 'male', expect.any(String)],
    ]);
    const rows = await gw.app.services.db
      .selectFrom('correction_item')
      .select(['id_type', 'id_number'])
      .where('correction_id', '=', correctionId)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.id_type)).toEqual(['passport', 'residentId']);
    await ok(gw, 'blocLegal/employee/delCorrectRecord', { correctionId }, hr);
  });
});

describe('roster files with every kind of ID', () => {
  let gw: TestGateway;
  let hr: string;
  beforeAll(async () => {
    gw = await startGateway();
    hr = await gw.login('corp-hr');
  });
  afterAll(() => gw.close());

  async function file(headers: string[], rows: string[][]): Promise<Buffer> {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('员工名单');
    ws.addRow(headers);
    for (const r of rows) ws.addRow(r);
    return Buffer.from(await wb.xlsx.writeBuffer());
  }

  it('writes the ID type column with a drop-down of the documents in the reader’s language', async () => {
    for (const locale of ['en-US', 'zh-CN'] as const) {
      const res = await gw.raw(
        'blocLegal/employee/downImportEmployeeExcel',
        {},
        {
          cookie: hr,
          headers: { 'accept-language': locale },
        },
      );
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const people = wb.worksheets[0];
      const header = (people.getRow(1).values as string[]).slice(1);
      const column = header.indexOf(HEADERS.idType[locale]);
      expect(column).toBeGreaterThanOrEqual(0);
      const letter = String.fromCharCode(65 + column);
      const model = (people as unknown as { dataValidations: { model: Record<string, { formulae: string[] }> } })
        .dataValidations.model;
      const rule = Object.entries(model).find(([range]) => range.startsWith(`${letter}2`));
      expect(rule?.[1].formulae[0]).toBe(`"${ID_TYPES.map((t) => translate(locale, `idType.${t}`)).join(',')}"`);
    }
  });

  it('imports a file of mixed documents by Chinese headers and names in both languages; a wrong row adds nobody', async () => {
    const policy = await makePolicy(gw, { members: 4, minAge: 18, maxAge: 60 });
    const resident = newPerson(policy.region, 5);
    const permit = withCheck('81000019900101123');
    const foreign = withCheck('91184019850615002');
    const headers = ['姓名', '证件类型', '证件号码', '性别', '出生日期'];
    const rows = [
      ['王芳', '', resident.idNumber, '', ''],
      ['John Smith', '护照', 'E12345678', '男', '1988-03-04'],
      ['陈大文', "Hong Kong/Macau residents' travel permit", 'H12345678', '男', '1980-02-29'],
      ['林小美', '台胞证', '12345678', '女', '1992-07-01'],
      ['李居', '港澳台居民居住证', permit, '', ''],
      ['Anna Berg', 'foreignPermanent', foreign, '', ''],
    ];
    const fields = () => ({ policyId: policy.policyId, effectiveDate: today(), idempotencyKey: key() });
    const bad = await upload<ImportResult>(gw, 'blocLegal/employee/addBatchEmployee', hr, fields(), {
      name: 'mixed.xlsx',
      data: await file(headers, [
        ...rows.slice(0, 3),
        ['Maria Rossi', '护照', 'YA1234567', '', ''],
        ['某人', '驾照', 'X1', '', ''],
      ]),
    });
    expect(bad.data).toMatchObject({ ok: false, errorRows: 2, correction: null });
    const reasons = bad.data.errors.map((e) => e.reasons.join(' '));
    expect(reasons[0]).toContain(translate('en-US', 'roster.sexRequired'));
    expect(reasons[0]).toContain(translate('en-US', 'roster.birthdateRequired'));
    expect(reasons[1]).toContain(translate('en-US', 'roster.idTypeUnreadable', { value: '驾照' }));

    const good = await upload<ImportResult>(gw, 'blocLegal/employee/addBatchEmployee', hr, fields(), {
      name: 'mixed.xlsx',
      data: await file(headers, rows),
    });
    expect(good.data).toMatchObject({ ok: true, totalRows: 6, errorRows: 0 });
    const lines = await gw.app.services.db
      .selectFrom('correction_item')
      .select(['id_type', 'id_number', 'sex', 'birthdate'])
      .where('correction_id', '=', good.data.correction?.correctionId as number)
      .orderBy('id')
      .execute();
    expect(lines).toEqual([
      { id_type: 'residentId', id_number: resident.idNumber, sex: 'male', birthdate: expect.any(String) },
      { id_type: 'passport', id_number: 'E12345678', sex: 'male', birthdate: '1988-03-04' },
      { id_type: 'hkMacauPermit', id_number: 'H12345678', sex: 'male', birthdate: '1980-02-29' },
      { id_type: 'taiwanPermit', id_number: '12345678', sex: 'female', birthdate: '1992-07-01' },
      { id_type: 'residencePermit', id_number: permit, sex: 'male', birthdate: '1990-01-01' },
      { id_type: 'foreignPermanent', id_number: foreign, sex: 'female', birthdate: '1985-06-15' },
    ]);
  });
});
