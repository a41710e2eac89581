import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { AccessKey } from './authProvider/access';
import type { en } from './i18n/en';

/** A route's name keys its texts: flock.routes.<name>.title (and .placeholder for the signed-in ones). */
export type RouteName = keyof typeof en.flock.routes;
export type Screen = LazyExoticComponent<ComponentType>;

/** A signed-in route; without a screen it shows the placeholder until its issue builds it. */
export type PrivateRoute = { path: string; name: RouteName; access: AccessKey; screen?: Screen };
export type PublicRoute = { path: string; name: RouteName; screen: Screen };

/** Route screens load on demand, each in its own chunk. */
function lazyScreen<K extends string, P extends object = object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

export const OverviewPage = lazyScreen(() => import('./custom/OverviewPage'), 'OverviewPage');
export const PlaceholderPage = lazyScreen(() => import('./custom/PlaceholderPage'), 'PlaceholderPage');
export const NotFoundPage = lazyScreen(() => import('./custom/NotFoundPage'), 'NotFoundPage');
export const LoginPage = lazyScreen(() => import('./custom/auth/LoginPage'), 'LoginPage');

const lookupScreen = (name: 'MinistryList' | 'UnitList' | 'SpecialUnitList' | 'AccessoryList' | 'MoiList' | 'MountainOfInfluenceList' | 'AffinityGroupList') =>
  lazyScreen(() => import('./resources/lookups/LookupPages'), name);
const CenterShow = lazyScreen(() => import('./resources/centers/CenterPages'), 'CenterShow');
/** /members-management and /attendance: one screen (SPEC.md section 2). */
const MemberList = lazyScreen(() => import('./resources/members/MemberList'), 'MemberList');

/** Public routes (SPEC.md section 2): a signed-in visitor is sent to overview. '/' (login) is App's own. */
export const PUBLIC_ROUTES: PublicRoute[] = [
  { path: '/register', name: 'register', screen: lazyScreen(() => import('./custom/auth/RegisterPage'), 'RegisterPage') },
  {
    path: '/forgot-password',
    name: 'forgotPassword',
    screen: lazyScreen(() => import('./custom/auth/ForgotPasswordPage'), 'ForgotPasswordPage'),
  },
  {
    path: '/reset-password/:email',
    name: 'resetPassword',
    screen: lazyScreen(() => import('./custom/auth/ResetPasswordPage'), 'ResetPasswordPage'),
  },
  {
    path: '/email-verify/:email',
    name: 'emailVerify',
    screen: lazyScreen(() => import('./custom/auth/EmailVerifyPage'), 'EmailVerifyPage'),
  },
  { path: '/verify/:email/:type', name: 'verify', screen: lazyScreen(() => import('./custom/auth/VerifyLanding'), 'VerifyLanding') },
];

/** Open to everybody, signed in or not. */
export const OPEN_ROUTES: PublicRoute[] = [
  { path: '/privacy', name: 'privacy', screen: lazyScreen(() => import('./custom/InfoPage'), 'PrivacyPage') },
  { path: '/terms', name: 'terms', screen: lazyScreen(() => import('./custom/InfoPage'), 'TermsPage') },
];

