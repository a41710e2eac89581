import { GENDERS, MARITAL_STATUSES } from '@/domain/common/enums';
import { ENUM_LABELS, enumColumn } from '@/src/common/enumLabels';
import * as forms from '@/domain/lookups/schemas';
import type { ColumnDef, CrudDefinition, FieldDef } from '@/src/common/crud';

/**
 * THE lookup lists in the web app (affinity groups among them, as on the server),
 * one entry each: the generic list and forms read their fields and columns. Each kind's API
 * calls are its row of the endpoint table and its permissions its row of the access table,
 * under the same resource name.
 */

const NAME: FieldDef = { source: 'name', kind: 'text' };
const CODE: FieldDef = { source: 'code', kind: 'text' };
const DESCRIPTION: FieldDef = { source: 'description', kind: 'multiline' };
const LEADER: FieldDef = { source: 'leaderId', kind: 'member', nameSource: 'leaderName' };
const MINISTRY: FieldDef = { source: 'ministryId', kind: 'reference', reference: 'ministries', optionText: 'name' };

/** The server sorts lookups by name, code and creation; other columns are shown as they come. */
const NAME_COLUMNS: ColumnDef[] = [
  { source: 'name', sortable: true },
  { source: 'code', sortable: true },
];
const DESCRIPTION_COLUMN: ColumnDef = { source: 'description' };
const LEADER_COLUMN: ColumnDef = { source: 'leaderName' };

/** A lookup with a leader: ministries and mountains of influence. */
const led = (resource: 'ministries' | 'mountainsOfInfluence', schema: typeof forms.ministrySchema): CrudDefinition => ({
  resource,
  nameField: 'name',
  schema,
  fields: [NAME, CODE, LEADER, DESCRIPTION],
  columns: [...NAME_COLUMNS, LEADER_COLUMN, DESCRIPTION_COLUMN],
});

const unitLike = (resource: 'units' | 'specialUnits', schema: typeof forms.unitSchema): CrudDefinition => ({
  resource,
  nameField: 'name',
  schema,
  fields: [NAME, CODE, MINISTRY, LEADER, DESCRIPTION],
  columns: [...NAME_COLUMNS, { source: 'ministryName' }, LEADER_COLUMN, DESCRIPTION_COLUMN],
  filters: [MINISTRY],
});

export const LOOKUPS = {
  ministries: led('ministries', forms.ministrySchema),
  units: unitLike('units', forms.unitSchema),
  specialUnits: unitLike('specialUnits', forms.specialUnitSchema),
  accessories: {
    resource: 'accessories',
    nameField: 'name',
    schema: forms.accessorySchema,
    fields: [
      NAME,
      CODE,
      { source: 'quantity', kind: 'number' },
      { source: 'condition', kind: 'select', choices: forms.ACCESSORY_CONDITIONS },
      { source: 'location', kind: 'text' },
      { source: 'custodianId', kind: 'member', nameSource: 'custodianName' },
      DESCRIPTION,
    ],
    columns: [
      ...NAME_COLUMNS,
      { source: 'quantity', kind: 'number', sortable: true },
      { source: 'condition', sortable: true },
      { source: 'location', sortable: true },
      { source: 'custodianName' },
    ],
    filters: [{ source: 'condition', kind: 'select', choices: forms.ACCESSORY_CONDITIONS }],
  },
  moi: {
    resource: 'moi',
    nameField: 'name',
    schema: forms.moiSchema,
    fields: [NAME, CODE, { source: 'requiresNumber', kind: 'boolean' }, DESCRIPTION],
    columns: [...NAME_COLUMNS, { source: 'requiresNumber', kind: 'boolean' }, DESCRIPTION_COLUMN],
  },
  mountainsOfInfluence: led('mountainsOfInfluence', forms.mountainOfInfluenceSchema),
  affinityGroups: {
    resource: 'affinityGroups',
    nameField: 'affinityGroupName',
    // Its refinement puts 'Start age cannot be greater than end age' under the start age.
    schema: forms.affinityGroupSchema,
    fields: [
      { source: 'affinityGroupName', kind: 'text' },
      { source: 'affinityGroupCode', kind: 'text' },
      { source: 'startAge', kind: 'number' },
      { source: 'endAge', kind: 'number' },
      { source: 'maritalStatus', kind: 'select', choices: MARITAL_STATUSES, labels: ENUM_LABELS.maritalStatus },
      { source: 'gender', kind: 'select', choices: GENDERS, labels: ENUM_LABELS.gender },
      DESCRIPTION,
    ],
    columns: [
      { source: 'affinityGroupName', sortable: true },
      { source: 'affinityGroupCode', sortable: true },
      { source: 'startAge', kind: 'number', sortable: true },
      { source: 'endAge', kind: 'number', sortable: true },
      enumColumn('maritalStatus', { sortable: true }),
      enumColumn('gender', { sortable: true }),
      DESCRIPTION_COLUMN,
    ],
    filters: [
      { source: 'maritalStatus', kind: 'select', choices: MARITAL_STATUSES, labels: ENUM_LABELS.maritalStatus },
      { source: 'gender', kind: 'select', choices: GENDERS, labels: ENUM_LABELS.gender },
    ],
  },
} satisfies Record<string, CrudDefinition>;
