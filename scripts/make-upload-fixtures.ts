/**
 * Writes the sample uploads of the correction calls to fixtures/uploads (committed):
 *   npx tsx scripts/make-upload-fixtures.ts
 * The people are made up; their ID numbers are valid (region 110105, Beijing Chaoyang) and their
 * occupations come from fixtures/reference/occupations.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { checkCharacter } from '../src/common/idNumber';
import { COLUMNS, DATA_SHEET, type SheetKind } from '../src/server/services/corrections/sheets';

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
  console.log(`wrote ${fs.readdirSync(dir).length} files to ${dir}`);
}

if (require.main === module) void main();
