import { and, count, eq, gte, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { P } from '@/domain/permissions.js';
import { bulkConvertSchema } from '@/domain/schemas/people.js';
import { idField } from '@/domain/schemas/structure.js';
import type { Db, Tx } from '@/server/db/client.js';
import { biodata, roles, userRoles, users } from '@/server/db/schema/index.js';
import { recordAuditEach } from '@/server/http/audit.js';
import { ok } from '@/server/http/envelope.js';
import { badRequest } from '@/server/http/errors.js';
import { route } from '@/server/http/route.js';
import { notArchived } from '@/server/http/memberList.js';
import { lockedUser } from '@/server/http/profileAccess.js';

/*
 * First-timers become members by conversion. Converting is an approval of the person, so it
 * takes CAN_APPROVE_FIRSTTIMERS (the one use of that right in the catalogue); CAN_UPDATE_FIRSTTIMERS
 * stays the right to edit a first-timer's record.
 */

const tag = 'First-timers';
const WEEKS = 12;
const MONTHS = 12;
const DAY_MS = 86_400_000;

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
 * statements. Each loses the firsttimers role (and the extra permissions held under it), gains
 * member, and has their tokens revoked, since their permissions change.
 */
async function convert(tx: Tx, requested: string[], ctx: AuditContext): Promise<number> {
  const ids = [...new Set(requested.map((id) => id.toLowerCase()))];
  const now = new Date();
  const converted = await tx
    .update(users)
    .set({ isFirstTimer: false, convertedAt: now, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
    .where(and(anyOf(users.id, ids), eq(users.isFirstTimer, true)))
    .returning({ id: users.id });
  // Throwing rolls the whole transaction back: all or nothing.
  if (converted.length < ids.length) throw await refusal(tx, ids, new Set(converted.map((u) => u.id)));
  const firstTimers = await roleId(tx, 'firsttimers');
  const member = await roleId(tx, 'member');
  await tx.delete(userRoles).where(and(anyOf(userRoles.userId, ids), eq(userRoles.roleId, firstTimers)));
  await tx.execute(sql`insert into ${userRoles} (user_id, role_id)
    select u, ${member}::uuid from unnest(${sql.param(ids)}::uuid[]) as u on conflict do nothing`);
  await recordAuditEach(
    tx,
    ids,
    { action: 'convert-first-timer', entity: 'user', before: { isFirstTimer: true, role: 'firsttimers' }, after: { isFirstTimer: false, role: 'member', convertedAt: now } },
    ctx,
  );
  return ids.length;
}

const converted = (n: number) => `${n} first-timer${n === 1 ? '' : 's'} converted to member${n === 1 ? '' : 's'}`;

// ---------------------------------------------------------------- stats

/** Everyone who came as a first-timer: those still first-timers and those converted; archived people are left out. */
const cameAsFirstTimer = and(or(eq(users.isFirstTimer, true), isNotNull(users.convertedAt)), notArchived);
const gender = sql<string>`coalesce(${biodata.gender}, ${users.gender}, 'Unknown')`;
const convertedCount = sql<number>`count(*) filter (where ${users.convertedAt} is not null)`.mapWith(Number);

function arrivals(db: Db, bucket: SQL<string>, since?: Date) {
  return db
    .select({ key: bucket, count: count(), converted: convertedCount })
    .from(users)
    .leftJoin(biodata, eq(biodata.userId, users.id))
    .where(and(cameAsFirstTimer, since && gte(users.createdAt, since)))
    .groupBy(bucket);
}

const utc = sql`(${users.createdAt} at time zone 'UTC')`;
const WEEK = sql<string>`to_char(date_trunc('week', ${utc}), 'YYYY-MM-DD')`;
const MONTH = sql<string>`to_char(${utc}, 'YYYY-MM')`;

/** The Mondays (UTC) of the last `WEEKS` weeks, this one last, as YYYY-MM-DD. */
function lastWeeks(now: Date): string[] {
  const monday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - ((now.getUTCDay() + 6) % 7) * DAY_MS;
  return Array.from({ length: WEEKS }, (_, i) => new Date(monday - (WEEKS - 1 - i) * 7 * DAY_MS).toISOString().slice(0, 10));
}

/** The last `MONTHS` months (UTC), this one last, as YYYY-MM. */
function lastMonths(now: Date): string[] {
  return Array.from({ length: MONTHS }, (_, i) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (MONTHS - 1 - i), 1)).toISOString().slice(0, 7),
  );
}

/** Every bucket of the period, those without arrivals as zeros, so a chart has no gaps. */
function series(name: string, keys: string[], rows: Array<{ key: string; count: number; converted: number }>) {
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return keys.map((key) => ({ [name]: key, count: byKey.get(key)?.count ?? 0, converted: byKey.get(key)?.converted ?? 0 }));
}

export async function firstTimerStats(db: Db) {
  const now = new Date();
  const weeks = lastWeeks(now);
  const months = lastMonths(now);
  const [[totals], byGender, byWeek, byMonth] = await Promise.all([
    db.select({ total: count(), converted: convertedCount }).from(users).leftJoin(biodata, eq(biodata.userId, users.id)).where(cameAsFirstTimer),
    arrivals(db, gender),
    arrivals(db, WEEK, new Date(`${weeks[0]}T00:00:00Z`)),
    arrivals(db, MONTH, new Date(`${months[0]}-01T00:00:00Z`)),
  ]);
  return {
    total: totals.total,
    converted: totals.converted,
    notConverted: totals.total - totals.converted,
    byGender: series('gender', ['Male', 'Female', 'Unknown'], byGender),
    byWeek: series('weekStart', weeks, byWeek),
    byMonth: series('month', months, byMonth),
  };
}

export const firstTimerRoutes = [
  route({
    method: 'PUT',
    url: '/Admin/ConvertFirstTimersToMembers',
    tag,
    summary: 'Convert one first-timer to a member: the member role replaces firsttimers, and their tokens are revoked',
    access: { permission: P.approveFirstTimers },
    query: z.object({ id: idField('Id') }),
    async handler({ query, caller, request, mutate }) {
      await mutate(async (tx) => {
        const user = await lockedUser(tx, query.id);
        if (!user.isFirstTimer) throw badRequest(`${user.email} is not a first-timer`);
        await convert(tx, [user.id], { actorId: caller!.id, ip: request.ip });
      });
      return ok({ converted: 1 }, converted(1));
    },
  }),
  route({
    method: 'PUT',
    url: '/Admin/BulkConvertFirstTimersToMembers',
    tag,
    summary:
      'Convert many first-timers (body: [ids] or {ids}) in one transaction, all or nothing: unknown ids or ids that are not first-timers answer 400 naming them, and nothing changes',
    access: { permission: P.approveFirstTimers },
    body: bulkConvertSchema,
    async handler({ body, caller, request, mutate }) {
      const n = await mutate((tx) => convert(tx, body.ids, { actorId: caller!.id, ip: request.ip }));
      return ok({ converted: n }, converted(n));
    },
  }),
  route({
    method: 'GET',
    url: '/Biodata/GetFirstTimerStats',
    tag,
    summary:
      'First-timer numbers: total, converted and not; by gender; arrivals (and how many of them converted) by week (last 12, weeks from Monday, UTC) and by month (last 12)',
    access: { permission: P.viewFirstTimers },
    async handler({ services }) {
      return ok(await firstTimerStats(services.database.db));
    },
  }),
];
