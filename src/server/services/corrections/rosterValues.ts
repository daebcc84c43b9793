import { ID_TYPES, type IdType } from '@contract/person';
import type { Bilingual, MessageKey } from '@server/messages/catalogue';
import { rosterMessages } from '@server/messages/roster';
import type { ColumnKey } from './rosterColumns';
import type { ReadCell, ReadRow } from './rosterRead';

/**
 * From what a sheet holds to the values a person is checked with, the way people type them:
 * full-width digits, zero-width characters, spaces inside ID numbers and phones, +86, dashes,
 * 男性/女性, dates as 1990/08/24, 1981-7-15, 20030401, 1974年10月18日, 1997.03.02 or date cells.
 *
 * Names and departments keep every character: no Unicode normalisation form is applied to them
 * (NFC/NFKC would replace compatibility ideographs such as 﨑 with other characters); only
 * invisible characters, full-width Latin letters and spaces, and the variants of the middle dot in
 * minority and foreign names (• ・ ･ ‧ ∙ ⋅) are brought to their usual form.
 */

export interface Finding {
  key: MessageKey;
  /** Values, or names in both languages (an occupation's name). */
  params?: Record<string, string | number | Bilingual>;
  /** The column the finding is about; none for the row as a whole. */
  column?: ColumnKey;
}

export interface RowValues {
  row: number;
  /** The values to check, normalised. */
  values: Partial<Record<ColumnKey, string>>;
  /** The values as the file had them (for the error report). */
  original: Partial<Record<ColumnKey, string>>;
  /** Findings of the reading itself. */
  findings: Finding[];
}

/** Invisible characters people paste along (zero-width space, BOM, word joiner, soft hyphen, marks);
 * the joiners U+200C/U+200D stay in free text (they belong to emoji and some scripts). */
const INVISIBLE = /[\u200b\u200e\u200f\u2060-\u2064\ufeff\u00ad\u180e]/g;
const DOTS = /\s*[·•・･‧∙⋅●\u0387\u16eb\u2027\u2219\u22c5\u30fb\uff65\u00b7]\s*/g;

const clean = (s: string) => s.replace(INVISIBLE, '').trim();

/** Full-width ASCII letters and the ideographic space, nothing else (Chinese characters untouched). */
function halfWidthLatin(s: string): string {
  return s
    .replace(/[\uff21-\uff3a\uff41-\uff5a]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0xfee0))
    .replace(/\u3000/g, ' ');
}

export function normaliseName(s: string): string {
  return halfWidthLatin(clean(s)).replace(DOTS, '·').replace(/\s+/g, ' ').trim();
}

/** NFKC for values of a fixed alphabet: digits, letters, dates, codes. */
const folded = (s: string) =>
  s
    .normalize('NFKC')
    .replace(/\p{Cf}/gu, '')
    .trim();

const SCIENTIFIC = /^\d(\.\d+)?e\+?\d+$/i;

