import type { GatewayError } from '@client/api/errors';

/** The sentence of a refused call a dialog shows itself (silent calls); null for transport failures. */
export function refusalText(error: unknown): string | null {
  const e = error as GatewayError | undefined;
  return e && e.kind === 'status' ? e.statusText : null;
}

/**
 * Runs a mutation whose refusal the central error handler already showed: answers whether it
 * succeeded, so that a dialog stays open on a refusal instead of leaking a rejected promise.
 */
export async function succeeded(run: () => Promise<unknown>): Promise<boolean> {
  try {
    await run();
    return true;
  } catch {
    return false;
  }
}
