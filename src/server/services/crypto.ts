import {
  constants,
  createDecipheriv,
  createHash,
  createHmac,
  generateKeyPair,
  privateDecrypt,
  timingSafeEqual,
} from 'node:crypto';
import { promisify } from 'node:util';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { systemClock, type Clock } from './clock';

/**
 * Values the portal encrypts before sending: `enc1:<keyId>:<wrapped keys>:<iv>:<ciphertext>:<mac>`,
 * where an AES-256-CBC key and an HMAC-SHA256 key (64 random bytes per value) are wrapped with the
 * gateway's RSA public key (OAEP, SHA-256), the ciphertext is what crypto-js's AES produces for that
 * key and iv (PKCS#7), and the mac is HMAC-SHA256 of iv and ciphertext (encrypt-then-MAC: an altered
 * value is refused before it is decrypted, so its padding tells nobody anything). Parts in base64.
 */
const ENCRYPTED_PREFIX = 'enc1:';

export class Crypto {
  private cached: { keyId: string; publicPem: string; privatePem: string } | null = null;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock = systemClock,
  ) {}

  /**
   * The current key pair; the first gateway to need one makes it and every other gateway reads it
   * (made at start-up, under the start-up lock: db/startupLock.ts). Gateways that raced anyway agree
   * on the oldest key, and each can read a value wrapped with any key of the table.
   */
  async keyPair() {
    if (this.cached) return this.cached;
    const current = () =>
      this.db.selectFrom('gateway_key').selectAll().orderBy('created_at').orderBy('key_id').executeTakeFirst();
    let row = await current();
    if (!row) {
      // Off the event loop: an RSA key takes a while to make.
      const { publicKey, privateKey } = await promisify(generateKeyPair)('rsa', {
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
      row = await current();
      if (!row) throw new Error('the gateway key pair could not be stored');
    }
    this.cached = { keyId: row.key_id, publicPem: row.public_pem, privatePem: row.private_pem };
    return this.cached;
  }

  /** Decrypts a value if it is encrypted; plain values pass through. Throws on a damaged value. */
  async reveal(value: string): Promise<string> {
    if (!value.startsWith(ENCRYPTED_PREFIX)) return value;
    const [keyId, wrapped, iv, ciphertext, mac, ...extra] = value.slice(ENCRYPTED_PREFIX.length).split(':');
    if (!keyId || !wrapped || !iv || !ciphertext || !mac || extra.length) throw new Error('damaged encrypted value');
    const pair = await this.keyPair();
    const privatePem = keyId === pair.keyId ? pair.privatePem : await this.privateKeyOf(keyId);
    const keys = privateDecrypt(
      { key: privatePem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(wrapped, 'base64'),
    );
    if (keys.length !== 64) throw new Error('damaged encrypted value');
    const ivBytes = Buffer.from(iv, 'base64');
    const body = Buffer.from(ciphertext, 'base64');
    const expected = createHmac('sha256', keys.subarray(32)).update(ivBytes).update(body).digest();
    const given = Buffer.from(mac, 'base64');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new Error('damaged encrypted value');
    const decipher = createDecipheriv('aes-256-cbc', keys.subarray(0, 32), ivBytes);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  }

  /** Another key of the table (a value wrapped with the key another gateway handed out). */
  private async privateKeyOf(keyId: string): Promise<string> {
    const row = await this.db
      .selectFrom('gateway_key')
      .select('private_pem')
      .where('key_id', '=', keyId)
      .executeTakeFirst();
    if (!row) throw new Error('encrypted value with an unknown key');
    return row.private_pem;
  }
}
