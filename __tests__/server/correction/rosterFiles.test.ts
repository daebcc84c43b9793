/**
 * Rosters as HR staff make them: files generated here by exceljs and SheetJS in every format the
 * gateway reads (xlsx, xlsm, xls, ods, CSV in UTF-8, UTF-8 with BOM and GBK), with the headers,
 * values and habits of real rosters; every cell read back as it was; refusals per row and column in
 * the uploader's language; templates, error reports and the roster export as round trips.
 */
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import cptable from '@e965/xlsx/dist/cpexcel.js';
import { callPath, type CallName } from '@contract/calls';
import type { Envelope } from '@contract/envelope';
import type { CorrectionDetail, ImportResult } from '@contract/io/correction';
import { countyCodes } from '@server/services/divisions';
import { libreOfficeRows } from '@scripts/make-upload-fixtures';
import { startGateway, type TestGateway } from '../support/gateway';
import { idNumber, key, makePolicy, multipart, ok, readSheet, today, type TestPolicy } from './support';

let gw: TestGateway;
let hr: string;
beforeAll(async () => {
  gw = await startGateway();
  hr = await gw.login('corp-hr');
});
afterAll(() => gw.close());

const E = 'blocLegal/employee/';
const REGIONS = countyCodes();
type Lang = 'en-US' | 'zh-CN';

async function send<T = ImportResult>(
  name: CallName,
  policy: TestPolicy,
  file: { name: string; data: Buffer },
  o: { lang?: Lang; correctionId?: number } = {},
): Promise<Envelope<T>> {
  const body = multipart(
    {
      channelType: '1',
      policyId: policy.policyId,
      effectiveDate: today(),
      idempotencyKey: key(),
      ...(o.correctionId ? { correctionId: o.correctionId } : {}),
    },
    file,
  );
  const res = await gw.app.inject({
    method: 'POST',
    url: callPath(name, gw.config.portal.gatewayPrefix),
    headers: { ...body.headers, cookie: hr, 'accept-language': o.lang ?? 'en-US' },
    payload: body.payload,
  });
  return res.json();
}

async function download(name: CallName, values: Record<string, string | number>, lang: Lang = 'en-US') {
  const res = await gw.app.inject({
    method: 'POST',
    url: callPath(name, gw.config.portal.gatewayPrefix),
    headers: { cookie: hr, 'content-type': 'application/x-www-form-urlencoded', 'accept-language': lang },
    payload: new URLSearchParams({ channelType: '1', ...values } as Record<string, string>).toString(),
  });
  expect(res.headers['content-type']).toContain('spreadsheetml');
  return res.rawPayload;
}

async function items(correctionId: number) {
  return gw.app.services.db
    .selectFrom('correction_item')
    .selectAll()
    .where('correction_id', '=', correctionId)
    .orderBy('id')
    .execute();
}

/** A workbook written by SheetJS from rows of cells (every value a string unless given otherwise). */
function sheetjs(rows: unknown[][], bookType: XLSX.BookType, sheet = 'Sheet1'): Buffer {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), sheet);
  return Buffer.from(XLSX.write(wb, { bookType, type: 'buffer' }));
}

const person = (policy: TestPolicy, seq: number, name: string, sex: 'male' | 'female' = 'male') => {
  const birth = `19${80 + (seq % 15)}-0${1 + (seq % 9)}-1${seq % 9}`;
  return { name, birth, sex, id: idNumber(birth, 200 + seq, sex, policy.region) };
};

