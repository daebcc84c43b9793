import type { Locale } from '@common/i18n';

/**
 * The columns of roster files (import templates, error reports, the roster export) and the names
 * people give them: our templates' headers in both languages, the portal's own labels, and the
 * common names of HR systems' exports. Pure data and functions: the sheet reader's worker uses them.
 */

export type SheetKind = 'add' | 'subtract' | 'exchange';

export type ColumnKey =
  | 'name'
  | 'idType'
  | 'idNumber'
  | 'sex'
  | 'birthdate'
  | 'phone'
  | 'employeeNo'
  | 'department'
  | 'occupationCode'
  | 'occupationName'
  | 'leavingIdNumber'
  | 'originalIdNumber';

/** The header we write, per language. Both languages' headers read back. */
export const HEADERS: Record<ColumnKey, Record<Locale, string>> = {
  name: { 'en-US': 'Name', 'zh-CN': '姓名' },
  idType: { 'en-US': 'ID type', 'zh-CN': '证件类型' },
  idNumber: { 'en-US': 'ID number', 'zh-CN': '身份证号' },
  sex: { 'en-US': 'Sex', 'zh-CN': '性别' },
  birthdate: { 'en-US': 'Birthdate', 'zh-CN': '出生日期' },
  phone: { 'en-US': 'Phone', 'zh-CN': '手机号' },
  employeeNo: { 'en-US': 'Employee number', 'zh-CN': '工号' },
  department: { 'en-US': 'Department', 'zh-CN': '部门' },
  occupationCode: { 'en-US': 'Occupation code', 'zh-CN': '职业代码' },
  occupationName: { 'en-US': 'Occupation', 'zh-CN': '职业' },
  leavingIdNumber: { 'en-US': 'Leaving ID number', 'zh-CN': '离开人员身份证号' },
  originalIdNumber: { 'en-US': 'Original ID number', 'zh-CN': '原身份证号' },
};

/**
 * Other names of each column: the portal's labels (Mobile phone, 证件号码, 手机号码 ...) and what HR
 * systems and people commonly write. Compared after `headerKey` normalisation (case, width, spaces,
 * marks such as * or (必填) do not matter).
 */
const ALIASES: Record<ColumnKey, string[]> = {
  name: [
    'full name',
    'employee name',
    'insured name',
    'staff name',
    '员工姓名',
    '职工姓名',
    '人员姓名',
    '被保险人姓名',
    '被保人姓名',
    '被保险人',
    '名字',
    '姓名(中文)',
  ],
  idNumber: [
    'id no',
    'id no.',
    'id card',
    'id card number',
    'id card no',
    'identity number',
    'identity card number',
    'resident id number',
    'certificate number',
    '身份证号码',
    '身份证',
    '身份证件号码',
    '证件号码',
    '证件号',
    '公民身份号码',
    '被保险人身份证号',
    '被保险人证件号码',
    '员工身份证号',
  ],
  idType: [
    'id document type',
    'document type',
    'certificate type',
    'identity document',
    'type of id',
    '证件种类',
    '证件类别',
    '身份证件类型',
    '被保险人证件类型',
  ],
  sex: ['gender', '性别(男/女)'],
  birthdate: ['date of birth', 'birthday', 'birth date', 'dob', '出生年月日', '出生年月', '生日'],
  phone: [
    'mobile phone',
    'mobile',
    'mobile number',
    'mobile phone number',
    'phone number',
    'cell phone',
    'telephone',
    '手机号码',
    '手机',
    '联系电话',
    '联系方式',
    '移动电话',
    '电话',
    '电话号码',
  ],
  employeeNo: [
    'employee no',
    'employee no.',
    'employee id',
    'staff number',
    'staff no',
    'staff id',
    'job number',
    '员工编号',
    '员工号',
    '员工工号',
    '职工号',
    '职工编号',
    '工号',
  ],
  department: ['dept', 'dept.', 'division', '所属部门', '部门名称', '所在部门'],
  occupationCode: ['occupation no', 'job code', '职业编码', '职业编号', '职业类别代码', '工种代码'],
  occupationName: ['occupation name', '职业名称', '工种'],
  leavingIdNumber: [
    'leaving id',
    'id number of the person leaving',
    '离开人员证件号码',
    '减员身份证号',
    '减员证件号码',
    '被替换人身份证号',
    '被替换人员身份证号',
    '离职人员身份证号',
  ],
  originalIdNumber: ['original id', '原证件号码'],
};

