import { ACCESSORY_CONDITIONS, GENDERS, MARITAL_STATUSES } from '@/domain/common/enums.js';
import { P } from '@/domain/roles/permissions.js';
import type { AuditEntity } from '@/domain/auditTrail/vocabulary.js';

/**
 * THE lookup lists, one entry each: everything a tier needs to serve a kind, its words aside
 * (src/i18n/en.ts keeps them under the kind's name). The server's CRUD routes, the API calls, the
 * web app's screens, endpoints, access rules, menu and addresses, and the audit trail's entity
 * names are all derived from an entry and its schemas (./kindSchemas.ts, kept apart so that the
 * web app's first page reads this table without loading zod), so a new list costs its entry, its
 * schemas, its database table and migration, and its words.
 */

/** A form field or a list filter's input, as the web app's generic forms enter it. */
export type LookupField =
  | { source: string; kind: 'text' | 'multiline' | 'number' | 'boolean' }
  /** One of `choices`; `enumeration` names the product enumeration whose words show them. */
  | { source: string; kind: 'select'; choices: readonly string[]; enumeration?: 'gender' | 'maritalStatus' }
  /** A church member's id; the server answers the member's name in `nameSource`. */
  | { source: string; kind: 'member'; nameSource: string }
  /** The id of a record of another lookup list (a LookupName); the server answers its name in `nameSource`. */
  | { source: string; kind: 'reference'; reference: string; optionText: string; nameSource: string };

/** A list column; sortable when its source is in the kind's `sort`. */
export type LookupColumn = { source: string; kind?: 'number' | 'boolean'; enumeration?: 'gender' | 'maritalStatus' };

/**
 * A list filter: the server parses it under the filter's name with its schema in
 * ./kindSchemas.ts; `query` is the query name the web app sends it as (the API matches names
 * without regard to case); `input` is the list screen's input for it. A filter without an input
 * is set by other screens.
 */
export type LookupFilter = { query?: string; input?: LookupField };

/** A permission module's rights: `view` opens the web list, the others its buttons and the server's writes. */
export type LookupRights = { view: string; create: string; update: string; remove: string };

export type LookupKind = {
  /** The API controller: /Ministry/Create, /Ministry/GetAll ... */
  controller: string;
  /** The entity of its audit rows, and the stem of its call names (ministryCreate). */
  entity: AuditEntity;
  /** The noun of the server's messages: 'There is already a ministry named ...'. */
  noun: string;
  /** Its group in the API's OpenAPI document. */
  tag: string;
  /** The web app's address of its list; a list at /<name> is mounted as a react-admin resource. */
  path: `/${string}`;
  rights: LookupRights;
  /** Who reads the list on the server; without it any signed-in user (the lists fill every profile's dropdowns). */
  readers?: readonly string[];
  /**
   * Its place in the side menu: 'lookups' under Church lists, in the table's order; 'own' an entry
   * of its own, placed in the menu's product order (src/layout/menuEntries.tsx).
   */
  menu: 'lookups' | 'own';
  /** Who sees its menu entry, when they differ from its viewers. */
  menuReaders?: readonly string[];
  /** The field that names a record and the one holding its code: both unique without regard to case, both searched. */
  nameField: string;
  codeField: string;
  fields: readonly LookupField[];
  columns: readonly LookupColumn[];
  /** The fields the list sorts by (SortBy); the first is its default order. */
  sort: readonly string[];
  filters?: Readonly<Record<string, LookupFilter>>;
};

const rights = (view: string, create: string, update: string, remove: string): LookupRights => ({ view, create, update, remove });

/** The permission modules that guard the lists. */
const RIGHTS = {
  ministries: rights(P.viewMinistries, P.createMinistries, P.updateMinistries, P.deleteMinistries),
  units: rights(P.viewUnits, P.createUnits, P.updateUnits, P.deleteUnits),
  accessories: rights(P.viewAccessories, P.createAccessories, P.updateAccessories, P.deleteAccessories),
  affinityGroups: rights(P.viewAffinityGroups, P.createAffinityGroups, P.updateAffinityGroups, P.deleteAffinityGroups),
  /** The lists without a module of their own. */
  lookups: rights(P.viewLookups, P.createLookups, P.updateLookups, P.deleteLookups),
};

const NAME = { source: 'name', kind: 'text' } as const;
const CODE = { source: 'code', kind: 'text' } as const;
const DESCRIPTION = { source: 'description', kind: 'multiline' } as const;
const LEADER = { source: 'leaderId', kind: 'member', nameSource: 'leaderName' } as const;
const MINISTRY = {
  source: 'ministryId',
  kind: 'reference',
  reference: 'ministries',
  optionText: 'name',
  nameSource: 'ministryName',
} as const;
const MARITAL_STATUS = { source: 'maritalStatus', kind: 'select', choices: MARITAL_STATUSES, enumeration: 'maritalStatus' } as const;
const GENDER = { source: 'gender', kind: 'select', choices: GENDERS, enumeration: 'gender' } as const;

/** A list named by `name`, coded by `code`, described by `description`, sorted by those and by creation. */
const NAMED = { nameField: 'name', codeField: 'code', sort: ['name', 'code', 'createdAt'] } as const;

/** A list with a leader: ministries and mountains of influence. */
const LED = {
  ...NAMED,
  fields: [NAME, CODE, LEADER, DESCRIPTION],
  columns: [{ source: 'name' }, { source: 'code' }, { source: 'leaderName' }, { source: 'description' }],
} as const;

