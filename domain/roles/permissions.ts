/**
 * The permission catalogue: access rights x modules, each string built as the upper-case access
 * right, an underscore, then the upper-case module name with spaces as underscores. Module names
 * reproduce the strings clients send exactly, typos included (Appoitment).
 */
export const ACCESS_RIGHTS = ['CAN_VIEW', 'CAN_CREATE', 'CAN_UPDATE', 'CAN_DELETE', 'CAN_APPROVE'] as const;
export type AccessRight = (typeof ACCESS_RIGHTS)[number];

const CRUD: AccessRight[] = ['CAN_VIEW', 'CAN_CREATE', 'CAN_UPDATE', 'CAN_DELETE'];

/** Each module with the access rights that mean something for it. */
export const MODULES: ReadonlyArray<{ name: string; rights: AccessRight[] }> = [
  { name: 'Admin Dashboard', rights: ['CAN_VIEW'] },
  { name: 'Inspectorate Dashboard', rights: ['CAN_VIEW'] },
  { name: 'Members', rights: CRUD },
  { name: 'Other Members', rights: ['CAN_UPDATE'] },
  { name: 'Demise Members', rights: ['CAN_UPDATE'] },
  { name: 'Church Affiliation Members', rights: ['CAN_UPDATE'] },
  { name: 'User Management', rights: CRUD },
  { name: 'Roles', rights: CRUD },
  { name: 'Firsttimers', rights: [...CRUD, 'CAN_APPROVE'] },
  { name: 'Affinitygroups', rights: CRUD },
  { name: 'Department', rights: CRUD },
  { name: 'Ministries', rights: CRUD },
  { name: 'Units', rights: CRUD },
  { name: 'Accessories', rights: CRUD },
  { name: 'Lookups', rights: CRUD },
  { name: 'CIH Management', rights: CRUD },
  { name: 'CIH Center', rights: ['CAN_VIEW'] },
  { name: 'CIH Reports', rights: CRUD },
  { name: 'Requests', rights: ['CAN_VIEW', 'CAN_APPROVE'] },
  { name: 'Outreach', rights: [...CRUD, 'CAN_APPROVE'] },
  { name: 'Venues', rights: [...CRUD, 'CAN_APPROVE'] },
  { name: 'Events', rights: [...CRUD, 'CAN_APPROVE'] },
  { name: 'Attendance', rights: CRUD },
  { name: 'Goals', rights: CRUD },
  { name: 'Meetings', rights: CRUD },
  { name: 'Appoitment', rights: CRUD },
  { name: 'Notifications', rights: ['CAN_VIEW', 'CAN_CREATE'] },
  { name: 'Audit Report', rights: ['CAN_VIEW'] },
  { name: 'Custom Fields', rights: ['CAN_UPDATE'] },
  // Pastoral care notes: one right to read and write them (docs/decisions 0210).
  { name: 'Pastoral Care', rights: ['CAN_UPDATE'] },
  // Tags on people: define them and put them on people (docs/decisions/0212).
  { name: 'Tags', rights: ['CAN_UPDATE'] },
  // Households: add families and keep their members, roles and address (docs/decisions/0213).
  { name: 'Households', rights: ['CAN_UPDATE'] },
  // Giving (docs/decisions/0227-giving.md): view it, record it (count batches), manage funds, approve batches.
  { name: 'Giving', rights: ['CAN_VIEW', 'CAN_CREATE', 'CAN_UPDATE', 'CAN_APPROVE'] },
];

export type PermissionEntry = { accessRight: string; moduleName: string };

/** The permission string of an access right on a module. */
export function permissionString({ accessRight, moduleName }: PermissionEntry): string {
  return `${accessRight.toUpperCase()}_${moduleName.toUpperCase().replace(/ /g, '_')}`;
}

export const PERMISSION_CATALOGUE: PermissionEntry[] = MODULES.flatMap((m) =>
  m.rights.map((accessRight) => ({ accessRight, moduleName: m.name })),
);

export const ALL_PERMISSIONS: string[] = PERMISSION_CATALOGUE.map(permissionString);