describe('every character kept', () => {
  it('reads back 10,000 rows of Chinese and rare characters outside the BMP, cell for cell', async () => {
    const policy = await makePolicy(gw, { members: 0 });
    const chars = ['王', '𠮷', '鹏', '𡈽', '辉', '𪚥', '胡', '䶮', '龘', '㐀', '芳', '𬌗', '玥', '堃', '喆'];
    const rows = Array.from({ length: 10_000 }, (_, i) => {
      const name = `${chars[i % chars.length]}${chars[(i * 7 + 3) % chars.length]}${chars[(i * 11 + 5) % chars.length]}`;
      return {
        name,
        id: idNumber(`19${70 + (i % 30)}-0${1 + (i % 9)}-1${i % 10}`, i % 500, 'male', REGIONS[Math.floor(i / 500)]),
        department: `销区北华客财销${i % 97}部·${chars[i % chars.length]}组🙂`,
      };
    });
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('花名册');
    ws.addRow(['姓名', '身份证号', '部门']);
    for (const r of rows) ws.addRow([r.name, r.id, r.department]);
    const res = await send(`${E}addBatchEmployee`, policy, {
      name: 'roster.xlsx',
      data: Buffer.from(await wb.xlsx.writeBuffer()),
    });
    expect(res.data).toMatchObject({ ok: true, totalRows: 10_000 });
    const stored = await items(res.data.correction!.correctionId);
    expect(stored.map((i) => i.name)).toEqual(rows.map((r) => r.name));
    expect(stored.map((i) => i.department)).toEqual(rows.map((r) => r.department));
    expect(stored.map((i) => i.id_number)).toEqual(rows.map((r) => r.id));
  });
});

describe('a roster saved by LibreOffice', () => {
  it('reads every cell of fixtures/uploads/libreoffice-roster.xlsx as written', async () => {
    const policy = await makePolicy(gw, { members: 0 });
    const res = await send(`${E}addBatchEmployee`, policy, {
      name: 'libreoffice-roster.xlsx',
      data: fs.readFileSync(path.join(__dirname, '../../../fixtures/uploads/libreoffice-roster.xlsx')),
    });
    expect(res.data.errors).toEqual([]);
    const stored = await items(res.data.correction!.correctionId);
    const expected = libreOfficeRows();
    expect(stored.map((i) => [i.name, i.id_number, i.department])).toEqual(
      expected.map((r) => [r.name, r.idNumber, r.department]),
    );
  });
});

