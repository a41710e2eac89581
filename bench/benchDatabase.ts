import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppConfig } from '@/server/config.js';
import { openDatabase, type Database } from '@/server/db/client.js';
import { users } from '@/server/db/schema/index.js';
import { hashPassword } from '@/server/modules/auth/passwords.js';
import { seedDatabase } from '@/server/seed/index.js';

/**
 * Opens and seeds the benchmark's database with an administrator `adminEmail` holding a new
 * random password, returned for signing in; the demo church too when seedDemo is set.
 */
export async function openBenchDatabase(
  config: AppConfig,
  adminEmail: string,
  demo: { seedDemo: boolean; demoPassword?: string },
): Promise<{ database: Database; password: string }> {
  const database = await openDatabase(config);
  const password = randomBytes(12).toString('base64url');
  const seeded = await seedDatabase(database.db, {
    adminEmail,
    adminPassword: password,
    ...demo,
    embedded: database.kind === 'pglite',
    passwordCost: config.passwordCost,
  });
  // On a PostgreSQL database from an earlier run the account exists with an older password.
  if (!seeded.admin.created) {
    await database.db
      .update(users)
      .set({ passwordHash: await hashPassword(password, config.passwordCost) })
      .where(eq(users.email, adminEmail));
  }
  return { database, password };
}

/** Signs the benchmark's administrator in over HTTP; answers the bearer token. */
export async function benchSignIn(base: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/Auth/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (res.status !== 200) throw new Error(`bench login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}
