import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, countDistinct, eq, isNull, like, ne, sql } from 'drizzle-orm';
import { ALL_PERMISSIONS, permissionString, P } from '@/domain/roles/permissions.js';
import { DEFAULT_ROLE_PERMISSIONS, PLATFORM_ROLES, type RoleName } from '@/domain/roles/roles.js';
import type { Db } from '@/server/db/client.js';
import {
  affinityGroups,
  biodata,
  centers,
  churchAffiliations,
  departments,
  eventRequests,
  outreachReports,
  outreachRequests,
  permissions,
  rolePermissions,
  roles,
  userDepartments,
  userRoles,
  users,
  venueBookings,
  venues,
  zones,
} from '@/server/db/schema/index.js';
import { rowsOf } from '@/server/db/queries.js';
import { seedCatalogue } from '@/server/seed/base.js';
import { seedDemo } from '@/server/seed/demo.js';
import { seedDatabase, type SeedOptions } from '@/server/seed/index.js';
import { verifyPassword } from '@/server/modules/auth/passwords.js';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  DEMO_PASSWORD,
  memoryDatabase,
  startServer,
  TEST_PASSWORD_COST,
  type TestServer,
} from '@/tests/support/server.js';

// The product's enumerations, word for word.
const GENDER_OF_TITLE: Record<string, string> = { Mr: 'Male', Master: 'Male', Mrs: 'Female', Miss: 'Female' };
const MARITAL = [
  'Married',
  'Single',
  'Divorced',
  'Divorced/Married',
  'Separated',
  'Widower',
  'Widower/Remarried',
  'Single Parent',
  'Widow',
  'Widow/Remarried',
];
const DEMO = '%@example.org';

let s: TestServer;
let db: Db;
const seedOpts: SeedOptions = {
  adminEmail: ADMIN_EMAIL,
  adminPassword: ADMIN_PASSWORD,
  seedDemo: true,
  demoPassword: DEMO_PASSWORD,
  embedded: false,
  passwordCost: TEST_PASSWORD_COST,
};

beforeAll(async () => {
  s = await startServer({ demo: true });
  db = s.database.db;
});
afterAll(async () => s?.close());

async function login(email: string, password = DEMO_PASSWORD) {
  const res = await s.call('POST', '/Auth/Login', { body: { username: email, password } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const permsOf = (data: { permissions: Array<{ accessRight: string; moduleName: string }> }) =>
  data.permissions.map(permissionString).sort();

const expectedPerms = (names: RoleName[]) => [...new Set(names.flatMap((r) => DEFAULT_ROLE_PERMISSIONS[r]))].sort();

async function userId(email: string) {
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return u.id;
}

describe('demo accounts', () => {
  const FIXED: Array<{ email: string; roles: string[]; cihRole: 'cihpastor' | 'cihcoordinator' | null; firstTimer: boolean }> = [
    { email: 'member@example.org', roles: ['member'], cihRole: null, firstTimer: false },
    { email: 'hod@example.org', roles: ['hod'], cihRole: null, firstTimer: false },
    { email: 'inspectorate@example.org', roles: ['inspectorate'], cihRole: null, firstTimer: false },
    { email: 'cihpastor@example.org', roles: ['member'], cihRole: 'cihpastor', firstTimer: false },
    { email: 'cihcoordinator@example.org', roles: ['member'], cihRole: 'cihcoordinator', firstTimer: false },
    { email: 'firsttimer@example.org', roles: ['firsttimers'], cihRole: null, firstTimer: true },
  ];

  it.each(FIXED)('$email signs in with the demo password and holds its role', async ({ email, roles: names, cihRole, firstTimer }) => {
    const data = await login(email);
    expect(data.user.roles).toEqual(names);
    expect(data.user.isFirstTimer).toBe(firstTimer);
    expect(data.churchAffiliation.cihRole).toBe(cihRole);
    const held = [...names, ...(cihRole ? [cihRole] : [])] as RoleName[];
    expect(permsOf(data)).toEqual(expectedPerms(held));
    // Members belong to a zone and a center; the first-timer has no affiliation yet.
    expect(data.churchAffiliation.centerId === null).toBe(firstTimer);
  });

  it('refuses a demo account with a wrong password', async () => {
    const res = await s.call('POST', '/Auth/Login', { body: { username: 'member@example.org', password: 'Wrong-pass-1' } });
    expect(res.status).toBe(400);
  });

  it('gives the administrator every catalogue permission', async () => {
    const data = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(data.user.roles).toEqual(['administrator']);
    expect(permsOf(data)).toEqual([...ALL_PERMISSIONS].sort());
  });

  it('lets a member edit their profile but not manage users', async () => {
    const perms = permsOf(await login('member@example.org'));
    expect(perms).toContain(P.updateMembers);
    expect(perms).not.toContain(P.viewUserManagement);
  });

  it('gives the CIH pastor the CIH center view and a center', async () => {
    const data = await login('cihpastor@example.org');
    expect(data.churchAffiliation.cihRole).toBe('cihpastor');
    expect(permsOf(data)).toContain(P.viewCihCenter);
    const [center] = await db.select().from(centers).where(eq(centers.id, data.churchAffiliation.centerId));
    expect(center.zoneId).toBe(data.churchAffiliation.zoneId);
  });

  it('makes hod@ the head of a department that has members, member@ among them', async () => {
    const [dept] = await db
      .select()
      .from(departments)
      .where(eq(departments.hodId, await userId('hod@example.org')));
    expect(dept).toBeDefined();
    const rows = await db.select().from(userDepartments).where(eq(userDepartments.departmentId, dept.id));
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.map((r) => r.userId)).toContain(await userId('member@example.org'));
  });

  it('lets the seeded permissions through the server guard', async () => {
    const inspector = await s.login('inspectorate@example.org');
    const ok = await s.call('GET', '/Stats/GetAdminDashboardStats', { token: inspector });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ departments: 8, zones: 4 });
    const member = await s.login('member@example.org');
    expect((await s.call('GET', '/Stats/GetAdminDashboardStats', { token: member })).status).toBe(403);
  });
});

