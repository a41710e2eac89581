import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '@/server/db/client.js';
import { auditLogs, settings, users } from '@/server/db/schema/index.js';

/**
 * Passwords generated at the first start, kept in settings until someone signs in with them:
 * a first start that fails after seeding (the port taken, a full disk) prints them again at
 * the next one instead of leaving the only administrator locked out. Each is forgotten at the
 * first start after its account's first sign-in.
 */
const KEY = 'first_start_credentials';

export type FirstStartCredentials = {
  admin?: { email: string; password: string };
  /** Shared by every demo account; forgotten once any of the accounts listed signs in. */
  demo?: { emails: string[]; password: string };
};

/** Adds newly generated passwords, in the seed's transaction. */
export async function keepCredentials(tx: Tx, fresh: FirstStartCredentials) {
  if (!fresh.admin && !fresh.demo) return;
  const kept = await readKept(tx);
  const value = { ...kept, ...fresh };
  await tx.insert(settings).values({ key: KEY, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
}

async function readKept(db: Db | Tx): Promise<FirstStartCredentials> {
  const [row] = await db.select().from(settings).where(eq(settings.key, KEY));
  return (row?.value ?? {}) as FirstStartCredentials;
}

/** Whether any of these accounts has ever signed in (the audit trail keeps every sign-in). */
async function signedIn(db: Db, emails: string[]): Promise<boolean> {
  const [row] = await db
    .select({ id: auditLogs.id })
    .from(auditLogs)
    .innerJoin(users, sql`${auditLogs.entityId} = ${users.id}::text`)
    .where(and(eq(auditLogs.entity, 'user'), eq(auditLogs.action, 'login'), inArray(users.email, emails)))
    .limit(1);
  return !!row;
}

/** The generated passwords nobody has signed in with yet; the used ones are forgotten here. */
export async function unusedCredentials(db: Db): Promise<FirstStartCredentials> {
  const kept = await readKept(db);
  const unused: FirstStartCredentials = {};
  if (kept.admin && !(await signedIn(db, [kept.admin.email]))) unused.admin = kept.admin;
  if (kept.demo && !(await signedIn(db, kept.demo.emails))) unused.demo = kept.demo;
  if (unused.admin !== kept.admin || unused.demo !== kept.demo) {
    if (unused.admin || unused.demo) await db.update(settings).set({ value: unused }).where(eq(settings.key, KEY));
    else await db.delete(settings).where(eq(settings.key, KEY));
  }
  return unused;
}
