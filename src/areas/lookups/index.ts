import { createElement, type ComponentType } from 'react';
import BadgeIcon from '@mui/icons-material/Badge';
import GroupsIcon from '@mui/icons-material/Groups';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import ListIcon from '@mui/icons-material/List';
import StarsIcon from '@mui/icons-material/Stars';
import TerrainIcon from '@mui/icons-material/Terrain';
import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import WorkspacesIcon from '@mui/icons-material/Workspaces';
import { LOOKUP_NAMES, lookupKind, type LookupName } from '@/domain/lookups/kinds';
import { crudRules, type AccessEntry } from '@/src/authProvider/rules';
import { descriptor, lazyScreen } from '@/src/common/descriptor';

/** The menu's icons; a list without one of its own shows the generic list icon. */
const ICONS: Partial<Record<LookupName, ComponentType>> = {
  affinityGroups: GroupsIcon,
  ministries: VolunteerActivismIcon,
  units: WorkspacesIcon,
  specialUnits: StarsIcon,
  accessories: Inventory2Icon,
  moi: BadgeIcon,
  mountainsOfInfluence: TerrainIcon,
};

/** Its rights on the web: the module's view right opens the list, the others its buttons. */
function accessOf(name: LookupName): AccessEntry {
  const { rights, menuReaders } = lookupKind(name);
  const rules = crudRules([rights.view], rights.create, rights.update, rights.remove);
  return menuReaders ? { ...rules, menu: menuReaders } : rules;
}

/** The route screen: the generic list of the kind (./LookupPages.tsx), loaded on demand. */
const screenOf = (name: LookupName) =>
  lazyScreen(() => import('./LookupPages').then(({ LookupPage }) => ({ page: () => createElement(LookupPage, { kind: name }) })), 'page');

function lookupScreen<N extends LookupName>(name: N) {
  const { path } = lookupKind(name);
  return descriptor({
    name,
    path,
    screen: screenOf(name),
    asResource: path === `/${name}`,
    access: accessOf(name),
    icon: ICONS[name] ?? ListIcon,
  });
}

/** The church's lookup lists, one descriptor per kind of the table (domain/lookups/kinds.ts). */
export const LOOKUP_SCREENS = LOOKUP_NAMES.map(lookupScreen);
