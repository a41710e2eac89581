import { sql } from 'drizzle-orm';
import type { ImportField, ImportMapping } from '@/domain/people/memberImport.js';
import { fromText, tierOf, writes, type CustomFieldDefinition, type CustomFieldValue } from '@/domain/profile/customFields.js';
import type { Db, Tx } from '@/server/db/client.js';
import { biodata, centers, departments, users, zones } from '@/server/db/schema/index.js';
import type { Caller } from '@/server/http/access.js';
import { badRequest } from '@/server/http/errors.js';
import { allDefinitions, checkValues, mustFill } from '@/server/modules/profile/customFields.js';

/** One row of the file as it would be imported, with what stops it. */
export type CheckedRow = {
  /** The row's line in the spreadsheet (the header is line 1). */
  line: number;
  firstName: string;
  surName: string;
  email: string;
  phone: string;
  gender: string | null;
  dateOfBirth: string | null;
  address: string | null;
  departmentId: string | null;
  zoneId: string | null;
  centerId: string | null;
  /** The values of the church's own fields the mapping names, by field id (blank ones left out). */
  custom: Record<string, CustomFieldValue>;
  problems: string[];
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?\d{7,15}$/;

/** The digits of a phone number (and a leading +), as duplicates are compared. */
const phoneKey = (phone: string) => phone.replace(/[\s\-().]/g, '');

function gender(value: string): string | null | undefined {
  const v = value.toLowerCase();
  if (!v) return null;
  if (v === 'm' || v === 'male') return 'Male';
  if (v === 'f' || v === 'female') return 'Female';
  return undefined;
}

/** YYYY-MM-DD, or DD/MM/YYYY as Nigerian offices write it; undefined when neither or not a real day. */
function birthDate(value: string): string | null | undefined {
  if (!value) return null;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : dmy ? [dmy[3], dmy[2], dmy[1]] : [];
  if (!y) return undefined;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  if (date.getUTCDate() !== Number(d) || date.getUTCMonth() !== Number(m) - 1 || date > new Date()) return undefined;
  return date.toISOString().slice(0, 10);
}

/** Names of departments, zones and centers (lower case) to their ids; centers also by zone. */
async function catalogue(db: Db | Tx) {
  // One after another: inside the commit's transaction they share one connection.
  const deps = await db.select({ id: departments.id, name: departments.departmentName }).from(departments);
  const zs = await db.select({ id: zones.id, name: zones.zoneName }).from(zones);
  const cs = await db.select({ id: centers.id, name: centers.centerName, zoneId: centers.zoneId }).from(centers);
  const byName = (rows: { id: string; name: string }[]) => new Map(rows.map((r) => [r.name.trim().toLowerCase(), r.id]));
  return { departments: byName(deps), zones: byName(zs), centers: cs.map((c) => ({ ...c, name: c.name.trim().toLowerCase() })) };
}

/** Emails and phones already held by someone, among those given (one query each, not one per row). */
async function taken(db: Db | Tx, emails: string[], phones: string[]) {
  const e = await db
    .select({ v: sql<string>`lower(${users.email})` })
    .from(users)
    .where(sql`lower(${users.email}) in (select jsonb_array_elements_text(${JSON.stringify(emails)}::jsonb))`);
  const p = await db
    .select({ v: sql<string>`regexp_replace(${biodata.mobile1}, '[\\s().-]', '', 'g')` })
    .from(biodata)
    .where(
      sql`regexp_replace(${biodata.mobile1}, '[\\s().-]', '', 'g') in (select jsonb_array_elements_text(${JSON.stringify(phones)}::jsonb))`,
    );
  return { emails: new Set(e.map((r) => r.v)), phones: new Set(p.map((r) => r.v)) };
}

type Catalogue = Awaited<ReturnType<typeof catalogue>>;

function place(cat: Catalogue, zoneName: string, centerName: string, problems: string[]) {
  const zoneId = zoneName ? cat.zones.get(zoneName.toLowerCase()) : null;
  if (zoneId === undefined) problems.push(`Unknown zone "${zoneName}"`);
  if (!centerName) return { zoneId: zoneId ?? null, centerId: null };
  const matches = cat.centers.filter((c) => c.name === centerName.toLowerCase() && (!zoneId || c.zoneId === zoneId));
  if (matches.length === 0) problems.push(`Unknown center "${centerName}"${zoneId ? ` in zone "${zoneName}"` : ''}`);
  if (matches.length > 1) problems.push(`More than one center is named "${centerName}": give the zone too`);
  const center = matches.length === 1 ? matches[0] : undefined;
  return { zoneId: zoneId ?? center?.zoneId ?? null, centerId: center?.id ?? null };
}

/**
 * The church's own fields as the importer writes them (docs/decisions/0209): every definition,
 * those the mapping names, and the rules of a save by this caller of another's profile. A mapped
 * field the importer may not write (retired, unknown, not seen) refuses the whole request.
 */
async function customRules(db: Db | Tx, caller: Caller, mapping: ImportMapping) {
  const fields = await allDefinitions(db);
  const tier = tierOf(caller.permissions);
  const canWrite = (f: CustomFieldDefinition) => !f.retired && writes(tier, f.visibility, false);
  const byId = new Map(fields.map((f) => [f.id, f]));
  const mapped = Object.entries(mapping.custom ?? {}).map(([id, column]) => ({ field: byId.get(id), column }));
  if (mapped.some(({ field }) => !field || !canWrite(field))) {
    throw badRequest('The mapping names a custom field you may not import', { mapping: ['Unknown field, or one you may not change'] });
  }
  return { fields, mapped: mapped as Array<{ field: CustomFieldDefinition; column: number }>, canWrite, required: mustFill(tier, false) };
}

/** The custom fields the caller may import (map to a column): not retired, and written by them on another's profile. */
export async function importableFields(db: Db | Tx, caller: Caller) {
  const tier = tierOf(caller.permissions);
  return (await allDefinitions(db)).filter((f) => !f.retired && writes(tier, f.visibility, false));
}

type CustomRules = Awaited<ReturnType<typeof customRules>>;

/** A row's custom values, checked as the profile's save checks them (required ones included). */
function readCustom(cells: string[], rules: CustomRules, problems: string[]) {
  const sent = Object.fromEntries(rules.mapped.map(({ field, column }) => [field.id, fromText(field, (cells[column] ?? '').trim())]));
  const { parsed, errors } = checkValues(rules.fields, sent, rules.canWrite, rules.required);
  problems.push(...Object.values(errors).flat());
  return Object.fromEntries(parsed.filter(({ value }) => value !== null).map(({ field, value }) => [field.id, value]));
}

function readRow(cells: string[], mapping: ImportMapping, cat: Catalogue, rules: CustomRules, line: number): CheckedRow {
  const at = (f: ImportField) => {
    const i = mapping[f];
    return i == null ? '' : (cells[i] ?? '').trim();
  };
  const problems: string[] = [];
  let firstName = at('firstName');
  let surName = at('surName');
  if (!firstName && !surName && at('name')) {
    const words = at('name').split(/\s+/);
    firstName = words[0];
    surName = words.slice(1).join(' ');
  }
  if (!firstName) problems.push('First name is missing');
  if (!surName) problems.push('Last name is missing');
  const email = at('email').toLowerCase();
  if (!email) problems.push('Email is missing');
  else if (!EMAIL.test(email) || email.length > 254) problems.push(`Bad email "${email}"`);
  const phone = phoneKey(at('phone'));
  if (!phone) problems.push('Phone is missing');
  else if (!PHONE.test(phone)) problems.push(`Bad phone "${at('phone')}"`);
  const g = gender(at('gender'));
  if (g === undefined) problems.push(`Gender "${at('gender')}" is neither Male nor Female`);
  const dob = birthDate(at('dateOfBirth'));
  if (dob === undefined) problems.push(`Date of birth "${at('dateOfBirth')}" is not a date (YYYY-MM-DD or DD/MM/YYYY)`);
  const departmentName = at('department');
  const departmentId = departmentName ? cat.departments.get(departmentName.toLowerCase()) : null;
  if (departmentId === undefined) problems.push(`Unknown department "${departmentName}"`);
  const { zoneId, centerId } = place(cat, at('zone'), at('center'), problems);
  const custom = readCustom(cells, rules, problems);
  return {
    line,
    firstName,
    surName,
    email,
    phone,
    gender: g ?? null,
    dateOfBirth: dob ?? null,
    address: at('address') || null,
    departmentId: departmentId ?? null,
    zoneId,
    centerId,
    custom,
    problems,
  };
}

/**
 * Every row read through the mapping and checked against the database and the rest of the file;
 * the custom fields by the caller's rights, read at each call.
 */
export async function checkRows(db: Db | Tx, caller: Caller, rows: string[][], mapping: ImportMapping): Promise<CheckedRow[]> {
  const cat = await catalogue(db);
  const rules = await customRules(db, caller, mapping);
  const checked = rows.map((cells, i) => readRow(cells, mapping, cat, rules, i + 2));
  const existing = await taken(db, checked.map((r) => r.email).filter(Boolean), checked.map((r) => r.phone).filter(Boolean));
  const seenEmail = new Map<string, number>();
  const seenPhone = new Map<string, number>();
  for (const row of checked) {
    if (row.email && existing.emails.has(row.email)) row.problems.push(`A member already has the email ${row.email}`);
    if (row.phone && existing.phones.has(row.phone)) row.problems.push(`A member already has the phone ${row.phone}`);
    const sameEmail = row.email ? seenEmail.get(row.email) : undefined;
    if (sameEmail) row.problems.push(`Same email as line ${sameEmail}`);
    else if (row.email) seenEmail.set(row.email, row.line);
    const samePhone = row.phone ? seenPhone.get(row.phone) : undefined;
    if (samePhone) row.problems.push(`Same phone as line ${samePhone}`);
    else if (row.phone) seenPhone.set(row.phone, row.line);
  }
  return checked;
}