const ZERO_WIDTH = /[\u200b-\u200f\u2060-\u2064\ufeff\u00ad\u180e]/g;

/** A header cell reduced to what identifies it: width, case, spaces and marks do not matter. */
export function headerKey(text: string): string {
  return text
    .normalize('NFKC')
    .replace(ZERO_WIDTH, '')
    .toLowerCase()
    .replace(/[（(](必填|选填|必输|可选|required|optional)[)）]/g, '')
    .replace(/[*★☆※:：]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const BY_HEADER = new Map<string, ColumnKey>();
for (const key of Object.keys(HEADERS) as ColumnKey[]) {
  for (const name of [...Object.values(HEADERS[key]), ...ALIASES[key]]) {
    BY_HEADER.set(headerKey(name), key);
    BY_HEADER.set(headerKey(name).replace(/ /g, ''), key);
  }
}

/**
 * The column a header names, or null. Bilingual headers ("姓名 / Name", "姓名\nName", "姓名Name")
 * are matched by either part.
 */
export function columnOf(header: string): ColumnKey | null {
  const key = headerKey(header);
  if (!key) return null;
  const whole = BY_HEADER.get(key) ?? BY_HEADER.get(key.replace(/ /g, ''));
  if (whole) return whole;
  const parts = key
    .split(/[/|\n]|[（(]|[)）]/)
    .map((p) => p.trim())
    .filter(Boolean);
  const latin = key.replace(/[^a-z0-9 .]/g, '').trim();
  const other = key.replace(/[a-z0-9 .]/g, '').trim();
  for (const p of [...parts, latin, other]) {
    const hit = p && (BY_HEADER.get(p) ?? BY_HEADER.get(p.replace(/ /g, '')));
    if (hit) return hit;
  }
  return null;
}

/**
 * The columns of each kind of file, in template order. The ID type comes last: left empty (or left out
 * of a file), it is a resident ID card, as most people's are.
 */
export const TEMPLATE_COLUMNS: Record<SheetKind, ColumnKey[]> = {
  add: ['name', 'idNumber', 'sex', 'birthdate', 'phone', 'employeeNo', 'department', 'occupationCode', 'idType'],
  subtract: ['name', 'idNumber'],
  exchange: [
    'leavingIdNumber',
    'name',
    'idNumber',
    'sex',
    'birthdate',
    'phone',
    'employeeNo',
    'department',
    'occupationCode',
    'idType',
  ],
};

/** The columns a file of each kind must have (any order, any other columns beside them). */
export const REQUIRED_COLUMNS: Record<SheetKind, ColumnKey[][]> = {
  add: [['name'], ['idNumber']],
  subtract: [['name'], ['idNumber']],
  exchange: [['leavingIdNumber', 'originalIdNumber'], ['name'], ['idNumber']],
};

/** The columns read from a file of each kind (others are ignored). */
export const READ_COLUMNS: Record<SheetKind, ColumnKey[]> = {
  add: [...TEMPLATE_COLUMNS.add, 'occupationName'],
  subtract: TEMPLATE_COLUMNS.subtract,
  exchange: [...TEMPLATE_COLUMNS.exchange, 'occupationName', 'originalIdNumber'],
};

export const COLUMN_WIDTHS: Record<ColumnKey, number> = {
  name: 16,
  idType: 26,
  idNumber: 22,
  sex: 8,
  birthdate: 12,
  phone: 14,
  employeeNo: 16,
  department: 18,
  occupationCode: 28,
  occupationName: 22,
  leavingIdNumber: 22,
  originalIdNumber: 22,
};

/** Spreadsheet column letters: 0 -> A, 26 -> AA. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}