/** The signed-in area of SPEC.md section 2; later issues give each row its screen. */
export const PRIVATE_ROUTES: PrivateRoute[] = [
  { path: '/home', name: 'home', access: 'home', screen: OverviewPage },
  { path: '/overview', name: 'overview', access: 'overview', screen: OverviewPage },
  { path: '/profile/:userId', name: 'profile', access: 'profile', screen: lazyScreen(() => import('./custom/profile/ProfilePage'), 'ProfilePage') },
  { path: '/members-management', name: 'members', access: 'members', screen: MemberList },
  { path: '/roles-management', name: 'roles', access: 'roles', screen: lazyScreen(() => import('./resources/roles/RoleList'), 'RoleList') },
  { path: '/users-management', name: 'users', access: 'users', screen: lazyScreen(() => import('./resources/users/UserList'), 'UserList') },
  { path: '/demise', name: 'demise', access: 'demise', screen: lazyScreen(() => import('./resources/demise/DemiseList'), 'DemiseList') },
  { path: '/affinity-groups', name: 'affinityGroups', access: 'affinityGroups', screen: lookupScreen('AffinityGroupList') },
  { path: '/ministries', name: 'ministries', access: 'ministries', screen: lookupScreen('MinistryList') },
  { path: '/accessories', name: 'accessories', access: 'accessories', screen: lookupScreen('AccessoryList') },
  { path: '/audit-logs', name: 'auditLogs', access: 'auditLogs' },
  { path: '/units', name: 'units', access: 'units', screen: lookupScreen('UnitList') },
  { path: '/special-unit', name: 'specialUnit', access: 'specialUnits', screen: lookupScreen('SpecialUnitList') },
  // Beyond SPEC.md section 2: the lookup lists of issue 5 that have no route there.
  { path: '/moi', name: 'moi', access: 'moi', screen: lookupScreen('MoiList') },
  { path: '/mountains-of-influence', name: 'mountainsOfInfluence', access: 'mountainsOfInfluence', screen: lookupScreen('MountainOfInfluenceList') },
  {
    path: '/departments',
    name: 'departments',
    access: 'departments',
    screen: lazyScreen(() => import('./resources/departments/DepartmentList'), 'DepartmentList'),
  },
  {
    path: '/departments/view/:name/:id/:hodid',
    name: 'departmentView',
    access: 'departments',
    screen: lazyScreen(() => import('./resources/departments/DepartmentShow'), 'DepartmentShow'),
  },
  {
    path: '/first-timers',
    name: 'firstTimers',
    access: 'firstTimers',
    screen: lazyScreen(() => import('./resources/firstTimers/FirstTimerList'), 'FirstTimerList'),
  },
  { path: '/requests', name: 'requests', access: 'requests', screen: lazyScreen(() => import('./custom/requests/RequestsPage'), 'RequestsPage') },
  { path: '/outreach', name: 'outreach', access: 'outreach' },
  // SPEC.md section 2: the same screen as members management, under its own permission.
  { path: '/attendance', name: 'attendance', access: 'attendance', screen: MemberList },
  { path: '/goals', name: 'goals', access: 'goals' },
  { path: '/meetings', name: 'meetings', access: 'meetings' },
  { path: '/notifications', name: 'notifications', access: 'notifications' },
  { path: '/appointments', name: 'appointments', access: 'appointments' },
  { path: '/venue-management', name: 'venues', access: 'venues' },
  { path: '/cih/zones', name: 'cihZones', access: 'cihZones', screen: lazyScreen(() => import('./resources/zones/ZonePages'), 'ZoneList') },
  {
    path: '/cih/zones/view-centers/:zoneId',
    name: 'cihZoneCenters',
    access: 'cihZones',
    screen: lazyScreen(() => import('./resources/zones/ZonePages'), 'ZoneCenterList'),
  },
  {
    path: '/cih/zones/zone-members/:id',
    name: 'cihZoneMembers',
    access: 'cihZones',
    screen: lazyScreen(() => import('./resources/zones/ZonePages'), 'ZoneMemberList'),
  },
  { path: '/cih/zones/center/:id', name: 'cihZoneCenter', access: 'cihZones', screen: CenterShow },
  { path: '/cih/centers', name: 'cihCenters', access: 'cihCenters', screen: lazyScreen(() => import('./resources/centers/CenterPages'), 'CenterList') },
  {
    path: '/cih/centers/center',
    name: 'cihCenterForm',
    access: 'cihCenterForm',
    screen: lazyScreen(() => import('./resources/centers/CenterPages'), 'CenterCreate'),
  },
  { path: '/cih/centers/center/:id', name: 'cihCenterDetail', access: 'cihCenters', screen: CenterShow },
  { path: '/cih/center', name: 'cihCenter', access: 'cihCenter', screen: lazyScreen(() => import('./resources/centers/MyCenter'), 'MyCenter') },
  { path: '/cih/reports/centers', name: 'cihReportsCenters', access: 'cihReports' },
  { path: '/cih/reports/centers/:zoneId/:name', name: 'cihReportsZoneCenters', access: 'cihReports' },
  { path: '/cih/reports/zones', name: 'cihReportsZones', access: 'cihReports' },
  { path: '/cih/reports/followup', name: 'cihFollowup', access: 'cihFollowup' },
  { path: '/cih/reports/followup/:id/:name', name: 'cihFollowupDetail', access: 'cihFollowup' },
];