/** Units and special units: a leader, and the ministry they may sit under. */
const UNIT_LIKE = {
  ...NAMED,
  rights: RIGHTS.units,
  tag: 'Units',
  menu: 'lookups',
  fields: [NAME, CODE, MINISTRY, LEADER, DESCRIPTION],
  columns: [{ source: 'name' }, { source: 'code' }, { source: 'ministryName' }, { source: 'leaderName' }, { source: 'description' }],
  filters: { ministryId: { query: 'MinistryId', input: MINISTRY } },
} as const;

export const LOOKUP_KINDS = {
  /**
   * Affinity groups: fellowships by age range, marital status and gender, with names and codes
   * of their own (affinityGroupName, a required affinityGroupCode). Beyond the table the server
   * spells out what they do differently (server/modules/lookups): their own messages for a taken
   * name or code, the list's filters Age, MaritalStatus and Gender giving the groups such a member
   * fits, and profiles keeping them by name (a held group is not deleted, a new name follows).
   */
  affinityGroups: {
    controller: 'AffinityGroup',
    entity: 'affinityGroup',
    noun: 'affinity group',
    tag: 'Affinity groups',
    path: '/affinity-groups',
    rights: RIGHTS.affinityGroups,
    menu: 'own',
    nameField: 'affinityGroupName',
    codeField: 'affinityGroupCode',
    fields: [
      { source: 'affinityGroupName', kind: 'text' },
      { source: 'affinityGroupCode', kind: 'text' },
      { source: 'startAge', kind: 'number' },
      { source: 'endAge', kind: 'number' },
      MARITAL_STATUS,
      GENDER,
      DESCRIPTION,
    ],
    columns: [
      { source: 'affinityGroupName' },
      { source: 'affinityGroupCode' },
      { source: 'startAge', kind: 'number' },
      { source: 'endAge', kind: 'number' },
      { source: 'maritalStatus', enumeration: 'maritalStatus' },
      { source: 'gender', enumeration: 'gender' },
      { source: 'description' },
    ],
    sort: ['affinityGroupName', 'affinityGroupCode', 'startAge', 'endAge', 'maritalStatus', 'gender', 'createdAt'],
    filters: {
      age: { query: 'Age' },
      maritalStatus: { query: 'MaritalStatus', input: MARITAL_STATUS },
      gender: { input: GENDER },
    },
  },
  ministries: {
    ...LED,
    controller: 'Ministry',
    entity: 'ministry',
    noun: 'ministry',
    tag: 'Ministries',
    path: '/ministries',
    rights: RIGHTS.ministries,
    menu: 'lookups',
  },
  units: {
    ...UNIT_LIKE,
    controller: 'Unit',
    entity: 'unit',
    noun: 'unit',
    path: '/units',
  },
  specialUnits: {
    ...UNIT_LIKE,
    controller: 'SpecialUnit',
    entity: 'specialUnit',
    noun: 'special unit',
    path: '/special-unit',
  },
  /** Church property: the server lets accessory and venue managers read it, and venue managers see its menu entry. */
  accessories: {
    ...NAMED,
    controller: 'Accessory',
    entity: 'accessory',
    noun: 'accessory',
    tag: 'Accessories',
    path: '/accessories',
    rights: RIGHTS.accessories,
    readers: [P.viewAccessories, P.viewVenues],
    menu: 'own',
    menuReaders: [P.viewVenues],
    fields: [
      NAME,
      CODE,
      { source: 'quantity', kind: 'number' },
      { source: 'condition', kind: 'select', choices: ACCESSORY_CONDITIONS },
      { source: 'location', kind: 'text' },
      { source: 'custodianId', kind: 'member', nameSource: 'custodianName' },
      DESCRIPTION,
    ],
    columns: [
      { source: 'name' },
      { source: 'code' },
      { source: 'quantity', kind: 'number' },
      { source: 'condition' },
      { source: 'location' },
      { source: 'custodianName' },
    ],
    sort: [...NAMED.sort, 'quantity', 'condition', 'location'],
    filters: {
      condition: { query: 'Condition', input: { source: 'condition', kind: 'select', choices: ACCESSORY_CONDITIONS } },
    },
  },
  moi: {
    ...NAMED,
    controller: 'MOI',
    entity: 'moi',
    noun: 'means of identification',
    tag: 'Lookups',
    path: '/moi',
    rights: RIGHTS.lookups,
    menu: 'lookups',
    fields: [NAME, CODE, { source: 'requiresNumber', kind: 'boolean' }, DESCRIPTION],
    columns: [{ source: 'name' }, { source: 'code' }, { source: 'requiresNumber', kind: 'boolean' }, { source: 'description' }],
  },
  /** Profiles keep a member's mountain by name: the server refuses to delete a held one and carries a new name into them. */
  mountainsOfInfluence: {
    ...LED,
    controller: 'MountainOfInfluence',
    entity: 'mountainOfInfluence',
    noun: 'mountain of influence',
    tag: 'Lookups',
    path: '/mountains-of-influence',
    rights: RIGHTS.lookups,
    menu: 'lookups',
  },
} as const satisfies Record<string, LookupKind>;

export type LookupName = keyof typeof LOOKUP_KINDS;

/** The kinds in the table's order. */
export const LOOKUP_NAMES = Object.keys(LOOKUP_KINDS) as LookupName[];

/** A kind's entry, read through the common type. */
export const lookupKind = (name: LookupName): LookupKind => LOOKUP_KINDS[name];

/** The web app's addresses of the lists. */
export const LOOKUP_PATHS = LOOKUP_NAMES.map((name) => LOOKUP_KINDS[name].path);