function idValue(cell: ReadCell, column: ColumnKey, findings: Finding[]): string {
  if (cell.numeric) {
    // Excel keeps 15 significant digits of a number: an 18-character ID number typed as a number
    // has lost its last digits (a 15-digit one survives).
    if (/^\d{15}$/.test(cell.text)) return cell.text;
    findings.push({ key: 'roster.idAsNumber', params: { shown: cell.shown ?? cell.text }, column });
    return '';
  }
  const v = folded(cell.text)
    .replace(/^['‘’`]/, '')
    .replace(/[\s-]/g, '')
    .toUpperCase();
  if (SCIENTIFIC.test(v)) {
    findings.push({ key: 'roster.idAsNumber', params: { shown: cell.text.trim() }, column });
    return '';
  }
  return v;
}

export function normalisePhone(s: string): string {
  let v = folded(s).replace(/[\s\-().]/g, '');
  const m = /^(?:\+|00)?86(1\d{10})$/.exec(v);
  if (m) v = m[1];
  return v;
}

const MALE = new Set(['male', 'm', 'man', '男', '男性', '1', '先生']);
const FEMALE = new Set(['female', 'f', 'woman', '女', '女性', '2', '女士']);

export function normaliseSex(s: string): 'male' | 'female' | null {
  const v = folded(s).toLowerCase();
  if (MALE.has(v)) return 'male';
  if (FEMALE.has(v)) return 'female';
  return null;
}

/**
 * The ID type's cell: the documents' names in either language (the template's drop-down), their
 * codes, and the short names people use (身份证, 回乡证, 台胞证 ...). Compared without case, width or spaces.
 */
const typeKey = (s: string) =>
  folded(s)
    .toLowerCase()
    .replace(/[\s'’]/g, '');
const ID_TYPE_NAMES = new Map<string, IdType>();
for (const type of ID_TYPES) {
  ID_TYPE_NAMES.set(typeKey(type), type);
  for (const locale of ['en-US', 'zh-CN'] as const)
    ID_TYPE_NAMES.set(typeKey(rosterMessages[locale][`idType.${type}`]), type);
}
for (const [name, type] of [
  ['身份证', 'residentId'],
  ['二代身份证', 'residentId'],
  ['中华人民共和国居民身份证', 'residentId'],
  ['id card', 'residentId'],
  ['resident id', 'residentId'],
  ['普通护照', 'passport'],
  ['外国护照', 'passport'],
  ['回乡证', 'hkMacauPermit'],
  ['港澳通行证', 'hkMacauPermit'],
  ['港澳居民来往内地通行证', 'hkMacauPermit'],
  ['home return permit', 'hkMacauPermit'],
  ['居住证', 'residencePermit'],
  ['港澳居民居住证', 'residencePermit'],
  ['台湾居民居住证', 'residencePermit'],
  ['residence permit', 'residencePermit'],
  ['台胞证', 'taiwanPermit'],
  ['台湾通行证', 'taiwanPermit'],
  ['mainland travel permit for taiwan residents', 'taiwanPermit'],
  ['永久居留证', 'foreignPermanent'],
  ['外国人永久居留证', 'foreignPermanent'],
  ['permanent residence card', 'foreignPermanent'],
  ['foreigner permanent residence card', 'foreignPermanent'],
] as const)
  ID_TYPE_NAMES.set(typeKey(name), type);

export function normaliseIdType(s: string): IdType | null {
  return ID_TYPE_NAMES.get(typeKey(s)) ?? null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A typed date as YYYY-MM-DD, or null when it is not one of the forms people type. */
export function parseTypedDate(s: string): string | null {
  const v = folded(s).replace(/\s+/g, ' ');
  // Year first only: 08/07/1990 could be either day or month first.
  const m =
    /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?$/.exec(v) ??
    /^(\d{4})(\d{2})(\d{2})$/.exec(v);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${y}-${pad(mo)}-${pad(d)}`;
}

/** The leading code of an occupation cell ("010021" or "010021 Office clerk" from the template's list). */
function occupationCodeValue(cell: ReadCell): string {
  const v = folded(cell.text);
  const m = /^([0-9A-Za-z]+)(?:\s|$)/.exec(v);
  return m ? m[1].toUpperCase() : v;
}

/** One row's values and the findings of reading them. */
export function rowValues(row: ReadRow): RowValues {
  const values: RowValues['values'] = {};
  const original: RowValues['original'] = {};
  const findings: Finding[] = [];
  if (row.hidden) findings.push({ key: 'roster.hiddenRow' });
  for (const [key, cell] of Object.entries(row.cells) as Array<[ColumnKey, ReadCell]>) {
    original[key] = cell.formulaError ?? (cell.numeric ? (cell.shown ?? cell.text) : cell.text);
    if (cell.formulaError) {
      findings.push({ key: 'roster.formulaError', params: { value: cell.formulaError }, column: key });
      continue;
    }
    if (cell.formulaNoValue) {
      findings.push({ key: 'roster.formulaNoValue', column: key });
      continue;
    }
    switch (key) {
      case 'idNumber':
      case 'leavingIdNumber':
      case 'originalIdNumber':
        values[key] = idValue(cell, key, findings);
        break;
      case 'name':
        values.name = normaliseName(cell.text);
        break;
      case 'phone':
        values.phone = normalisePhone(cell.text);
        break;
      case 'sex': {
        const t = clean(cell.text);
        if (!t) break;
        const sex = normaliseSex(t);
        if (sex) values.sex = sex;
        else findings.push({ key: 'roster.sexUnreadable', params: { value: t }, column: 'sex' });
        break;
      }
      case 'idType': {
        const t = clean(cell.text);
        if (!t) break;
        const type = normaliseIdType(t);
        if (type) values.idType = type;
        else findings.push({ key: 'roster.idTypeUnreadable', params: { value: t }, column: 'idType' });
        break;
      }
      case 'birthdate': {
        const t = clean(cell.text);
        if (!t) break;
        const date = cell.date ? cell.text : parseTypedDate(t);
        if (date) values.birthdate = date;
        else findings.push({ key: 'roster.dateUnreadable', params: { value: cell.shown ?? t }, column: 'birthdate' });
        break;
      }
      case 'occupationCode':
        values.occupationCode = occupationCodeValue(cell);
        break;
      default:
        values[key] = clean(cell.text);
    }
  }
  return { row: row.row, values, original, findings };
}
