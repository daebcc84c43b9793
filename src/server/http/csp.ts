import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';

/** The per-response nonce of the inline configuration script (see routes/portal.ts). */
export function scriptNonce(res: ServerResponse & { mcScriptNonce?: string }): string {
  res.mcScriptNonce ??= randomBytes(16).toString('base64');
  return res.mcScriptNonce;
}
