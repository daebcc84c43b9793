/**
 * Amounts in Chinese capital numerals (大写金额), as invoices and cheques write them:
 * 12345.60 yuan -> 壹万贰仟叁佰肆拾伍元陆角; whole yuan end with 整.
 */
const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const UNITS = ['', '拾', '佰', '仟'];
const GROUPS = ['', '万', '亿', '万亿'];

function groupWords(value: number): string {
  let out = '';
  let zero = false;
  for (let i = 3; i >= 0; i -= 1) {
    const d = Math.floor(value / 10 ** i) % 10;
    if (d === 0) {
      if (out) zero = true;
      continue;
    }
    if (zero) out += '零';
    out += DIGITS[d] + UNITS[i];
    zero = false;
  }
  return out;
}

function integerWords(value: number): string {
  if (value === 0) return '零';
  const groups: number[] = [];
  for (let v = value; v > 0; v = Math.floor(v / 10_000)) groups.push(v % 10_000);
  let out = '';
  let zero = false;
  for (let i = groups.length - 1; i >= 0; i -= 1) {
    const g = groups[i];
    if (g === 0) {
      if (out) zero = true;
      continue;
    }
    if (out && (zero || g < 1000)) out += '零';
    out += groupWords(g) + GROUPS[i];
    zero = false;
  }
  return out;
}

/** Integer fen to capital words, e.g. 1_234_560 -> 壹万贰仟叁佰肆拾伍元陆角. */
export function amountInWords(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new Error('amount must be whole fen');
  if (fen < 0) return `负${amountInWords(-fen)}`;
  const yuan = Math.floor(fen / 100);
  const jiao = Math.floor(fen / 10) % 10;
  const cents = fen % 10;
  if (fen === 0) return '零元整';
  let out = yuan > 0 ? `${integerWords(yuan)}元` : '';
  if (jiao === 0 && cents === 0) return `${out}整`;
  if (jiao > 0) out += `${DIGITS[jiao]}角`;
  else if (yuan > 0) out += '零';
  if (cents > 0) out += `${DIGITS[cents]}分`;
  return out;
}

/** Integer fen as figures with two decimals, e.g. 1234560 -> "12345.60". */
export function fenToFigures(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
