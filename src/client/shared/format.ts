import dayjs from 'dayjs';

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

/** An ISO timestamp as YYYY-MM-DD HH:mm (local time); a date passes through. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
