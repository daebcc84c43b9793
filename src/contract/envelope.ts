/** The answer of every business call (docs/DESIGN.md, wire protocol). */
export interface Envelope<T = unknown> {
  status: Status | string;
  statusText: string;
  data: T;
}

export const Status = {
  ok: 'SUC_0001',
  restricted: 'ERR_0002',
  business: 'ERR_0003',
  refused: 'ERR_0007',
  notLoggedIn: 'ERR_1004',
} as const;
export type Status = (typeof Status)[keyof typeof Status];

/**
 * The data of a refusal that asks the user to prove it is them again (the password, within the last
 * minutes) before an action that takes an account: `{ reauthenticate: true }`. The portal asks for the
 * password, calls login/reauthenticate and sends the refused call again.
 */
export const REAUTH_NEEDED = 'reauthenticate';

export function asksReauthentication(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as Record<string, unknown>)[REAUTH_NEEDED] === true;
}

/** Values of the specification's two-valued flags ("flags use 1 and 2"). */
export const Flag = { yes: 1, no: 2 } as const;

/** A page of a list answered by the gateway: lists are paginated in the database. */
export interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

export function isEnvelope(value: unknown): value is Envelope {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Envelope).status === 'string' &&
    'statusText' in value
  );
}
