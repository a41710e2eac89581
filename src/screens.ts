import { accessTable } from '@/src/authProvider/access';
import type { Descriptor, RouteTitle, Screen } from '@/src/common/descriptor';
import { auth } from '@/src/areas/auth';
import { info } from '@/src/areas/info';
import { dashboardStats, overview } from '@/src/areas/overview';
import { inbox, notifications, sentNotifications } from '@/src/areas/notifications';
import { allEvents, events, myOutreach, outreach, outreachReports, venueBookings, venues } from '@/src/areas/gatherings';
import {
  avatars,
  biodata,
  careNotes,
  children,
  churchAffiliations,
  consents,
  customFields,
  customFieldValues,
  employers,
  erasures,
  memberDepartments,
  profiles,
  qualifications,
  spouses,
  stages,
  timelines,
} from '@/src/areas/profile';
import { appointments } from '@/src/areas/appointments';
import { auditLogs } from '@/src/areas/auditTrail';
import { centerChoices, centers, cihCenter, zoneChoices, zones } from '@/src/areas/cih';
import { cihAttendance, cihDashboardStats, cihFollowup, cihInspections, cihReports } from '@/src/areas/cihReports';
import { delistedMembers, departmentChoices, departmentMembers, departments } from '@/src/areas/departments';
import { goals } from '@/src/areas/goals';
import {
  contributions,
  givingBatches,
  givingCorrections,
  givingFunds,
  givingStatements,
  myGiving,
  unmatchedGifts,
} from '@/src/areas/giving';
import { givingCampaigns, givingReports, myPledges, pledges } from '@/src/areas/giving/pledgeScreens';
import { households, personHousehold } from '@/src/areas/households';
import { celebrationSettings, celebrations } from '@/src/areas/celebrations';
import { LOOKUP_SCREENS } from '@/src/areas/lookups';
import { meetingInviteeChoices, meetings } from '@/src/areas/meetings';
import {
  attendance,
  demise,
  duplicates,
  firstTimers,
  firstTimerStats,
  memberImports,
  members,
  personTags,
  savedLists,
  tags,
  users,
} from '@/src/areas/people';
import { allRequests, hodRequests, inspectorateRequests, myRequests, requests } from '@/src/areas/requests';
import { assignableRoles, cihRoles, permissionModules, rolePermissions, roles, userRoles } from '@/src/areas/roles';

/**
 * THE list of the web app's screen areas and resources (each area's index.ts). The access table
 * below is derived from it; App builds its routes, the side menu and the providers from them and
 * the endpoint table (src/endpoints.ts, rows under the same names) and hands them in, so that the
 * providers and the layout import no area.
 */
export const SCREENS = [
  auth,
  info,
  overview,
  dashboardStats,
  profiles,
  biodata,
  qualifications,
  children,
  spouses,
  employers,
  churchAffiliations,
  memberDepartments,
  avatars,
  members,
  attendance,
  users,
  roles,
  rolePermissions,
  userRoles,
  permissionModules,
  assignableRoles,
  cihRoles,
  firstTimers,
  firstTimerStats,
  demise,
  duplicates,
  tags,
  personTags,
  savedLists,
  households,
  personHousehold,
  ...LOOKUP_SCREENS,
  departments,
  departmentMembers,
  delistedMembers,
  departmentChoices,
  zones,
  zoneChoices,
  centers,
  cihCenter,
  centerChoices,
  requests,
  myRequests,
  hodRequests,
  inspectorateRequests,
  allRequests,
  goals,
  givingBatches,
  contributions,
  givingFunds,
  givingStatements,
  myGiving,
  unmatchedGifts,
  givingCorrections,
  givingCampaigns,
  pledges,
  givingReports,
  myPledges,
  celebrations,
  celebrationSettings,
  meetings,
  notifications,
  appointments,
  auditLogs,
  cihReports,
  cihFollowup,
  inbox,
  sentNotifications,
  cihAttendance,
  cihDashboardStats,
  cihInspections,
  erasures,
  consents,
  customFields,
  customFieldValues,
  stages,
  timelines,
  careNotes,
  venues,
  venueBookings,
  events,
  allEvents,
  outreach,
  outreachReports,
  meetingInviteeChoices,
  myOutreach,
  memberImports,
] as const;

export type ScreenDescriptor = (typeof SCREENS)[number];
export type ScreenName = ScreenDescriptor['name'];

/** One route of the app: its address, title, screen, and the access entry and action its guard asks for. */
export type AppRoute = { path: string; title: RouteTitle; screen?: Screen; access: string; action: string };

/** A descriptor's routes: its main address first, then the others. */
export function routesOf(d: Descriptor): AppRoute[] {
  const main: AppRoute[] = d.path
    ? [{ path: d.path, title: d.title ?? (d.name as RouteTitle), screen: d.screen, access: d.name, action: 'view' }]
    : [];
  const more = (d.routes ?? []).map((r) => ({
    path: r.path,
    title: r.title,
    screen: r.screen,
    access: d.name,
    action: r.action ?? 'view',
  }));
  return [...main, ...more];
}

const DESCRIPTORS: readonly Descriptor[] = SCREENS;

/** The routes of one area: signed-in, public (signed-out visitors only) or open (everybody); <Resource> lists apart. */
export const routesIn = (area: 'signedIn' | 'public' | 'open', asResource = false) =>
  DESCRIPTORS.filter((d) => (d.area ?? 'signedIn') === area && !!d.asResource === asResource).flatMap(routesOf);

/** The descriptors App mounts as react-admin <Resource>s. */
export const RESOURCE_SCREENS = DESCRIPTORS.filter((d) => d.asResource);

/** The access table (rules per descriptor name), which App hands to the auth provider and to AccessProvider. */
export const ACCESS = accessTable(SCREENS);
