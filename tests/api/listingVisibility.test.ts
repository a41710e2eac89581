/**
 * One visibility rule for every answer that lists people (docs/decisions/0199-one-listing-rule.md):
 * a member who says no to being listed is in no list, picker, search or export of a leader
 * without CAN_UPDATE_OTHER_MEMBERS. The walk reads the route registry, so a GET route added
 * later is called as soon as it is declared: nothing here lists the routes that return people.
 * Each GET route is called by two leaders (a head of department with the seeded hod role, and a
 * leader holding every permission but CAN_UPDATE_OTHER_MEMBERS), with no query and with a search
 * for the family name the unlisted person shares with a listed one, and the whole JSON answer
 * is searched for the unlisted person's id, first name and email. The routes that must show
 * them are the EXCEPTIONS below, each with its reason.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ZodType } from 'zod';
import { afterAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, P } from '@/domain/roles/permissions.js';
import { departments } from '@/server/db/schema/index.js';
import { addCenter, addDepartment, addZone, joinDepartments } from '@/tests/support/churchStructure.js';
import { setAffiliation } from '@/tests/support/people.js';
import { userWith } from '@/tests/support/roles.js';
import { ADMIN_EMAIL, startServer } from '@/tests/support/server.js';
import { createUser } from '@/tests/support/users.js';

/**
 * GET routes that show the unlisted person to a leader on purpose, keyed 'GET /Path' as
 * declared. Keep this list short: each entry is a place the choice does not reach.
 */
const EXCEPTIONS: Record<string, string> = {
  'GET /Department/GetDepartmentMembers':
    "a department's own roster: its head serves everyone in it, listed or not (the member lists' rule since 0017_listing_consent)",
  'GET /Department/GetMatchingDepartmentMembers':
    "'all that match' of a department's own roster (docs/decisions/0229): the ids of the people GetDepartmentMembers shows",
  'GET /Center/GetMyCenter': "a center's own roster: its pastor and coordinator take everyone's attendance",
  'GET /CIHAttendance/GetAbsentees': "a center's own roster: the follow-up of its absentees",
  'GET /AuditTrail/GetAllAudit':
    'the audit log is the record of what was done to whom, for its reviewers (CAN_VIEW_AUDIT_REPORT), not a people list',
  'GET /AuditTrail/ExportAudit': 'the audit log, exported: as GetAllAudit',
};

const s = await startServer();
afterAll(async () => {
  await s.close();
});

const tag = randomUUID().slice(0, 6);
/** The family name both people share, so a search for it finds the listed one and would find the unlisted one. */
const family = `Hiddenfam${tag}`;
const zone = await addZone(s);
const center = await addCenter(s, zone.id);
const dept = await addDepartment(s);

async function placed(firstName: string, consents?: { listing: boolean }) {
  const person = await createUser(s, { overrides: { firstName, surName: family, consents } });
  await setAffiliation(s, person.id, { zoneId: zone.id, centerId: center.id });
  await joinDepartments(s, person.id, [dept.id]);
  return person;
}

const unlisted = await placed(`Keziah${tag}`, { listing: false });
const listed = await placed(`Jemimah${tag}`);

/** What would give the unlisted person away in an answer. */
const traces = [unlisted.id, `Keziah${tag}`, unlisted.email];

const hod = await createUser(s, { role: 'hod' });
await s.database.db.update(departments).set({ hodId: hod.id }).where(eq(departments.id, dept.id));
const broad = await userWith(
  s,
  ALL_PERMISSIONS.filter((p) => p !== P.updateOtherMembers),
);
const admin = await s.login(ADMIN_EMAIL);

/** The keys a query schema takes (an object, or one refined or piped). */
function queryKeys(schema: ZodType | undefined): string[] {
  const def = (schema as { def?: { shape?: object; in?: ZodType } } | undefined)?.def;
  if (!def) return [];
  if (def.shape) return Object.keys(def.shape);
  return def.in ? queryKeys(def.in) : [];
}

/** Values for the query keys the walk knows: the fixtures' department, zone and center (each list's first page holds everyone here). */
const KNOWN: Record<string, string> = {
  departmentId: dept.id,
  zoneId: zone.id,
  centerId: center.id,
};

const getRoutes = s.app.services.routes.filter((r) => r.method === 'GET');

/** The paths to call for a route: with the known keys, and with a search for the family name where it searches. */
function pathsOf(route: (typeof getRoutes)[number]): string[] {
  const keys = queryKeys(route.query);
  const known = new URLSearchParams();
  for (const key of keys) if (KNOWN[key]) known.set(key, KNOWN[key]);
  const paths = [known.size ? `${route.url}?${known}` : route.url];
  for (const searchKey of ['search', 'q', 'name']) {
    if (!keys.includes(searchKey)) continue;
    const searched = new URLSearchParams(known);
    searched.set(searchKey, family);
    paths.push(`${route.url}?${searched}`);
  }
  return paths;
}

type Answer = { key: string; path: string; status: number; text: string };

async function walk(token: string): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (const route of getRoutes) {
    const key = `GET ${route.url}`;
    if (key in EXCEPTIONS) continue;
    for (const path of pathsOf(route)) {
      const res = await s.call('GET', path, { token });
      answers.push({ key, path, status: res.status, text: typeof res.body === 'string' ? res.body : JSON.stringify(res.body) });
    }
  }
  return answers;
}

const leaks = (answers: Answer[]) =>
  answers.filter((a) => traces.some((t) => a.text.toLowerCase().includes(t.toLowerCase()))).map((a) => `${a.path} (${a.status})`);

describe('the one listing rule, walked over every GET route', () => {
  it('names only routes that exist as its exceptions', () => {
    const declared = new Set(getRoutes.map((r) => `GET ${r.url}`));
    expect(Object.keys(EXCEPTIONS).filter((key) => !declared.has(key))).toEqual([]);
  });

  for (const [who, token] of [
    ['a head of department', hod.token],
    ['a leader with every permission but CAN_UPDATE_OTHER_MEMBERS', broad.token],
  ] as const) {
    it(`shows ${who} the listed person and never the unlisted one`, async () => {
      const answers = await walk(token);
      expect(leaks(answers)).toEqual([]);
      // The walk is not empty: the people lists answered, with the listed person in them.
      const withListed = new Set(answers.filter((a) => a.status === 200 && a.text.includes(listed.id)).map((a) => a.key));
      expect(withListed).toContain('GET /Notification/GetPeople');
      expect(withListed).toContain('GET /Meeting/GetInviteeChoices');
    });
  }

  it('shows them to an administrator (CAN_UPDATE_OTHER_MEMBERS), who keeps everyone’s records', async () => {
    const answers = await walk(admin);
    const found = new Set(answers.filter((a) => a.text.includes(unlisted.id)).map((a) => a.key));
    for (const key of [
      'GET /ChurchAffiliation/GetMemberQuery',
      'GET /Admin/GetAllUsers',
      'GET /Notification/GetPeople',
      'GET /Meeting/GetInviteeChoices',
    ])
      expect(found).toContain(key);
  });
});
