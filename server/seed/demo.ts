import type { Db } from '../db/client.js';

/** The demo church (ARCHITECTURE.md, Configuration). Written by the seed work in progress. */
export async function seedDemo(_db: Db, _opts: { password?: string; scryptLog2N: number }): Promise<{ created: boolean; generatedPassword?: string }> {
  return { created: false };
}
