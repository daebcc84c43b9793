import AES from 'crypto-js/aes';
import Base64 from 'crypto-js/enc-base64';
import Hex from 'crypto-js/enc-hex';
import HmacSHA256 from 'crypto-js/hmac-sha256';
import type { PublicKey } from '@contract/io/session';

/** The prefix of an encrypted value; the gateway's Crypto service (src/server/services/crypto.ts) reads it. */
const ENCRYPTED_PREFIX = 'enc1:';

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function pemToDer(pem: string): Uint8Array<ArrayBuffer> {
  const body = pem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
  const binary = atob(body);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) out[i] = binary.charCodeAt(i);
  return out;
}

const imported = new Map<string, Promise<CryptoKey>>();

function importPublicKey(key: PublicKey): Promise<CryptoKey> {
  let found = imported.get(key.keyId);
  if (!found) {
    found = crypto.subtle.importKey('spki', pemToDer(key.publicKey), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, [
      'encrypt',
    ]);
    imported.set(key.keyId, found);
  }
  return found;
}

/**
 * Encrypts a sensitive value (ID number, phone, bank account) for the gateway:
 * `enc1:<keyId>:<wrapped keys>:<iv>:<ciphertext>:<mac>`. The AES-256-CBC key, the HMAC-SHA256 key and
 * the iv are random per value (so the same value never encrypts the same way twice); the mac covers iv
 * and ciphertext (encrypt-then-MAC), so a damaged or altered value is refused before it is decrypted;
 * both keys travel wrapped with the gateway's RSA public key (OAEP, SHA-256), so only the gateway can
 * read the value.
 */
export async function encryptValue(value: string, key: PublicKey): Promise<string> {
  const keys = crypto.getRandomValues(new Uint8Array(64));
  const aesKey = Hex.parse(toHex(keys.subarray(0, 32)));
  const macKey = Hex.parse(toHex(keys.subarray(32)));
  const iv = Hex.parse(toHex(crypto.getRandomValues(new Uint8Array(16))));
  // With a WordArray key (not a passphrase) crypto-js's AES is AES-256-CBC with PKCS#7 padding.
  const ciphertext = AES.encrypt(value, aesKey, { iv }).ciphertext;
  const mac = HmacSHA256(iv.clone().concat(ciphertext), macKey);
  const rsa = await importPublicKey(key);
  const wrapped = new Uint8Array(await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, rsa, keys));
  return `${ENCRYPTED_PREFIX}${key.keyId}:${bytesToBase64(wrapped)}:${iv.toString(Base64)}:${ciphertext.toString(Base64)}:${mac.toString(Base64)}`;
}
