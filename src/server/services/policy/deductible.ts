import type { Locale } from '@common/i18n';
import { translate, type MessageKey } from '@server/messages/catalogue';

/**
 * A coverage's deductible, kept as a code and said in the reader's language: `<kind>[:<n>]` with
 * optional `;pay:<percent>` (the share paid above it) and `;share:<percent>` (of the loss, when higher),
 * amounts in fen: `annual:20000;pay:80` is "年免赔额 200 元，赔付比例 80%" / "¥200 a year, then 80% paid".
 * A deductible that is not such a code (written by hand before codes) is said as written.
 */
export const DEDUCTIBLE_KINDS = [
  'none',
  'amount',
  'days',
  'annual',
  'perEvent',
  'perClaim',
  'absolute',
  'afterSocial',
] as const;
export type DeductibleKind = (typeof DEDUCTIBLE_KINDS)[number];

export interface Deductible {
  kind: DeductibleKind;
  /** Fen for amounts, days for `days`. */
  n?: number;
  pay?: number;
  share?: number;
}

const CODE = /^([a-zA-Z]+)(?::(\d+))?((?:;(?:pay|share):\d+)*)$/;

export function parseDeductible(code: string): Deductible | null {
  const m = CODE.exec(code);
  if (!m || !(DEDUCTIBLE_KINDS as readonly string[]).includes(m[1]!)) return null;
  const d: Deductible = { kind: m[1] as DeductibleKind };
  if (m[2] !== undefined) d.n = Number(m[2]);
  for (const part of (m[3] ?? '').split(';').filter(Boolean)) {
    const [name, value] = part.split(':');
    d[name as 'pay' | 'share'] = Number(value);
  }
  const needsN = d.kind !== 'none' && d.kind !== 'afterSocial';
  if (needsN !== (d.n !== undefined) || (d.kind === 'afterSocial' && d.pay === undefined)) return null;
  return d;
}

export function deductibleCode(d: Deductible): string {
  return [
    d.n === undefined ? d.kind : `${d.kind}:${d.n}`,
    ...(d.pay === undefined ? [] : [`pay:${d.pay}`]),
    ...(d.share === undefined ? [] : [`share:${d.share}`]),
  ].join(';');
}

/** Whole yuan with thousands separators, as a deductible says them: "200 元", "¥200". */
function amount(fen: number, locale: Locale): string {
  const yuan = (fen / 100).toLocaleString('en-US', { maximumFractionDigits: 2 });
  return locale === 'zh-CN' ? `${yuan} 元` : `¥${yuan}`;
}

export function deductibleText(code: string | null, locale: Locale): string | null {
  if (code === null) return null;
  const d = parseDeductible(code);
  if (!d) return code;
  const params = {
    amount: d.n === undefined || d.kind === 'days' ? '' : amount(d.n, locale),
    days: d.kind === 'days' ? (d.n ?? 0) : 0,
    pay: d.pay ?? 0,
    share: d.share ?? 0,
  };
  const main = translate(
    locale,
    `policy.deductible.${d.kind}${d.share === undefined ? '' : 'OrShare'}` as MessageKey,
    params,
  );
  return d.pay === undefined || d.kind === 'afterSocial'
    ? main
    : translate(locale, 'policy.deductible.thenPay', { main, ...params });
}
