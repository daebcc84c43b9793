import dayjs from 'dayjs';

/** Beijing time (China Standard Time): UTC+8 all year round. The insurer's day and clock. */
const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** A wall-clock time without a zone: already the insurer's (Beijing) time. */
const LOCAL_TIMESTAMP = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2}(\.\d+)?)?$/;

type DateInput = string | number | Date | null | undefined;

/** The Beijing date (YYYY-MM-DD) and time (HH:mm) of a value; a date alone has no time. */
function beijing(value: DateInput): { date: string; time: string | null } | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') {
    if (DATE_ONLY.test(value)) return dayjs(value).isValid() ? { date: value, time: null } : null;
    const local = LOCAL_TIMESTAMP.exec(value);
    if (local) return dayjs(local[1]).isValid() ? { date: local[1], time: local[2] } : null;
  }
  const at = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  if (Number.isNaN(at)) return null;
  const iso = new Date(at + BEIJING_OFFSET_MS).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/**
 * Dates as YYYY-MM-DD in Beijing time (a timestamp with a zone is converted; a date passes through);
 * `minusOneDay` shows the day before (an end date "to midnight").
 */
export function formatDate(value: DateInput, options: { minusOneDay?: boolean } = {}): string {
  const parts = beijing(value);
  if (!parts) return '';
  return options.minusOneDay ? dayjs(parts.date).subtract(1, 'day').format('YYYY-MM-DD') : parts.date;
}

/**
 * A timestamp as YYYY-MM-DD HH:mm in Beijing time, never a raw ISO string; a date passes through.
 * Date and time are joined by a no-break space so that they stay on one line.
 */
export function formatDateTime(value: DateInput): string {
  const parts = beijing(value);
  if (!parts) return typeof value === 'string' ? value : '';
  return parts.time ? `${parts.date}\u00a0${parts.time}` : parts.date;
}

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
