import { ALL_PERMISSIONS, P } from './permissions.js';

/** Platform roles. firsttimers exists but may not be assigned. */
export const PLATFORM_ROLES = ['member', 'administrator', 'inspectorate', 'hod', 'firsttimers'] as const;
export const ASSIGNABLE_ROLES = PLATFORM_ROLES.filter((r) => r !== 'firsttimers');
/** CIH sub-roles, held in the church affiliation. */
export const CIH_ROLES = ['cihpastor', 'cihcoordinator'] as const;

export type RoleName = (typeof PLATFORM_ROLES)[number] | (typeof CIH_ROLES)[number];

const MEMBER = [P.updateMembers];
/** Every member may book an appointment and see the meetings they are invited to. */
const BOOKER = [P.viewAppointments, P.createAppointments, P.viewMeetings];
/** Leaders set their own scope's goals and call meetings. */
const LEADER = [P.viewGoals, P.createGoals, P.updateGoals, P.createMeetings, P.updateMeetings];

/** Default permissions of each seeded role; administrators hold the whole catalogue. */
export const DEFAULT_ROLE_PERMISSIONS: Record<RoleName, readonly string[]> = {
  administrator: ALL_PERMISSIONS,
  member: [...MEMBER, ...BOOKER],
  firsttimers: MEMBER,
  hod: [...MEMBER, P.viewDepartment, P.viewMembers, 'CAN_VIEW_REQUESTS', 'CAN_APPROVE_REQUESTS', ...BOOKER, ...LEADER],
  inspectorate: [
    ...MEMBER,
    P.viewInspectorateDashboard,
    P.viewMembers,
    P.viewCihManagement,
    P.viewCihCenter,
    P.viewDepartment,
    P.viewAffinityGroups,
    P.updateChurchAffiliation,
    'CAN_VIEW_REQUESTS',
    'CAN_APPROVE_REQUESTS',
    'CAN_VIEW_CIH_REPORTS',
    'CAN_CREATE_CIH_REPORTS',
    'CAN_UPDATE_CIH_REPORTS',
    ...BOOKER,
  ],
  // Pastors receive appointments and keep care notes (docs/decisions 0210).
  cihpastor: [
    P.pastoralCare,
    P.viewCihCenter,
    'CAN_VIEW_CIH_REPORTS',
    'CAN_CREATE_CIH_REPORTS',
    'CAN_UPDATE_CIH_REPORTS',
    ...BOOKER,
    P.hostAppointments,
    ...LEADER,
  ],
  cihcoordinator: [P.viewCihCenter, 'CAN_VIEW_CIH_REPORTS', 'CAN_CREATE_CIH_REPORTS'],
};
