import { eq, sql } from 'drizzle-orm';
import type { Tx } from '@/server/db/client.js';
import { rowsOf } from '@/server/db/queries.js';
import { roles } from '@/server/db/schema/index.js';
import type { AuditEntry } from '@/server/http/audit.js';
import type { z } from 'zod';
import type { importCommitSchema } from '@/domain/people/memberImport.js';
import { badRequest } from '@/server/http/errors.js';
import type { Caller } from '@/server/http/access.js';
import { allDefinitions, columnsOf } from '@/server/modules/profile/customFields.js';
import { checkRows, type CheckedRow } from './importCheck.js';

/**
 * Creates the people of the good rows, as an administrator creates a member (verified, no
 * password, the member role) or as a sign-up makes a first-timer (not verified, the firsttimers
 * role), with their biodata, affiliation and department. One statement writes them all: the rows
 * go in as one JSON parameter (no limit on parameters), and the member directory's users insert
 * trigger, firing once the whole statement is done, finds each person complete and writes their
 * directory row once; the biodata and affiliation triggers skip for that statement. The trail
 * gets one entry for the import naming the ids, not one per person.
 */
async function importPeople(tx: Tx, audit: (e: AuditEntry) => void, rows: CheckedRow[], kind: 'member' | 'firsttimer') {
  if (rows.length === 0) return [];
  const [role] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(eq(roles.name, kind === 'member' ? 'member' : 'firsttimers'));
  const input = JSON.stringify(
    rows.map((r) => ({
      email: r.email,
      first_name: r.firstName,
      sur_name: r.surName,
      gender: r.gender,
      phone: r.phone,
      date_of_birth: r.dateOfBirth,
      address: r.address,
      zone_id: r.zoneId,
      center_id: r.centerId,
      department_id: r.departmentId,
    })),
  );
  const firstTimer = kind === 'firsttimer';
  // For this statement alone: the users trigger writes each whole person's directory row, the
  // biodata and affiliation triggers need not recompute them (migration 0019).
  await tx.execute(sql`SELECT set_config('flock.directory_whole_people', 'on', true)`);
  const created = rowsOf<{ id: string; email: string }>(
    await tx.execute(sql`
      WITH input AS (
        SELECT * FROM jsonb_to_recordset(${input}::jsonb) AS x(email text, first_name text, sur_name text, gender text,
          phone text, date_of_birth date, address text, zone_id uuid, center_id uuid, department_id uuid)
      ),
      u AS (
        INSERT INTO users (email, first_name, sur_name, gender, mobile1, email_verified, is_first_timer)
        SELECT email, first_name, sur_name, gender, phone, ${!firstTimer}, ${firstTimer} FROM input
        RETURNING id, email
      ),
      j AS (SELECT u.id, input.* FROM u JOIN input ON input.email = u.email),
      b AS (
        INSERT INTO biodata (user_id, first_name, sur_name, email, mobile1, gender, date_of_birth, address)
        SELECT id, first_name, sur_name, email, phone, gender, date_of_birth, address FROM j
      ),
      a AS (
        INSERT INTO church_affiliations (user_id, zone_id, center_id)
        SELECT id, zone_id, center_id FROM j WHERE zone_id IS NOT NULL OR center_id IS NOT NULL
      ),
      r AS (INSERT INTO user_roles (user_id, role_id) SELECT id, ${role?.id ?? null}::uuid FROM j WHERE ${role?.id ?? null}::uuid IS NOT NULL),
      d AS (
        INSERT INTO user_departments (user_id, department_id, is_primary_department)
        SELECT id, department_id, true FROM j WHERE department_id IS NOT NULL
      )
      SELECT id, email FROM u`),
  );
  await tx.execute(sql`SELECT set_config('flock.directory_whole_people', 'off', true)`);
  const ids = created.map((r) => r.id);
  audit({ action: 'import', entity: 'memberImport', entityId: null, after: { kind, count: ids.length, userIds: ids } });
  return created;
}

/**
 * The good rows' values of the church's own fields, in the import's transaction: one statement,
 * the values as one JSON parameter, each in its type's column (columnsOf, as the profile's save).
 */
async function importCustomValues(
  tx: Tx,
  audit: (e: AuditEntry) => void,
  rows: CheckedRow[],
  created: Array<{ id: string; email: string }>,
) {
  const idOf = new Map(created.map((c) => [c.email, c.id]));
  const fields = new Map((await allDefinitions(tx)).map((f) => [f.id, f]));
  const values = rows.flatMap((row) =>
    Object.entries(row.custom).map(([fieldId, value]) => {
      const c = columnsOf(fields.get(fieldId)!, value);
      const userId = idOf.get(row.email);
      return {
        field_id: fieldId,
        user_id: userId,
        text_value: c.textValue,
        number_value: c.numberValue,
        date_value: c.dateValue,
        bool_value: c.boolValue,
      };
    }),
  );
  if (!values.length) return;
  await tx.execute(sql`
    INSERT INTO custom_field_values (field_id, user_id, text_value, number_value, date_value, bool_value)
    SELECT field_id, user_id, text_value, number_value, date_value, bool_value
    FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb) AS x(field_id uuid, user_id uuid, text_value text,
      number_value double precision, date_value date, bool_value boolean)`);
  const names = [...new Set(values.map((v) => fields.get(v.field_id)!.name))];
  audit({ action: 'import', entity: 'customFieldValues', entityId: null, after: { count: values.length, fields: names } });
}

/**
 * Checks the rows again in the import's transaction and creates the people of the good ones;
 * mode 'all' refuses (400, nothing written) when any row has a problem.
 */
export async function commitImport(tx: Tx, audit: (e: AuditEntry) => void, caller: Caller, body: z.output<typeof importCommitSchema>) {
  const checked = await checkRows(tx, caller, body.rows, body.mapping);
  const good = checked.filter((r) => r.problems.length === 0);
  if (body.mode === 'all' && good.length < checked.length) {
    const bad = checked.filter((r) => r.problems.length > 0);
    throw badRequest(`${bad.length} of ${checked.length} rows have problems: nothing was imported`, {
      rows: bad.slice(0, 20).map((r) => `Line ${r.line}: ${r.problems.join('; ')}`),
    });
  }
  const created = await importPeople(tx, audit, good, body.kind);
  await importCustomValues(tx, audit, good, created);
  const ids = created.map((c) => c.id);
  return { imported: ids.length, skipped: checked.length - good.length, userIds: ids };
}
