import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  isBlank,
  sees,
  tierOf,
  valueSchema,
  writes,
  type CustomFieldDefinition,
  type CustomFieldTier,
  type CustomFieldValue,
  type PersonCustomField,
  type customFieldCreateSchema,
  type customFieldUpdateSchema,
} from '@/domain/profile/customFields.js';
import type { Db, Tx } from '@/server/db/client.js';
import { customFields, customFieldValues } from '@/server/db/schema/index.js';
import type { AuditEntry } from '@/server/http/audit.js';
import type { Caller } from '@/server/http/access.js';
import { badRequest, conflict, isUniqueViolation, notFound } from '@/server/http/errors.js';
import { canEditProfile } from '@/domain/profile/rules.js';
import { existingUser, isSelf, mustEdit } from '@/server/engines/profileAccess.js';

/** The church's own fields on people and their values (docs/decisions/0209). */

type Audit = (e: AuditEntry) => void;
type Row = typeof customFields.$inferSelect;
const NOT_FOUND = 'Custom field not found';
const NAME_TAKEN = 'A field with this name already exists';

const definitionOf = (row: Row): CustomFieldDefinition => ({
  id: row.id,
  name: row.name,
  type: row.type,
  choices: row.choices,
  required: row.required,
  visibility: row.visibility,
  position: row.position,
  retired: row.retired,
  updatedAt: row.updatedAt.toISOString(),
});

/** Every definition in order, retired ones included. */
export async function allDefinitions(db: Db | Tx): Promise<CustomFieldDefinition[]> {
  const rows = await db.select().from(customFields).orderBy(asc(customFields.position), asc(customFields.name));
  return rows.map(definitionOf);
}

/** The fields a caller sees, in order; retired ones only for the office and only when asked. */
export async function definitionsFor(db: Db | Tx, caller: Caller, includeRetired = false) {
  const tier = tierOf(caller.permissions);
  const all = await allDefinitions(db);
  return all.filter((f) => sees(tier, f.visibility) && (!f.retired || (includeRetired && tier === 'office')));
}

const uniqueName = (err: unknown) => {
  if (isUniqueViolation(err, 'custom_fields_name_key')) throw conflict(NAME_TAKEN);
  throw err;
};

const choicesFor = (type: string, choices?: string[]) => (type === 'choice' ? (choices ?? []) : []);

export async function createDefinition(tx: Tx, audit: Audit, input: z.infer<typeof customFieldCreateSchema>) {
  const [{ last }] = await tx.select({ last: sql<number>`coalesce(max(${customFields.position}), 0)`.mapWith(Number) }).from(customFields);
  const [row] = await tx
    .insert(customFields)
    .values({ ...input, choices: choicesFor(input.type, input.choices), required: input.required ?? false, position: last + 1 })
    .returning()
    .catch(uniqueName);
  audit({ action: 'create', entity: 'customField', entityId: row.id, after: row });
  return definitionOf(row);
}

const valueCount = async (tx: Tx, fieldId: string) =>
  (await tx.select({ n: count() }).from(customFieldValues).where(eq(customFieldValues.fieldId, fieldId)))[0].n;

