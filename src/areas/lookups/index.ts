import BadgeIcon from '@mui/icons-material/Badge';
import GroupsIcon from '@mui/icons-material/Groups';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import StarsIcon from '@mui/icons-material/Stars';
import TerrainIcon from '@mui/icons-material/Terrain';
import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import WorkspacesIcon from '@mui/icons-material/Workspaces';
import { P } from '@/domain/roles/permissions';
import { crudRules } from '@/src/authProvider/rules';
import { descriptor, lazyScreen } from '@/src/common/descriptor';
import { controller } from '@/src/dataProvider/endpoints';

const UNITS = crudRules([P.viewUnits], P.createUnits, P.updateUnits, P.deleteUnits);
const LOOKUPS = crudRules([P.viewLookups], P.createLookups, P.updateLookups, P.deleteLookups);

/** The church's lookup lists: each is the generic list of its definition (./definitions.ts). */
export const ministries = descriptor({
  name: 'ministries',
  path: '/ministries',
  screen: lazyScreen(() => import('./LookupPages'), 'MinistryList'),
  asResource: true,
  access: crudRules([P.viewMinistries], P.createMinistries, P.updateMinistries, P.deleteMinistries),
  icon: VolunteerActivismIcon,
  endpoints: controller('Ministry'),
});
export const units = descriptor({
  name: 'units',
  path: '/units',
  screen: lazyScreen(() => import('./LookupPages'), 'UnitList'),
  asResource: true,
  access: UNITS,
  icon: WorkspacesIcon,
  endpoints: controller('Unit', 'GetAll', { ministryId: 'MinistryId' }),
});
export const specialUnits = descriptor({
  name: 'specialUnits',
  path: '/special-unit',
  screen: lazyScreen(() => import('./LookupPages'), 'SpecialUnitList'),
  access: UNITS,
  icon: StarsIcon,
  endpoints: controller('SpecialUnit', 'GetAll', { ministryId: 'MinistryId' }),
});
/** Accessories show in the menu to venue managers too (CAN_VIEW_VENUES). */
export const accessories = descriptor({
  name: 'accessories',
  path: '/accessories',
  screen: lazyScreen(() => import('./LookupPages'), 'AccessoryList'),
  asResource: true,
  access: { ...crudRules([P.viewAccessories], P.createAccessories, P.updateAccessories, P.deleteAccessories), menu: [P.viewVenues] },
  icon: Inventory2Icon,
  endpoints: controller('Accessory', 'GetAll', { condition: 'Condition' }),
});
export const moi = descriptor({
  name: 'moi',
  path: '/moi',
  screen: lazyScreen(() => import('./LookupPages'), 'MoiList'),
  asResource: true,
  access: LOOKUPS,
  icon: BadgeIcon,
  endpoints: controller('MOI'),
});
export const mountainsOfInfluence = descriptor({
  name: 'mountainsOfInfluence',
  path: '/mountains-of-influence',
  screen: lazyScreen(() => import('./LookupPages'), 'MountainOfInfluenceList'),
  access: LOOKUPS,
  icon: TerrainIcon,
  endpoints: controller('MountainOfInfluence'),
});

/** The affinity groups: a lookup list (its definition is with the others in ./definitions.ts). */
export const affinityGroups = descriptor({
  name: 'affinityGroups',
  path: '/affinity-groups',
  screen: lazyScreen(() => import('./LookupPages'), 'AffinityGroupList'),
  access: crudRules([P.viewAffinityGroups], P.createAffinityGroups, P.updateAffinityGroups, P.deleteAffinityGroups),
  icon: GroupsIcon,
  endpoints: controller('AffinityGroup', 'GetAll', { age: 'Age', maritalStatus: 'MaritalStatus' }),
});
