import { asc, eq, inArray, sql } from 'drizzle-orm';
import { MERGE_FIELDS, type MergeChoices, type MergeField, type MergePreview, type MergePreviewField } from '@/domain/people/duplicates.js';
import type { Tx } from '@/server/db/client.js';
import { biodata, users } from '@/server/db/schema/index.js';
import type { AuditEntry } from '@/server/http/audit.js';
import { badRequest, notFound } from '@/server/http/errors.js';
import { personSummaries } from './duplicateSearch.js';
import { MERGE_REFERENCES, referenceCounts, referenceStatements } from './mergeReferences.js';

/*
 * Merging two records of one person (docs/decisions/0211-duplicates-and-merge.md): the kept
 * record keeps its account (email, password, state); the biodata is chosen field by field; every
 * row naming the merged record moves to the kept one (mergeReferences.ts); then the merged
 * account is deleted. One transaction: a failure anywhere leaves both records as they were.
 */

type User = typeof users.$inferSelect;
type Biodata = typeof biodata.$inferSelect;
type Values = Record<MergeField, string | null>;

/** Both users, locked in id order (two merges of overlapping pairs wait rather than deadlock). */
async function lockPair(tx: Tx, keepId: string, mergeId: string) {
  if (keepId === mergeId) throw badRequest('A record cannot be merged with itself: choose two different people');
  const rows = await tx
    .select()
    .from(users)
    .where(inArray(users.id, [keepId, mergeId]))
    .orderBy(asc(users.id))
    .for('update');
  const kept = rows.find((u) => u.id === keepId);
  const merged = rows.find((u) => u.id === mergeId);
  if (!kept) throw notFound('The record to keep was not found');
  if (!merged) throw notFound('The record to merge was not found');
  return { kept, merged };
}

const text = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));

/** A record's values of the merge fields: its biodata's, or its account's where it has no biodata. */
function valuesOf(user: User, bio: Biodata | undefined): Values {
  const source: Record<string, unknown> = bio ?? { ...user, mobile2: null };
  return Object.fromEntries(MERGE_FIELDS.map((f) => [f, text(source[f])])) as Values;
}

function previewFields(kept: Values, merged: Values, choices: MergeChoices = {}): MergePreviewField[] {
  return MERGE_FIELDS.map((field) => {
    const chosen = choices[field];
    const wins = chosen ?? (kept[field] === null && merged[field] !== null ? 'merged' : 'kept');
    return { field, kept: kept[field], merged: merged[field], wins };
  });
}

async function biodataOf(tx: Tx, userId: string) {
  const [row] = await tx.select().from(biodata).where(eq(biodata.userId, userId));
  return row;
}

async function readPair(tx: Tx, keepId: string, mergeId: string) {
  const { kept, merged } = await lockPair(tx, keepId, mergeId);
  const keptBio = await biodataOf(tx, keepId);
  const mergedBio = await biodataOf(tx, mergeId);
  return { kept, merged, keptBio, mergedBio, keptValues: valuesOf(kept, keptBio), mergedValues: valuesOf(merged, mergedBio) };
}

/** What a merge would keep, field by field, and how many rows it would move. */
export async function mergePreview(tx: Tx, keepId: string, mergeId: string): Promise<MergePreview> {
  const pair = await readPair(tx, keepId, mergeId);
  const people = await personSummaries(tx, [keepId, mergeId]);
  return {
    kept: people.get(keepId)!,
    merged: people.get(mergeId)!,
    fields: previewFields(pair.keptValues, pair.mergedValues),
    references: await referenceCounts(tx, mergeId),
  };
}

