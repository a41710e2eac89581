import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, OWASP_ARGON2ID, scryptHash, verifyPassword } from './passwords.js';

// A low cost keeps these quick; only the default-cost tests pay for the real parameters.
const LOW = 10;
const CHEAP = { memoryKiB: 1024, timeCost: 1, parallelism: 1 };

describe('hashPassword', () => {
  it("defaults to argon2id at OWASP's parameters, m = 19 MiB, t = 2, p = 1", async () => {
    expect(await hashPassword('Secret-pass-1')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(OWASP_ARGON2ID).toEqual({ memoryKiB: 19_456, timeCost: 2, parallelism: 1 });
  });

  it('carries the cost it was given', async () => {
    expect(await hashPassword('Secret-pass-1', CHEAP)).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
  });

  it('salts every hash, so one password never hashes the same twice', async () => {
    expect(await hashPassword('Secret-pass-1', CHEAP)).not.toBe(await hashPassword('Secret-pass-1', CHEAP));
  });
});

describe('needsRehash', () => {
  it('is false only for argon2id at the cost asked for', async () => {
    const current = await hashPassword('Secret-pass-1', CHEAP);
    expect(needsRehash(current, CHEAP)).toBe(false);
    expect(needsRehash(current, OWASP_ARGON2ID)).toBe(true);
    expect(needsRehash(await scryptHash('Secret-pass-1', LOW), CHEAP)).toBe(true);
    expect(needsRehash(null, CHEAP)).toBe(true);
  });
});

describe('verifyPassword with argon2id', () => {
  it('accepts the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('Secret-pass-1', CHEAP);
    expect(await verifyPassword('Secret-pass-1', stored)).toBe(true);
    expect(await verifyPassword('Secret-pass-2', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it.each([
    ['a truncated hash', (s: string) => s.slice(0, -10)],
    ['a broken cost', (s: string) => s.replace('m=1024', 'm=abc')],
    ['a cost no server of ours writes', (s: string) => s.replace('m=1024', 'm=4000000')],
    ['argon2i instead of argon2id', (s: string) => s.replace('$argon2id$', '$argon2i$')],
  ])('refuses %s', async (_label, spoil) => {
    expect(await verifyPassword('Secret-pass-1', spoil(await hashPassword('Secret-pass-1', CHEAP)))).toBe(false);
  });
});

describe('verifyPassword with an scrypt hash from before argon2id', () => {
  it('is carried as scrypt$log2N$r$p$salt$key', async () => {
    const parts = (await scryptHash('Secret-pass-1', LOW)).split('$');
    expect(parts.slice(0, 4)).toEqual(['scrypt', String(LOW), '8', '1']);
    expect(Buffer.from(parts[4], 'base64')).toHaveLength(16);
    expect(Buffer.from(parts[5], 'base64')).toHaveLength(64);
  });

  it("was written at the architecture's cost N = 2^17", async () => {
    expect((await scryptHash('Secret-pass-1')).split('$')[1]).toBe('17');
  });

  it('accepts the right password and refuses a wrong one', async () => {
    const stored = await scryptHash('Secret-pass-1', LOW);
    expect(await verifyPassword('Secret-pass-1', stored)).toBe(true);
    expect(await verifyPassword('Secret-pass-2', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('reads the cost from the stored value, so old hashes keep working after a cost change', async () => {
    expect(await verifyPassword('Secret-pass-1', await scryptHash('Secret-pass-1', 11))).toBe(true);
  });

  it.each([
    ['no hash (account without password)', null],
    ['empty', ''],
    ['another scheme', 'bcrypt$10$8$1$c2FsdA==$a2V5'],
    ['too few parts', 'scrypt$10$8$1$c2FsdA=='],
    ['too many parts', 'scrypt$10$8$1$c2FsdA==$a2V5$extra'],
    ['an empty key', 'scrypt$10$8$1$c2FsdA==$'],
    ['a key of the wrong length', 'scrypt$10$8$1$c2FsdA==$a2V5'],
  ])('refuses a malformed stored value: %s', async (_label, stored) => {
    expect(await verifyPassword('Secret-pass-1', stored)).toBe(false);
  });

  it('never accepts a stored value with a broken or oversized cost', async () => {
    const stored = await scryptHash('Secret-pass-1', LOW);
    for (const broken of [stored.replace(`$${LOW}$`, '$abc$'), stored.replace(`$${LOW}$`, '$40$'), stored.replace('$8$1$', '$64$1$')]) {
      expect(await verifyPassword('Secret-pass-1', broken)).toBe(false);
    }
  });

  it('refuses a tampered key', async () => {
    const stored = await scryptHash('Secret-pass-1', LOW);
    const parts = stored.split('$');
    const key = Buffer.from(parts[5], 'base64');
    key[0] ^= 1;
    parts[5] = key.toString('base64');
    expect(await verifyPassword('Secret-pass-1', parts.join('$'))).toBe(false);
  });
});
