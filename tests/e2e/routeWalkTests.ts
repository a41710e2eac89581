import { describe, expect, it } from 'vitest';
import { ADMIN, DEMO_PASSWORD, type E2e } from './harness.js';
import { pseudoText } from './pseudoLocale.js';
import { walkSignedIn } from './pseudoWalk.js';
import { PHONE, SIGNED_IN_PATHS, recordRoutes, userId } from './routeWalk.js';
import { WEEKS } from './weeksOfMeetings.js';

/**
 * The walk over every route of the demo's roles, one `it` a person so that a failure names it.
 * The roles are shared between two files (routeWalkAdmin.test.ts, routeWalkRoles.test.ts) that
 * run side by side, one a core, each on its own server with WEEKS weeks of CIH meetings and
 * reports (weeksOfMeetings.ts): the pages of a CIH pastor and coordinator hold what a real
 * center's hold (docs/decisions/0247).
 */

const PSEUDO_FINE = { stray: '', overflow: '' };
const PHONE_FINE = { misfits: '', tooSmall: '', cut: '', filtersMissing: '' };

/**
 * A walk opens every route in turn, waits for each to load and opens each list's filters: its time
 * grows with the routes and the machine's load, so its limit is a minute plus a generous budget per route.
 */
const walkTimeout = (routes: number) => 60_000 + 5_000 * routes;

const WHAT = `at ${PHONE.width}x${PHONE.height} in the pseudo-locale, with ${WEEKS} weeks of CIH meetings and reports, every text on every route is the catalogue's and every route fits the longer texts; and, measured in English, every route fits, holds still while it loads, offers controls of at least 44x44 px within the screen, cuts no title or tab, and opens each list's filters`;

/** The walk of each of `roles` (demo accounts), and of the administrator with the records' routes when `administrator`. */
export function describeRouteWalk(e2e: () => E2e, roles: string[], { administrator }: { administrator: boolean }) {
  describe(WHAT, () => {
    it.each(roles)(
      'on every route %s may open',
      async (email) => {
        const own = `/profile/${await userId(e2e(), email)}`;
        const found = await walkSignedIn(e2e(), email, DEMO_PASSWORD, [...SIGNED_IN_PATHS, own]);
        expect(found.pseudo).toEqual(PSEUDO_FINE);
        expect(found.phone).toEqual(PHONE_FINE);
        expect(found.visited).toBeGreaterThan(3);
        console.log(email, JSON.stringify(found.filtersOpened));
      },
      walkTimeout(SIGNED_IN_PATHS.length + 1),
    );

    if (!administrator) return;
    it(
      'on every route the administrator may open, records included',
      async () => {
        const records = [`/profile/${await userId(e2e(), ADMIN.email)}`, ...(await recordRoutes(e2e()))];
        const found = await walkSignedIn(e2e(), ADMIN.email, ADMIN.password, [...SIGNED_IN_PATHS, ...records]);
        expect(found.pseudo).toEqual(PSEUDO_FINE);
        expect(found.phone).toEqual(PHONE_FINE);
        expect(found.visited).toBeGreaterThan(SIGNED_IN_PATHS.length / 2);
        console.log('admin', JSON.stringify(found.filtersOpened));
        // The member list's filters, past the screen's left edge before docs/decisions/0224, all open
        // (on the first route that shows that list: the list keeps them open on the next).
        const opened = Object.values(found.filtersOpened).flat();
        expect(opened).toContain(pseudoText('Birthday this month'));
        expect(opened.length).toBeGreaterThan(5);
      },
      walkTimeout(SIGNED_IN_PATHS.length + 8),
    );
  });
}