describe('any sensible sheet', () => {
  const header = ['姓名', '身份证号', '性别', '部门'];
  const formats: Array<[string, (rows: string[][]) => Buffer]> = [
    ['xlsx by SheetJS', (rows) => sheetjs(rows, 'xlsx', '员工名单')],
    ['xlsm', (rows) => sheetjs(rows, 'xlsm')],
    ['xls (BIFF8)', (rows) => sheetjs(rows, 'biff8')],
    ['ods', (rows) => sheetjs(rows, 'ods', 'Sheet1')],
    ['csv in UTF-8', (rows) => Buffer.from(rows.map((r) => r.join(',')).join('\r\n'), 'utf8')],
    [
      'csv in UTF-8 with BOM',
      (rows) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(rows.map((r) => r.join(',')).join('\n'))]),
    ],
    [
      'csv in GBK',
      (rows) => Buffer.from(cptable.utils.encode(936, rows.map((r) => r.join(',')).join('\r\n')) as Uint8Array),
    ],
    ['tab-separated text', (rows) => Buffer.from(rows.map((r) => r.join('\t')).join('\n'), 'utf8')],
  ];
  it.each(formats)('reads %s', async (_label, make) => {
    const policy = await makePolicy(gw);
    const a = person(policy, 1, '张三丰');
    const b = person(policy, 2, '李四娘', 'female');
    const res = await send(`${E}addBatchEmployee`, policy, {
      name: 'people.file',
      data: make([header, [a.name, a.id, '男', '研发部'], [b.name, b.id, '女', '财务部']]),
    });
    expect(res.data).toMatchObject({ ok: true, totalRows: 2 });
    const stored = await items(res.data.correction!.correctionId);
    expect(stored.map((i) => [i.name, i.id_number, i.sex, i.department])).toEqual([
      [a.name, a.id, 'male', '研发部'],
      [b.name, b.id, 'female', '财务部'],
    ]);
  });

  it('finds the header under title rows, in any order, named in Chinese or English, with extra columns', async () => {
    const policy = await makePolicy(gw, { roster: 'employeeNew' });
    const a = person(policy, 3, '王芳', 'female');
    const b = person(policy, 4, 'Chen Jie');
    const c = person(policy, 5, '刘洋');
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('说明').addRow(['本文件由人事系统导出']);
    const ws = wb.addWorksheet('员工名单');
    ws.addRow(['上海恒晟精密制造有限公司 员工花名册']);
    ws.addRow([]);
    // The portal's own zh-CN labels, an HR system's names, a bilingual header and a remark column.
    ws.addRow(['序号', '证件号码', '姓名 / Name', '手机号码', '工号', '所属部门', '职业', '备注']);
    ws.addRow([1, a.id, a.name, '139 1234 5678', 'HS1001', '财务部', '会计', '新入职']);
    ws.addRow([2, b.id, b.name, '+86 138-1234-5679', 'HS1002', 'Logistics', 'Office clerk', '']);
    ws.addRow([3, c.id, c.name, '8613712345670', 'HS1003', '销售部', '办公室文员', '']);
    const res = await send(`${E}addBatchEmployeeNew`, policy, {
      name: '员工名单.xlsx',
      data: Buffer.from(await wb.xlsx.writeBuffer()),
    });
    expect(res.data).toMatchObject({ ok: true, totalRows: 3 });
    const stored = await items(res.data.correction!.correctionId);
    expect(stored.map((i) => [i.name, i.phone, i.employee_no, i.department, i.occupation_code])).toEqual([
      [a.name, '13912345678', 'HS1001', '财务部', '010031'],
      [b.name, '13812345679', 'HS1002', 'Logistics', '010021'],
      [c.name, '13712345670', 'HS1003', '销售部', '010021'],
    ]);
  });

  it('reads values the way people type them', async () => {
    const policy = await makePolicy(gw, { roster: 'employeeNew' });
    const p = [
      person(policy, 6, '阿依古丽•买买提', 'female'),
      person(policy, 7, '约翰・史密斯'),
      person(policy, 8, 'Ｍａｒｙ Ｌｅｅ', 'female'),
      person(policy, 9, '赵\u200b敏', 'female'),
      person(policy, 10, '周伟'),
    ];
    const fullWidth = (s: string) => s.replace(/[0-9X]/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0));
    const typed = (birth: string, form: number) => {
      const [y, m, d] = birth.split('-');
      return [
        `${y}/${m}/${d}`,
        `${y}-${Number(m)}-${Number(d)}`,
        `${y}${m}${d}`,
        `${y}年${Number(m)}月${Number(d)}日`,
        `${y}.${m}.${d}`,
      ][form];
    };
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Sheet1');
    ws.addRow(['Name', 'ID number', 'Gender', 'Date of birth', 'Mobile phone', 'Occupation code']);
    ws.addRow([p[0].name, fullWidth(p[0].id), '女性', typed(p[0].birth, 0), '139-1234-5678', 10021]);
    ws.addRow([
      p[1].name,
      `${p[1].id.slice(0, 6)} ${p[1].id.slice(6, 14)} ${p[1].id.slice(14)}`,
      '男性',
      typed(p[1].birth, 1),
      '',
      '010031 会计',
    ]);
    ws.addRow([p[2].name, `\u200b${p[2].id}\u200b`, 'F', typed(p[2].birth, 2), '', '010021']);
    ws.addRow([p[3].name, p[3].id.toLowerCase(), '女', typed(p[3].birth, 3), '', 10031]);
    const dateCell = new Date(
      Date.UTC(Number(p[4].birth.slice(0, 4)), Number(p[4].birth.slice(5, 7)) - 1, Number(p[4].birth.slice(8))),
    );
    ws.addRow([p[4].name, p[4].id, 'male', dateCell, '', '010021']);
    ws.getCell('D6').numFmt = 'yyyy"年"m"月"d"日"';
    // A name from a formula: its saved result is what counts.
    ws.addRow([
      { formula: '"孙"&"丽"', result: '孙丽' } as unknown as string,
      person(policy, 11, '孙丽', 'female').id,
      '',
      typed(person(policy, 11, '孙丽', 'female').birth, 4),
      '',
      '010021',
    ]);
    const res = await send(`${E}addBatchEmployeeNew`, policy, {
      name: 'typed.xlsx',
      data: Buffer.from(await wb.xlsx.writeBuffer()),
    });
    expect(res.data.errors).toEqual([]);
    expect(res.data).toMatchObject({ ok: true, totalRows: 6 });
    const stored = await items(res.data.correction!.correctionId);
    expect(stored.map((i) => [i.name, i.id_number, i.occupation_code])).toEqual([
      ['阿依古丽·买买提', p[0].id, '010021'],
      ['约翰·史密斯', p[1].id, '010031'],
      ['Mary Lee', p[2].id, '010021'],
      ['赵敏', p[3].id, '010031'],
      ['周伟', p[4].id, '010021'],
      ['孙丽', person(policy, 11, '孙丽', 'female').id, '010021'],
    ]);
  });
});

