import { and, eq, sql } from 'drizzle-orm';
import { misfit } from '@/domain/lookups/affinityFit.js';
import type { MemberRequestKind } from '@/domain/common/enums.js';
import type { Localized } from '@/domain/common/languages.js';
import { P } from '@/domain/roles/permissions.js';
import type { Tx } from '@/server/db/client.js';
import { affinityGroups, biodata, churchAffiliations, memberRequests, requestEvents, users } from '@/server/db/schema/index.js';
import type { Caller } from '@/server/http/access.js';
import type { AuditEntry } from '@/server/http/audit.js';
import { badRequest, conflict } from '@/server/http/errors.js';
import { affinityGroupNamed, centerInZone, departmentNamed, findAffinityGroup, zoneNamed } from '@/server/engines/namedRecords.js';
import { existingUser, mustEdit } from '@/server/engines/profileAccess.js';
import { departmentsOf } from '@/server/modules/departments/membership.js';
import { notifyDeciders } from '@/server/modules/notifications/notify.js';
import { decidersOf } from './scope.js';
import { describeRequest, requestView } from './view.js';

/**
 * The five requests a member files from the profile. Each becomes a pending
 * row of member_requests with its target and what it would replace, and a 'created' event;
 * heads of department and the inspectorate decide them (decide.ts). A member files for
 * themselves; someone with CAN_UPDATE_OTHER_MEMBERS may file for another.
 */

const NO_AFFILIATION = 'Only members with church affiliations can make this request.';

const PENDING: Record<MemberRequestKind, string> = {
  joinDepartment: 'A request to join a department',
  changeDepartment: 'A request to change department',
  joinAffinityGroup: 'A request to join an affinity group',
  changeAffinityGroup: 'A request to change affinity group',
  changeZone: 'A request to change CIH zone',
};
export const pendingMessage = (kind: MemberRequestKind) => `${PENDING[kind]} is already pending for this member; wait for its decision`;

type Affiliation = typeof churchAffiliations.$inferSelect;
export type Target = Partial<Omit<typeof memberRequests.$inferInsert, 'id' | 'userId' | 'kind' | 'status'>>;
export type Context = { tx: Tx; userId: string; affiliation: Affiliation; caller: Caller };

function refuse(field: string, message: string): never {
  throw badRequest(message, { [field]: [message] });
}

/** The server needs a group to file an affinity request, though the form leaves it optional. */
const required = (value: string | undefined, field: string) => value ?? refuse(field, 'Affinity group is required');

const holdsGroup = (a: Affiliation, name: string) => a.affinityGroup.some((g) => g.toLowerCase() === name.toLowerCase());
const currentGroups = (a: Affiliation) => a.affinityGroup.filter((g) => g.toLowerCase() !== 'none');

async function inDepartment({ tx, userId }: Context, departmentId: string) {
  return (await departmentsOf(tx, userId)).some((d) => d.departmentId === departmentId);
}

export async function joinDepartment(ctx: Context, q: { department: string }): Promise<Target> {
  const dept = await departmentNamed(ctx.tx, q.department, 'department');
  if (await inDepartment(ctx, dept.id)) refuse('department', `The member is already in the ${dept.name} department`);
  return { targetDepartmentId: dept.id };
}

export async function changeDepartment(ctx: Context, q: { newDepartment: string }): Promise<Target> {
  const dept = await departmentNamed(ctx.tx, q.newDepartment, 'newDepartment');
  const primary = (await departmentsOf(ctx.tx, ctx.userId)).find((d) => d.isPrimaryDepartment);
  if (!primary) refuse('newDepartment', 'The member is in no department yet: ask to join one instead');
  if (await inDepartment(ctx, dept.id)) refuse('newDepartment', `The member is already in the ${dept.name} department`);
  return { targetDepartmentId: dept.id, previousDepartmentId: primary.departmentId };
}

/**
 * A member asks only for a group their age, marital status and gender fit (domain/lookups/affinityFit.ts); an
 * administrator filing for them (CAN_UPDATE_OTHER_MEMBERS) may place them anywhere.
 */
async function mustFit({ tx, userId, caller }: Context, groupId: string, field: string) {
  if (caller.permissions.has(P.updateOtherMembers)) return;
  const [limits] = await tx
    .select({
      name: affinityGroups.affinityGroupName,
      startAge: affinityGroups.startAge,
      endAge: affinityGroups.endAge,
      maritalStatus: affinityGroups.maritalStatus,
      gender: affinityGroups.gender,
    })
    .from(affinityGroups)
    .where(eq(affinityGroups.id, groupId));
  const [facts] = await tx
    // The profile's gender, else the one given at sign-up (as the member lists read it).
    .select({
      dateOfBirth: biodata.dateOfBirth,
      maritalStatus: biodata.maritalStatus,
      gender: sql<string | null>`coalesce(${biodata.gender}, ${users.gender})`,
    })
    .from(users)
    .leftJoin(biodata, eq(biodata.userId, users.id))
    .where(eq(users.id, userId));
  const why = misfit(limits, facts ?? {});
  if (why) refuse(field, why);
}

