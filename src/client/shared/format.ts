/** Dates and times are the product's one clock (Beijing time): src/common/time.ts. */
export { formatDate, formatDateTime } from '@common/time';

const GROUPED = new Map<number, Intl.NumberFormat>();
/**
 * A count or quantity with thousands separators and a fixed number of decimals (points 7,416; fund
 * units 38,835.00); '' for nothing. The same grouping in both languages, as the money format has.
 */
export function formatNumber(value: number | null | undefined, decimals = 0): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  let format = GROUPED.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    GROUPED.set(decimals, format);
  }
  return format.format(value);
}

/** A signed change of a count: +1,200 / -300. */
export function formatChange(value: number): string {
  return value > 0 ? `+${formatNumber(value)}` : formatNumber(value);
}
