import type { CorrectionSummary } from '../../../contract/io/correction';

/** ¥ and two decimals from integer fen (docs/SPEC.md §9); '***' passes through. */
export function money(fen: number | string | null | undefined): string {
  if (fen === '***') return '***';
  if (fen === null || fen === undefined || fen === '') return '';
  const n = Number(fen);
  const sign = n < 0 ? '-' : '';
  const abs = Math.abs(n);
  return `${sign}¥${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
}

/** Which page continues a correction: the insured flow or the employee flow. */
export function flowPath(c: Pick<CorrectionSummary, 'variant' | 'policyNo' | 'correctionId'>): string {
  const page = c.variant === 'insured' ? '/insuredCorrection' : '/employeeCorrection';
  return `${page}?policyNo=${encodeURIComponent(c.policyNo)}&correctionId=${c.correctionId}`;
}

/** The dotted path of a snapshot's state value ('payment.polling.waiting'). */
export function statePath(value: unknown): string {
  if (typeof value === 'string') return value;
  const [key, child] = Object.entries(value as Record<string, unknown>)[0];
  return `${key}.${statePath(child)}`;
}
