import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './commonPasswords.js';

describe('isCommonPassword', () => {
  it('knows the usual suspects in any case, and not a made-up one', () => {
    expect(isCommonPassword('password1')).toBe(true);
    expect(isCommonPassword('Password1')).toBe(true);
    expect(isCommonPassword('Qwerty123')).toBe(true);
    expect(isCommonPassword('Blue-harmattan-42')).toBe(false);
  });
});
