import { and, eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '@/server/db/client.js';
import { roles, userRoles, users } from '@/server/db/schema/index.js';
import { recordAuditEach } from '@/server/http/audit.js';
import { badRequest } from '@/server/http/errors.js';
import { recordMemberStage } from './stages.js';

/*
 * First-timers become members by conversion. Converting is an approval of the person, so it
 * takes CAN_APPROVE_FIRSTTIMERS (the one use of that right in the catalogue); CAN_UPDATE_FIRSTTIMERS
 * stays the right to edit a first-timer's record.
 */

/** `column = any($1::uuid[])`: one bound parameter however many ids. */
const anyOf = (column: PgColumn, ids: string[]) => sql`${column} = any(${sql.param(ids)}::uuid[])`;

type AuditContext = { actorId: string | null; ip: string };

/** The ids for a message: ten at most spelled out, the rest counted. */
function listed(ids: string[]): string {
  const shown = ids.slice(0, 10).join(', ');
  return ids.length > 10 ? `${shown} and ${ids.length - 10} more` : shown;
}

/** The 400 of a conversion some of whose ids are not first-timers: which are unknown and which are not first-timers. */
async function refusal(tx: Tx, ids: string[], converted: Set<string>) {
  const bad = ids.filter((id) => !converted.has(id));
  const found = new Set((await tx.select({ id: users.id }).from(users).where(anyOf(users.id, bad))).map((u) => u.id));
  const unknownIds = bad.filter((id) => !found.has(id));
  const notFirstTimerIds = bad.filter((id) => found.has(id));
  const parts = [
    unknownIds.length && `no user has the id ${listed(unknownIds)}`,
    notFirstTimerIds.length && `not first-timers: ${listed(notFirstTimerIds)}`,
  ].filter(Boolean);
  return badRequest(`Nothing was converted: ${parts.join('; ')}`, { unknownIds, notFirstTimerIds });
}

async function roleId(tx: Tx, name: string): Promise<string> {
  const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
  return role.id;
}

/**
 * Converts every first-timer named, or none: set-based, so ten thousand take a handful of
 * statements. Each loses the firsttimers role (and the extra permissions held under it) and gains
 * member; their sessions go on, with the member role's rights from their next call.
 */
export async function convert(tx: Tx, requested: string[], ctx: AuditContext): Promise<number> {
  const ids = [...new Set(requested.map((id) => id.toLowerCase()))];
  const now = new Date();
  const converted = await tx
    .update(users)
    .set({ isFirstTimer: false, convertedAt: now, updatedAt: now })
    .where(and(anyOf(users.id, ids), eq(users.isFirstTimer, true)))
    .returning({ id: users.id });
  // Throwing rolls the whole transaction back: all or nothing.
  if (converted.length < ids.length) throw await refusal(tx, ids, new Set(converted.map((u) => u.id)));
  const firstTimers = await roleId(tx, 'firsttimers');
  const member = await roleId(tx, 'member');
  // firsttimers becomes member in place: one statement, so the role names' trigger
  // (member_role_names) runs once. Those who held both lose firsttimers; those who held neither get member.
  const holdsMember = sql`exists (select from ${userRoles} held where held.user_id = ${userRoles.userId} and held.role_id = ${member})`;
  const isFirstTimerRole = and(anyOf(userRoles.userId, ids), eq(userRoles.roleId, firstTimers));
  await tx
    .update(userRoles)
    .set({ roleId: member })
    .where(and(isFirstTimerRole, sql`not ${holdsMember}`));
  await tx.delete(userRoles).where(isFirstTimerRole);
  await tx.execute(sql`insert into ${userRoles} (user_id, role_id)
    select u, ${member}::uuid from unnest(${sql.param(ids)}::uuid[]) as u on conflict do nothing`);
  // The member stage from today, in the same transaction (docs/decisions 0210).
  await recordMemberStage(tx, ids, ctx.actorId);
  await recordAuditEach(
    tx,
    ids,
    {
      action: 'convert-first-timer',
      entity: 'user',
      before: { isFirstTimer: true, role: 'firsttimers' },
      after: { isFirstTimer: false, role: 'member', convertedAt: now },
    },
    ctx,
  );
  return ids.length;
}

export const converted = (n: number) => `${n} first-timer${n === 1 ? '' : 's'} converted to member${n === 1 ? '' : 's'}`;
