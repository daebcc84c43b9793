import dayjs from 'dayjs';

/** What the gateway sends for a masked amount: shown as it is. */
export const MASKED = '***';

/**
 * Money for display (docs/SPEC.md §9): the yen sign and two decimals; '***' passes through; nothing
 * (null, '', not a number) shows as an empty string.
 */
export function formatMoney(value: number | string | null | undefined): string {
  if (value === MASKED) return MASKED;
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return typeof value === 'string' ? value : '';
  const sign = n < 0 ? '-' : '';
  return `${sign}¥${Math.abs(n).toFixed(2)}`;
}

/** Money kept as integer fen (docs/DESIGN.md), for display. */
export function formatFen(fen: number | string | null | undefined): string {
  if (fen === MASKED) return MASKED;
  if (fen === null || fen === undefined || fen === '') return '';
  const n = Number(fen);
  return Number.isFinite(n) ? formatMoney(n / 100) : '';
}

/** Dates as YYYY-MM-DD (dayjs); `minusOneDay` shows the day before (an end date "to midnight"). */
export function formatDate(
  value: string | number | Date | null | undefined,
  options: { minusOneDay?: boolean } = {},
): string {
  if (value === null || value === undefined || value === '') return '';
  let d = dayjs(value);
  if (!d.isValid()) return '';
  if (options.minusOneDay) d = d.subtract(1, 'day');
  return d.format('YYYY-MM-DD');
}
