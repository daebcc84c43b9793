import type { PolicyText } from './messages';

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
