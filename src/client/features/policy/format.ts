import type { PolicyKind } from '../../../contract/io/policy';
import type { PolicyText } from './messages';

/** Money: integer fen shown as ¥ with two decimals; '***' (masked) passes through (docs/SPEC.md §9). */
export function money(fen: number | string | null | undefined): string {
  if (fen === '***') return '***';
  if (fen === null || fen === undefined || fen === '') return '-';
  const value = Number(fen) / 100;
  const sign = value < 0 ? '-' : '';
  return `${sign}¥${Math.abs(value).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

export const kindText = (m: PolicyText, kind: string) => (m as Record<string, string>)[`kind_${kind}`] ?? kind;
export const stateText = (m: PolicyText, state: number) =>
  (m as Record<string, string>)[`state${state}`] ?? String(state);
export const claimStateText = (m: PolicyText, state: number) =>
  (m as Record<string, string>)[`claimState${state}`] ?? String(state);
export const recordTypeText = (m: PolicyText, type: string) =>
  (m as Record<string, string>)[`recordType_${type}`] ?? type;
export const paymentStateText = (m: PolicyText, state: number) =>
  (m as Record<string, string>)[`paymentState${state}`] ?? String(state);

export const STATE_COLORS: Record<number, string> = { 1: 'green', 2: 'default', 3: 'orange', 4: 'red', 5: 'red' };
export const CLAIM_COLORS: Record<number, string> = {
  1: 'blue',
  2: 'processing',
  3: 'cyan',
  4: 'green',
  5: 'red',
  6: 'default',
};

/** The detail page (a fixed route of docs/SPEC.md §2) that shows a policy of a kind. */
export function detailPath(kind: PolicyKind | string, policyNo: string): string {
  const page =
    kind === 'property'
      ? 'legalPolicyDetail'
      : kind === 'motor'
        ? 'legalCarPolicyDetail'
        : kind === 'life' || kind === 'group_life'
          ? 'lifePolicyDetail'
          : kind === 'health' || kind === 'group_health'
            ? 'healthyPolicyDetail'
            : 'legalinsuranceDetail';
  return `/${page}?policyNo=${encodeURIComponent(policyNo)}`;
}

export const employeeViewPath = (policyNo: string) => `/employeeView?policyNo=${encodeURIComponent(policyNo)}`;
export const claimDetailPath = (claimNo: string) => `/myclaimsQueryDetail?claimNo=${encodeURIComponent(claimNo)}`;