describe('refusals per row and column, in the uploader’s language', () => {
  it('says in Chinese which row, which column and why', async () => {
    const policy = await makePolicy(gw, { roster: 'employeeNew' });
    const good = person(policy, 12, '钱多多');
    const hidden = person(policy, 13, '孙悟空');
    const badCheck = person(policy, 14, '沙和尚');
    const wrongCheck = badCheck.id.slice(0, 17) + (badCheck.id[17] === '1' ? '2' : '1');
    const noRegion = idNumber('1990-01-01', 1, 'male', '000000');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('人员');
    ws.addRow(['姓名', '身份证号', '性别', '出生日期', '职业代码', '备注']);
    ws.addRow([good.name, good.id, '男', good.birth, '010021', '']); // 2: fine
    ws.addRow([hidden.name, hidden.id, '', '', '010021', '']); // 3: hidden
    ws.getRow(3).hidden = true;
    ws.addRow([badCheck.name, wrongCheck, '', '', '010021', '']); // 4: check digit
    ws.addRow(['白骨精', 110105199001010000, '', '', '010021', '']); // 5: ID as a number
    ws.addRow(['牛魔王', noRegion, '', '', '010021', '']); // 6: division code
    ws.addRow([person(policy, 15, '红孩儿').name, person(policy, 15, '红孩儿').id, '未知', '24/08/1990', '010021', '']); // 7
    ws.addRow([
      person(policy, 16, '铁扇').name,
      person(policy, 16, '铁扇').id,
      '',
      '',
      { formula: '1/0', result: { error: '#DIV/0!' } },
      '',
    ]); // 8
    ws.addRow([person(policy, 17, '哪吒').name, person(policy, 17, '哪吒').id, '', '', '999999', '']); // 9
    const res = await send(
      `${E}addBatchEmployeeNew`,
      policy,
      { name: '人员.xlsx', data: Buffer.from(await wb.xlsx.writeBuffer()) },
      { lang: 'zh-CN' },
    );
    expect(res.data.ok).toBe(false);
    const reasons = Object.fromEntries(res.data.errors.map((e) => [e.row, e.reasons]));
    expect(Object.keys(reasons).map(Number)).toEqual([3, 4, 5, 6, 7, 8, 9]);
    expect(reasons[3]).toEqual(['该行在您的表格中被隐藏（被筛选或被隐藏）；如需导入请取消隐藏，否则请删除该行。']);
    expect(reasons[4]).toEqual(['身份证号（B 列）：身份证号的校验位不正确。']);
    // One reason for an ID number stored as a number, showing it as Excel showed it.
    expect(reasons[5]).toEqual([
      '身份证号（B 列）：身份证号被存成了数字（1.10105E+17），Excel 的数字只保留 15 位有效数字：请把该列设置为文本格式后重新输入。',
    ]);
    expect(reasons[6]).toEqual(['身份证号（B 列）：身份证号以 000000 开头，这不是有效的行政区划代码（GB/T 2260）。']);
    expect(reasons[7]).toEqual([
      '性别（C 列）：性别应为男或女；“未知”无法识别。',
      '出生日期（D 列）：“24/08/1990”不是日期，请按 1990-08-24 的格式填写。',
    ]);
    expect(reasons[8]).toEqual(['职业代码（E 列）：该单元格是公式，计算结果为错误（#DIV/0!）；请直接填写值。']);
    expect(reasons[9]).toEqual(['职业代码（E 列）：不存在代码为 999999 的职业，请从职业搜索中选择。']);
    expect(
      await gw.app.services.db
        .selectFrom('correction')
        .select('id')
        .where('open_policy_id', '=', policy.policyId)
        .execute(),
    ).toHaveLength(0);

    // The same file in English.
    const en = await send(`${E}addBatchEmployeeNew`, policy, {
      name: 'people.xlsx',
      data: Buffer.from(await wb.xlsx.writeBuffer()),
    });
    // The column is named as the file names it.
    expect(en.data.errors.find((e) => e.row === 4)?.reasons).toEqual([
      "身份证号 (column B): The ID number's check digit is wrong.",
    ]);
  });

  it('refuses a formula without a saved result by name', async () => {
    const policy = await makePolicy(gw);
    const a = person(policy, 18, '唐僧');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Sheet1');
    ws.addRow(['Name', 'ID number']);
    ws.addRow([{ formula: 'CONCATENATE("唐","僧")' } as unknown as string, a.id]);
    const res = await send(`${E}addBatchEmployee`, policy, {
      name: 'f.xlsx',
      data: Buffer.from(await wb.xlsx.writeBuffer()),
    });
    expect(res.data.errors[0].reasons).toEqual([
      'Name (column A): The cell is a formula without a saved result; type the value instead.',
    ]);
  });

  it('says which columns are missing, in the uploader’s language', async () => {
    const policy = await makePolicy(gw);
    const res = await send(
      `${E}addBatchEmployee`,
      policy,
      { name: 'x.csv', data: Buffer.from('姓名,电子邮件\n张三,zs@example.cn\n') },
      { lang: 'zh-CN' },
    );
    expect(res.statusText).toBe(
      '没有找到包含 身份证号 列的表头行。最接近的是工作表“CSV”，其表头为：姓名, 电子邮件。请按模板命名各列（中文或英文列名均可）。',
    );
  });
});

