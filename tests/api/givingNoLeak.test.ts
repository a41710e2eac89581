import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, P } from '@/domain/roles/permissions.js';
import { departments, householdMembers, households } from '@/server/db/schema/index.js';
import { addCenter, addDepartment, addZone, joinDepartments } from '@/tests/support/churchStructure.js';
import { setAffiliation } from '@/tests/support/people.js';
import { addRole, userWith } from '@/tests/support/roles.js';
import { ADMIN_EMAIL, startServer } from '@/tests/support/server.js';
import { createUser, setRole } from '@/tests/support/users.js';

/**
 * No amount of giving leaks to anyone who does not hold the right to read it (docs/decisions/0227,
 * 0235): gifts with amounts found nowhere else are recorded, approved, refunded, corrected and
 * mailed as statements, then every GET route of the route registry is walked as each role
 * without CAN_VIEW_GIVING, with no parameters and with every id parameter naming the giver, and
 * no answer may hold the amounts in any way they are written.
 */

const s = await startServer();
afterAll(() => s.close());
const admin = await s.login(ADMIN_EMAIL);

/** Amounts in kobo no other figure of the walk is: 9,876,543.21 and 1,234,567.89 naira, and their difference. */
const GIFT = 987_654_321;
const REFUND = 123_456_789;
const CORRECTED = 876_543_219;
/** A gift given in the name of the giver's family (docs/decisions/0244): its statement is the family's. */
const FAMILY_GIFT = 135_792_468;

/** Every way an amount may be written: kobo, naira with a point, with commas, the French way, the difference. */
function spellings(kobo: number): RegExp[] {
  const naira = Math.trunc(kobo / 100);
  const kob = String(kobo % 100).padStart(2, '0');
  const grouped = (sep: string) => String(naira).replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  return [
    new RegExp(String(kobo)),
    new RegExp(`${naira}[.,]${kob}`),
    new RegExp(`${grouped(',')}\\.${kob}`),
    new RegExp(`${grouped('[\\s\\u00a0\\u202f.]')},${kob}`),
  ];
}
const LEAKS = [GIFT, REFUND, GIFT - REFUND, CORRECTED, 246_813_579, FAMILY_GIFT].flatMap(spellings);
const leakIn = (text: string) => LEAKS.find((pattern) => pattern.test(text));

// The church: a zone, a center and a department the giver belongs to, so every leader's lists hold them.
const zone = await addZone(s);
const center = await addCenter(s, zone.id);
const department = await addDepartment(s);
const giver = await createUser(s, { overrides: { firstName: 'Generous', surName: 'Giver' } });
await setAffiliation(s, giver.id, { zoneId: zone.id, centerId: center.id });
await joinDepartments(s, giver.id, [department.id]);

// The people who count and approve (they hold the rights: they are not walked).
const counter = await userWith(s, [P.recordGiving, P.viewGiving]);
const approver = await userWith(s, [P.approveGiving, P.viewGiving]);

async function ok(method: string, path: string, token: string, body?: unknown) {
  const res = await s.call(method, path, { token, body });
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data;
}

const funds: Array<{ id: string; name: string }> = await ok('GET', '/Giving/GetFunds', admin);
const tithe = funds.find((f) => f.name === 'Tithe')!.id;
const offering = funds.find((f) => f.name === 'Offering')!.id;
const today = new Date().toISOString().slice(0, 10);

