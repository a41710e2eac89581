import { SCREENS, type ScreenDescriptor } from '@/src/screens';
import type { AccessEntry } from './rules';

export type { AccessEntry, Rule } from './rules';

type WithAccess = Extract<ScreenDescriptor, { access: object }>;

/**
 * THE access table (the permission each route and menu entry needs), each row from its
 * descriptor (src/screens.ts): the key is the react-admin "resource" that routes, menu entries
 * and screens name; 'menu' is the rule of the side-menu entry when it differs.
 */
export const ACCESS = Object.fromEntries(SCREENS.flatMap((d) => ('access' in d ? [[d.name, d.access]] : []))) as Record<
  WithAccess['name'],
  AccessEntry
>;

export type AccessKey = WithAccess['name'];

/** Unknown resources are refused: a screen is reachable only once the table names its rule. */
export function allows(permissions: readonly string[], resource: string, action = 'view'): boolean {
  const entry: AccessEntry | undefined = (ACCESS as Record<string, AccessEntry>)[resource];
  if (!entry) return false;
  const rule = entry[action] ?? entry.view;
  return rule.length === 0 || rule.some((permission) => permissions.includes(permission));
}
