import ApartmentIcon from '@mui/icons-material/Apartment';
import HomeWorkIcon from '@mui/icons-material/HomeWork';
import MapIcon from '@mui/icons-material/Map';
import { P } from '@/domain/roles/permissions';
import { CIH_CENTER, CIH_MANAGEMENT, crudRules } from '@/src/authProvider/rules';
import { descriptor, lazyScreen } from '@/src/common/descriptor';

const CenterShow = lazyScreen(() => import('./CenterPages'), 'CenterShow');

/** The CIH zones, with a zone's centers and members. */
export const zones = descriptor({
  name: 'zones',
  path: '/cih/zones',
  title: 'cihZones',
  screen: lazyScreen(() => import('./ZonePages'), 'ZoneList'),
  routes: [
    { path: '/cih/zones/view-centers/:zoneId', title: 'cihZoneCenters', screen: lazyScreen(() => import('./ZonePages'), 'ZoneCenterList') },
    { path: '/cih/zones/zone-members/:id', title: 'cihZoneMembers', screen: lazyScreen(() => import('./ZonePages'), 'ZoneMemberList') },
    {
      path: '/cih/zones/center/:id',
      title: 'cihZoneCenter',
      screen: CenterShow,
    },
  ],
  access: crudRules(CIH_MANAGEMENT, P.createCihManagement, P.updateCihManagement, P.deleteCihManagement),
  icon: MapIcon,
});

/** The plain zone list of dropdowns, which every signed-in user may read. */
export const zoneChoices = descriptor({ name: 'zoneChoices' });

/** The CIH centers; the page that adds one opens to those who may add one (the 'create' rule). */
export const centers = descriptor({
  name: 'centers',
  path: '/cih/centers',
  title: 'cihCenters',
  screen: lazyScreen(() => import('./CenterPages'), 'CenterList'),
  routes: [
    {
      path: '/cih/centers/center',
      title: 'cihCenterForm',
      screen: lazyScreen(() => import('./CenterPages'), 'CenterCreate'),
      action: 'create',
    },
    { path: '/cih/centers/center/:id', title: 'cihCenterDetail', screen: CenterShow },
  ],
  access: crudRules(CIH_MANAGEMENT, P.createCihManagement, P.updateCihManagement, P.deleteCihManagement),
  icon: ApartmentIcon,
});

/** The CIH pastor's and coordinator's own center. */
export const cihCenter = descriptor({
  name: 'cihCenter',
  path: '/cih/center',
  screen: lazyScreen(() => import('./MyCenter'), 'MyCenter'),
  access: { view: CIH_CENTER },
  icon: HomeWorkIcon,
});

/** The plain center list of dropdowns, which every signed-in user may read. */
export const centerChoices = descriptor({
  name: 'centerChoices',
});