export async function joinAffinityGroup(ctx: Context, q: { affinityGroup?: string }): Promise<Target> {
  const group = await affinityGroupNamed(ctx.tx, required(q.affinityGroup, 'affinityGroup'), 'affinityGroup');
  if (holdsGroup(ctx.affiliation, group.name)) refuse('affinityGroup', `The member is already in the ${group.name} affinity group`);
  await mustFit(ctx, group.id, 'affinityGroup');
  return { targetAffinityGroupId: group.id };
}

export async function changeAffinityGroup(ctx: Context, q: { newAffinityGroup?: string }): Promise<Target> {
  const group = await affinityGroupNamed(ctx.tx, required(q.newAffinityGroup, 'newAffinityGroup'), 'newAffinityGroup');
  const [current] = currentGroups(ctx.affiliation);
  if (!current) refuse('newAffinityGroup', 'The member is in no affinity group yet: ask to join one instead');
  if (holdsGroup(ctx.affiliation, group.name)) refuse('newAffinityGroup', `The member is already in the ${group.name} affinity group`);
  await mustFit(ctx, group.id, 'newAffinityGroup');
  return { targetAffinityGroupId: group.id, previousAffinityGroupId: (await findAffinityGroup(ctx.tx, current))?.id ?? null };
}

export async function changeZone(ctx: Context, q: { newCihZone: string; newCenter?: string }): Promise<Target> {
  const zone = await zoneNamed(ctx.tx, q.newCihZone, 'newCihZone');
  const center = q.newCenter ? await centerInZone(ctx.tx, zone.id, q.newCenter, 'newCenter') : undefined;
  const { zoneId, centerId } = ctx.affiliation;
  if (zone.id === zoneId && (center?.id ?? null) === centerId) refuse('newCihZone', 'The member is already in this zone and center');
  return { targetZoneId: zone.id, targetCenterId: center?.id ?? null, previousZoneId: zoneId, previousCenterId: centerId };
}

export type RequestInput = { userId: string; reason?: string };

export async function fileRequest(
  tx: Tx,
  audit: (e: AuditEntry) => void,
  caller: Caller,
  kind: MemberRequestKind,
  input: RequestInput,
  target: (ctx: Context) => Promise<Target>,
) {
  mustEdit(caller, input.userId);
  await existingUser(tx, input.userId);
  const [affiliation] = await tx.select().from(churchAffiliations).where(eq(churchAffiliations.userId, input.userId));
  if (!affiliation) throw badRequest(NO_AFFILIATION);
  const planned = await target({ tx, userId: input.userId, affiliation, caller });
  const [pending] = await tx
    .select({ id: memberRequests.id })
    .from(memberRequests)
    .where(and(eq(memberRequests.userId, input.userId), eq(memberRequests.kind, kind), eq(memberRequests.status, 'pending')));
  if (pending) throw conflict(pendingMessage(kind));
  const [row] = await tx
    .insert(memberRequests)
    .values({ userId: input.userId, kind, reason: input.reason ?? null, requestedBy: caller.id, ...planned })
    .returning();
  await tx.insert(requestEvents).values({ requestId: row.id, action: 'created', actorId: caller.id, comment: input.reason ?? null });
  audit({ action: 'create', entity: 'memberRequest', entityId: row.id, after: row });
  await tellDeciders(tx, audit, caller, row);
  return row;
}

/** "Someone asks to …", in each language. */
const asks = (name: string | null, what: Localized): Localized => ({
  en: `${name} asks to ${what.en}.`,
  fr: `${name} demande à ${what.fr}.`,
});

/** Tells those who may decide the request that it waits (not its member, nor whoever filed it). */
async function tellDeciders(tx: Tx, audit: (e: AuditEntry) => void, caller: Caller, row: typeof memberRequests.$inferSelect) {
  const view = (await requestView(tx, row.id))!;
  await notifyDeciders(tx, audit, {
    deciders: decidersOf(row),
    senderId: caller.id,
    requesterIds: [row.userId, caller.id],
    body: asks(view.requester.fullName, describeRequest(view)),
    link: '/requests',
    requestId: row.id,
  });
}
