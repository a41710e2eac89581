import { and, eq, getTableColumns, getTableName, gte, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { LOOKUP_CALLS } from '@/domain/lookups/calls.js';
import { filterSchemasOf, LOOKUP_SCHEMAS } from '@/domain/lookups/kindSchemas.js';
import { LOOKUP_NAMES, lookupKind, type LookupName } from '@/domain/lookups/kinds.js';
import { affinityGroups, churchAffiliations, LOOKUP_TABLES, users } from '@/server/db/schema/index.js';
import { countRows, holdsAffinityGroup, personName, qualified, sameText } from '@/server/db/queries.js';
import type { Tx } from '@/server/db/client.js';
import { blockedBy, counted, type EntityDefinition } from '@/server/engines/crud.js';

/**
 * The lookup lists' CRUD definitions, each derived from its kind's entry (domain/lookups/kinds.ts)
 * and its table (LOOKUP_TABLES). Their lists fill every member's profile dropdowns, so any
 * signed-in user may read them unless the entry names its readers; writing needs the module's
 * right. What a kind does beyond the table's rules is spelled out in EXCEPTIONS below.
 */

/** A list query as the filters' schemas parsed it. */
type Fields = Parameters<NonNullable<EntityDefinition['filters']>['where']>[0];

const columnsOf = (name: LookupName) => getTableColumns(LOOKUP_TABLES[name]) as Record<string, PgColumn>;

/** Members whose church affiliation names the value (profiles keep these by name). */
const holders = (tx: Tx, held: SQL) => countRows(tx, churchAffiliations, held);
const heldBy = (noun: string, n: number) =>
  n ? `This ${noun} is held by ${counted(n, 'member')}; remove it from them before deleting it.` : null;

/** What a kind does differently from the rules the table states. */
type Exception = {
  /** Its own messages for a taken name or code. */
  unique?: { name(value: string): string; code(value: string): string };
  /** Its list filters' conditions, when they are more than equality with the column of the same name. */
  where?(q: Fields): Array<SQL | undefined>;
  inUse?: EntityDefinition['inUse'];
  afterWrite?: EntityDefinition['afterWrite'];
};

const EXCEPTIONS: Partial<Record<LookupName, Exception>> = {
  affinityGroups: {
    unique: {
      name: (v) => `There is already an affinity group named "${v}"`,
      code: (v) => `The affinity group code "${v}" is already in use`,
    },
    // Age, MaritalStatus and Gender: the groups such a member fits (open ends and no gender fit all).
    where: (q) => [
      q.age === undefined
        ? undefined
        : and(
            or(isNull(affinityGroups.startAge), lte(affinityGroups.startAge, q.age)),
            or(isNull(affinityGroups.endAge), gte(affinityGroups.endAge, q.age)),
          ),
      q.maritalStatus ? or(isNull(affinityGroups.maritalStatus), eq(affinityGroups.maritalStatus, q.maritalStatus)) : undefined,
      q.gender ? or(isNull(affinityGroups.gender), eq(affinityGroups.gender, q.gender)) : undefined,
    ],
    // Profiles keep a member's groups by name: a held group stays, a new name follows into them.
    async inUse(tx, row) {
      return heldBy('affinity group', await holders(tx, holdsAffinityGroup(String(row.affinityGroupName))));
    },
    async afterWrite({ tx, before, after }) {
      if (!before || !after || before.affinityGroupName === after.affinityGroupName) return;
      const [from, to] = [String(before.affinityGroupName), String(after.affinityGroupName)];
      await tx
        .update(churchAffiliations)
        .set({
          affinityGroup: sql`array(select case when lower(g) = lower(${from}) then ${to} else g end from unnest(${churchAffiliations.affinityGroup}) g)`,
        })
        .where(holdsAffinityGroup(from));
    },
  },
  // Profiles keep a member's mountain by name: a held one stays, a new name follows into them.
  mountainsOfInfluence: {
    async inUse(tx, row) {
      return heldBy('mountain of influence', await holders(tx, sameText(churchAffiliations.mountainOfInfluence, String(row.name))));
    },
    async afterWrite({ tx, before, after }) {
      if (!before || !after || before.name === after.name) return;
      await tx
        .update(churchAffiliations)
        .set({ mountainOfInfluence: String(after.name) })
        .where(sameText(churchAffiliations.mountainOfInfluence, String(before.name)));
    },
  },
};

/** The name of the record of another list a reference field holds. */
function referencedName(name: LookupName, source: string, reference: LookupName): SQL<string | null> {
  const target = LOOKUP_TABLES[reference];
  const targetName = columnsOf(reference)[lookupKind(reference).nameField];
  return sql`(select ${qualified(targetName)} from ${target} where ${qualified(target.id)} = ${qualified(columnsOf(name)[source])})`;
}

/** The computed names: a member field's person, then a reference field's record. */
function extrasOf(name: LookupName): Record<string, SQL> | undefined {
  const columns = columnsOf(name);
  const { fields } = lookupKind(name);
  const extras = Object.fromEntries([
    ...fields.flatMap((f) => (f.kind === 'member' ? [[f.nameSource, personName(columns[f.source])]] : [])),
    ...fields.flatMap((f) => (f.kind === 'reference' ? [[f.nameSource, referencedName(name, f.source, f.reference as LookupName)]] : [])),
  ]);
  return Object.keys(extras).length ? extras : undefined;
}

/** The fields naming a member or a record of another list, which must exist. */
function refsOf(name: LookupName): EntityDefinition['refs'] {
  const { fields } = lookupKind(name);
  const refs = [
    ...fields.flatMap((f) =>
      f.kind === 'member' ? [{ field: f.source, table: users, message: `No user has this ${f.source.replace(/Id$/, '')} id` }] : [],
    ),
    ...fields.flatMap((f) =>
      f.kind === 'reference'
        ? [
            {
              field: f.source,
              table: LOOKUP_TABLES[f.reference as LookupName],
              message: `No ${lookupKind(f.reference as LookupName).noun} has this id`,
            },
          ]
        : [],
    ),
  ];
  return refs.length ? refs : undefined;
}

/** The lists whose records may sit under a record of this one (units under a ministry), by the field naming it. */
const referrersOf = (name: LookupName) =>
  LOOKUP_NAMES.flatMap((other) =>
    lookupKind(other).fields.flatMap((f) => (f.kind === 'reference' && f.reference === name ? [{ other, source: f.source }] : [])),
  );

/** Why a record may not be deleted: records of other lists under it, then what the kind itself checks. */
function inUseOf(name: LookupName): EntityDefinition['inUse'] {
  const referrers = referrersOf(name);
  const own = EXCEPTIONS[name]?.inUse;
  if (!referrers.length) return own;
  return async (tx, row) => {
    const parts: Array<[number, string]> = [];
    for (const { other, source } of referrers) {
      parts.push([await countRows(tx, LOOKUP_TABLES[other], eq(columnsOf(other)[source], row.id)), lookupKind(other).noun]);
    }
    return blockedBy(lookupKind(name).noun, parts) ?? (await own?.(tx, row)) ?? null;
  };
}

function filtersOf(name: LookupName): EntityDefinition['filters'] {
  const { filters } = lookupKind(name);
  if (!filters) return undefined;
  const columns = columnsOf(name);
  const equal = (q: Fields) => Object.keys(filters).map((f) => (q[f] ? eq(columns[f], q[f]) : undefined));
  return {
    shape: filterSchemasOf(name),
    where: EXCEPTIONS[name]?.where ?? equal,
  };
}

function definitionOf(name: LookupName): EntityDefinition {
  const kind = lookupKind(name);
  const table = LOOKUP_TABLES[name];
  const columns = columnsOf(name);
  const calls = LOOKUP_CALLS[name];
  const own = EXCEPTIONS[name];
  const messages = own?.unique ?? {
    name: (v: string) => `There is already a ${kind.noun} named "${v}"`,
    code: (v: string) => `There is already a ${kind.noun} with the code "${v}"`,
  };
  return {
    noun: kind.noun,
    entity: kind.entity,
    tag: kind.tag,
    table,
    paths: {
      create: calls.create.path,
      update: calls.update.path,
      remove: calls.delete.path,
      getAll: calls.getAll.path,
      getById: calls.getById.path,
    },
    body: { create: LOOKUP_SCHEMAS[name].create, update: LOOKUP_SCHEMAS[name].update },
    access: {
      read: kind.readers ? { permission: kind.readers } : { signedIn: true },
      create: kind.rights.create,
      update: kind.rights.update,
      remove: kind.rights.remove,
    },
    search: [columns[kind.nameField], columns[kind.codeField], columns.description],
    sort: Object.fromEntries(kind.sort.map((field) => [field, columns[field]])),
    extras: extrasOf(name),
    refs: refsOf(name),
    filters: filtersOf(name),
    unique: [
      { field: kind.nameField, column: columns[kind.nameField], index: `${getTableName(table)}_name_key`, message: messages.name },
      { field: kind.codeField, column: columns[kind.codeField], index: `${getTableName(table)}_code_key`, message: messages.code },
    ],
    inUse: inUseOf(name),
    afterWrite: own?.afterWrite,
  };
}

export const LOOKUPS: EntityDefinition[] = LOOKUP_NAMES.map(definitionOf);