describe('round trips', () => {
  it('fills the Chinese template and reads it back; it carries the occupation list and drop-downs', async () => {
    const policy = await makePolicy(gw, { roster: 'employeeNew' });
    const data = await download(`${E}downImportEmployeeExcel`, { policyId: policy.policyId }, 'zh-CN');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(data as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['员工名单', '填写说明', '职业列表']);
    const ws = wb.getWorksheet('员工名单')!;
    expect((ws.getRow(1).values as string[]).slice(1)).toEqual([
      '姓名',
      '身份证号',
      '性别',
      '出生日期',
      '手机号',
      '工号',
      '部门',
      '职业代码',
      '证件类型',
    ]);
    const validations = (ws as unknown as { dataValidations: { model: Record<string, { formulae: string[] }> } })
      .dataValidations.model;
    const rules = Object.values(validations).map((v) => v.formulae[0]);
    expect(rules).toEqual(expect.arrayContaining(['"男,女"', expect.stringMatching(/^'职业列表'!\$E\$2:\$E\$\d+$/)]));
    const list = await readSheet(data, '职业列表');
    expect(list[0]).toEqual(['职业代码', '职业', '职业类别', '本保单承保', '职业代码']);
    expect(list).toContainEqual(['010021', '办公室文员', '1', '是', '010021 办公室文员']);
    const a = person(policy, 19, '林黛玉', 'female');
    ws.addRow([a.name, a.id, '女', a.birth, '13912345678', 'HS9', '文学部', '010021 办公室文员']);
    const res = await send(`${E}addBatchEmployeeNew`, policy, {
      name: '模板.xlsx',
      data: Buffer.from(await wb.xlsx.writeBuffer()),
    });
    expect(res.data).toMatchObject({ ok: true, totalRows: 1 });
    expect((await items(res.data.correction!.correctionId))[0]).toMatchObject({
      occupation_code: '010021',
      risk_category: 1,
    });
  });

  it('takes the error report back once its marked cells are fixed', async () => {
    const policy = await makePolicy(gw);
    const a = person(policy, 20, '贾宝玉');
    const b = person(policy, 21, '薛宝钗', 'female');
    const wrong = b.id.slice(0, 17) + (b.id[17] === '1' ? '2' : '1');
    const first = await send(
      `${E}addBatchEmployee`,
      policy,
      {
        name: 'people.csv',
        data: Buffer.from(`姓名,身份证号,手机号\n${a.name},${a.id},13900000001\n${b.name},${wrong},13900000002\n`),
      },
      { lang: 'zh-CN' },
    );
    expect(first.data).toMatchObject({ ok: false, errorRows: 1 });
    const report = await download(`${E}downloadErrorExcel`, { importId: first.data.importId }, 'zh-CN');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(report as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('员工名单')!;
    expect(ws.getRow(1).getCell(11).value).toBe('错误原因');
    expect(ws.getRow(2).getCell(1).value).toBe(a.name);
    expect(ws.getRow(3).getCell(2).value).toBe(wrong);
    expect(String(ws.getRow(3).getCell(11).value)).toContain('身份证号（B 列）：身份证号的校验位不正确。');
    expect((ws.getRow(3).getCell(2).fill as ExcelJS.FillPattern).fgColor?.argb).toBe('FFFFC7CE');
    ws.getRow(3).getCell(2).value = b.id;
    const again = await send(`${E}addBatchEmployee`, policy, {
      name: 'fixed.xlsx',
      data: Buffer.from(await wb.xlsx.writeBuffer()),
    });
    expect(again.data).toMatchObject({ ok: true, totalRows: 2 });
    expect((await items(again.data.correction!.correctionId)).map((i) => i.id_number)).toEqual([a.id, b.id]);
  });

  it('takes the roster export back as a subtract file and as an exchange file', async () => {
    const policy = await makePolicy(gw, { members: 4 });
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const exported = await download(`${E}downloadEmployeeListExcel`, { policyId: policy.policyId }, lang);
      const rows = await readSheet(exported);
      expect(rows).toHaveLength(5);
      // Subtract: keep the rows of the people who leave.
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(exported as unknown as ArrayBuffer);
      const ws = wb.worksheets[0];
      for (const r of [3, 4, 5]) ws.getRow(r).values = [];
      const sub = await send(
        `${E}groupSubtractUpload`,
        policy,
        { name: 'roster.xlsx', data: Buffer.from(await wb.xlsx.writeBuffer()) },
        { lang },
      );
      expect(sub.data).toMatchObject({ ok: true, totalRows: 1, correction: { kind: 'subtract', itemCount: 1 } });
      await ok(gw, `${E}delCorrectRecord`, { correctionId: sub.data.correction!.correctionId }, hr);
    }
    // Exchange: write the joiner over the leaver's row; the other rows stay as they were.
    const exported = await download(`${E}downloadEmployeeListExcel`, { policyId: policy.policyId });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exported as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const leaving = String(ws.getRow(2).getCell(2).value);
    const joiner = person(policy, 22, '新同事');
    ws.getRow(2).getCell(1).value = joiner.name;
    ws.getRow(2).getCell(2).value = joiner.id;
    ws.getRow(2).getCell(3).value = '';
    ws.getRow(2).getCell(4).value = '';
    const ex = await send(`${E}groupExchangeUpload`, policy, {
      name: 'roster.xlsx',
      data: Buffer.from(await wb.xlsx.writeBuffer()),
    });
    expect(ex.data).toMatchObject({ ok: true, totalRows: 1, correction: { kind: 'exchange', itemCount: 1 } });
    const detail = await ok<CorrectionDetail>(
      gw,
      `${E}correctDetail`,
      { correctionId: ex.data.correction!.correctionId },
      hr,
    );
    expect(detail.items.list[0]).toMatchObject({
      name: joiner.name,
      idNumber: joiner.id,
      replaced: { idNumber: leaving },
    });
  });
});
