import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '@/server/db/client.js';
import { rowsOf } from '@/server/db/queries.js';

/**
 * What a merge does with each column that references users(id): every foreign key to users is
 * one entry here, keyed 'table.column' (tests/api/duplicates.test.ts reads the database's
 * catalogue and fails when a foreign key has no entry). docs/decisions/0211-duplicates-and-merge.md.
 *
 * - move: the merged record's rows now name the kept one;
 * - unique: as move, but where the kept record already has a row the clash condition matches
 *   (o: the merged record's row, k: the kept one's), the merged record's row is dropped first;
 * - derived: a copy kept by triggers, rebuilt for the kept record and gone with the other;
 * - drop: rows about the merged record alone, gone with it;
 * - own: the merge's own step handles it (biodata's fields, roles, departments, marks, requests).
 */
export type MergeStrategy =
  | { kind: 'move' }
  | { kind: 'unique'; clash: string }
  | { kind: 'derived' }
  | { kind: 'drop'; why: string }
  | { kind: 'own'; step: OwnStep };

type OwnStep = 'biodata' | 'roles' | 'departments' | 'marks' | 'requests';

const move: MergeStrategy = { kind: 'move' };
/** One row per person: the kept record's stays; the other's moves only when the kept one has none. */
const single: MergeStrategy = { kind: 'unique', clash: 'true' };

export const MERGE_REFERENCES: Record<string, MergeStrategy> = {
  'accessories.custodian_id': move,
  'appointment_exceptions.host_id': move,
  'appointment_windows.host_id': move,
  'appointments.host_id': move,
  'appointments.member_id': move,
  'biodata.user_id': { kind: 'own', step: 'biodata' },
  'care_notes.author_id': move,
  'care_notes.user_id': move,
  // One greeting a day: a day both were greeted keeps one row.
  'celebration_greetings.user_id': { kind: 'unique', clash: 'o.day = k.day' },
  'children.user_id': move,
  'church_affiliations.user_id': single,
  'cih_activity_reports.author_id': move,
  'cih_attendance_marks.user_id': { kind: 'own', step: 'marks' },
  'cih_follow_ups.author_id': move,
  'cih_follow_ups.person_id': move,
  'cih_idempotent_saves.user_id': { kind: 'drop', why: 'answers kept for retries of saves the merged account sent' },
  'cih_inspection_reports.inspector_id': move,
  'cih_meetings.taken_by': move,
  'cih_visitors.first_timer_id': move,
  'consents.user_id': move,
  // The kept record's value of a field wins; the other's fills the fields the kept one lacks.
  'custom_field_values.user_id': { kind: 'unique', clash: 'o.field_id = k.field_id' },
  'department_delistings.delisted_by': move,
  'department_delistings.undone_by': move,
  'department_delistings.user_id': move,
  'departments.hod_id': move,
  'duplicate_dismissals.dismissed_by': move,
  'duplicate_dismissals.user_a': { kind: 'drop', why: 'dismissed pairs of the merged record' },
  'duplicate_dismissals.user_b': { kind: 'drop', why: 'dismissed pairs of the merged record' },
  // A no to a kind of mail from either record is honoured: the union of both.
  'email_opt_outs.user_id': { kind: 'unique', clash: 'o.category = k.category' },
  'employers.user_id': single,
  'event_requests.decided_by': move,
  'event_requests.user_id': move,
  // One avatar per person: the kept record's, or the other's when the kept one has none.
  'files.user_id': { kind: 'unique', clash: "o.file_type = 'avatar' and k.file_type = 'avatar'" },
  'goal_progress.recorded_by': move,
  // One household per person: the kept record's place, or the other's when the kept one has none
  // (docs/decisions/0213-households.md).
  'household_members.user_id': single,
  // A person's giving (docs/decisions/0227-giving.md): both records' gifts are the kept one's.
  'contributions.giver_id': move,
  // A person's pledges (docs/decisions/0234): both records' promises are the kept one's.
  'pledges.giver_id': move,
  'goals.owner_id': move,
  'meeting_invitees.user_id': { kind: 'unique', clash: 'o.meeting_id = k.meeting_id' },
  'meetings.created_by': move,
  'member_directory.user_id': { kind: 'derived' },
  'member_requests.decided_by': move,
  'member_requests.requested_by': move,
  'member_requests.user_id': { kind: 'own', step: 'requests' },
  'member_role_names.user_id': { kind: 'derived' },
  'member_search_texts.user_id': { kind: 'derived' },
  'member_stages.set_by': move,
  // One stage history per person: the kept record's, or the other's when the kept one has none.
  'member_stages.user_id': single,
  'messages.sender_id': move,
  'ministries.leader_id': move,
  'mountains_of_influence.leader_id': move,
  'notifications.recipient_id': move,
  'notifications.sender_id': move,
  'outreach_reports.filed_by': move,
  'outreach_requests.decided_by': move,
  'outreach_requests.user_id': move,
  // Tags: the union of both records' (a tag both hold stays once, the kept record's row).
  'person_tags.tagged_by': move,
  'person_tags.user_id': { kind: 'unique', clash: 'o.tag_id = k.tag_id' },
  // Saved lists (docs/decisions/0214): the merged record's, but one named as a list of the kept record's.
  'saved_lists.owner_id': { kind: 'unique', clash: 'lower(o.name) = lower(k.name)' },
  'qualifications.user_id': move,
  'request_events.actor_id': move,
  'special_units.leader_id': move,
  'spouses.user_id': single,
  'units.leader_id': move,
  'user_departments.user_id': { kind: 'own', step: 'departments' },
  'user_roles.user_id': { kind: 'own', step: 'roles' },
  'venue_bookings.decided_by': move,
  'venue_bookings.user_id': move,
};

const id = (name: string) => sql.identifier(name);

/** Splits a 'table.column' key. */
const referenceParts = (key: string) => {
  const [table, column] = key.split('.');
  return { table, column };
};

/** The statements of a move or unique entry; own steps and derived copies are the merge's own. */
export function referenceStatements(key: string, strategy: MergeStrategy, keptId: string, mergedId: string): SQL[] {
  const { table, column } = referenceParts(key);
  const update = sql`update ${id(table)} set ${id(column)} = ${keptId} where ${id(column)} = ${mergedId}`;
  switch (strategy.kind) {
    case 'move':
      return [update];
    case 'unique':
      return [
        sql`delete from ${id(table)} o where o.${id(column)} = ${mergedId}
          and exists (select 1 from ${id(table)} k where k.${id(column)} = ${keptId} and ${sql.raw(strategy.clash)})`,
        update,
      ];
    case 'drop':
      return [sql`delete from ${id(table)} where ${id(column)} = ${mergedId}`];
    default:
      return [];
  }
}

/** How many rows of each referencing table name the person: what a merge would move. */
export async function referenceCounts(tx: Tx, userId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [key, strategy] of Object.entries(MERGE_REFERENCES)) {
    if (strategy.kind === 'derived' || strategy.kind === 'drop') continue;
    const { table, column } = referenceParts(key);
    const [row] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from ${id(table)} where ${id(column)} = ${userId}`));
    const n = Number(row?.n ?? 0);
    if (n > 0) counts[table] = (counts[table] ?? 0) + n;
  }
  return counts;
}