/** The permission strings the product's routes, menus, dashboards and profile rules check, word for word. */
export const SPEC_PERMISSIONS = [
  'CAN_VIEW_ADMIN_DASHBOARD',
  'CAN_VIEW_INSPECTORATE_DASHBOARD',
  'CAN_VIEW_MEMBERS',
  'CAN_VIEW_USER_MANAGEMENT',
  'CAN_UPDATE_DEMISE_MEMBERS',
  'CAN_VIEW_AFFINITYGROUPS',
  'CAN_VIEW_ACCESSORIES',
  'CAN_VIEW_AUDIT_REPORT',
  'CAN_VIEW_UNITS',
  'CAN_VIEW_DEPARTMENT',
  'CAN_VIEW_FIRSTTIMERS',
  'CAN_VIEW_CIH_MANAGEMENT',
  'CAN_VIEW_OUTREACH',
  'CAN_VIEW_ATTENDANCE',
  'CAN_VIEW_GOALS',
  'CAN_VIEW_MEETINGS',
  'CAN_VIEW_NOTIFICATIONS',
  'CAN_VIEW_APPOITMENT',
  'CAN_VIEW_VENUES',
  'CAN_UPDATE_OTHER_MEMBERS',
  'CAN_UPDATE_MEMBERS',
  'CAN_UPDATE_CHURCH_AFFILIATION_MEMBERS',
] as const;

