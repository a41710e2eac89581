import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { idField } from '@/domain/common/fields.js';
import {
  CUSTOM_FIELD_VISIBILITIES,
  fromText,
  sees,
  tierOf,
  valueSchema,
  type CustomFieldDefinition,
} from '@/domain/profile/customFields.js';
import type { Db } from '@/server/db/client.js';
import { customFields, customFieldValues, memberDirectory } from '@/server/db/schema/index.js';
import type { Caller } from '@/server/http/access.js';
import { badRequest } from '@/server/http/errors.js';
import { onMemberId } from './memberList.js';

/**
 * The member list's filter on one of the church's own fields (docs/decisions/0209): CustomField
 * names the field, CustomValue one value or several (one of), CustomFrom and CustomTo a range of a
 * number or date field. Only a defined, not retired field the caller sees may filter (an
 * allowlist read at each call). The condition reads one range of the values' btree of that type,
 * keyed (field, value, person).
 */

const oneOrMany = z
  .union([z.string().max(500), z.array(z.string().max(500)).max(100)])
  .optional()
  .transform((v) => (v === undefined ? undefined : [v].flat()));

export const customFilterParams = {
  customField: idField('CustomField').optional(),
  customValue: oneOrMany,
  customFrom: z.string().max(40).optional(),
  customTo: z.string().max(40).optional(),
  withCustomFields: z.enum(['true', 'false'], { error: "WithCustomFields must be 'true' or 'false'" }).optional(),
};

type CustomFilterQuery = { customField?: string; customValue?: string[]; customFrom?: string; customTo?: string };

const v = customFieldValues;
const NOT_ALLOWED = 'CustomField must be a field you may filter by';

/**
 * The defined, not retired field the caller sees, or a 400 (the same for a field that does not
 * exist, so hidden fields are not revealed); param and message name the parameter that asked.
 */
export async function filterableField(
  db: Db,
  caller: Caller,
  id: string,
  refusal: { param: string; message: string } = { param: 'customField', message: NOT_ALLOWED },
): Promise<CustomFieldDefinition> {
  const [row] = await db.select().from(customFields).where(eq(customFields.id, id));
  if (!row || row.retired || !sees(tierOf(caller.permissions), row.visibility)) {
    throw badRequest(refusal.message, { [refusal.param]: ['Unknown field, or one you may not see'] });
  }
  return { ...row, updatedAt: row.updatedAt.toISOString() };
}

/** A value of the query as the field's type holds it (fromText: true or yes for yes/no), or a 400 naming the field. */
function parsed(field: CustomFieldDefinition, raw: string, param: string) {
  const result = valueSchema(field).safeParse(fromText(field, raw));
  if (!result.success) throw badRequest(result.error.issues[0].message, { [param]: [result.error.issues[0].message] });
  return result.data;
}

/** The column that holds this field's values. */
export function columnOf(field: CustomFieldDefinition): PgColumn {
  if (field.type === 'number') return v.numberValue;
  if (field.type === 'date') return v.dateValue;
  if (field.type === 'yesno') return v.boolValue;
  return v.textValue;
}

/** The member list's condition of a custom-field filter, or undefined when none is asked. */
export async function customFieldCondition(db: Db, caller: Caller, q: CustomFilterQuery): Promise<SQL | undefined> {
  const asked = q.customValue?.length || q.customFrom || q.customTo;
  if (!q.customField) {
    if (asked) throw badRequest('CustomValue, CustomFrom and CustomTo need CustomField', { customField: ['Name the field'] });
    return undefined;
  }
  if (!asked) throw badRequest('Give CustomValue, or CustomFrom and CustomTo, with CustomField', { customValue: ['Give a value'] });
  const field = await filterableField(db, caller, q.customField);
  const ranged = field.type === 'number' || field.type === 'date';
  if ((q.customFrom || q.customTo) && !ranged) {
    throw badRequest(`${field.name} is not a number or a date: filter it by CustomValue`, { customFrom: ['Not a range field'] });
  }
  const column = columnOf(field);
  const match = q.customValue?.length
    ? sql`${column} in (${sql.join(
        q.customValue.map((raw) => sql`${parsed(field, raw, 'customValue')}`),
        sql`, `,
      )})`
    : and(
        q.customFrom ? sql`${column} >= ${parsed(field, q.customFrom, 'customFrom')}` : undefined,
        q.customTo ? sql`${column} <= ${parsed(field, q.customTo, 'customTo')}` : undefined,
      );
  return onMemberId(sql`${memberDirectory.userId} in (select ${v.userId} from ${v} where ${v.fieldId} = ${field.id} and ${match})`);
}

/**
 * The member list's extra field customFields (asked by WithCustomFields=true, as the CSV export
 * does): each row's values of the fields the caller sees and that are not retired, by field id.
 * The fields seen are SQL text (three tiers), so the list's scope names the tier.
 */
export function customFieldValuesExtra(caller: Caller) {
  const tier = tierOf(caller.permissions);
  const seen = sql.raw(
    CUSTOM_FIELD_VISIBILITIES.filter((visibility) => sees(tier, visibility))
      .map((visibility) => `'${visibility}'`)
      .join(', '),
  );
  const value = sql`coalesce(to_json(${v.textValue}), to_json(${v.numberValue}), to_json(${v.dateValue}), to_json(${v.boolValue}))`;
  return {
    tier,
    extra: {
      customFields: sql<Record<string, unknown> | null>`(select json_object_agg(${v.fieldId}, ${value}) from ${v}
        join ${customFields} on ${customFields.id} = ${v.fieldId}
        where ${v.userId} = ${memberDirectory.userId} and not ${customFields.retired} and ${customFields.visibility} in (${seen}))`,
    },
  };
}
