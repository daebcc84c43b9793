import { refuseText } from '../services/errors';

/** Reading form fields with clear refusals; every message names the field as the user knows it. */

export function text(
  input: Record<string, string>,
  name: string,
  label: string,
  opts: { required?: boolean; max?: number; pattern?: RegExp; patternText?: string } = {},
): string {
  const value = (input[name] ?? '').trim();
  if (!value) {
    if (opts.required) throw refuseText(`${label} is required.`);
    return '';
  }
  const max = opts.max ?? 200;
  if (value.length > max) throw refuseText(`${label} must be at most ${max} characters.`);
  if (opts.pattern && !opts.pattern.test(value)) throw refuseText(opts.patternText ?? `${label} is not valid.`);
  return value;
}

export function integer(
  input: Record<string, string>,
  name: string,
  label: string,
  opts: { min?: number; max?: number; fallback?: number } = {},
): number {
  const raw = (input[name] ?? '').trim();
  if (!raw) {
    if (opts.fallback !== undefined) return opts.fallback;
    throw refuseText(`${label} is required.`);
  }
  if (!/^-?\d{1,12}$/.test(raw)) throw refuseText(`${label} must be a whole number.`);
  const value = Number(raw);
  if (opts.min !== undefined && value < opts.min) throw refuseText(`${label} must be at least ${opts.min}.`);
  if (opts.max !== undefined && value > opts.max) throw refuseText(`${label} must be at most ${opts.max}.`);
  return value;
}

/** Page number and size of a list, bounded so that nobody asks the database for everything. */
export function paging(input: Record<string, string>, maxSize = 100) {
  const pageNum = integer(input, 'pageNum', 'Page number', { min: 1, max: 1_000_000, fallback: 1 });
  const pageSize = integer(input, 'pageSize', 'Page size', { min: 1, max: maxSize, fallback: 10 });
  return { pageNum, pageSize, offset: (pageNum - 1) * pageSize };
}

/** A nested value sent as a JSON string in a form field. */
export function json<T>(input: Record<string, string>, name: string, label: string): T {
  const raw = input[name];
  if (raw === undefined || raw === '') throw refuseText(`${label} is required.`);
  try {
    return JSON.parse(raw) as T;
  } catch {
    throw refuseText(`${label} could not be read.`);
  }
}

export function isoDate(input: Record<string, string>, name: string, label: string, required = false): string {
  const value = text(input, name, label, {
    required,
    max: 10,
    pattern: /^\d{4}-\d{2}-\d{2}$/,
    patternText: `${label} must be a date written YYYY-MM-DD.`,
  });
  // Date.parse rolls 2026-02-30 over to March 2: a real date reads back as itself.
  if (value) {
    const parsed = new Date(`${value}T00:00:00Z`);
    if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== value)
      throw refuseText(`${label} is not a real date.`);
  }
  return value;
}
