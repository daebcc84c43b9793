import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';

export type NoncedResponse = ServerResponse & { mcScriptNonce?: string };

/**
 * The per-response nonce of the inline configuration script (see routes/portal.ts); the
 * Content-Security-Policy of that answer names it (securityHeaders.ts).
 */
export function scriptNonce(res: NoncedResponse): string {
  res.mcScriptNonce ??= randomBytes(16).toString('base64');
  return res.mcScriptNonce;
}
