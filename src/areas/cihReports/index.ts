import AssessmentIcon from '@mui/icons-material/Assessment';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import { P } from '@/domain/roles/permissions';
import { CIH_CENTER } from '@/src/authProvider/rules';
import { descriptor, lazyScreen } from '@/src/common/descriptor';

const reports = () => import('./ReportPages');

/** /cih/reports/*: the centers' activity reports and attendance, per zone, and the zones' figures with charts. */
export const cihReports = descriptor({
  name: 'cihReports',
  path: '/cih/reports/centers',
  title: 'cihReportsCenters',
  screen: lazyScreen(reports, 'CenterReports'),
  routes: [
    { path: '/cih/reports/centers/:zoneId/:name', title: 'cihReportsZoneCenters', screen: lazyScreen(reports, 'ZoneCenterReports') },
    { path: '/cih/reports/zones', title: 'cihReportsZones', screen: lazyScreen(reports, 'ZoneReports') },
  ],
  access: { view: CIH_CENTER },
  icon: AssessmentIcon,
});

/** /cih/reports/followup: follow-ups and who owns them; /cih/reports/followup/{id}/{name}: one person's history. */
export const cihFollowup = descriptor({
  name: 'cihFollowup',
  path: '/cih/reports/followup',
  screen: lazyScreen(() => import('./FollowUpPages'), 'FollowUpList'),
  routes: [
    {
      path: '/cih/reports/followup/:id/:name',
      title: 'cihFollowupDetail',
      screen: lazyScreen(() => import('./FollowUpPages'), 'FollowUpHistory'),
    },
  ],
  access: { view: CIH_CENTER },
  icon: FactCheckIcon,
});

/** The meetings' attendance, taken on /cih/center. */
export const cihAttendance = descriptor({
  name: 'cihAttendance',
  access: { view: CIH_CENTER, create: [P.createCihReports], edit: [P.updateCihReports] },
});

/** The inspectorate's reports of their visits to the centers; church-wide readers file them. */
export const cihInspections = descriptor({
  name: 'cihInspections',
  access: { view: CIH_CENTER, create: [P.viewCihManagement] },
});

/** The inspectorate's figures of the whole church, on /overview and /cih/reports/zones. */
export const cihDashboardStats = descriptor({
  name: 'cihDashboardStats',
  access: { view: [P.viewInspectorateDashboard, P.viewAdminDashboard] },
});
