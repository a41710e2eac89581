import { count } from 'drizzle-orm';
import type { Db } from '@/server/db/client.js';
import { users } from '@/server/db/schema/index.js';
import { seedAdmin, seedCatalogue } from './base.js';
import { seedDemo } from './demo.js';

export type SeedOptions = {
  adminEmail: string;
  adminPassword?: string;
  /** undefined: demo data only on a fresh embedded database. */
  seedDemo?: boolean;
  demoPassword?: string;
  embedded: boolean;
  scryptLog2N: number;
};

export type SeedResult = {
  admin: { email: string; created: boolean; generatedPassword?: string };
  demo?: { created: boolean; generatedPassword?: string };
};

/** Everything a running Flock needs; idempotent, so it runs at every start. */
export async function seedDatabase(db: Db, opts: SeedOptions): Promise<SeedResult> {
  const [{ n }] = await db.select({ n: count() }).from(users);
  await seedCatalogue(db);
  const admin = await seedAdmin(db, { email: opts.adminEmail, password: opts.adminPassword, scryptLog2N: opts.scryptLog2N });
  const wantDemo = opts.seedDemo ?? (opts.embedded && n === 0);
  const demo = wantDemo ? await seedDemo(db, { password: opts.demoPassword, scryptLog2N: opts.scryptLog2N }) : undefined;
  return { admin, demo };
}
