import MapIcon from '@mui/icons-material/Map';
import { CIH_MANAGEMENT, crudRules } from '@/src/authProvider/rules';
import { P } from '@/domain/roles/permissions';
import { descriptor, lazyScreen } from '@/src/common/descriptor';
import { controller, list } from '@/src/dataProvider/endpoints';

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
      screen: lazyScreen(() => import('@/src/resources/centers/CenterPages'), 'CenterShow'),
    },
  ],
  access: crudRules(CIH_MANAGEMENT, P.createCihManagement, P.updateCihManagement, P.deleteCihManagement),
  icon: MapIcon,
  endpoints: controller('CIHZone', 'GetByTotal'),
});

/** The plain zone list of dropdowns, which every signed-in user may read. */
export const zoneChoices = descriptor({ name: 'zoneChoices', endpoints: { getList: list('/CIHZone/GetAll') } });
