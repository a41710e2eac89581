import { P } from '@/domain/permissions';

/** Any one of these permission strings grants access; an empty rule admits every signed-in user. */
export type Rule = readonly string[];

/** A rule per react-admin action; 'view' guards the route and stands in for absent actions. */
export type AccessEntry = { view: Rule } & Partial<Record<string, Rule>>;

const SIGNED_IN: Rule = [];
const CIH_MANAGEMENT: Rule = [P.viewCihManagement];
const CIH_CENTER: Rule = [P.viewCihManagement, P.viewCihCenter];

/** A record kind's rules: who sees it, and the rights its create, edit and delete buttons need. */
const crud = (view: Rule, create: string, edit: string, remove: string) => ({ view, create: [create], edit: [edit], delete: [remove] });
const UNITS = crud([P.viewUnits], P.createUnits, P.updateUnits, P.deleteUnits);
const LOOKUPS = crud([P.viewLookups], P.createLookups, P.updateLookups, P.deleteLookups);
const CIH_RECORDS = crud(CIH_MANAGEMENT, P.createCihManagement, P.updateCihManagement, P.deleteCihManagement);
/** A department's members: the department's rights, or a head's (CAN_APPROVE_REQUESTS) on the one they head. */
const DEPARTMENT_MEMBERS = { view: [P.viewDepartment, P.approveRequests], delist: [P.updateDepartment, P.approveRequests] };

/** Who may see others' requests at all (domain/requestRules.ts narrows it per list). */
const REQUEST_VIEWERS: Rule = [P.viewRequests, P.approveRequests];

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
  // GetMemberQuery also serves CIH managers (a zone's or center's members).
  members: { view: [P.viewMembers], list: [P.viewMembers, P.viewCihManagement] },
  // People administration (issue 4): 'assign' gives users roles; 'cihRole' is AssignCIHRole's right.
  roles: { view: [P.viewRoles], create: [P.createRoles], edit: [P.updateRoles], delete: [P.deleteRoles], assign: [P.updateRoles] },
  users: { view: [P.viewUserManagement], create: [P.createUserManagement], edit: [P.updateUserManagement], cihRole: [P.updateChurchAffiliation] },
  demise: { view: [P.updateDemise] },
  affinityGroups: crud([P.viewAffinityGroups], P.createAffinityGroups, P.updateAffinityGroups, P.deleteAffinityGroups),
  ministries: crud([P.viewMinistries], P.createMinistries, P.updateMinistries, P.deleteMinistries),
  accessories: { ...crud([P.viewAccessories], P.createAccessories, P.updateAccessories, P.deleteAccessories), menu: [P.viewVenues] },
  auditLogs: { view: [P.viewAudit] },
  units: UNITS,
  specialUnits: UNITS,
  moi: LOOKUPS,
  mountainsOfInfluence: LOOKUPS,
  departments: crud([P.viewDepartment], P.createDepartment, P.updateDepartment, P.deleteDepartment),
  departmentMembers: DEPARTMENT_MEMBERS,
  delistedMembers: DEPARTMENT_MEMBERS,
  firstTimers: { view: [P.viewFirstTimers], convert: [P.approveFirstTimers] },
  outreach: { view: [P.viewOutreach] },
  attendance: { view: [P.viewAttendance] },
  goals: { view: [P.viewGoals] },
  meetings: { view: [P.viewMeetings] },
  notifications: { view: [P.viewNotifications] },
  appointments: { view: [P.viewAppointments] },
  venues: { view: [P.viewVenues] },
  cihZones: { view: CIH_MANAGEMENT },
  cihCenters: { view: CIH_MANAGEMENT },
  // The page that adds a center opens to those who may add one.
  cihCenterForm: { view: [P.createCihManagement] },
  cihCenter: { view: CIH_CENTER },
  zones: CIH_RECORDS,
  centers: CIH_RECORDS,
  cihReports: { view: CIH_CENTER },
  cihFollowup: { view: CIH_CENTER },
  // The tabs of /requests (issue 6): one's own for everyone; the others' lists the server narrows to the viewer.
  myRequests: { view: SIGNED_IN },
  hodRequests: { view: REQUEST_VIEWERS },
  inspectorateRequests: { view: REQUEST_VIEWERS },
  allRequests: { view: REQUEST_VIEWERS },
} satisfies Record<string, AccessEntry>;

export type AccessKey = keyof typeof ACCESS;

/** Unknown resources are refused: a screen is reachable only once the table names its rule. */
export function allows(permissions: readonly string[], resource: string, action = 'view'): boolean {
  const entry: AccessEntry | undefined = (ACCESS as Record<string, AccessEntry>)[resource];
  if (!entry) return false;
  const rule = entry[action] ?? entry.view;
  return rule.length === 0 || rule.some((permission) => permissions.includes(permission));
}
