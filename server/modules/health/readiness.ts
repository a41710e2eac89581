import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder, type Db } from '@/server/db/client.js';
import { rowsOf } from '@/server/db/queries.js';
import { failureOf } from './writeCheck.js';

/** The newest migration this code has: drizzle records each applied one by its journal time. */
function newestMigration(): { tag: string; when: number } {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.at(-1)!;
}

/** Thrown inside the probe's transaction to roll its write back. */
class RolledBack extends Error {}

/**
 * Whether this server may take traffic: the database takes a write (one made in a transaction
 * and rolled back, so the probe leaves nothing), and every migration this code has is applied
 * (a server started beside another that is still migrating waits). Answers the reason, or null.
 */
export async function notReadyBecause(db: Db): Promise<string | null> {
  try {
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`insert into heartbeat (id, beat_at) values (0, now()) on conflict (id) do update set beat_at = excluded.beat_at`,
      );
      throw new RolledBack();
    });
  } catch (err) {
    if (!(err instanceof RolledBack)) return failureOf(err);
  }
  const newest = newestMigration();
  try {
    const result = await db.execute(sql`select coalesce(max(created_at), 0)::float8 as applied from drizzle.__drizzle_migrations`);
    const applied = rowsOf<{ applied: number }>(result)[0]?.applied ?? 0;
    return applied >= newest.when ? null : `Migrations pending: the code has ${newest.tag}, the database not yet`;
  } catch (err) {
    return failureOf(err);
  }
}
