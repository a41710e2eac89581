import ApartmentIcon from '@mui/icons-material/Apartment';
import HomeWorkIcon from '@mui/icons-material/HomeWork';
import { P } from '@/domain/roles/permissions';
import { CIH_CENTER, CIH_MANAGEMENT, crudRules } from '@/src/authProvider/rules';
import { descriptor, lazyScreen } from '@/src/common/descriptor';
import { controller, get, list } from '@/src/dataProvider/endpoints';

const CenterShow = lazyScreen(() => import('./CenterPages'), 'CenterShow');

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
  endpoints: { ...controller('Center', 'GetByTotal', { zoneId: 'ZoneId' }), custom: { getMyCenter: get('/Center/GetMyCenter') } },
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
export const centerChoices = descriptor({ name: 'centerChoices', endpoints: { getList: list('/Center/GetAll', { zoneId: 'ZoneId' }) } });
