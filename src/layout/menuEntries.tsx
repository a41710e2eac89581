import { createElement, type ComponentType, type ReactElement } from 'react';
import { useCanAccessResources, useGetIdentity } from 'react-admin';
import ChurchIcon from '@mui/icons-material/Church';
import ListAltIcon from '@mui/icons-material/ListAlt';
import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import { LOOKUP_KINDS, LOOKUP_NAMES } from '@/domain/lookups/kinds';
import type { en } from '@/src/i18n/en';
import type { ScreenDescriptor } from '@/src/screens';
import { useMenuTargets, type MenuTargets } from './menuTargets';

export type MenuName = keyof typeof en.flock.menu;
/** A menu link names a descriptor with an address and an icon; its label is flock.menu.<name>. */
type LinkName = Extract<Extract<ScreenDescriptor, { path: string; icon: ComponentType }>['name'], MenuName>;
type MenuGroupDef = { name: MenuName; icon: ComponentType; children: LinkName[] };

export type MenuLink = { name: MenuName; to: string; icon: ReactElement };
export type MenuGroup = { name: MenuName; icon: ReactElement; children: MenuLink[] };
export type MenuEntry = MenuLink | MenuGroup;

export const isGroup = (entry: MenuEntry): entry is MenuGroup => 'children' in entry;
export const menuLabel = (name: MenuName) => `flock.menu.${name}`;

/** The lookup lists without an entry of their own (domain/lookups/kinds.ts), in the table's order. */
const LOOKUP_CHILDREN: LinkName[] = LOOKUP_NAMES.filter((name) => LOOKUP_KINDS[name].menu === 'lookups');

/** The side menu in the product's order: descriptors by name, and the groups they sit in. */
const MENU: Array<LinkName | MenuGroupDef> = [
  'profiles',
  'overview',
  'members',
  // Beyond the original menu: families (docs/decisions/0213).
  'households',
  'firstTimers',
  'affinityGroups',
  'departments',
  'outreach',
  'accessories',
  'venues',
  // Beyond the original menu, which names no entry for them: members file their event requests
  // and book appointments, invitees find their meetings, leaders their goals and their people's
  // birthdays and anniversaries.
  'events',
  'appointments',
  'meetings',
  'goals',
  'celebrations',
  // Beyond the original menu: giving, for those the church entrusts with it (docs/decisions/0227, 0230).
  {
    name: 'giving',
    icon: VolunteerActivismIcon,
    children: [
      'givingBatches',
      'contributions',
      'givingFunds',
      'givingCampaigns',
      'pledges',
      'givingReports',
      'givingStatements',
      'unmatchedGifts',
      'givingCorrections',
    ],
  },
  // Beyond the original menu: the lookup lists that have no entry there.
  { name: 'lookups', icon: ListAltIcon, children: LOOKUP_CHILDREN },
  { name: 'cih', icon: ChurchIcon, children: ['zones', 'centers', 'cihCenter', 'cihReports', 'cihFollowup'] },
  'requests',
  'users',
  // Not in the original menu, though /roles-management is an original route: reached beside Users management.
  'roles',
  // Beyond the original menu: the church's own fields on people, beside roles (docs/decisions/0209).
  'customFields',
  // Beyond the original menu: tags on people (docs/decisions/0212) and saved lists (0214).
  'tags',
  'savedLists',
  'demise',
  // Beyond the original menu: likely duplicates and merging them (administrators).
  'duplicates',
  'notifications',
  'auditLogs',
];

const links = MENU.flatMap((entry) => (typeof entry === 'string' ? [entry] : entry.children));
/** Every descriptor the menu links to. */
export const MENU_RESOURCES = [...new Set<string>(links)];

/** A link to a descriptor's main address; the profile's is the signed-in user's own. */
function linkTo(targets: MenuTargets, name: LinkName, userId: string): MenuLink[] {
  const target = targets.get(name);
  return target ? [{ name, to: target.path.replace(':userId', userId), icon: createElement(target.icon) }] : [];
}

/**
 * The menu entries the signed-in user may see, through the auth provider's canAccess with
 * the 'menu' action (Accessories is shown with CAN_VIEW_VENUES). Groups without a visible
 * child disappear. Empty until the permissions and the identity are known.
 */
export function useMenuEntries(): MenuEntry[] {
  const targets = useMenuTargets();
  const { canAccess } = useCanAccessResources({ resources: MENU_RESOURCES, action: 'menu' });
  const { identity } = useGetIdentity();
  if (!canAccess || !identity) return [];
  const visible = (name: LinkName): MenuLink[] => (canAccess[name] ? linkTo(targets, name, String(identity.id)) : []);
  return MENU.flatMap((entry): MenuEntry[] => {
    if (typeof entry === 'string') return visible(entry);
    const children = entry.children.flatMap(visible);
    return children.length ? [{ name: entry.name, icon: createElement(entry.icon), children }] : [];
  });
}
