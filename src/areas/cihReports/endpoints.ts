import { cihReportsCalls as calls } from '@/domain/cihReports/calls';
import { crud, get, post, type ResourceEndpoints } from '@/src/dataProvider/endpoints';

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

/** The area's rows of the endpoint table (src/endpoints.ts): each descriptor's API calls under its name. */
export const cihReportsEndpoints = {
  cihReports: {
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
  cihFollowup: {
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
  cihAttendance: {
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
  cihInspections: {
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
  cihDashboardStats: { custom: { getCihDashboardStats: get(calls.getCIHDasboardStats) } },
} satisfies Record<string, ResourceEndpoints>;
