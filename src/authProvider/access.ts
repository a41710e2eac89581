import { P } from '../../domain/permissions';

/** Any one of these permission strings grants access; an empty rule admits every signed-in user. */
export type Rule = readonly string[];

/** A rule per react-admin action; 'view' guards the route and stands in for absent actions. */
export type AccessEntry = { view: Rule } & Partial<Record<string, Rule>>;

const SIGNED_IN: Rule = [];
const CIH_MANAGEMENT: Rule = [P.viewCihManagement];
const CIH_CENTER: Rule = [P.viewCihManagement, P.viewCihCenter];

/**
 * THE access table (SPEC.md section 6): the key is the react-admin "resource" that routes,
 * menu entries and screens name; 'menu' is the rule of the side-menu entry when it differs.
 */
export const ACCESS = {
  home: { view: SIGNED_IN },
  overview: { view: SIGNED_IN },
  profile: { view: SIGNED_IN },
  requests: { view: SIGNED_IN },
  dashboardStats: { view: [P.viewAdminDashboard, P.viewInspectorateDashboard] },
  members: { view: [P.viewMembers] },
  roles: { view: [P.viewRoles] },
  users: { view: [P.viewUserManagement] },
  demise: { view: [P.updateDemise] },
  affinityGroups: { view: [P.viewAffinityGroups] },
  ministries: { view: [P.viewMinistries] },
  accessories: { view: [P.viewAccessories], menu: [P.viewVenues] },
  auditLogs: { view: [P.viewAudit] },
  units: { view: [P.viewUnits] },
  departments: { view: [P.viewDepartment] },
  firstTimers: { view: [P.viewFirstTimers] },
  outreach: { view: [P.viewOutreach] },
  attendance: { view: [P.viewAttendance] },
  goals: { view: [P.viewGoals] },
  meetings: { view: [P.viewMeetings] },
  notifications: { view: [P.viewNotifications] },
  appointments: { view: [P.viewAppointments] },
  venues: { view: [P.viewVenues] },
  cihZones: { view: CIH_MANAGEMENT },
  cihCenters: { view: CIH_MANAGEMENT },
  cihCenter: { view: CIH_CENTER },
  cihReports: { view: CIH_CENTER },
  cihFollowup: { view: CIH_CENTER },
} satisfies Record<string, AccessEntry>;

export type AccessKey = keyof typeof ACCESS;

/** Unknown resources are refused: a screen is reachable only once the table names its rule. */
export function allows(permissions: readonly string[], resource: string, action = 'view'): boolean {
  const entry: AccessEntry | undefined = (ACCESS as Record<string, AccessEntry>)[resource];
  if (!entry) return false;
  const rule = entry[action] ?? entry.view;
  return rule.length === 0 || rule.some((permission) => permissions.includes(permission));
}