/** A gift recorded as this, then corrected to CORRECTED: the correction's entries carry both. */
const MISTYPED = 246_813_579;
const batch = await ok('POST', '/Giving/CreateBatch', counter.token, { name: 'Sunday', date: today, countedTotal: GIFT + MISTYPED });
const entry = (amount: number, fundId: string) => ({
  giverId: giver.id,
  date: today,
  amount,
  method: 'transfer',
  reference: 'walk',
  splits: [{ fundId, amount }],
});
const gift = (await ok('POST', '/Giving/AddEntry', counter.token, { batchId: batch.id, ...entry(GIFT, tithe) })).contributions[0];
const mistyped = (
  await ok('POST', '/Giving/AddEntry', counter.token, { batchId: batch.id, ...entry(MISTYPED, offering) })
).contributions.find((c: { id: string }) => c.id !== gift.id);
await ok('PUT', `/Giving/PostBatch?id=${batch.id}`, counter.token);
await ok('PUT', `/Giving/ApproveBatch?id=${batch.id}`, approver.token);
const refund = await ok('POST', '/Giving/Refund', counter.token, {
  contributionId: gift.id,
  date: today,
  amount: REFUND,
  reason: 'Given twice',
  splits: [{ fundId: tithe, amount: REFUND }],
});
await ok('PUT', `/Giving/ApproveCorrection?id=${refund.id}`, approver.token);
const corrected = await ok('POST', '/Giving/Correct', counter.token, {
  contributionId: mistyped.id,
  reason: 'Mistyped',
  ...entry(CORRECTED, offering),
});
await ok('PUT', `/Giving/ApproveCorrection?id=${corrected.id}`, approver.token);
// The giver's family, and a gift in its name.
const [family] = await s.database.db.insert(households).values({ name: 'Giver family' }).returning();
await s.database.db.insert(householdMembers).values({ householdId: family.id, userId: giver.id, role: 'head' });
const familyBatch = await ok('POST', '/Giving/CreateBatch', counter.token, { name: 'Family', date: today, countedTotal: FAMILY_GIFT });
await ok('POST', '/Giving/AddEntry', counter.token, {
  batchId: familyBatch.id,
  ...entry(FAMILY_GIFT, tithe),
  giverId: null,
  householdId: family.id,
});
await ok('PUT', `/Giving/PostBatch?id=${familyBatch.id}`, counter.token);
await ok('PUT', `/Giving/ApproveBatch?id=${familyBatch.id}`, approver.token);
// The statements, made and mailed: their audit rows and the giver's mail exist too.
await ok('GET', `/Giving/GetStatements?From=${today}&To=${today}`, counter.token);
await ok('POST', '/Giving/MailStatements', counter.token, { from: today, to: today });

// Those who walk: every seeded role but the administrator, an auditor, and a role with every right but giving's.
const hod = await createUser(s, { role: 'hod' });
await s.database.db.update(departments).set({ hodId: hod.id }).where(eq(departments.id, department.id));
await joinDepartments(s, hod.id, [department.id]);
const pastor = await createUser(s);
await setAffiliation(s, pastor.id, { zoneId: zone.id, centerId: center.id, cihRole: 'cihpastor' });
const coordinator = await createUser(s);
await setAffiliation(s, coordinator.id, { zoneId: zone.id, cihRole: 'cihcoordinator' });
const office = await createUser(s);
const GIVING = new Set<string>([P.viewGiving, P.recordGiving, P.approveGiving, P.manageFunds]);
await setRole(
  s,
  office.id,
  (
    await addRole(
      s,
      ALL_PERMISSIONS.filter((p) => !GIVING.has(p)),
    )
  ).name,
);

const walkers = {
  member: await createUser(s),
  firstTimer: await createUser(s, { role: 'firsttimers' }),
  hod,
  inspectorate: await createUser(s, { role: 'inspectorate' }),
  cihPastor: pastor,
  cihCoordinator: coordinator,
  auditor: await userWith(s, [P.viewAudit]),
  everythingButGiving: office,
};
const tokens = Object.fromEntries(
  await Promise.all(Object.entries(walkers).map(async ([name, who]) => [name, await s.login(who.email, who.password)] as const)),
);

type Operation = { method: string; path: string; params: string[] };
const doc = (await s.call('GET', '/docs/json')).body;
const gets: Operation[] = Object.entries<Record<string, any>>(doc.paths).flatMap(([path, item]) =>
  item.get
    ? [
        {
          method: 'GET',
          path,
          params: ((item.get.parameters ?? []) as Array<{ in: string; name: string }>).filter((p) => p.in === 'query').map((p) => p.name),
        },
      ]
    : [],
);

/** A family's id: a HouseholdId filter, or a family's own page. */
const familyId = (op: Operation, name: string) => /^householdId$/i.test(name) || (/^id$/i.test(name) && op.path.includes('/Households/'));

/** An id parameter names the giver (a profile, their history, their requests) or their family, a page asks for all. */
function queryFor(op: Operation): Record<string, string> {
  const query: Record<string, string> = {};
  for (const name of op.params) {
    if (/id$/i.test(name)) query[name] = familyId(op, name) ? family.id : giver.id;
    if (/^pageSize$/i.test(name)) query[name] = '1000';
    if (/^(from|to)$/i.test(name)) query[name] = today;
  }
  return query;
}

