import type { AnyCall } from '@/domain/common/calls.js';
import { appointmentsCalls } from '@/domain/appointments/calls.js';
import { auditTrailCalls } from '@/domain/auditTrail/calls.js';
import { authCalls } from '@/domain/auth/calls.js';
import { celebrationsCalls } from '@/domain/celebrations/calls.js';
import { cihCalls } from '@/domain/cih/calls.js';
import { cihReportsCalls } from '@/domain/cihReports/calls.js';
import { departmentsCalls } from '@/domain/departments/calls.js';
import { filesCalls } from '@/domain/files/calls.js';
import { gatheringsCalls } from '@/domain/gatherings/calls.js';
import { givingCalls } from '@/domain/giving/calls.js';
import { givingReportCalls, pledgeCalls } from '@/domain/giving/pledgeCalls.js';
import { goalsCalls } from '@/domain/goals/calls.js';
import { householdsCalls } from '@/domain/households/calls.js';
import { healthCalls } from '@/domain/health/calls.js';
import { lookupsCalls } from '@/domain/lookups/calls.js';
import { meetingsCalls } from '@/domain/meetings/calls.js';
import { notificationsCalls } from '@/domain/notifications/calls.js';
import { overviewCalls } from '@/domain/overview/calls.js';
import { peopleCalls } from '@/domain/people/calls.js';
import { profileCalls } from '@/domain/profile/calls.js';
import { requestsCalls } from '@/domain/requests/calls.js';
import { rolesCalls } from '@/domain/roles/calls.js';

/** Every area's declared calls (domain/<area>/calls.ts), by the name each area exports them under. */
export const AREA_CALLS: Record<string, Record<string, AnyCall>> = {
  appointmentsCalls,
  auditTrailCalls,
  authCalls,
  celebrationsCalls,
  cihCalls,
  cihReportsCalls,
  departmentsCalls,
  filesCalls,
  gatheringsCalls,
  givingCalls,
  pledgeCalls,
  givingReportCalls,
  goalsCalls,
  healthCalls,
  householdsCalls,
  lookupsCalls,
  meetingsCalls,
  notificationsCalls,
  overviewCalls,
  peopleCalls,
  profileCalls,
  requestsCalls,
  rolesCalls,
};

/** Every declared call. */
export const DECLARED_CALLS: readonly AnyCall[] = Object.values(AREA_CALLS).flatMap((calls) => Object.values(calls));
