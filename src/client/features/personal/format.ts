import { portalConfig } from '../../config';

/** Money is integer fen, shown as ¥ with two decimals; '***' passes through (docs/SPEC.md §9). */
export function money(fen: number | string | null | undefined): string {
  if (fen === '***') return '***';
  if (fen === null || fen === undefined || fen === '') return '';
  const value = Number(fen);
  if (!Number.isFinite(value)) return String(fen);
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(Math.round(value));
  const yuan = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}¥${yuan}.${String(abs % 100).padStart(2, '0')}`;
}

/** An ISO timestamp as YYYY-MM-DD HH:mm (local time); a date passes through. */
export function dateTime(value: string | null | undefined): string {
  if (!value) return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The cashier lives on the gateway's origin (the portal and the gateway share it in an install). */
export function cashierUrl(payUrl: string): string {
  const origin = new URL(portalConfig().gatewayPrefix, window.location.href).origin;
  return new URL(payUrl, origin).toString();
}

/** Where a policy's details open, by kind (docs/SPEC.md §2 detail routes). */
export function policyDetailPath(kind: string, policyNo: string): string {
  const q = `?policyNo=${encodeURIComponent(policyNo)}`;
  if (kind === 'life') return `/lifePolicyDetail${q}`;
  if (kind === 'health') return `/healthyPolicyDetail${q}`;
  if (kind === 'motor') return `/legalCarPolicyDetail${q}`;
  return `/legalPolicyDetail${q}`;
}