/** The kept record's biodata with the chosen values: its own row, the other's moved over, or none. */
async function mergeBiodata(tx: Tx, pair: Awaited<ReturnType<typeof readPair>>, values: Values) {
  const { kept, keptBio, mergedBio } = pair;
  const dateOfBirth = values.dateOfBirth;
  const set = {
    ...values,
    firstName: values.firstName ?? kept.firstName,
    surName: values.surName ?? kept.surName,
    dateOfBirth,
    updatedAt: new Date(),
  };
  if (keptBio) {
    await tx
      .update(biodata)
      .set({ ...set, mobile1: values.mobile1 ?? '' })
      .where(eq(biodata.id, keptBio.id));
    if (mergedBio) await tx.delete(biodata).where(eq(biodata.id, mergedBio.id));
  } else if (mergedBio) {
    await tx
      .update(biodata)
      .set({ ...set, mobile1: values.mobile1 ?? '', userId: kept.id, email: kept.email })
      .where(eq(biodata.id, mergedBio.id));
  }
  // The account carries a copy of the biodata's names and phone (docs/decisions/0045).
  const firstTimer = kept.isFirstTimer && pair.merged.isFirstTimer;
  const convertedAt = firstTimer ? null : (kept.convertedAt ?? pair.merged.convertedAt ?? (kept.isFirstTimer ? new Date() : null));
  await tx
    .update(users)
    .set({
      title: values.title,
      firstName: set.firstName,
      middleName: values.middleName,
      surName: set.surName,
      gender: values.gender,
      mobile1: values.mobile1,
      isFirstTimer: firstTimer,
      convertedAt,
      updatedAt: new Date(),
    })
    .where(eq(users.id, kept.id));
}

/** Roles: the union of both; a member (either record was one) keeps no first-timer role. */
async function mergeRoles(tx: Tx, keptId: string, mergedId: string) {
  await tx.execute(
    sql`insert into user_roles (user_id, role_id) select ${keptId}, role_id from user_roles where user_id = ${mergedId} on conflict do nothing`,
  );
  await tx.execute(sql`insert into user_permissions (user_id, role_id, permission_id)
    select ${keptId}, role_id, permission_id from user_permissions where user_id = ${mergedId} on conflict do nothing`);
  await tx.execute(sql`delete from user_roles where user_id = ${mergedId}`);
  await tx.execute(sql`delete from user_roles ur using roles r, users u
    where ur.user_id = ${keptId} and r.id = ur.role_id and r.name = 'firsttimers' and u.id = ur.user_id and not u.is_first_timer`);
}

/** Departments: one row per department (the kept record's); the kept record's primary stays primary. */
async function mergeDepartments(tx: Tx, keptId: string, mergedId: string) {
  await tx.execute(sql`update user_departments set is_primary_department = false where user_id = ${mergedId}
    and exists (select 1 from user_departments k where k.user_id = ${keptId} and k.is_primary_department)`);
  await tx.execute(sql`delete from user_departments o where o.user_id = ${mergedId}
    and exists (select 1 from user_departments k where k.user_id = ${keptId} and k.department_id = o.department_id)`);
  await tx.execute(sql`update user_departments set user_id = ${keptId} where user_id = ${mergedId}`);
}

/**
 * CIH marks: one per meeting; where both records were marked at one meeting the person was
 * present if either mark says so, and that meeting's kept totals are counted again (0126).
 */
async function mergeMarks(tx: Tx, keptId: string, mergedId: string) {
  await tx.execute(sql`update cih_attendance_marks k set present = k.present or o.present
    from cih_attendance_marks o where k.user_id = ${keptId} and o.user_id = ${mergedId} and o.meeting_id = k.meeting_id`);
  await tx.execute(sql`with gone as (
      delete from cih_attendance_marks o where o.user_id = ${mergedId}
        and exists (select 1 from cih_attendance_marks k where k.user_id = ${keptId} and k.meeting_id = o.meeting_id)
      returning o.meeting_id)
    update cih_meetings m set members_count = m.members_count - 1,
      present_count = (select count(*) from cih_attendance_marks x where x.meeting_id = m.id and x.present and x.user_id <> ${mergedId})
    where m.id in (select meeting_id from gone)`);
  await tx.execute(sql`update cih_attendance_marks set user_id = ${keptId} where user_id = ${mergedId}`);
}

