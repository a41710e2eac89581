import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { AUDIENCE_KINDS, AUDIENCES, AUDIENCES_WITH_ID, type AudienceKind } from '@/domain/notifications/audiences.js';
import { P } from '@/domain/roles/permissions.js';
import type { Db, Tx } from '@/server/db/client.js';
import { sameText } from '@/server/db/queries.js';
import {
  affinityGroups,
  centers,
  churchAffiliations,
  departments,
  memberDirectory as md,
  roles,
  userDepartments,
  userRoles,
  zones,
} from '@/server/db/schema/index.js';
import type { Caller } from '@/server/http/access.js';
import { badRequest, forbidden } from '@/server/http/errors.js';

export type Audience = { kind: AudienceKind; id?: string; userIds?: string[] };

type Kind = {
  /** The recipients of this kind, as a condition on member_directory. */
  condition(db: Db | Tx, a: Audience): SQL | Promise<SQL>;
  /** How the sender's list names the audience ('Department: Choir'); 400 when what it names does not exist. */
  label(db: Db | Tx, a: Audience): string | Promise<string>;
  /** Whether a sender who may not address anyone (scope.anyone) may address it. */
  within(scope: SenderScope, a: Audience): boolean;
};

const nobodyElse = () => false;

/** One entry per audience kind: a kind without its condition, label and scope rule does not compile. */
const KINDS: Record<AudienceKind, Kind> = {
  everyone: { condition: () => sql`true`, label: () => 'Everyone', within: nobodyElse },
  members: { condition: () => sql`not ${md.isFirstTimer}`, label: () => 'Members', within: nobodyElse },
  firstTimers: { condition: () => sql`${md.isFirstTimer}`, label: () => 'First-timers', within: nobodyElse },
  department: {
    condition: (db, a) =>
      inArray(md.userId, db.select({ id: userDepartments.userId }).from(userDepartments).where(eq(userDepartments.departmentId, a.id!))),
    label: (db, a) =>
      named(db.select({ name: departments.departmentName }).from(departments).where(eq(departments.id, a.id!)), 'Department'),
    within: (scope, a) => scope.departmentIds.includes(a.id!),
  },
  affinityGroup: {
    async condition(db, a) {
      // The directory keeps the member's groups by name, in lower case.
      const [group] = await db.select({ name: affinityGroups.affinityGroupName }).from(affinityGroups).where(eq(affinityGroups.id, a.id!));
      return sql`${md.affinityGroups} @> array[lower(${group?.name ?? ''})]::text[]`;
    },
    label: (db, a) =>
      named(
        db.select({ name: affinityGroups.affinityGroupName }).from(affinityGroups).where(eq(affinityGroups.id, a.id!)),
        'Affinity group',
      ),
    within: nobodyElse,
  },
  zone: {
    condition: (_db, a) => eq(md.zoneId, a.id!),
    label: (db, a) => named(db.select({ name: zones.zoneName }).from(zones).where(eq(zones.id, a.id!)), 'Zone'),
    within: (scope) => scope.zonesAndCenters,
  },
  center: {
    condition: (_db, a) => eq(md.centerId, a.id!),
    label: (db, a) => named(db.select({ name: centers.centerName }).from(centers).where(eq(centers.id, a.id!)), 'Center'),
    within: (scope, a) => scope.zonesAndCenters || scope.centerIds.includes(a.id!),
  },
  role: {
    condition(db, a) {
      const platform = db
        .select({ id: userRoles.userId })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(sameText(roles.name, a.id!));
      return sql`(${inArray(md.userId, platform)} or ${sameText(md.cihRole, a.id!)})`;
    },
    label: (_db, a) => `Role: ${a.id}`,
    within: nobodyElse,
  },
  people: {
    condition: (_db, a) => (a.userIds && a.userIds.length > 0 ? inArray(md.userId, a.userIds) : sql`false`),
    label: (_db, a) => `${a.userIds!.length} chosen ${a.userIds!.length === 1 ? 'person' : 'people'}`,
    within: (scope) => reachesPeople(scope),
  },
};

