/**
 * Writes the sample uploads of the correction calls to fixtures/uploads (committed):
 *   npx tsx scripts/make-upload-fixtures.ts
 * libreoffice-roster.xlsx is a 4,000-row roster full of Chinese text saved by LibreOffice Calc (from a
 * CSV this script writes, when `soffice` is installed: apt-get install libreoffice-calc-nogui); the
 * tests compare it with libreOfficeRows() cell for cell.
 * The people are made up; their ID numbers are valid (region 110105, Beijing Chaoyang) and their
 * occupations come from fixtures/reference/occupations.json.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { checkCharacter } from '@common/idNumber';
import { COLUMNS, DATA_SHEET, type SheetKind } from '@server/services/corrections/sheets';

const dir = path.resolve(__dirname, '../fixtures/uploads');

function id(birth: string, seq: number, sex: 'male' | 'female'): string {
  const first17 = `110105${birth.replace(/-/g, '')}${String(seq * 2 + (sex === 'male' ? 1 : 0)).padStart(3, '0')}`;
  return first17 + checkCharacter(first17);
}

export const GOOD_PEOPLE = [
  {
    name: '王芳',
    idNumber: id('1988-04-12', 31, 'female'),
    sex: 'female',
    birthdate: '1988-04-12',
    phone: '13912345678',
    employeeNo: 'HS1001',
    department: 'Finance',
    occupationCode: '010021',
  },
  {
    name: '李强',
    idNumber: id('1985-09-03', 32, 'male'),
    sex: 'male',
    birthdate: '1985-09-03',
    phone: '13812345679',
    employeeNo: 'HS1002',
    department: 'Logistics',
    occupationCode: '010031',
  },
  {
    name: 'Chen Jie',
    idNumber: id('1992-01-30', 33, 'female'),
    sex: '',
    birthdate: '',
    phone: '13712345670',
    employeeNo: 'HS1003',
    department: 'Sales',
    occupationCode: '010101',
  },
  {
    name: '刘洋',
    idNumber: id('1990-11-21', 34, 'male'),
    sex: 'male',
    birthdate: '',
    phone: '',
    employeeNo: 'HS1004',
    department: 'IT',
    occupationCode: '010081',
  },
  {
    name: '赵敏',
    idNumber: id('1995-06-08', 35, 'female'),
    sex: '',
    birthdate: '',
    phone: '15012345671',
    employeeNo: 'HS1005',
    department: 'HR',
    occupationCode: '010051',
  },
  {
    name: '周伟',
    idNumber: id('1983-02-14', 36, 'male'),
    sex: 'male',
    birthdate: '1983-02-14',
    phone: '18612345672',
    employeeNo: 'HS1006',
    department: 'Operations',
    occupationCode: '010191',
  },
];

/** The same people with three rows broken (check digit, phone, a duplicate) and one with an unknown occupation. */
const BAD_PEOPLE = GOOD_PEOPLE.map((p, i) => {
  if (i === 1) return { ...p, idNumber: p.idNumber.slice(0, 17) + (p.idNumber[17] === '1' ? '2' : '1') };
  if (i === 2) return { ...p, phone: '1371234' };
  if (i === 4) return { ...p, occupationCode: 'ZZ9999' };
  return p;
}).concat([{ ...GOOD_PEOPLE[0], name: '王芳' }]);

async function write(
  name: string,
  kind: SheetKind,
  rows: Array<Record<string, string>>,
  opts: { sheet?: string; headers?: string[] } = {},
) {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Member Center fixtures';
  wb.created = new Date('2026-01-01T00:00:00Z');
  wb.modified = new Date('2026-01-01T00:00:00Z');
  const ws = wb.addWorksheet(opts.sheet ?? DATA_SHEET);
  const columns = COLUMNS[kind];
  ws.columns = columns.map((c) => ({ key: c.key, width: c.width, style: { numFmt: '@' } }));
  ws.addRow(opts.headers ?? columns.map((c) => c.header));
  for (const r of rows) ws.addRow(columns.map((c) => r[c.key] ?? ''));
  fs.writeFileSync(path.join(dir, name), Buffer.from(await wb.xlsx.writeBuffer()));
}

