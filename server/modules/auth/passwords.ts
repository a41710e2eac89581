import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 64;

function scrypt(password: string, salt: Buffer, log2N: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** log2N;
  return new Promise((resolve, reject) =>
    scryptCb(password, salt, KEY_LENGTH, { N, r, p, maxmem: 256 * N * r }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** scrypt at N = 2^17, r = 8, p = 1; the parameters travel with the hash. */
export async function hashPassword(password: string, log2N = 17): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, log2N, 8, 1);
  return ['scrypt', log2N, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = stored?.split('$');
  if (!parts || parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, log2N, r, p, salt, key] = parts;
  const expected = Buffer.from(key, 'base64');
  // A malformed stored cost must read as a failed login, never as a server error.
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), Number(log2N), Number(r), Number(p)).catch(() => null);
  return !!actual && actual.length === expected.length && timingSafeEqual(actual, expected);
}