/**
 * The entry of a kind; a kind that is not one (a stored message of a kind since removed, a call
 * that passed no schema) is refused, never read as "no filter".
 */
function kindOf(kind: string): Kind {
  if (!Object.hasOwn(KINDS, kind)) {
    throw badRequest(`Audience must be one of ${AUDIENCE_KINDS.join(', ')}`, { audience: ['Unknown audience'] });
  }
  return KINDS[kind as AudienceKind];
}

/** The name of what an audience names, or a 400 when it does not exist. */
async function named(q: Promise<Array<{ name: string }>>, what: string) {
  const [row] = await q;
  if (!row) throw badRequest(`That ${what.toLowerCase()} does not exist`, { audienceId: [`That ${what.toLowerCase()} does not exist`] });
  return `${what}: ${row.name}`;
}

const needsId = (kind: AudienceKind) => AUDIENCES_WITH_ID.includes(kind);

/**
 * The recipients of an audience as a condition on member_directory: people who are listed (not
 * archived), not disabled, and not the sender. The directory holds every user, first-timers too.
 */
export async function audienceCondition(db: Db | Tx, audience: Audience, senderId: string): Promise<SQL> {
  const base = and(sql`not ${md.archived}`, sql`not ${md.disabled}`, sql`${md.userId} <> ${senderId}`)!;
  return and(base, await kindOf(audience.kind).condition(db, audience))!;
}

/** 400 unless the audience is of a known kind and names what its kind needs. */
function checkAudienceShape(a: Audience) {
  kindOf(a.kind);
  if (needsId(a.kind) && !a.id) throw badRequest('Choose who receives it', { audienceId: ['Choose who receives it'] });
  if (a.kind === 'people' && !a.userIds?.length)
    throw badRequest('Choose at least one person', { userIds: ['Choose at least one person'] });
  if (a.id && AUDIENCES[a.kind].names === 'record' && !z.guid().safeParse(a.id).success) {
    throw badRequest('AudienceId must be a valid id', { audienceId: ['Must be a valid id'] });
  }
}

/** What the caller may address, from the database at each call (a new head sends at once). */
export type SenderScope = { anyone: boolean; departmentIds: string[]; centerIds: string[]; zonesAndCenters: boolean };

export async function senderScope(db: Db | Tx, caller: Caller): Promise<SenderScope> {
  const anyone = caller.permissions.has(P.createNotifications);
  const headed = await db.select({ id: departments.id }).from(departments).where(eq(departments.hodId, caller.id));
  const pastored = await db
    .select({ id: churchAffiliations.centerId })
    .from(churchAffiliations)
    .where(and(eq(churchAffiliations.userId, caller.id), sameText(churchAffiliations.cihRole, 'cihpastor')));
  return {
    anyone,
    departmentIds: headed.map((d) => d.id),
    centerIds: pastored.flatMap((c) => (c.id ? [c.id] : [])),
    zonesAndCenters: caller.permissions.has(P.viewInspectorateDashboard),
  };
}

function mayAddress(scope: SenderScope, a: Audience): boolean {
  return scope.anyone || kindOf(a.kind).within(scope, a);
}

/** Whether the sender may choose people one by one at all. */
export const reachesPeople = (scope: SenderScope) =>
  scope.anyone || scope.zonesAndCenters || scope.departmentIds.length > 0 || scope.centerIds.length > 0;

/**
 * The people a sender may choose one by one, as a condition on member_directory: anyone for
 * administrators; else the members of the departments they head, of the centers they pastor,
 * and, for the inspectorate, of every center (a person with no center is no zone's or center's).
 */
