import DashboardIcon from '@mui/icons-material/Dashboard';
import { P } from '@/domain/roles/permissions';
import { SIGNED_IN } from '@/src/authProvider/rules';
import { descriptor, lazyScreen } from '@/src/common/descriptor';

const OverviewPage = lazyScreen(() => import('./OverviewPage'), 'OverviewPage');

/** The signed-in landing page; /home (where sign-in lands) shows the same. */
export const overview = descriptor({
  name: 'overview',
  path: '/overview',
  screen: OverviewPage,
  routes: [{ path: '/home', title: 'home', screen: OverviewPage }],
  access: { view: SIGNED_IN },
  icon: DashboardIcon,
});

/** The overview's figures, shown to the dashboards' viewers. */
export const dashboardStats = descriptor({
  name: 'dashboardStats',
  access: { view: [P.viewAdminDashboard, P.viewInspectorateDashboard] },
});