async function lockedDefinition(tx: Tx, id: string) {
  const [row] = await tx.select().from(customFields).where(eq(customFields.id, id)).for('update');
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/**
 * Changes a definition. The type changes only while no one holds a value (values are kept in
 * their type's column); a choice in use stays among the choices, so no stored value falls outside.
 */
export async function updateDefinition(
  tx: Tx,
  audit: Audit,
  input: z.infer<typeof customFieldUpdateSchema>,
  unchanged: (stored: Date) => void,
) {
  const before = await lockedDefinition(tx, input.id);
  unchanged(before.updatedAt);
  if (input.type !== before.type && (await valueCount(tx, before.id)) > 0) {
    throw conflict(`${before.name} holds values, so its type cannot change; add a new field and retire this one`);
  }
  const choices = choicesFor(input.type, input.choices);
  if (input.type === 'choice') await mustKeepUsedChoices(tx, before.id, choices);
  const [after] = await tx
    .update(customFields)
    .set({
      name: input.name,
      type: input.type,
      choices,
      required: input.required ?? before.required,
      visibility: input.visibility,
      retired: input.retired ?? before.retired,
      updatedAt: new Date(),
    })
    .where(eq(customFields.id, before.id))
    .returning()
    .catch(uniqueName);
  audit({ action: 'update', entity: 'customField', entityId: after.id, before, after });
  return definitionOf(after);
}

async function mustKeepUsedChoices(tx: Tx, fieldId: string, choices: string[]) {
  const used = await tx
    .selectDistinct({ v: customFieldValues.textValue })
    .from(customFieldValues)
    .where(eq(customFieldValues.fieldId, fieldId));
  const dropped = used.map((u) => u.v).filter((v): v is string => v !== null && !choices.includes(v));
  if (dropped.length) throw conflict(`Some people hold ${dropped.join(', ')}: keep these choices, or change those people first`);
}

/** Puts the named fields first, in the order given; the others follow in their order. */
export async function reorderDefinitions(tx: Tx, audit: Audit, ids: string[]) {
  const all = await tx.select().from(customFields).orderBy(asc(customFields.position), asc(customFields.name)).for('update');
  const known = new Set(all.map((r) => r.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length) throw badRequest(`Unknown field: ${unknown.join(', ')}`, { ids: ['Unknown field'] });
  const order = [...new Set(ids), ...all.map((r) => r.id).filter((id) => !ids.includes(id))];
  for (const [i, id] of order.entries()) {
    await tx
      .update(customFields)
      .set({ position: i + 1 })
      .where(eq(customFields.id, id));
  }
  audit({ action: 'update', entity: 'customField', after: { order } });
  return allDefinitions(tx);
}

/** Deletes a field no one holds a value of; one with values is retired instead (docs/decisions/0209). */
export async function deleteDefinition(tx: Tx, audit: Audit, id: string) {
  const before = await lockedDefinition(tx, id);
  const n = await valueCount(tx, id);
  if (n > 0) {
    throw conflict(`${before.name} holds values for ${n} ${n === 1 ? 'person' : 'people'}: retire it instead, which keeps them`);
  }
  await tx.delete(customFields).where(eq(customFields.id, id));
  audit({ action: 'delete', entity: 'customField', entityId: id, before });
}

type ValueRow = typeof customFieldValues.$inferSelect;

/** The stored value in its type's column, as the API sends it. */
function storedValue(
  field: Pick<CustomFieldDefinition, 'type'>,
  row: Pick<ValueRow, 'textValue' | 'numberValue' | 'dateValue' | 'boolValue'>,
): CustomFieldValue {
  switch (field.type) {
    case 'number':
      return row.numberValue;
    case 'date':
      return row.dateValue;
    case 'yesno':
      return row.boolValue;
    default:
      return row.textValue;
  }
}

/** The columns a value is kept in: its type's column, the others null. */
export function columnsOf(field: Pick<CustomFieldDefinition, 'type'>, value: CustomFieldValue) {
  return {
    textValue: field.type === 'text' || field.type === 'choice' ? (value as string) : null,
    numberValue: field.type === 'number' ? (value as number) : null,
    dateValue: field.type === 'date' ? (value as string) : null,
    boolValue: field.type === 'yesno' ? (value as boolean) : null,
  };
}

/** A person's fields the caller sees (not retired), each with its value and whether the caller may change it. */
export async function valuesOf(db: Db | Tx, caller: Caller, userId: string): Promise<PersonCustomField[]> {
  await existingUser(db, userId);
  const fields = await definitionsFor(db, caller);
  const rows = fields.length
    ? await db
        .select()
        .from(customFieldValues)
        .where(
          sql`${customFieldValues.userId} = ${userId} and ${inArray(
            customFieldValues.fieldId,
            fields.map((f) => f.id),
          )}`,
        )
    : [];
  const byField = new Map(rows.map((r) => [r.fieldId, r]));
  const tier = tierOf(caller.permissions);
  const own = isSelf(caller, userId);
  const editsProfile = canEditProfile(caller.permissions, own);
  return fields.map((f) => {
    const row = byField.get(f.id);
    return { ...f, value: row ? storedValue(f, row) : null, editable: editsProfile && writes(tier, f.visibility, own) };
  });
}

/** Each field's parsed value (null clears it), and what is wrong by field name (or id, for a field one may not write). */
export type CheckedValues = { parsed: Array<{ field: CustomFieldDefinition; value: CustomFieldValue }>; errors: Record<string, string[]> };

/**
 * Checks the values sent for fields against their definitions, with a message naming the field;
 * unknown, retired or unwritable fields are errors. required: the fields the saver must fill
 * (absent ones included). The profile's save and the spreadsheet import both check through it.
 */
export function checkValues(
  fields: CustomFieldDefinition[],
  sent: Record<string, unknown>,
  canWrite: (f: CustomFieldDefinition) => boolean,
  required: (f: CustomFieldDefinition) => boolean,
  stored: Map<string, CustomFieldValue> = new Map(),
): CheckedValues {
  const byId = new Map(fields.map((f) => [f.id, f]));
  const errors: Record<string, string[]> = {};
  const parsed: CheckedValues['parsed'] = [];
  for (const [id, raw] of Object.entries(sent)) {
    const field = byId.get(id);
    if (!field || field.retired || !canWrite(field)) {
      errors[id] = ['Unknown field, or one you may not change'];
      continue;
    }
    if (isBlank(raw)) {
      parsed.push({ field, value: null });
      continue;
    }
    const result = valueSchema(field).safeParse(raw);
    if (result.success) parsed.push({ field, value: result.data });
    else errors[field.name] = [result.error.issues[0].message];
  }
  for (const field of fields) {
    // A bad value of a required field keeps its own message.
    if (field.retired || !field.required || !required(field) || errors[field.name]) continue;
    const given = parsed.find((p) => p.field.id === field.id);
    const value = given ? given.value : (stored.get(field.id) ?? null);
    if (value === null) errors[field.name] = [`${field.name} is required`];
  }
  return { parsed, errors };
}

/** checkValues, a 400 naming the fields when anything is wrong. */
function parseValues(...args: Parameters<typeof checkValues>) {
  const { parsed, errors } = checkValues(...args);
  const names = Object.keys(errors);
  if (names.length) {
    const first = errors[names[0]][0];
    throw badRequest(names.length === 1 ? first : `${first} (and ${names.length - 1} more)`, errors);
  }
  return parsed;
}

/**
 * Who must fill a required field when saving another's profile or their own: the office every
 * required field, anyone else the required fields everyone sees that they write (docs/decisions/0209).
 */
export const mustFill = (tier: CustomFieldTier, own: boolean) => (f: CustomFieldDefinition) =>
  tier === 'office' || (writes(tier, f.visibility, own) && f.visibility === 'everyone');

/**
 * Saves a person's values of the fields sent (others stay). Who may: whoever may edit the profile,
 * for the fields writes() allows. Required fields: the office fills every required field; anyone
 * else the required fields everyone sees (docs/decisions/0209).
 */
export async function saveValues(tx: Tx, audit: Audit, caller: Caller, userId: string, sent: Record<string, unknown>) {
  mustEdit(caller, userId);
  await existingUser(tx, userId);
  const tier = tierOf(caller.permissions);
  const own = isSelf(caller, userId);
  const fields = await allDefinitions(tx);
  const storedRows = await tx.select().from(customFieldValues).where(eq(customFieldValues.userId, userId)).for('update');
  const byField = new Map(fields.map((f) => [f.id, f]));
  const stored = new Map(storedRows.flatMap((r) => (byField.has(r.fieldId) ? [[r.fieldId, storedValue(byField.get(r.fieldId)!, r)]] : [])));
  const parsed = parseValues(fields, sent, (f) => writes(tier, f.visibility, own), mustFill(tier, own), stored);
  await writeValues(tx, userId, parsed);
  const before = Object.fromEntries(parsed.map(({ field }) => [field.name, stored.get(field.id) ?? null]));
  const after = Object.fromEntries(parsed.map(({ field, value }) => [field.name, value]));
  audit({ action: 'update', entity: 'customFieldValues', entityId: userId, subjectId: userId, before, after });
  return valuesOf(tx, caller, userId);
}

/** Writes parsed values of one person: null deletes, anything else upserts. */
async function writeValues(tx: Tx, userId: string, parsed: Array<{ field: CustomFieldDefinition; value: CustomFieldValue }>) {
  for (const { field, value } of parsed) {
    if (value === null) {
      await tx.delete(customFieldValues).where(sql`${customFieldValues.fieldId} = ${field.id} and ${customFieldValues.userId} = ${userId}`);
      continue;
    }
    const columns = { ...columnsOf(field, value), updatedAt: new Date() };
    await tx
      .insert(customFieldValues)
      .values({ fieldId: field.id, userId, ...columns })
      .onConflictDoUpdate({ target: [customFieldValues.fieldId, customFieldValues.userId], set: columns });
  }
}