async function walk(op: Operation, token: string, query: Record<string, string>) {
  const path = op.path.replace(/^\/api/, '').replace(/\{[^}]+\}/g, giver.id);
  const qs = new URLSearchParams(query).toString();
  const res = await fetch(`${s.url}/api${path}${qs ? `?${qs}` : ''}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, text: Buffer.from(await res.arrayBuffer()).toString('utf8') };
}

describe('the amounts of giving', () => {
  it('are recorded: the giving readers see them, so the walk looks for something that exists', async () => {
    const all = JSON.stringify(await ok('GET', `/Giving/GetStatements?From=${today}&To=${today}`, counter.token));
    expect(leakIn(all)).toBeDefined();
    expect(all).toContain(String(FAMILY_GIFT));
    expect(gets.length).toBeGreaterThan(100);
    expect(gets.some((op) => op.path === '/api/AuditTrail/GetAllAudit')).toBe(true);
  });

  for (const [name] of Object.entries(walkers)) {
    it(`reach no ${name} through any GET route of the registry`, async () => {
      const token = tokens[name];
      const leaks: string[] = [];
      let answered = 0;
      for (const op of gets) {
        // The sign-out is not a GET; nothing here ends the walker's session.
        for (const query of op.params.length ? [{}, queryFor(op)] : [{}]) {
          const res = await walk(op, token, query);
          if (res.status === 200) answered++;
          const found = leakIn(res.text);
          if (found) leaks.push(`${op.path}?${new URLSearchParams(query)}: ${found}`);
        }
      }
      expect(leaks).toEqual([]);
      // The walk read real answers, not refusals only.
      expect(answered).toBeGreaterThan(20);
    });
  }

  it('reach nobody through the member lists, their exports, the audiences, the notifications and the audit log, read with the filters that find the giver', async () => {
    const token = tokens.everythingButGiving;
    const reads = [
      `/ChurchAffiliation/GetMemberQuery?PageSize=1000&Search=Generous`,
      `/Admin/GetAllUsers?PageSize=1000`,
      `/People/GetDirectory?Search=Generous`,
      `/Notification/GetAudiences`,
      `/Notification/GetRecipientCount?Audience=everyone`,
      `/Notification/GetPeople?Search=Generous`,
      `/Notification/GetSentNotifications`,
      `/AuditTrail/GetAllAudit?PageSize=1000`,
      `/AuditTrail/GetAllAudit?PageSize=1000&EntityType=givingStatement`,
      `/AuditTrail/GetAllAudit?PageSize=1000&EntityType=contribution`,
      `/AuditTrail/ExportAudit`,
      `/UserManagement/GetUserbyId?UserId=${giver.id}`,
    ];
    const answered: string[] = [];
    for (const path of reads) {
      const res = await fetch(`${s.url}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
      const text = Buffer.from(await res.arrayBuffer()).toString('utf8');
      expect(leakIn(text), path).toBeUndefined();
      if (res.status === 200) answered.push(path);
    }
    // The audit log holds the giving's steps (without amounts), so the read above looked at them.
    const audit = await s.call('GET', '/AuditTrail/GetAllAudit?PageSize=1000&EntityType=givingStatement', { token });
    expect(audit.status).toBe(200);
    expect(audit.body.data.length).toBeGreaterThanOrEqual(1);
    expect(answered.length).toBeGreaterThan(8);
  });

  it("reach an administrator's exports of people neither: the member list, the directory and a counter's own data hold none", async () => {
    for (const path of ['/ChurchAffiliation/GetMemberQuery?PageSize=1000', `/People/GetDirectory?Id=${giver.id}`]) {
      const res = await fetch(`${s.url}/api${path}`, { headers: { authorization: `Bearer ${admin}` } });
      expect(res.status, path).toBe(200);
      expect(leakIn(Buffer.from(await res.arrayBuffer()).toString('utf8')), path).toBeUndefined();
    }
    const own = await s.call('GET', '/Stewardship/DownloadMyData', { token: counter.token });
    expect(own.status).toBe(200);
    expect(leakIn(JSON.stringify(own.body))).toBeUndefined();
    // The giver's own does hold them: the walk's patterns do find what is there.
    const theirs = await s.call('GET', '/Stewardship/DownloadMyData', { token: giver.token });
    expect(leakIn(JSON.stringify(theirs.body))).toBeDefined();
  });
});
