import { LOOKUP_PATHS } from '@/domain/lookups/kinds.js';

/**
 * Every address of the web app, as src/screens.ts routes it (src/screens.test.ts checks that the
 * two agree); the lookup lists' come from their table. The server answers them with index.html,
 * so a reload of any of them opens the app even when a parameter holds a dot
 * (/email-verify/a.b@example.org).
 */
export const WEB_ROUTES = [
  '/',
  '/privacy',
  '/terms',
  '/register',
  '/forgot-password',
  '/reset-password/:email',
  '/email-verify/:email',
  '/verify/:email/:type',
  '/home',
  '/overview',
  '/profile/:userId',
  '/profile/:userId/timeline',
  '/profile/:userId/care-notes',
  '/members-management',
  '/attendance',
  '/users-management',
  '/roles-management',
  '/first-timers',
  '/demise',
  '/duplicates',
  '/custom-fields',
  '/tags',
  '/saved-lists',
  '/households',
  '/households/:id',
  '/giving/batches',
  '/giving/batches/:id',
  '/giving/campaigns',
  '/giving/campaigns/:id',
  '/giving/contributions',
  '/giving/funds',
  '/giving/pledges',
  '/giving/reports',
  '/giving/unmatched',
  '/giving/corrections',
  '/giving/statements',
  ...LOOKUP_PATHS,
  '/departments',
  '/departments/view/:name/:id/:hodid',
  '/cih/zones',
  '/cih/zones/zone-members/:id',
  '/cih/zones/view-centers/:zoneId',
  '/cih/zones/center/:id',
  '/cih/centers',
  '/cih/centers/center',
  '/cih/centers/center/:id',
  '/cih/center',
  '/requests',
  '/outreach',
  '/goals',
  '/meetings',
  '/celebrations',
  '/notifications',
  '/appointments',
  '/venue-management',
  '/audit-logs',
  '/cih/reports/zones',
  '/cih/reports/centers',
  '/cih/reports/centers/:zoneId/:name',
  '/cih/reports/followup',
  '/cih/reports/followup/:id/:name',
  '/events',
] as const;

const segments = (path: string) => path.split('/').filter(Boolean);
const PATTERNS = WEB_ROUTES.map(segments);

/** Whether a request path (without its query) is an address of the web app; letter case aside, as the router. */
export function isWebRoute(pathname: string): boolean {
  const parts = segments(pathname);
  return PATTERNS.some(
    (pattern) =>
      pattern.length === parts.length && pattern.every((p, i) => p.startsWith(':') || p.toLowerCase() === parts[i].toLowerCase()),
  );
}
