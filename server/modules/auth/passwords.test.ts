import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.js';

// A low cost keeps these quick; only the default-cost test pays for 2^17.
const LOW = 10;

describe('hashPassword', () => {
  it('carries its parameters: scrypt$log2N$r$p$salt$key', async () => {
    const parts = (await hashPassword('Secret-pass-1', LOW)).split('$');
    expect(parts.slice(0, 4)).toEqual(['scrypt', String(LOW), '8', '1']);
    expect(Buffer.from(parts[4], 'base64')).toHaveLength(16);
    expect(Buffer.from(parts[5], 'base64')).toHaveLength(64);
  });

  it("defaults to the architecture's cost N = 2^17", async () => {
    expect((await hashPassword('Secret-pass-1')).split('$')[1]).toBe('17');
  });

  it('salts every hash, so one password never hashes the same twice', async () => {
    expect(await hashPassword('Secret-pass-1', LOW)).not.toBe(await hashPassword('Secret-pass-1', LOW));
  });
});

describe('verifyPassword', () => {
  it('accepts the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('Secret-pass-1', LOW);
    expect(await verifyPassword('Secret-pass-1', stored)).toBe(true);
    expect(await verifyPassword('Secret-pass-2', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('reads the cost from the stored value, so old hashes keep working after a cost change', async () => {
    expect(await verifyPassword('Secret-pass-1', await hashPassword('Secret-pass-1', 11))).toBe(true);
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

  it('never accepts a stored value with a broken cost', async () => {
    const stored = await hashPassword('Secret-pass-1', LOW);
    // Today these throw (scrypt rejects N) rather than answer false; either way nobody gets in.
    for (const broken of [stored.replace(`$${LOW}$`, '$abc$'), stored.replace(`$${LOW}$`, '$40$')]) {
      expect(await verifyPassword('Secret-pass-1', broken).catch(() => false)).toBe(false);
    }
  });

  it('refuses a tampered key', async () => {
    const stored = await hashPassword('Secret-pass-1', LOW);
    const parts = stored.split('$');
    const key = Buffer.from(parts[5], 'base64');
    key[0] ^= 1;
    parts[5] = key.toString('base64');
    expect(await verifyPassword('Secret-pass-1', parts.join('$'))).toBe(false);
  });
});
