import type { GatewayError } from '../../../api/errors';

/** The sentence of a refused call a dialog shows itself (silent calls); null for transport failures. */
export function refusalText(error: unknown): string | null {
  const e = error as GatewayError | undefined;
  return e && e.kind === 'status' ? e.statusText : null;
}