describe('demo church', () => {
  const demoPeople = () =>
    db
      .select({ user: users, bio: biodata })
      .from(users)
      .leftJoin(biodata, eq(biodata.userId, users.id))
      .where(and(like(users.email, DEMO), ne(users.email, ADMIN_EMAIL)));

  it('has about 200 people, each verified, enabled and with biodata', async () => {
    const people = await demoPeople();
    expect(people.length).toBeGreaterThanOrEqual(190);
    expect(people.length).toBeLessThanOrEqual(210);
    expect(people.filter((p) => !p.bio)).toEqual([]);
    expect(people.every((p) => p.user.emailVerified && !p.user.disabled)).toBe(true);
  });

  it('keeps biodata within the spec enumerations', async () => {
    const today = new Date().toISOString().slice(0, 10);
    for (const { bio } of await demoPeople()) {
      expect(GENDER_OF_TITLE[bio!.title!], bio!.email).toBe(bio!.gender);
      expect(MARITAL).toContain(bio!.maritalStatus);
      expect(['Employed', 'Unemployed']).toContain(bio!.employmentStatus);
      expect(bio!.dateOfBirth! < today).toBe(true);
      if (bio!.maidenName) expect(bio!.gender).toBe('Female');
    }
  });

  it('varies the data: both genders, several states of origin, some maiden names', async () => {
    const people = await demoPeople();
    const distinct = (f: (b: NonNullable<(typeof people)[number]['bio']>) => unknown) => new Set(people.map((p) => f(p.bio!))).size;
    expect(distinct((b) => b.gender)).toBe(2);
    expect(distinct((b) => b.title)).toBe(4);
    expect(distinct((b) => b.maritalStatus)).toBeGreaterThan(5);
    expect(distinct((b) => b.stateOfOrigin)).toBeGreaterThan(10);
    expect(people.some((p) => p.bio!.maidenName)).toBe(true);
  });

  it('fills every platform role, and only first-timers are first-timers', async () => {
    const rows = await db
      .select({ role: roles.name, firstTimer: users.isFirstTimer })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .innerJoin(users, eq(users.id, userRoles.userId))
      .where(like(users.email, DEMO));
    for (const role of PLATFORM_ROLES)
      expect(
        rows.some((r) => r.role === role),
        role,
      ).toBe(true);
    for (const r of rows) expect(r.firstTimer).toBe(r.role === 'firsttimers');
  });

  it('has 4 zones of 3 centers, 8 departments with heads and 6 affinity groups', async () => {
    const perZone = await db.select({ zoneId: centers.zoneId, n: count() }).from(centers).groupBy(centers.zoneId);
    expect(perZone.map((z) => z.n)).toEqual([3, 3, 3, 3]);
    const depts = await db.select().from(departments);
    expect(depts.map((d) => d.departmentName).sort()).toEqual([
      'Children',
      'Choir',
      'Media',
      'Protocol',
      'Sanctuary',
      'Technical',
      'Ushering',
      'Welfare',
    ]);
    expect(depts.every((d) => d.hodId)).toBe(true);
    const [groups] = await db.select({ n: count(), codes: countDistinct(affinityGroups.affinityGroupCode) }).from(affinityGroups);
    expect(groups).toEqual({ n: 6, codes: 6 });
  });

  it('gives CIH roles to leaders, a charter number only to chartered level-2 members', async () => {
    const rows = await db.select().from(churchAffiliations);
    expect(rows.filter((r) => r.cihRole === 'cihpastor').length).toBeGreaterThanOrEqual(2);
    expect(rows.filter((r) => r.cihRole === 'cihcoordinator').length).toBeGreaterThanOrEqual(2);
    for (const r of rows) {
      expect(['1', '2']).toContain(r.levelOfATS);
      if (r.charteredMemberNumber) expect(r.charteredMember && r.levelOfATS === '2').toBe(true);
    }
    const [orphans] = await db.select({ n: count() }).from(churchAffiliations).where(isNull(churchAffiliations.centerId));
    expect(orphans.n).toBe(0);
  });

  it("saves a demo member's church affiliation unchanged: every name it holds is in its list", async () => {
    const token = await s.login('member@example.org');
    const me = (await s.call('POST', '/Auth/Login', { body: { username: 'member@example.org', password: DEMO_PASSWORD } })).body.data.user;
    const current = (await s.call('GET', `/ChurchAffiliation/GetChurchAffiliationByUserId?id=${me.id}`, { token })).body.data;
    expect(current.mountainOfInfluence).toBeTruthy();
    const saved = await s.call('PUT', '/ChurchAffiliation/UpdateChurchAffiliation', { token, body: current });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });

  it('gives every demo center weeks of attendance, so the CIH charts are not empty on a first start', async () => {
    const token = await s.login('inspectorate@example.org');
    const stats = (await s.call('GET', '/Stats/GetCIHDasboardStats', { token })).body.data;
    expect(stats.centerCount).toBe(12);
    expect(stats.meetings).toBe(12 * 8);
    expect(stats.present).toBeGreaterThan(0);
    expect(stats.present).toBeLessThan(stats.members);
    expect(stats.series.length).toBe(8);
    expect(stats.firstTimers).toBeGreaterThan(0);
    // Every member of a center is marked at each of its meetings: the pre-aggregate matches the marks.
    const [wrong] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from cih_meetings m
        where m.members_count <> (select count(*) from cih_attendance_marks a where a.meeting_id = m.id)
           or m.present_count <> (select count(*) from cih_attendance_marks a where a.meeting_id = m.id and a.present)`),
    );
    expect(wrong.n).toBe(0);
  });

  it('gives every demo account the same single password hash', async () => {
    const [row] = await db
      .select({ n: countDistinct(users.passwordHash) })
      .from(users)
      .where(and(like(users.email, DEMO), ne(users.email, ADMIN_EMAIL)));
    expect(row.n).toBe(1);
  });
});

describe('seeding again', () => {
  const counted = {
    users,
    roles,
    rolePermissions,
    permissions,
    zones,
    centers,
    departments,
    biodata,
    churchAffiliations,
    userDepartments,
    venues,
    venueBookings,
    eventRequests,
    outreachRequests,
    outreachReports,
  };
  async function counts() {
    const out: Record<string, number> = {};
    for (const [name, table] of Object.entries(counted)) out[name] = (await db.select({ n: count() }).from(table))[0].n;
    return out;
  }

  it('adds no rows', async () => {
    const before = await counts();
    const result = await seedDatabase(db, seedOpts);
    expect(result.admin.created).toBe(false);
    expect(result.demo).toEqual({ created: false });
    expect(await counts()).toEqual(before);
  });

  it("keeps an administrator's change to a role's permissions", async () => {
    const [member] = await db.select().from(roles).where(eq(roles.name, 'member'));
    const [perm] = await db
      .select()
      .from(permissions)
      .where(and(eq(permissions.accessRight, 'CAN_UPDATE'), eq(permissions.moduleName, 'Members')));
    const link = and(eq(rolePermissions.roleId, member.id), eq(rolePermissions.permissionId, perm.id));
    expect(await db.delete(rolePermissions).where(link).returning()).toHaveLength(1);
    try {
      await seedDatabase(db, seedOpts);
      expect(await db.select().from(rolePermissions).where(link)).toHaveLength(0);
      expect(permsOf(await login('member@example.org'))).not.toContain(P.updateMembers);
    } finally {
      await db.insert(rolePermissions).values({ roleId: member.id, permissionId: perm.id });
    }
  });
});

describe('administrator account', () => {
  it('is created from the given email and password', async () => {
    const data = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(data.user.email).toBe(ADMIN_EMAIL);
    const wrong = await s.call('POST', '/Auth/Login', { body: { username: ADMIN_EMAIL, password: DEMO_PASSWORD } });
    expect(wrong.status).toBe(400);
  });

  it('is added for a new ADMIN_EMAIL, with a generated password when none is given', async () => {
    const given = await seedDatabase(db, { ...seedOpts, adminEmail: 'second.admin@example.net', adminPassword: 'Second-pass-1' });
    expect(given.admin).toEqual({ email: 'second.admin@example.net', created: true });
    expect((await login('second.admin@example.net', 'Second-pass-1')).user.roles).toEqual(['administrator']);

    const generated = await seedDatabase(db, { ...seedOpts, adminEmail: 'third.admin@example.net', adminPassword: undefined });
    expect(generated.admin.generatedPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect((await login('third.admin@example.net', generated.admin.generatedPassword)).user.roles).toEqual(['administrator']);
  });
});

describe('seedDemo on its own', () => {
  it('builds the same church on another database and generates a password when none is given', async () => {
    const other = await memoryDatabase();
    try {
      await seedCatalogue(other.db);
      const result = await seedDemo(other.db, { passwordCost: TEST_PASSWORD_COST });
      expect(result.created).toBe(true);
      expect(result.generatedPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
      const [member] = await other.db.select().from(users).where(eq(users.email, 'member@example.org'));
      expect(await verifyPassword(result.generatedPassword!, member.passwordHash)).toBe(true);

      const fingerprint = (d: Db) =>
        d
          .select({ v: sql<string>`${biodata.email} || ${biodata.mobile1} || ${biodata.dateOfBirth} || ${biodata.title}` })
          .from(biodata)
          .where(and(like(biodata.email, DEMO), ne(biodata.email, ADMIN_EMAIL)))
          .orderBy(biodata.email)
          .then((rows) => rows.map((r) => r.v));
      const theirs = await fingerprint(other.db);
      const ours = await fingerprint(db);
      expect(theirs.length).toBeGreaterThan(190);
      expect(theirs).toEqual(ours);
      expect(await seedDemo(other.db, { passwordCost: TEST_PASSWORD_COST })).toEqual({ created: false });
    } finally {
      await other.close();
    }
  });
});

describe('demo venues, events and outreach', () => {
  it('has two venues, bookings (one approved), an event request with its booking, and a reported outreach with two converts', async () => {
    expect((await db.select().from(venues)).map((v) => v.name).sort()).toEqual(['Chapel Hall', 'Main Auditorium']);
    const bookings = await db.select().from(venueBookings);
    expect(bookings.length).toBeGreaterThanOrEqual(3);
    expect(bookings.some((b) => b.status === 'approved')).toBe(true);
    const [event] = await db.select().from(eventRequests);
    expect(event).toMatchObject({ eventType: 'babyDedication', status: 'pending', userId: await userId('member@example.org') });
    expect(bookings.some((b) => b.eventId === event.id)).toBe(true);
    const [outreach] = await db.select().from(outreachRequests);
    expect(outreach.status).toBe('completed');
    const [report] = await db.select().from(outreachReports).where(eq(outreachReports.outreachRequestId, outreach.id));
    expect(report.detailOfConverts).toHaveLength(2);
  });

  it("shows them on the member's screens with their history", async () => {
    const token = await s.login('member@example.org');
    const events = await s.call('GET', '/Event/GetUserEvents', { token });
    expect(events.body.data).toHaveLength(1);
    const detail = await s.call('GET', `/Event/GetEventById?Id=${events.body.data[0].id}`, { token });
    expect(detail.body.data.history).toMatchObject([{ action: 'create', actorName: expect.any(String) }]);
    const outreach = await s.call('GET', '/Outreach/GetAllOutreachRequests', { token });
    const history = await s.call('GET', `/Outreach/GetOutreachRequestById?Id=${outreach.body.data[0].id}`, { token });
    expect(history.body.data.history.map((h: { action: string }) => h.action)).toEqual(['create', 'approve', 'report-create']);
  });
});

describe('demo appointment hours', () => {
  it('lets a member book the demo CIH pastor on a fresh install', async () => {
    const token = await s.login('member@example.org');
    const pastorId = await userId('cihpastor@example.org');
    const hosts = await s.call('GET', '/Appointment/GetHosts', { token });
    expect(hosts.body.data.map((h: { id: string }) => h.id)).toContain(pastorId);
    const slots = await s.call('GET', `/Appointment/GetFreeSlots?HostId=${pastorId}`, { token });
    expect(slots.status).toBe(200);
    // Three days a week: the next fortnight holds slots whatever day the test runs.
    expect(slots.body.data.length).toBeGreaterThan(0);
    const booked = await s.call('POST', '/Appointment/Create', {
      token,
      body: { hostId: pastorId, startsAt: slots.body.data[0].startsAt, reason: 'prayer' },
    });
    expect(booked.status).toBe(200);
    expect(booked.body.data).toMatchObject({ status: 'requested', hostId: pastorId });
  });
});
