import { describe, expect, it } from 'vitest';
import { isConnectionError } from './connectionErrors.js';

/** An error as drizzle throws it: the driver's error in cause. */
const wrapped = (code: string) => Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('driver'), { code }) });

describe('isConnectionError', () => {
  it('takes a lost or refused connection for one', () => {
    for (const code of ['08006', '08003', '57P01', '53300', 'ECONNRESET']) expect(isConnectionError(wrapped(code)), code).toBe(true);
  });

  it('does not take a malformed statement (protocol_violation) or a wrong query for a lost connection', () => {
    for (const code of ['08P01', '42601', '23505']) expect(isConnectionError(wrapped(code)), code).toBe(false);
  });
});
