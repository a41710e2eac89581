import { count, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client.js';
import type { PasswordCost } from '@/server/modules/auth/passwords.js';
import { users } from '@/server/db/schema/index.js';
import { seedAdmin, seedCatalogue } from './base.js';
import { keepCredentials, unusedCredentials, type FirstStartCredentials } from './credentials.js';
import { DEMO_ACCOUNTS, seedDemo } from './demo.js';

export type SeedOptions = {
  adminEmail: string;
  adminPassword?: string;
  /** undefined: demo data only on a fresh embedded database. */
  seedDemo?: boolean;
  demoPassword?: string;
  embedded: boolean;
  passwordCost: PasswordCost;
};

export type SeedResult = {
  admin: { email: string; created: boolean; generatedPassword?: string };
  demo?: { created: boolean; generatedPassword?: string };
  /** Generated passwords no one has signed in with yet, this start's or an earlier one's. */
  unused: FirstStartCredentials;
};

/**
 * Everything a running Flock needs; idempotent, so it runs at every start. One transaction: a
 * seed cut short (a full disk, a kill) leaves nothing, so the next start seeds afresh rather
 * than finding an administrator and taking the database for seeded.
 */
/** The advisory lock the servers of one database seed under: 'seed' in ASCII. */
const SEED_LOCK = 0x73656564;

export async function seedDatabase(db: Db, opts: SeedOptions): Promise<SeedResult> {
  const seeded = await db.transaction(async (tx) => {
    // Servers started together seed one after the other (0217): the second finds the first's rows.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [{ n }] = await tx.select({ n: count() }).from(users);
    await seedCatalogue(tx);
    const admin = await seedAdmin(tx, { email: opts.adminEmail, password: opts.adminPassword, passwordCost: opts.passwordCost });
    const wantDemo = opts.seedDemo ?? (opts.embedded && n === 0);
    const demo = wantDemo ? await seedDemo(tx, { password: opts.demoPassword, passwordCost: opts.passwordCost }) : undefined;
    await keepCredentials(tx, {
      admin: admin.generatedPassword ? { email: admin.email, password: admin.generatedPassword } : undefined,
      demo: demo?.generatedPassword ? { emails: [...DEMO_ACCOUNTS], password: demo.generatedPassword } : undefined,
    });
    return { admin, demo };
  });
  return { ...seeded, unused: await unusedCredentials(db) };
}
