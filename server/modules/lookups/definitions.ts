import { and, eq, getTableName, gte, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { P } from '@/domain/roles/permissions.js';
import { GENDERS, MARITAL_STATUSES } from '@/domain/common/enums.js';
import * as forms from '@/domain/lookups/schemas.js';
import { idField } from '@/domain/common/fields.js';
import {
  accessories,
  affinityGroups,
  churchAffiliations,
  meansOfIdentification,
  ministries,
  mountainsOfInfluence,
  specialUnits,
  units,
  users,
} from '@/server/db/schema/index.js';
import { countRows, holdsAffinityGroup, personName, qualified, sameText } from '@/server/db/queries.js';
import type { Tx } from '@/server/db/client.js';
import type { Access } from '@/server/http/access.js';
import { blockedBy, counted, standardPaths, type CrudTable, type EntityDefinition } from '@/server/engines/crud.js';

/**
 * The lookup lists, one definition each. Their lists fill every member's profile
 * dropdowns, so any signed-in user may read them (accessories excepted: they are church
 * property, seen by those who manage accessories or venues); writing needs the module's right.
 */

const signedIn = { signedIn: true } as const;

type LookupTable = CrudTable & { name: PgColumn; code: PgColumn; description: PgColumn; createdAt: PgColumn };

/** Who may read (any signed-in user, unless told) and the module's rights that write. */
const rights = (create: string, update: string, remove: string, read: Access = signedIn) => ({ read, create, update, remove });

type Kind = Pick<EntityDefinition, 'noun' | 'entity' | 'tag' | 'body' | 'access'> & { controller: string };

/** A lookup list on its standard paths: name and code unique, search over name, code and description. */
function lookup(table: LookupTable, { controller, ...kind }: Kind) {
  const { noun } = kind;
  return {
    ...kind,
    table,
    paths: standardPaths(controller),
    search: [table.name, table.code, table.description],
    sort: { name: table.name, code: table.code, createdAt: table.createdAt },
    unique: [
      {
        field: 'name',
        column: table.name,
        index: `${getTableName(table)}_name_key`,
        message: (v: string) => `There is already a ${noun} named "${v}"`,
      },
      {
        field: 'code',
        column: table.code,
        index: `${getTableName(table)}_code_key`,
        message: (v: string) => `There is already a ${noun} with the code "${v}"`,
      },
    ],
  };
}

const leaderRef = { field: 'leaderId', table: users, message: 'No user has this leader id' };
const ministryRef = { field: 'ministryId', table: ministries, message: 'No ministry has this id' };
const ministryFilter = (table: typeof units | typeof specialUnits) => ({
  shape: { ministryId: idField('MinistryId').optional() },
  where: (q: { ministryId?: string }) => [q.ministryId ? eq(table.ministryId, q.ministryId) : undefined],
});
const ministryName = (table: typeof units | typeof specialUnits) =>
  sql<
    string | null
  >`(select ${qualified(ministries.name)} from ${ministries} where ${qualified(ministries.id)} = ${qualified(table.ministryId)})`;

/** Members whose church affiliation names the value (profiles keep these by name). */
const holders = (tx: Tx, held: SQL) => countRows(tx, churchAffiliations, held);
const heldBy = (noun: string, n: number) =>
  n ? `This ${noun} is held by ${counted(n, 'member')}; remove it from them before deleting it.` : null;

const ministry: EntityDefinition = {
  ...lookup(ministries, {
    noun: 'ministry',
    entity: 'ministry',
    controller: 'Ministry',
    tag: 'Ministries',
    body: { create: forms.ministrySchema, update: forms.ministryUpdateSchema },
    access: rights(P.createMinistries, P.updateMinistries, P.deleteMinistries),
  }),
  extras: { leaderName: personName(ministries.leaderId) },
  refs: [leaderRef],
  async inUse(tx, row) {
    return blockedBy('ministry', [
      [await countRows(tx, units, eq(units.ministryId, row.id)), 'unit'],
      [await countRows(tx, specialUnits, eq(specialUnits.ministryId, row.id)), 'special unit'],
    ]);
  },
};

/** Units and special units: the same shape, each may sit under a ministry. */
const unitLike = (
  table: typeof units | typeof specialUnits,
  kind: Pick<Kind, 'noun' | 'entity' | 'controller' | 'body'>,
): EntityDefinition => ({
  ...lookup(table, { ...kind, tag: 'Units', access: rights(P.createUnits, P.updateUnits, P.deleteUnits) }),
  extras: { leaderName: personName(table.leaderId), ministryName: ministryName(table) },
  refs: [leaderRef, ministryRef],
  filters: ministryFilter(table),
});

const accessoryBase = lookup(accessories, {
  noun: 'accessory',
  entity: 'accessory',
  controller: 'Accessory',
  tag: 'Accessories',
  body: { create: forms.accessorySchema, update: forms.accessoryUpdateSchema },
  // The spec's menu shows accessories to those who see venues.
  access: rights(P.createAccessories, P.updateAccessories, P.deleteAccessories, { permission: [P.viewAccessories, P.viewVenues] }),
});
const accessory: EntityDefinition = {
  ...accessoryBase,
  sort: { ...accessoryBase.sort, quantity: accessories.quantity, condition: accessories.condition, location: accessories.location },
  extras: { custodianName: personName(accessories.custodianId) },
  refs: [{ field: 'custodianId', table: users, message: 'No user has this custodian id' }],
  filters: {
    shape: {
      condition: z
        .enum(forms.ACCESSORY_CONDITIONS, { error: `Condition must be one of ${forms.ACCESSORY_CONDITIONS.join(', ')}` })
        .optional(),
    },
    where: (q) => [q.condition ? eq(accessories.condition, q.condition) : undefined],
  },
};

const lookupRights = rights(P.createLookups, P.updateLookups, P.deleteLookups);

const moi: EntityDefinition = lookup(meansOfIdentification, {
  noun: 'means of identification',
  entity: 'moi',
  controller: 'MOI',
  tag: 'Lookups',
  body: { create: forms.moiSchema, update: forms.moiUpdateSchema },
  access: lookupRights,
});

const mountainOfInfluence: EntityDefinition = {
  ...lookup(mountainsOfInfluence, {
    noun: 'mountain of influence',
    entity: 'mountainOfInfluence',
    controller: 'MountainOfInfluence',
    tag: 'Lookups',
    body: { create: forms.mountainOfInfluenceSchema, update: forms.mountainOfInfluenceUpdateSchema },
    access: lookupRights,
  }),
  extras: { leaderName: personName(mountainsOfInfluence.leaderId) },
  refs: [leaderRef],
  async inUse(tx, row) {
    return heldBy('mountain of influence', await holders(tx, sameText(churchAffiliations.mountainOfInfluence, String(row.name))));
  },
  // Profiles name it: a new name follows into them.
  async afterWrite({ tx, before, after }) {
    if (!before || !after || before.name === after.name) return;
    await tx
      .update(churchAffiliations)
      .set({ mountainOfInfluence: String(after.name) })
      .where(sameText(churchAffiliations.mountainOfInfluence, String(before.name)));
  },
};

const affinityGroup: EntityDefinition = {
  noun: 'affinity group',
  entity: 'affinityGroup',
  tag: 'Affinity groups',
  table: affinityGroups,
  paths: standardPaths('AffinityGroup'),
  body: { create: forms.affinityGroupSchema, update: forms.affinityGroupUpdateSchema },
  access: rights(P.createAffinityGroups, P.updateAffinityGroups, P.deleteAffinityGroups),
  search: [affinityGroups.affinityGroupName, affinityGroups.affinityGroupCode, affinityGroups.description],
  sort: {
    affinityGroupName: affinityGroups.affinityGroupName,
    affinityGroupCode: affinityGroups.affinityGroupCode,
    startAge: affinityGroups.startAge,
    endAge: affinityGroups.endAge,
    maritalStatus: affinityGroups.maritalStatus,
    gender: affinityGroups.gender,
    createdAt: affinityGroups.createdAt,
  },
  unique: [
    {
      field: 'affinityGroupName',
      column: affinityGroups.affinityGroupName,
      index: 'affinity_groups_name_key',
      message: (v) => `There is already an affinity group named "${v}"`,
    },
    {
      field: 'affinityGroupCode',
      column: affinityGroups.affinityGroupCode,
      index: 'affinity_groups_code_key',
      message: (v) => `The affinity group code "${v}" is already in use`,
    },
  ],
  // Age, MaritalStatus and Gender: the groups such a member fits (open ends and no gender fit all).
  filters: {
    shape: {
      age: z.coerce.number({ error: 'Age must be a number' }).int('Age must be a whole number').min(0).max(120).optional(),
      maritalStatus: z.enum(MARITAL_STATUSES, { error: 'Choose a marital status from the list' }).optional(),
      gender: z.enum(GENDERS, { error: 'Choose a gender from the list' }).optional(),
    },
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
  },
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
};

export const LOOKUPS: EntityDefinition[] = [
  ministry,
  unitLike(units, { noun: 'unit', entity: 'unit', controller: 'Unit', body: { create: forms.unitSchema, update: forms.unitUpdateSchema } }),
  unitLike(specialUnits, {
    noun: 'special unit',
    entity: 'specialUnit',
    controller: 'SpecialUnit',
    body: { create: forms.specialUnitSchema, update: forms.specialUnitUpdateSchema },
  }),
  accessory,
  moi,
  mountainOfInfluence,
  affinityGroup,
];
