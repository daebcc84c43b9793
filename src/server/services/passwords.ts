import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );

const N = 16384;
const r = 8;
const p = 1;
const KEYLEN = 32;

/** `scrypt$N$r$p$salt$key`, salt and key base64. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEYLEN, { N, r, p });
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, rr, pp, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(rr),
    p: Number(pp),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** The password rules (a new password on registration, reset or change): a catalogue key, or null when fine. */
export type PasswordProblem =
  'password.length' | 'password.lettersAndDigits' | 'password.spaces' | 'password.containsUserName';

export function passwordProblem(password: string, userName: string): PasswordProblem | null {
  if (password.length < 8 || password.length > 32) return 'password.length';
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) return 'password.lettersAndDigits';
  if (/\s/.test(password)) return 'password.spaces';
  if (userName && password.toLowerCase().includes(userName.toLowerCase())) return 'password.containsUserName';
  return null;
}
