/** What the gateway sends for a masked amount: shown as it is (docs/SPEC.md §9). */
const MASKED = '***';

/**
 * Money kept as integer fen (docs/DESIGN.md), shown the one way the product shows money: the yen
 * sign, thousands separators and two decimals (`-¥1,234.50`); '***' passes through; nothing (null,
 * '', not a number) shows as ''. Integer arithmetic: no floating-point rounding on the way.
 */
export function formatFen(fen: number | string | null | undefined): string {
  if (fen === MASKED) return MASKED;
  if (fen === null || fen === undefined || fen === '') return '';
  const n = Number(fen);
  if (!Number.isFinite(n)) return '';
  const abs = Math.abs(Math.round(n));
  const yuan = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${n < 0 && abs > 0 ? '-' : ''}¥${yuan}.${String(abs % 100).padStart(2, '0')}`;
}