export function reachablePeople(scope: SenderScope): SQL | undefined {
  if (scope.anyone) return undefined;
  const reach: SQL[] = [];
  if (scope.departmentIds.length) {
    reach.push(
      sql`${md.userId} in (select ${userDepartments.userId} from ${userDepartments} where ${inArray(userDepartments.departmentId, scope.departmentIds)})`,
    );
  }
  if (scope.zonesAndCenters) reach.push(sql`${md.centerId} is not null`);
  else if (scope.centerIds.length) reach.push(inArray(md.centerId, scope.centerIds));
  return reach.length ? sql`(${sql.join(reach, sql` or `)})` : sql`false`;
}

const REFUSED =
  'You may not send to this audience: administrators send to anyone, a head of department to their department, a CIH pastor to their center, the inspectorate to zones and centers';

/** 403 unless the caller's scope covers the audience; chosen people must each be within it. */
async function mustAddress(db: Db | Tx, scope: SenderScope, a: Audience) {
  if (!mayAddress(scope, a)) throw forbidden(REFUSED);
  if (a.kind !== 'people' || scope.anyone) return;
  const chosen = [...new Set(a.userIds)];
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(md)
    .where(and(inArray(md.userId, chosen), reachablePeople(scope)));
  if (n < chosen.length) throw forbidden('You may choose only people of your own department or center');
}

type Option = { id: string; name: string };

/** The audiences the compose dialog offers this sender, with the names to pick from. */
export async function audienceOptions(db: Db | Tx, scope: SenderScope) {
  const limitTo = (column: typeof departments.id | typeof centers.id, ids: string[]) =>
    scope.anyone ? undefined : inArray(column, ids.length ? ids : ['00000000-0000-0000-0000-000000000000']);
  const depts: Option[] =
    scope.anyone || scope.departmentIds.length
      ? await db
          .select({ id: departments.id, name: departments.departmentName })
          .from(departments)
          .where(limitTo(departments.id, scope.departmentIds))
          .orderBy(asc(departments.departmentName))
      : [];
  const everyCenter = scope.anyone || scope.zonesAndCenters;
  const centerRows: Option[] =
    everyCenter || scope.centerIds.length
      ? await db
          .select({ id: centers.id, name: centers.centerName })
          .from(centers)
          .where(everyCenter ? undefined : inArray(centers.id, scope.centerIds))
          .orderBy(asc(centers.centerName))
      : [];
  const zoneRows: Option[] = everyCenter
    ? await db.select({ id: zones.id, name: zones.zoneName }).from(zones).orderBy(asc(zones.zoneName))
    : [];
  const groups: Option[] = scope.anyone
    ? await db
        .select({ id: affinityGroups.id, name: affinityGroups.affinityGroupName })
        .from(affinityGroups)
        .orderBy(asc(affinityGroups.affinityGroupName))
    : [];
  const roleRows: Option[] = scope.anyone
    ? (await db.select({ name: roles.name }).from(roles).orderBy(asc(roles.name))).map((r) => ({ id: r.name, name: r.name }))
    : [];
  // Everything for those who may address anyone; else the kinds they have something of to pick.
  const offered: Record<AudienceKind, boolean> = {
    everyone: false,
    members: false,
    firstTimers: false,
    department: depts.length > 0,
    affinityGroup: false,
    zone: zoneRows.length > 0,
    center: centerRows.length > 0,
    role: false,
    people: reachesPeople(scope),
  };
  const kinds = AUDIENCE_KINDS.filter((k) => scope.anyone || offered[k]);
  return { kinds, departments: depts, affinityGroups: groups, zones: zoneRows, centers: centerRows, roles: roleRows };
}

/** 'Department: Choir', as the sender's list shows the audience. */
async function audienceLabel(db: Db | Tx, a: Audience): Promise<string> {
  return kindOf(a.kind).label(db, a);
}

/** The audience checked for shape, named things and the caller's scope; answers its label. */
export async function allowedAudience(db: Db | Tx, caller: Caller, a: Audience) {
  checkAudienceShape(a);
  await mustAddress(db, await senderScope(db, caller), a);
  return audienceLabel(db, a);
}
