import {
  activityReportSchema,
  activityReportUpdateSchema,
  attendanceSchema,
  attendanceUpdateSchema,
  centerIdQuery,
  followUpReportSchema,
  followUpReportUpdateSchema,
  inspectionReportSchema,
  inspectionReportUpdateSchema,
  visitorToFirstTimerSchema,
  zoneIdQuery,
} from '@/domain/cihReports/schemas.js';
import { idQuery } from '@/domain/common/fields.js';
import { defineCall } from '@/domain/common/calls.js';

/** CIH attendance, activity, inspection and follow-up reports, and CIH statistics. */
export const cihReportsCalls = {
  cihAttendanceCreate: defineCall({ method: 'POST', path: '/CIHAttendance/Create', body: attendanceSchema }),
  cihAttendanceUpdate: defineCall({ method: 'PUT', path: '/CIHAttendance/Update', body: attendanceUpdateSchema }),
  cihAttendanceDelete: defineCall({ method: 'DELETE', path: '/CIHAttendance/Delete', query: idQuery }),
  cihAttendanceGetAll: defineCall({ method: 'GET', path: '/CIHAttendance/GetAll' }),
  cihAttendanceGetById: defineCall({ method: 'GET', path: '/CIHAttendance/GetById', query: idQuery }),
  getAbsentees: defineCall({ method: 'GET', path: '/CIHAttendance/GetAbsentees', query: centerIdQuery }),
  visitorToFirstTimer: defineCall({ method: 'PUT', path: '/CIHAttendance/VisitorToFirstTimer', query: visitorToFirstTimerSchema }),
  cihActivityReportCreate: defineCall({ method: 'POST', path: '/CIHActivityReport/Create', body: activityReportSchema }),
  cihActivityReportUpdate: defineCall({ method: 'PUT', path: '/CIHActivityReport/Update', body: activityReportUpdateSchema }),
  cihActivityReportDelete: defineCall({ method: 'DELETE', path: '/CIHActivityReport/Delete', query: idQuery }),
  cihActivityReportGetAll: defineCall({ method: 'GET', path: '/CIHActivityReport/GetAll' }),
  cihActivityReportGetById: defineCall({ method: 'GET', path: '/CIHActivityReport/GetById', query: idQuery }),
  cihInspectionReportCreate: defineCall({ method: 'POST', path: '/CIHInspectionReport/Create', body: inspectionReportSchema }),
  cihInspectionReportUpdate: defineCall({ method: 'PUT', path: '/CIHInspectionReport/Update', body: inspectionReportUpdateSchema }),
  cihInspectionReportDelete: defineCall({ method: 'DELETE', path: '/CIHInspectionReport/Delete', query: idQuery }),
  cihInspectionReportGetAll: defineCall({ method: 'GET', path: '/CIHInspectionReport/GetAll' }),
  cihInspectionReportGetById: defineCall({ method: 'GET', path: '/CIHInspectionReport/GetById', query: idQuery }),
  followUpReportCreate: defineCall({ method: 'POST', path: '/FollowUpReport/Create', body: followUpReportSchema }),
  followUpReportUpdate: defineCall({ method: 'PUT', path: '/FollowUpReport/Update', body: followUpReportUpdateSchema }),
  followUpReportDelete: defineCall({ method: 'DELETE', path: '/FollowUpReport/Delete', query: idQuery }),
  followUpReportGetAll: defineCall({ method: 'GET', path: '/FollowUpReport/GetAll' }),
  followUpReportGetById: defineCall({ method: 'GET', path: '/FollowUpReport/GetById', query: idQuery }),
  getCIHStats: defineCall({ method: 'GET', path: '/Stats/GetCIHStats', query: centerIdQuery }),
  getZoneCIHStats: defineCall({ method: 'GET', path: '/Stats/GetZoneCIHStats', query: zoneIdQuery }),
  getCIHDasboardStats: defineCall({ method: 'GET', path: '/Stats/GetCIHDasboardStats' }),
};
