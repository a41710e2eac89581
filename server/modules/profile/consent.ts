import { desc, eq, sql, type SQL } from 'drizzle-orm';
import { CONSENT_CATEGORIES, CONSENT_WORDING, type ConsentCategory } from '@/domain/profile/consent.js';
import type { Db, Tx } from '@/server/db/client.js';
import { consents } from '@/server/db/schema/index.js';
import type { AuditEntry } from '@/server/http/audit.js';

type Choice = { granted: boolean; wording: string; at: Date } | null;

/** A person's consents: the choice in force per category (null: never asked or never answered), and every change, newest first. */
export async function consentsOf(db: Db | Tx, userId: string) {
  const history = await db
    .select({ category: consents.category, granted: consents.granted, wording: consents.wording, at: consents.createdAt })
    .from(consents)
    .where(eq(consents.userId, userId))
    .orderBy(desc(consents.createdAt), desc(consents.id));
  const current = Object.fromEntries(
    CONSENT_CATEGORIES.map((c) => {
      const newest = history.find((h) => h.category === c);
      return [c, newest ? { granted: newest.granted, wording: newest.wording, at: newest.at } : null];
    }),
  ) as Record<ConsentCategory, Choice>;
  return { wording: CONSENT_WORDING, current, history };
}

/** Records the choices that differ from those in force (or were never made); answers the categories recorded. */
export async function recordConsents(tx: Tx, userId: string, choices: Partial<Record<ConsentCategory, boolean>>) {
  const { current } = await consentsOf(tx, userId);
  const changed = CONSENT_CATEGORIES.filter((c) => choices[c] !== undefined && current[c]?.granted !== choices[c]);
  if (changed.length) {
    await tx.insert(consents).values(changed.map((c) => ({ userId, category: c, granted: choices[c]!, wording: CONSENT_WORDING })));
  }
  return changed;
}

/**
 * The condition "the user (a users row's id) has not withdrawn consent to email": their newest
 * 'email' choice is not a no. Never asked (an account an administrator made or imported) is not a
 * no; a sign-up's switch left off is.
 */
export const mayEmail = (userId: SQL) =>
  sql`coalesce((select c.granted from consents c where c.user_id = ${userId} and c.category = 'email'
    order by c.created_at desc, c.id desc limit 1), true)`;

/** Records the person's own choices, audited when any changed; answers their consents as they now stand. */
export async function updateConsents(
  tx: Tx,
  audit: (e: AuditEntry) => void,
  userId: string,
  choices: Partial<Record<ConsentCategory, boolean>>,
) {
  const changed = await recordConsents(tx, userId, choices);
  if (changed.length) {
    const after = Object.fromEntries(changed.map((c) => [c, choices[c]]));
    audit({ action: 'update', entity: 'consent', entityId: userId, subjectId: userId, after });
  }
  return consentsOf(tx, userId);
}