/** Requests: one pending request of a kind per person; the merged record's clashing one is cancelled, then all move. */
async function mergeRequests(tx: Tx, keptId: string, mergedId: string) {
  await tx.execute(sql`update member_requests o set status = 'cancelled', decided_at = now(), updated_at = now(),
      decision_comment = 'Cancelled by a merge of two records: the kept record has a pending request of this kind'
    where o.user_id = ${mergedId} and o.status = 'pending'
      and exists (select 1 from member_requests k where k.user_id = ${keptId} and k.kind = o.kind and k.status = 'pending')`);
  await tx.execute(sql`update member_requests set user_id = ${keptId} where user_id = ${mergedId}`);
}

/**
 * Audit entries about or by the merged record now name the kept one. The log is append-only; a
 * merge's transaction names the pair (flock.audit_merge) and may change those two ids only
 * (migration 0030_duplicate_keys_merge_audit).
 */
async function moveAudit(tx: Tx, keptId: string, mergedId: string) {
  await tx.execute(sql`select set_config('flock.audit_merge', ${`${mergedId}>${keptId}`}, true)`);
  for (const table of ['audit_logs', 'audit_logs_archive']) {
    const t = sql.identifier(table);
    await tx.execute(sql`update ${t} set subject_id = ${keptId} where subject_id = ${mergedId}`);
    await tx.execute(sql`update ${t} set actor_id = ${keptId} where actor_id = ${mergedId}`);
  }
  await tx.execute(sql`select set_config('flock.audit_merge', '', true)`);
}

const OWN_STEPS = { roles: mergeRoles, departments: mergeDepartments, marks: mergeMarks, requests: mergeRequests };

/** The kept record's directory row, and its listing flag from the newest listing consent of either record. */
async function refreshDirectory(tx: Tx, keptId: string) {
  await tx.execute(sql`select member_directory_sync(array[${keptId}]::uuid[])`);
  await tx.execute(sql`update member_directory d set hidden_from_leaders = coalesce((select not c.granted from consents c
      where c.user_id = d.user_id and c.category = 'listing' order by c.created_at desc, c.id desc limit 1), false)
    where d.user_id = ${keptId}`);
}

/** Merges the record mergeId into keepId, audited once with both records and what was kept. */
export async function mergePeople(tx: Tx, audit: (e: AuditEntry) => void, keepId: string, mergeId: string, choices: MergeChoices) {
  const pair = await readPair(tx, keepId, mergeId);
  const fields = previewFields(pair.keptValues, pair.mergedValues, choices);
  const values = Object.fromEntries(fields.map((f) => [f.field, f.wins === 'merged' ? f.merged : f.kept])) as Values;
  const moved = await referenceCounts(tx, mergeId);
  await mergeBiodata(tx, pair, values);
  for (const [key, strategy] of Object.entries(MERGE_REFERENCES)) {
    if (strategy.kind === 'own' && strategy.step !== 'biodata') await OWN_STEPS[strategy.step](tx, keepId, mergeId);
    for (const statement of referenceStatements(key, strategy, keepId, mergeId)) await tx.execute(statement);
  }
  await moveAudit(tx, keepId, mergeId);
  await tx.delete(users).where(eq(users.id, mergeId));
  await refreshDirectory(tx, keepId);
  const account = (u: User) => ({ id: u.id, email: u.email, firstName: u.firstName, surName: u.surName, isFirstTimer: u.isFirstTimer });
  audit({
    action: 'merge',
    entity: 'user',
    entityId: keepId,
    subjectId: keepId,
    before: { kept: { ...account(pair.kept), ...pair.keptValues }, merged: { ...account(pair.merged), ...pair.mergedValues } },
    after: { keptId: keepId, mergedId: mergeId, values, fromMerged: fields.filter((f) => f.wins === 'merged').map((f) => f.field), moved },
  });
  return { keptId: keepId, mergedId: mergeId, values, moved };
}
