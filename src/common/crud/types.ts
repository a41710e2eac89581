import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { TranslateFunction } from 'react-admin';
import type { AccessKey } from '@/src/authProvider/access';
import type { Endpoints } from '@/src/endpoints';

/** A record kind the generic screens serve: a descriptor with rows in both the endpoint table and the access table. */
export type CrudResource = keyof Endpoints & AccessKey;

/** Any record as the API answers it: an id and its fields. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- fields of any lookup list, read by the list's own columns
export type ApiRecord = { id: string; [field: string]: any };

/**
 * How a form field is entered:
 * text, multiline, number and boolean are plain inputs; select picks one of `choices`;
 * reference picks a record of `reference` by its `optionText`; member picks a church member
 * (GetMemberQuery), showing the name the record keeps in `nameSource`.
 */
export type FieldDef =
  | { source: string; kind: 'text' | 'multiline' | 'number' | 'boolean' }
  | { source: string; kind: 'select'; choices: readonly string[]; /** Translation prefix of the choices' labels. */ labels?: string }
  /** date: a day (YYYY-MM-DD); time: a time of day (HH:MM); tags: a list of names typed comma-separated. */
  | { source: string; kind: 'date' | 'time' | 'tags' }
  /** Several members, whose names the record lists as {id, fullName} in `namesSource`. */
  | { source: string; kind: 'members'; namesSource: string }
  | { source: string; kind: 'reference'; reference: CrudResource; optionText: string }
  | {
      source: string;
      kind: 'member';
      nameSource: string;
      /** Narrows the members offered; given the record being edited (undefined on create). */
      memberFilter?: (record: ApiRecord | undefined) => Record<string, unknown>;
    };

/** A list column: its label is resources.<resource>.fields.<source>; sortable only where the API sorts. */
export type ColumnDef = {
  source: string;
  kind?: 'text' | 'number' | 'boolean' | 'date';
  sortable?: boolean;
  /** The cell links to this address (a record's own page). */
  link?: (record: ApiRecord) => string;
  /** The cell's own content, when it is more than the value (the CSV keeps the value). */
  render?: (record: ApiRecord) => ReactNode;
  /** The CSV's value where the record's own would not read (a stored code, in words). */
  csv?: (record: ApiRecord, translate: TranslateFunction) => unknown;
};

/** A link shown on each row, to a page about that record. */
export type RowLink = { label: string; to: (record: ApiRecord) => string };

/**
 * One entry of the definition table: everything the generic list, forms and export need to
 * know about a record kind. The API paths and the permissions live in the endpoint and access
 * tables under the same resource name, which the data provider and the auth provider read.
 */
export type CrudDefinition = {
  resource: CrudResource;
  /** The field that names a record: in dialog titles and the delete confirmation. */
  nameField: string;
  /** The domain's form schema (the server validates with the same); it checks create and edit. */
  schema: z.ZodObject;
  fields: FieldDef[];
  columns: ColumnDef[];
  /** List filters beyond the search box, shown beside it. */
  filters?: FieldDef[];
  rowLinks?: RowLink[];
  /** A page of its own for adding a record; without it the list adds in a dialog. */
  createPath?: string;
};