/** Named constants so code never spells a permission string by hand. */
export const P = {
  viewAdminDashboard: 'CAN_VIEW_ADMIN_DASHBOARD',
  viewInspectorateDashboard: 'CAN_VIEW_INSPECTORATE_DASHBOARD',
  viewMembers: 'CAN_VIEW_MEMBERS',
  updateMembers: 'CAN_UPDATE_MEMBERS',
  deleteMembers: 'CAN_DELETE_MEMBERS',
  updateOtherMembers: 'CAN_UPDATE_OTHER_MEMBERS',
  updateDemise: 'CAN_UPDATE_DEMISE_MEMBERS',
  updateChurchAffiliation: 'CAN_UPDATE_CHURCH_AFFILIATION_MEMBERS',
  viewUserManagement: 'CAN_VIEW_USER_MANAGEMENT',
  updateUserManagement: 'CAN_UPDATE_USER_MANAGEMENT',
  createUserManagement: 'CAN_CREATE_USER_MANAGEMENT',
  viewRoles: 'CAN_VIEW_ROLES',
  // People administration.
  createRoles: 'CAN_CREATE_ROLES',
  updateRoles: 'CAN_UPDATE_ROLES',
  deleteRoles: 'CAN_DELETE_ROLES',
  approveFirstTimers: 'CAN_APPROVE_FIRSTTIMERS',
  viewAffinityGroups: 'CAN_VIEW_AFFINITYGROUPS',
  viewAccessories: 'CAN_VIEW_ACCESSORIES',
  viewAudit: 'CAN_VIEW_AUDIT_REPORT',
  viewUnits: 'CAN_VIEW_UNITS',
  viewMinistries: 'CAN_VIEW_MINISTRIES',
  viewDepartment: 'CAN_VIEW_DEPARTMENT',
  viewFirstTimers: 'CAN_VIEW_FIRSTTIMERS',
  viewCihManagement: 'CAN_VIEW_CIH_MANAGEMENT',
  viewCihCenter: 'CAN_VIEW_CIH_CENTER',
  viewOutreach: 'CAN_VIEW_OUTREACH',
  viewAttendance: 'CAN_VIEW_ATTENDANCE',
  viewGoals: 'CAN_VIEW_GOALS',
  viewMeetings: 'CAN_VIEW_MEETINGS',
  viewNotifications: 'CAN_VIEW_NOTIFICATIONS',
  viewAppointments: 'CAN_VIEW_APPOITMENT',
  viewVenues: 'CAN_VIEW_VENUES',
  approveRequests: 'CAN_APPROVE_REQUESTS',
  // The church structure.
  createDepartment: 'CAN_CREATE_DEPARTMENT',
  updateDepartment: 'CAN_UPDATE_DEPARTMENT',
  deleteDepartment: 'CAN_DELETE_DEPARTMENT',
  createCihManagement: 'CAN_CREATE_CIH_MANAGEMENT',
  updateCihManagement: 'CAN_UPDATE_CIH_MANAGEMENT',
  deleteCihManagement: 'CAN_DELETE_CIH_MANAGEMENT',
  createAffinityGroups: 'CAN_CREATE_AFFINITYGROUPS',
  updateAffinityGroups: 'CAN_UPDATE_AFFINITYGROUPS',
  deleteAffinityGroups: 'CAN_DELETE_AFFINITYGROUPS',
  createMinistries: 'CAN_CREATE_MINISTRIES',
  updateMinistries: 'CAN_UPDATE_MINISTRIES',
  deleteMinistries: 'CAN_DELETE_MINISTRIES',
  createUnits: 'CAN_CREATE_UNITS',
  updateUnits: 'CAN_UPDATE_UNITS',
  deleteUnits: 'CAN_DELETE_UNITS',
  createAccessories: 'CAN_CREATE_ACCESSORIES',
  updateAccessories: 'CAN_UPDATE_ACCESSORIES',
  deleteAccessories: 'CAN_DELETE_ACCESSORIES',
  viewLookups: 'CAN_VIEW_LOOKUPS',
  createLookups: 'CAN_CREATE_LOOKUPS',
  updateLookups: 'CAN_UPDATE_LOOKUPS',
  deleteLookups: 'CAN_DELETE_LOOKUPS',
  // Requests and approvals; approveRequests is above.
  viewRequests: 'CAN_VIEW_REQUESTS',
  // Notifications: sending to anyone (heads, pastors and the inspectorate send within their scope).
  createNotifications: 'CAN_CREATE_NOTIFICATIONS',
  // CIH attendance and reports.
  viewCihReports: 'CAN_VIEW_CIH_REPORTS',
  createCihReports: 'CAN_CREATE_CIH_REPORTS',
  updateCihReports: 'CAN_UPDATE_CIH_REPORTS',
  deleteCihReports: 'CAN_DELETE_CIH_REPORTS',
  // Venues, events and outreach; viewVenues and viewOutreach are above.
  createVenues: 'CAN_CREATE_VENUES',
  updateVenues: 'CAN_UPDATE_VENUES',
  deleteVenues: 'CAN_DELETE_VENUES',
  approveVenues: 'CAN_APPROVE_VENUES',
  viewEvents: 'CAN_VIEW_EVENTS',
  deleteEvents: 'CAN_DELETE_EVENTS',
  approveEvents: 'CAN_APPROVE_EVENTS',
  updateOutreach: 'CAN_UPDATE_OUTREACH',
  deleteOutreach: 'CAN_DELETE_OUTREACH',
  approveOutreach: 'CAN_APPROVE_OUTREACH',
  createFirstTimers: 'CAN_CREATE_FIRSTTIMERS',
  // Appointments: view one's own, book (create), host (update: availability and decisions), oversee all (delete).
  createAppointments: 'CAN_CREATE_APPOITMENT',
  hostAppointments: 'CAN_UPDATE_APPOITMENT',
  overseeAppointments: 'CAN_DELETE_APPOITMENT',
  // Goals: create and update within one's scope; delete.
  createGoals: 'CAN_CREATE_GOALS',
  updateGoals: 'CAN_UPDATE_GOALS',
  deleteGoals: 'CAN_DELETE_GOALS',
  // Meetings: view those one is invited to; create, update (minutes, attendance), delete.
  createMeetings: 'CAN_CREATE_MEETINGS',
  updateMeetings: 'CAN_UPDATE_MEETINGS',
  deleteMeetings: 'CAN_DELETE_MEETINGS',
  // The church's own fields on people: define them, and see and keep every one of them (the office).
  manageCustomFields: 'CAN_UPDATE_CUSTOM_FIELDS',
  // Pastoral care notes: reading and writing them (each read audited).
  pastoralCare: 'CAN_UPDATE_PASTORAL_CARE',
  // Tags on people: define them, and add or remove them on the people of one's member list.
  manageTags: 'CAN_UPDATE_TAGS',
  // Households: add a family, change its members, roles and address, delete it (people stay).
  manageHouseholds: 'CAN_UPDATE_HOUSEHOLDS',
  // Giving: see batches and entries; record them (counters); manage funds; approve a posted batch (a second person).
  viewGiving: 'CAN_VIEW_GIVING',
  recordGiving: 'CAN_CREATE_GIVING',
  manageFunds: 'CAN_UPDATE_GIVING',
  approveGiving: 'CAN_APPROVE_GIVING',
} as const;
