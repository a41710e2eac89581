import { eq } from 'drizzle-orm';
import type { CelebrationSettings } from '@/domain/celebrations/schemas.js';
import type { Db, Tx } from '@/server/db/client.js';
import { settings } from '@/server/db/schema/index.js';
import type { AuditEntry } from '@/server/http/audit.js';

/** The church's choice, kept in the settings table beside the server's own (off until the office turns it on). */
const KEY = 'celebration_greetings';

export async function celebrationSettings(db: Db | Tx): Promise<CelebrationSettings> {
  const [row] = await db.select().from(settings).where(eq(settings.key, KEY));
  return { greetings: (row?.value as CelebrationSettings | undefined)?.greetings === true };
}

/** Sets the choice, audited with before and after. */
export async function updateCelebrationSettings(tx: Tx, audit: (e: AuditEntry) => void, next: CelebrationSettings) {
  const before = await celebrationSettings(tx);
  await tx
    .insert(settings)
    .values({ key: KEY, value: next })
    .onConflictDoUpdate({ target: settings.key, set: { value: next } });
  audit({ action: 'update', entity: 'celebrationSettings', entityId: KEY, before, after: next });
  return next;
}
