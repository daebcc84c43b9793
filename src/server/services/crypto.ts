import { createDecipheriv, createHash, generateKeyPairSync, privateDecrypt, constants } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { systemClock, type Clock } from './clock';

/**
 * Values the portal encrypts before sending: `enc1:<keyId>:<wrapped key>:<iv>:<ciphertext>`, where
 * the AES-256-CBC key (random per value) is wrapped with the gateway's RSA public key (OAEP, SHA-256)
 * and the ciphertext is what crypto-js's AES produces for that key and iv (PKCS#7). All parts base64.
 */
const ENCRYPTED_PREFIX = 'enc1:';

export class Crypto {
  private cached: { keyId: string; publicPem: string; privatePem: string } | null = null;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock = systemClock,
  ) {}

  /** The current key pair; the first gateway to need one makes it and every other gateway reads it. */
  async keyPair() {
    if (this.cached) return this.cached;
    let row = await this.db.selectFrom('gateway_key').selectAll().orderBy('created_at', 'desc').executeTakeFirst();
    if (!row) {
      const { publicKey, privateKey } = generateKeyPairSync('rsa', {
        modulusLength: 2048,
        publicKeyEncoding: { type: 'spki', format: 'pem' },
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      });
      const keyId = createHash('sha256').update(publicKey).digest('hex').slice(0, 16);
      await this.db
        .insertInto('gateway_key')
        .values({
          key_id: keyId,
          public_pem: publicKey,
          private_pem: privateKey,
          created_at: this.clock.now().toISOString(),
        })
        .onConflict((oc) => oc.column('key_id').doNothing())
        .execute();
      row = await this.db.selectFrom('gateway_key').selectAll().orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    }
    this.cached = { keyId: row.key_id, publicPem: row.public_pem, privatePem: row.private_pem };
    return this.cached;
  }

  /** Decrypts a value if it is encrypted; plain values pass through. Throws on a damaged value. */
  async reveal(value: string): Promise<string> {
    if (!value.startsWith(ENCRYPTED_PREFIX)) return value;
    const [keyId, wrapped, iv, ciphertext] = value.slice(ENCRYPTED_PREFIX.length).split(':');
    const pair = await this.keyPair();
    if (keyId !== pair.keyId || !wrapped || !iv || !ciphertext) throw new Error('encrypted value with an unknown key');
    const key = privateDecrypt(
      { key: pair.privatePem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(wrapped, 'base64'),
    );
    const decipher = createDecipheriv('aes-256-cbc', key, Buffer.from(iv, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64')), decipher.final()]).toString('utf8');
  }
}
