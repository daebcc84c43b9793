/** What a failed step tells the person: the gateway's sentence, or a key of the area's catalogue. */
export interface FlowError {
  text?: string;
  key?: 'failed';
  /** Seconds before a new SMS code may be asked for, when the gateway said so. */
  resendInSeconds?: number;
}

export function flowError(error: unknown): FlowError {
  const e = error as { kind?: string; statusText?: string; data?: { resendInSeconds?: number } | null };
  if (e && e.kind === 'status' && e.statusText) {
    const wait = e.data && typeof e.data.resendInSeconds === 'number' ? e.data.resendInSeconds : undefined;
    return { text: e.statusText, resendInSeconds: wait };
  }
  return { key: 'failed' };
}
