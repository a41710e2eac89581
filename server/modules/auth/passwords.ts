import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';

/** argon2id's cost: memory in KiB, passes, lanes. */
export type PasswordCost = { memoryKiB: number; timeCost: number; parallelism: number };

/** OWASP's argon2id parameters: m = 19 MiB, t = 2, p = 1 (0197). */
export const OWASP_ARGON2ID: PasswordCost = { memoryKiB: 19_456, timeCost: 2, parallelism: 1 };

/** @node-rs/argon2's Algorithm.Argon2id (a const enum, which isolated modules cannot read). */
const ARGON2ID = 2;

/**
 * A new password hash: argon2id as a PHC string (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`),
 * its parameters travelling with it. Callers go through the hash gate (hashGate.ts), never here
 * directly, so that no more than a few hashes run at once.
 */
export function hashPassword(password: string, cost: PasswordCost = OWASP_ARGON2ID): Promise<string> {
  return argon2Hash(password, {
    algorithm: ARGON2ID,
    memoryCost: cost.memoryKiB,
    timeCost: cost.timeCost,
    parallelism: cost.parallelism,
  });
}

const ARGON2ID_PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/;

/** True for a stored value that is not argon2id at this cost: verified, it is hashed again (0197). */
export function needsRehash(stored: string | null, cost: PasswordCost = OWASP_ARGON2ID): boolean {
  const m = stored ? ARGON2ID_PHC.exec(stored) : null;
  return !m || Number(m[1]) !== cost.memoryKiB || Number(m[2]) !== cost.timeCost || Number(m[3]) !== cost.parallelism;
}

/**
 * Checks a password against a stored argon2id hash, or an scrypt one written before argon2id
 * (`scrypt$log2N$r$p$salt$key`). Anything malformed reads as a wrong password, never a server error.
 */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  if (stored.startsWith('$argon2id$')) {
    // Stored costs beyond what this server writes would let a planted hash take the machine.
    const m = ARGON2ID_PHC.exec(stored);
    if (!m || Number(m[1]) > 4 * OWASP_ARGON2ID.memoryKiB || Number(m[2]) > 10 || Number(m[3]) > 4) return false;
    return argon2Verify(stored, password).catch(() => false);
  }
  return verifyScrypt(password, stored);
}

// scrypt, the scheme before argon2id: its hashes still verify until their next sign-in rehashes them.

const KEY_LENGTH = 64;

function scrypt(password: string, salt: Buffer, log2N: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** log2N;
  return new Promise((resolve, reject) =>
    scryptCb(password, salt, KEY_LENGTH, { N, r, p, maxmem: 256 * N * r }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** An scrypt hash as Flock wrote them before argon2id (N = 2^17, r = 8, p = 1); tests make legacy accounts with it. */
export async function scryptHash(password: string, log2N = 17): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, log2N, 8, 1);
  return ['scrypt', log2N, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, log2N, r, p, salt, key] = parts;
  // Flock never wrote more than 2^17 (128 MiB); a larger stored cost is refused, not computed.
  if (!(Number(log2N) <= 17 && Number(r) <= 8 && Number(p) <= 1)) return false;
  const expected = Buffer.from(key, 'base64');
  // A malformed stored cost must read as a failed login, never as a server error.
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), Number(log2N), Number(r), Number(p)).catch(() => null);
  return !!actual && actual.length === expected.length && timingSafeEqual(actual, expected);
}