const HAN =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林高罗郑梁谢宋唐许韩冯邓曹彭曾肖田董潘袁蔡蒋余于杜叶程魏苏吕丁任沈姚卢钟姜崔谭陆范汪廖石金贾夏韦方邹熊孟秦白江阎薛尹段雷黎史龙陶贺顾毛郝龚邵万钱严辉鹏芳娜敏静丽艳娟霞燕玲婷雪琳倩颖洁蕾晶慧';
const REGION_CODES = ['110105', '310115', '320506', '330106', '420106', '440305', '510107', '610113'];

/** The rows of libreoffice-roster.xlsx: name, ID number, department (Chinese, cut anywhere by a zip chunk). */
export function libreOfficeRows(): Array<{ name: string; idNumber: string; department: string }> {
  return Array.from({ length: 4_000 }, (_, i) => {
    const ch = (k: number) => HAN[(i * k + 7) % HAN.length];
    const birth = `19${70 + (i % 30)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`;
    const first17 = `${REGION_CODES[i % REGION_CODES.length]}${birth.replace(/-/g, '')}${String((i % 499) * 2 + 1).padStart(3, '0')}`;
    return {
      name: `${ch(1)}${ch(3)}${ch(5)}`,
      idNumber: first17 + checkCharacter(first17),
      department: `销区北华客财销${ch(11)}${ch(13)}${i % 250}部`,
    };
  });
}

/** The LibreOffice-made roster: a CSV converted by LibreOffice Calc (all columns as text). */
function libreOfficeRoster() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lo-'));
  const csv = path.join(tmp, 'libreoffice-roster.csv');
  const rows = libreOfficeRows().map((r) => `${r.name},${r.idNumber},${r.department}`);
  fs.writeFileSync(csv, `姓名,身份证号,部门\n${rows.join('\n')}\n`);
  try {
    execFileSync('soffice', [
      '--headless',
      '--infilter=CSV:44,34,76,1,1/2/2/2/3/2',
      '--convert-to',
      'xlsx:Calc MS Excel 2007 XML',
      '--outdir',
      tmp,
      csv,
    ]);
  } catch {
    console.log('soffice (LibreOffice) is not installed: libreoffice-roster.xlsx kept as it is');
    return;
  }
  fs.copyFileSync(path.join(tmp, 'libreoffice-roster.xlsx'), path.join(dir, 'libreoffice-roster.xlsx'));
}

async function main() {
  fs.mkdirSync(dir, { recursive: true });
  await write('employees-good.xlsx', 'add', GOOD_PEOPLE);
  await write('employees-bad.xlsx', 'add', BAD_PEOPLE);
  await write('employees-wrong-columns.xlsx', 'add', GOOD_PEOPLE, { headers: ['Full name', 'Passport', 'Phone'] });
  await write('employees-wrong-sheet.xlsx', 'add', GOOD_PEOPLE, { sheet: 'Sheet1' });
  await write('employees-no-rows.xlsx', 'add', []);
  fs.writeFileSync(path.join(dir, 'empty.xlsx'), Buffer.alloc(0));
  fs.writeFileSync(path.join(dir, 'fake.xlsx'), 'Name,ID number\n王芳,110105198804120622\n');
  // A zip that is not a workbook.
  fs.writeFileSync(
    path.join(dir, 'broken.xlsx'),
    Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]),
  );
  await write(
    'subtract-template-filled.xlsx',
    'subtract',
    GOOD_PEOPLE.slice(0, 2).map((p) => ({ name: p.name, idNumber: p.idNumber })),
  );
  libreOfficeRoster();
  console.log(`wrote ${fs.readdirSync(dir).length} files to ${dir}`);
}

if (require.main === module) void main();
