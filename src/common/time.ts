/**
 * The product's one clock for people: every time a person reads (pages, PDFs, spreadsheets, SMS
 * texts, endorsements) is Beijing time (Asia/Shanghai: UTC+8 all year, no daylight saving), written
 * by the functions here. Stored instants stay ISO-8601 UTC; a date alone (YYYY-MM-DD) is already the
 * insurer's calendar day, and a wall-clock time without a zone (YYYY-MM-DD HH:mm) already Beijing's.
 *
 * Dates are YYYY-MM-DD and times HH:mm (24 hours) in both languages; where a time leaves the page
 * (a document, a sheet, a text message), `formatStamp` says the zone in the reader's language.
 */
import type { Locale } from './i18n';

/** The insurer's time zone. */
export const INSURER_TIME_ZONE = 'Asia/Shanghai';
const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A wall-clock time without a zone: already the insurer's (Beijing) time. */
const LOCAL_TIMESTAMP = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2})?(\.\d+)?$/;

export type DateInput = string | number | Date | null | undefined;

const validDay = (day: string) => {
  const m = DATE_ONLY.exec(day);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
};

/** The Beijing date (YYYY-MM-DD), time (HH:mm) and seconds (:ss) of a value; a date alone has no time. */
export function beijingParts(value: DateInput): { date: string; time: string | null; seconds: string } | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') {
    if (DATE_ONLY.test(value)) return validDay(value) ? { date: value, time: null, seconds: '' } : null;
    const local = LOCAL_TIMESTAMP.exec(value);
    if (local) return validDay(local[1]) ? { date: local[1], time: local[2], seconds: local[3] ?? ':00' } : null;
  }
  const at = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  if (Number.isNaN(at)) return null;
  const iso = new Date(at + BEIJING_OFFSET_MS).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16), seconds: iso.slice(16, 19) };
}

/** The insurer's calendar day (Beijing) of an instant: YYYY-MM-DD. */
export function beijingDay(at: Date | number | string = new Date()): string {
  return beijingParts(at)?.date ?? '';
}

/**
 * A date as YYYY-MM-DD in Beijing time (a timestamp with a zone is converted; a date passes
 * through); `minusOneDay` shows the day before (an end date "to midnight").
 */
export function formatDate(value: DateInput, options: { minusOneDay?: boolean } = {}): string {
  const parts = beijingParts(value);
  if (!parts) return '';
  if (!options.minusOneDay) return parts.date;
  return new Date(Date.parse(`${parts.date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/**
 * A timestamp as YYYY-MM-DD HH:mm in Beijing time (`seconds`: HH:mm:ss), never a raw ISO string; a
 * date passes through. Date and time are joined by a no-break space so that they stay on one line
 * (`space: ' '` for documents whose text is not laid out by a browser).
 */
export function formatDateTime(value: DateInput, options: { seconds?: boolean; space?: string } = {}): string {
  const parts = beijingParts(value);
  if (!parts) return typeof value === 'string' ? value : '';
  if (!parts.time) return parts.date;
  return `${parts.date}${options.space ?? '\u00a0'}${parts.time}${options.seconds ? parts.seconds : ''}`;
}

/** The zone's name as each language says it. */
export const BEIJING_TIME: Record<Locale, string> = { 'en-US': 'Beijing time', 'zh-CN': '北京时间' };

/**
 * A time that leaves the page (a document, a sheet, a text message) with its zone said in the
 * reader's language: "2026-11-28 11:29 (Beijing time)", "2026-11-28 11:29（北京时间）"; `locale`
 * 'both' for the insurer's bilingual documents: "2026-11-28 11:29 北京时间 Beijing time".
 */
export function formatStamp(value: DateInput, locale: Locale | 'both', options: { seconds?: boolean } = {}): string {
  const text = formatDateTime(value, { seconds: options.seconds, space: ' ' });
  if (!text) return '';
  if (locale === 'both') return `${text} ${BEIJING_TIME['zh-CN']} ${BEIJING_TIME['en-US']}`;
  return locale === 'zh-CN' ? `${text}（${BEIJING_TIME['zh-CN']}）` : `${text} (${BEIJING_TIME['en-US']})`;
}

/** The insurer's day as digits (20261128), for numbers people quote (orders, corrections). */
export const beijingDayDigits = (at: Date): string => beijingDay(at).replaceAll('-', '');
