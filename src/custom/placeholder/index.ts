import AssessmentIcon from '@mui/icons-material/Assessment';
import CampaignIcon from '@mui/icons-material/Campaign';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PlaceIcon from '@mui/icons-material/Place';
import { P } from '@/domain/permissions';
import { CIH_CENTER } from '@/src/authProvider/rules';
import { descriptor, lazyScreen } from '@/src/common/descriptor';

/** Shown on a signed-in route that has no screen yet. */
export const PlaceholderPage = lazyScreen(() => import('./PlaceholderPage'), 'PlaceholderPage');

/** The signed-in areas of SPEC.md section 2 that have no screen yet: each shows the placeholder page. */
export const outreach = descriptor({ name: 'outreach', path: '/outreach', access: { view: [P.viewOutreach] }, icon: CampaignIcon });
export const notifications = descriptor({
  name: 'notifications',
  path: '/notifications',
  access: { view: [P.viewNotifications] },
  icon: NotificationsIcon,
});
export const venues = descriptor({ name: 'venues', path: '/venue-management', access: { view: [P.viewVenues] }, icon: PlaceIcon });
export const cihReports = descriptor({
  name: 'cihReports',
  path: '/cih/reports/centers',
  title: 'cihReportsCenters',
  routes: [
    { path: '/cih/reports/centers/:zoneId/:name', title: 'cihReportsZoneCenters' },
    { path: '/cih/reports/zones', title: 'cihReportsZones' },
  ],
  access: { view: CIH_CENTER },
  icon: AssessmentIcon,
});
export const cihFollowup = descriptor({
  name: 'cihFollowup',
  path: '/cih/reports/followup',
  routes: [{ path: '/cih/reports/followup/:id/:name', title: 'cihFollowupDetail' }],
  access: { view: CIH_CENTER },
  icon: FactCheckIcon,
});
