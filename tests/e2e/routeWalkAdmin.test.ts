import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, type E2e } from './harness.js';
import { pseudoText } from './pseudoLocale.js';
import { ENGLISH_SAMPLE, checkTheChecks, walkPublic } from './pseudoWalk.js';
import { PHONE } from './routeWalk.js';
import { describeRouteWalk } from './routeWalkTests.js';
import { addWeeksOfMeetings } from './weeksOfMeetings.js';

/**
 * The walk over every route (routeWalkTests.ts): the administrator, with the records' routes, and
 * the member; the pseudo-locale's own checks and the public pages. routeWalkRoles.test.ts, beside
 * it, walks the other roles: the two take about as long (docs/decisions/0247).
 */

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e({ prepare: addWeeksOfMeetings });
});
afterAll(async () => {
  await e2e?.close();
});

const PUBLIC_PATHS = ['/', '/register', '/forgot-password', '/privacy', '/terms'];

/** The public pages' walk opens each once and reads its texts: a minute, and a budget per route on a loaded machine. */
const publicTimeout = (routes: number) => 60_000 + 3_000 * routes;

describe('the pseudo-locale', () => {
  it('wraps each text and each plural form, 40% longer, and keeps the placeholders', () => {
    expect(pseudoText('Save')).toBe('⟦Saveee⟧');
    expect(pseudoText('%{smart_count} member |||| %{smart_count} members')).toBe(
      '⟦%{smart_count} memberrrr⟧ |||| ⟦%{smart_count} memberssss⟧',
    );
    expect(pseudoText('Welcome, %{name}')).toMatch(/^⟦Welcome+, %\{name\}⟧$/);
  });

  it('lets the walk find a stray text, and a page wider than the phone, lets data pass, and lays texts out in English for the phone checks', async () => {
    const { before, after, english } = await checkTheChecks(e2e);
    expect(before).toEqual({ stray: [], overflow: [] });
    expect(after.stray).toEqual(["'Stray words' (Stray words)"]);
    expect(after.overflow[0]).toMatch(/^\d+ px wide$/);
    // and lets the phone checks measure in English: each catalogue word cut back to its letters,
    // data left as it is, and the texts put back after
    expect(english.during).toBe('Add filterWelcome, Ada BellName *');
    expect(english.after).toBe(ENGLISH_SAMPLE.join(''));
  });

  it(
    `at ${PHONE.width}x${PHONE.height}, every text on the public pages is the catalogue's and every public page fits the longer texts`,
    async () => {
      const found = await walkPublic(e2e, PUBLIC_PATHS);
      expect({ stray: found.stray, overflow: found.overflow }).toEqual({ stray: '', overflow: '' });
      expect(found.visited).toBe(PUBLIC_PATHS.length);
    },
    publicTimeout(PUBLIC_PATHS.length),
  );
});

describeRouteWalk(() => e2e, ['member@example.org'], { administrator: true });
