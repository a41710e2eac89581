import type { Descriptor } from '@/src/common/descriptor';
import type { ScreenDescriptor } from '@/src/screens';
import type { AccessEntry } from './rules';

export type { AccessEntry, Rule } from './rules';

type WithAccess = Extract<ScreenDescriptor, { access: object }>;

/** The names the access table has a row for: the react-admin "resources" routes, menu entries and screens name. */
export type AccessKey = WithAccess['name'];

/**
 * The access table: each descriptor's rules under its name; 'menu' is the rule of the side-menu
 * entry when it differs. Built by App from the screen list and handed to the auth provider and
 * to AccessProvider, so that this library imports no screen.
 */
export type AccessTable = Readonly<Record<string, AccessEntry>>;

/** The access table of a list of descriptors: a row for each one that declares its access. */
export function accessTable(descriptors: readonly Descriptor[]): AccessTable {
  return Object.fromEntries(descriptors.flatMap((d) => (d.access ? [[d.name, d.access]] : [])));
}

/** Unknown resources are refused: a screen is reachable only once the table names its rule. */
export function allows(table: AccessTable, permissions: readonly string[], resource: string, action = 'view'): boolean {
  const entry: AccessEntry | undefined = table[resource];
  if (!entry) return false;
  const rule = entry[action] ?? entry.view;
  return rule.length === 0 || rule.some((permission) => permissions.includes(permission));
}
