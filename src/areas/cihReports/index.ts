import AssessmentIcon from '@mui/icons-material/Assessment';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import { P } from '@/domain/roles/permissions';
import { CIH_CENTER } from '@/src/authProvider/rules';
import { cihReportsCalls as calls } from '@/domain/cihReports/calls';
import { descriptor, lazyScreen } from '@/src/common/descriptor';
import { crud, get, post } from '@/src/dataProvider/endpoints';

/** The report lists' filters: react-admin name -> query name. */
const REPORT_FILTERS = {
  centerId: 'CenterId',
  zoneId: 'ZoneId',
  from: 'From',
  to: 'To',
  status: 'Status',
  authorId: 'AuthorId',
  personId: 'PersonId',
};

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
  endpoints: {
    ...crud(
      {
        list: calls.cihActivityReportGetAll,
        getOne: calls.cihActivityReportGetById,
        create: calls.cihActivityReportCreate,
        update: calls.cihActivityReportUpdate,
        remove: calls.cihActivityReportDelete,
      },
      REPORT_FILTERS,
    ),
    custom: {
      getCihStats: get(calls.getCIHStats),
      getZoneCihStats: get(calls.getZoneCIHStats),
      createActivityReport: post(calls.cihActivityReportCreate),
    },
  },
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
  endpoints: {
    ...crud(
      {
        list: calls.followUpReportGetAll,
        getOne: calls.followUpReportGetById,
        create: calls.followUpReportCreate,
        update: calls.followUpReportUpdate,
        remove: calls.followUpReportDelete,
      },
      REPORT_FILTERS,
    ),
    custom: { createFollowUp: post(calls.followUpReportCreate) },
  },
});

/** The meetings' attendance, taken on /cih/center. */
export const cihAttendance = descriptor({
  name: 'cihAttendance',
  access: { view: CIH_CENTER, create: [P.createCihReports], edit: [P.updateCihReports] },
  endpoints: {
    ...crud(
      {
        list: calls.cihAttendanceGetAll,
        getOne: calls.cihAttendanceGetById,
        create: calls.cihAttendanceCreate,
        update: calls.cihAttendanceUpdate,
        remove: calls.cihAttendanceDelete,
      },
      REPORT_FILTERS,
    ),
    custom: {
      takeAttendance: post(calls.cihAttendanceCreate),
      getAbsentees: get(calls.getAbsentees),
      visitorToFirstTimer: {
        call: calls.visitorToFirstTimer,
        query: (p: { visitorId: string }) => ({ visitorId: p.visitorId }),
      },
    },
  },
});

/** The inspectorate's reports of their visits to the centers; church-wide readers file them. */
export const cihInspections = descriptor({
  name: 'cihInspections',
  access: { view: CIH_CENTER, create: [P.viewCihManagement] },
  endpoints: {
    ...crud(
      {
        list: calls.cihInspectionReportGetAll,
        getOne: calls.cihInspectionReportGetById,
        create: calls.cihInspectionReportCreate,
        update: calls.cihInspectionReportUpdate,
        remove: calls.cihInspectionReportDelete,
      },
      REPORT_FILTERS,
    ),
    custom: { createInspection: post(calls.cihInspectionReportCreate) },
  },
});

/** The inspectorate's figures of the whole church, on /overview and /cih/reports/zones. */
export const cihDashboardStats = descriptor({
  name: 'cihDashboardStats',
  access: { view: [P.viewInspectorateDashboard, P.viewAdminDashboard] },
  endpoints: { custom: { getCihDashboardStats: get(calls.getCIHDasboardStats) } },
});
