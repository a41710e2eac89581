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
  { path: '/profile/:userId', name: 'profile', access: 'profile' },
  { path: '/members-management', name: 'members', access: 'members' },
  { path: '/roles-management', name: 'roles', access: 'roles' },
  { path: '/users-management', name: 'users', access: 'users' },
  { path: '/demise', name: 'demise', access: 'demise' },
  { path: '/affinity-groups', name: 'affinityGroups', access: 'affinityGroups' },
  { path: '/ministries', name: 'ministries', access: 'ministries' },
  { path: '/accessories', name: 'accessories', access: 'accessories' },
  { path: '/audit-logs', name: 'auditLogs', access: 'auditLogs' },
  { path: '/units', name: 'units', access: 'units' },
  { path: '/special-unit', name: 'specialUnit', access: 'units' },
  { path: '/departments', name: 'departments', access: 'departments' },
  { path: '/departments/view/:name/:id/:hodid', name: 'departmentView', access: 'departments' },
  { path: '/first-timers', name: 'firstTimers', access: 'firstTimers' },
  { path: '/requests', name: 'requests', access: 'requests' },
  { path: '/outreach', name: 'outreach', access: 'outreach' },
  // SPEC.md section 2: the same screen as members management, under its own permission.
  { path: '/attendance', name: 'attendance', access: 'attendance' },
  { path: '/goals', name: 'goals', access: 'goals' },
  { path: '/meetings', name: 'meetings', access: 'meetings' },
  { path: '/notifications', name: 'notifications', access: 'notifications' },
  { path: '/appointments', name: 'appointments', access: 'appointments' },
  { path: '/venue-management', name: 'venues', access: 'venues' },
  { path: '/cih/zones', name: 'cihZones', access: 'cihZones' },
  { path: '/cih/zones/view-centers/:zoneId', name: 'cihZoneCenters', access: 'cihZones' },
  { path: '/cih/zones/zone-members/:id', name: 'cihZoneMembers', access: 'cihZones' },
  { path: '/cih/zones/center/:id', name: 'cihZoneCenter', access: 'cihZones' },
  { path: '/cih/centers', name: 'cihCenters', access: 'cihCenters' },
  { path: '/cih/centers/center', name: 'cihCenterForm', access: 'cihCenters' },
  { path: '/cih/centers/center/:id', name: 'cihCenterDetail', access: 'cihCenters' },
  { path: '/cih/center', name: 'cihCenter', access: 'cihCenter' },
  { path: '/cih/reports/centers', name: 'cihReportsCenters', access: 'cihReports' },
  { path: '/cih/reports/centers/:zoneId/:name', name: 'cihReportsZoneCenters', access: 'cihReports' },
  { path: '/cih/reports/zones', name: 'cihReportsZones', access: 'cihReports' },
  { path: '/cih/reports/followup', name: 'cihFollowup', access: 'cihFollowup' },
  { path: '/cih/reports/followup/:id/:name', name: 'cihFollowupDetail', access: 'cihFollowup' },
];
