/**
 * A random key for the browser (idempotency keys of user actions, captcha picture names): a prefix
 * and 24 hex digits from the platform's cryptographic generator.
 */
export function randomKey(prefix: string): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(12));
  return `${prefix}${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
