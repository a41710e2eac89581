import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_WORDING } from '@/domain/profile/consent.js';
import { rowsOf } from '@/server/db/queries.js';
import { auditLogs, celebrationGreetings, consents, departments, notifications, outbox, spouses } from '@/server/db/schema/index.js';
import { sendGreetings } from '@/server/modules/celebrations/greetings.js';
import { addCenter, addDepartment, addZone } from '@/tests/support/churchStructure.js';
import { addPerson, setAffiliation } from '@/tests/support/people.js';
import { ADMIN_EMAIL, startServer } from '@/tests/support/server.js';
import { createUser } from '@/tests/support/users.js';

/** Birthdays and anniversaries: scopes and refusals, the listing rule, the year's end, 29 February, the greeting. */

const s = await startServer();
afterAll(() => s.close());
const db = s.database.db;

const zone = await addZone(s);
const [center, otherCenter] = [await addCenter(s, zone.id), await addCenter(s, zone.id)];
const [dept, otherDept] = [await addDepartment(s), await addDepartment(s)];

const hod = await createUser(s, { role: 'hod' });
await db.update(departments).set({ hodId: hod.id }).where(eq(departments.id, dept.id));
const pastor = await createUser(s);
await setAffiliation(s, pastor.id, { zoneId: zone.id, centerId: center.id, cihRole: 'cihpastor' });
const pastorToken = await s.login(pastor.email, pastor.password);
const inspectorate = await createUser(s, { role: 'inspectorate' });
const admin = await s.login(ADMIN_EMAIL);
const member = await createUser(s);

const consent = (userId: string, category: 'listing' | 'age' | 'greetings', granted: boolean) =>
  db.insert(consents).values({ userId, category, granted, wording: CONSENT_WORDING });

// The week of 1 January 2027 runs from Sunday 27 December 2026 to Saturday 2 January 2027.
const ada = await addPerson(s, { firstName: 'Ada', surName: 'Year', dateOfBirth: '1990-12-30', departmentIds: [dept.id] });
await consent(ada, 'age', true);
const bayo = await addPerson(s, { firstName: 'Bayo', surName: 'Wrap', dateOfBirth: '1985-01-02', departmentIds: [dept.id] });
const hidden = await addPerson(s, { firstName: 'Hidden', surName: 'Unlisted', dateOfBirth: '1990-12-31', departmentIds: [dept.id] });
await consent(hidden, 'listing', false);
const outsider = await addPerson(s, { firstName: 'Other', surName: 'Dept', dateOfBirth: '1991-12-29', departmentIds: [otherDept.id] });
await addPerson(s, { firstName: 'First', surName: 'Timer', dateOfBirth: '1992-12-28', departmentIds: [dept.id], isFirstTimer: true });
await addPerson(s, { firstName: 'Next', surName: 'Week', dateOfBirth: '1992-01-03', departmentIds: [dept.id] });
const wed = await addPerson(s, { firstName: 'Chidi', surName: 'Wed', departmentIds: [dept.id] });
const spouse = { firstName: 'Ngozi', surName: 'Wed', mobile1: '08011112222', email: 'ngozi@example.org' };
await db.insert(spouses).values({ userId: wed, ...spouse, weddingAnniversary: '2010-01-01' });
const leap = await addPerson(s, { firstName: 'Leap', surName: 'Day', dateOfBirth: '2000-02-29', zoneId: zone.id, centerId: center.id });
await addPerson(s, { firstName: 'Far', surName: 'Center', dateOfBirth: '2000-02-20', zoneId: zone.id, centerId: otherCenter.id });

const list = (token: string, query: string) => s.call('GET', `/Celebrations/GetAll?${query}`, { token });
const names = (res: { body: { data: { rows: Array<{ name: string }> } } }) => res.body.data.rows.map((r) => r.name);

describe('who sees which birthdays', () => {
  it('refuses members and the signed out, and answers leaders the scopes they may choose', async () => {
    expect((await list(member.token, 'date=2027-01-01')).status).toBe(403);
    expect((await s.call('GET', '/Celebrations/GetAll')).status).toBe(401);
    const hodScopes = await s.call('GET', '/Celebrations/GetScopes', { token: hod.token });
    expect(hodScopes.body.data).toEqual({ church: false, departments: [{ id: dept.id, name: expect.any(String) }], centers: [] });
    const pastorScopes = await s.call('GET', '/Celebrations/GetScopes', { token: pastorToken });
    expect(pastorScopes.body.data).toMatchObject({ church: false, departments: [], centers: [{ id: center.id }] });
    expect((await s.call('GET', '/Celebrations/GetScopes', { token: admin })).body.data.church).toBe(true);
  });

  it("a head sees their department's week across the year's end, sorted by day, ages only where allowed", async () => {
    const res = await list(hod.token, 'period=week&date=2027-01-01');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ from: '2026-12-27', to: '2027-01-02' });
    expect(res.body.data.rows).toEqual([
      { userId: ada, name: 'Ada Year', kind: 'birthday', day: '2026-12-30', years: 36, spouseName: null },
      { userId: wed, name: 'Chidi Wed', kind: 'anniversary', day: '2027-01-01', years: 17, spouseName: 'Ngozi Wed' },
      { userId: bayo, name: 'Bayo Wrap', kind: 'birthday', day: '2027-01-02', years: null, spouseName: null },
    ]);
    expect(JSON.stringify(res.body)).not.toContain('1985');
  });

  it('refuses a head the church, another department and a center', async () => {
    expect((await list(hod.token, `scope=department&id=${otherDept.id}&date=2027-01-01`)).status).toBe(403);
    expect((await list(hod.token, `scope=department&id=${dept.id}&date=2027-01-01`)).status).toBe(200);
    expect((await list(hod.token, 'scope=church&date=2027-01-01')).status).toBe(403);
    expect((await list(hod.token, `scope=center&id=${center.id}`)).status).toBe(403);
  });

  it('the office sees the church with every age, but never who said no to listing', async () => {
    const res = await list(admin, 'scope=church&period=week&date=2027-01-01');
    expect(names(res)).toEqual(['Other Dept', 'Ada Year', 'Chidi Wed', 'Bayo Wrap']);
    expect(res.body.data.rows.find((r: { userId: string }) => r.userId === bayo).years).toBe(42);
    expect(res.body.data.rows.map((r: { userId: string }) => r.userId)).not.toContain(hidden);
    expect(names(await list(admin, `scope=department&id=${otherDept.id}&date=2027-01-01`))).toEqual(['Other Dept']);
    expect(outsider).toBeTruthy();
  });

  it('a CIH leader sees their center, 29 February on the 28th in a year without one, and is refused another center', async () => {
    const feb2027 = await list(pastorToken, `scope=center&id=${center.id}&period=month&date=2027-02-10`);
    expect(feb2027.body.data.rows).toEqual([
      { userId: leap, name: 'Leap Day', kind: 'birthday', day: '2027-02-28', years: null, spouseName: null },
    ]);
    const feb2028 = await list(pastorToken, `period=month&date=2028-02-10`);
    expect(feb2028.body.data.rows.map((r: { day: string }) => r.day)).toEqual(['2028-02-29']);
    const week = await list(pastorToken, `scope=center&id=${center.id}&period=week&date=2027-03-01`);
    expect(week.body.data).toMatchObject({ from: '2027-02-28', to: '2027-03-06', rows: [{ day: '2027-02-28' }] });
    expect((await list(pastorToken, `scope=center&id=${otherCenter.id}`)).status).toBe(403);
    expect((await list(pastorToken, `scope=department&id=${dept.id}`)).status).toBe(403);
    const all = await list(inspectorate.token, `scope=center&id=${otherCenter.id}&period=month&date=2027-02-01`);
    expect(names(all)).toEqual(['Far Center']);
  });

  it('answers bad input with 400 and its reason, and unknown places with 404', async () => {
    const year = await list(admin, 'period=year');
    expect(year.status).toBe(400);
    expect(JSON.stringify(year.body)).toContain('Period must be week or month');
    const noId = await list(admin, 'scope=department');
    expect(noId.status).toBe(400);
    expect(JSON.stringify(noId.body)).toContain('Id is required for a department or a center');
    expect((await list(admin, 'date=2027-13-01')).status).toBe(400);
    expect((await list(admin, `scope=center&id=${ada}`)).status).toBe(404);
  });
});

describe('the greeting on the day', () => {
  // The server's own job greets the real today on the worker's rounds; stopped here, so that only
  // the days this test names are greeted, whatever the date it runs on.
  beforeAll(() => s.app.services.outbox.stop());
  const greeted = async (userId: string) =>
    (await db.select().from(notifications).where(eq(notifications.recipientId, userId))).map((n) => n.title);

  it('only the office reads and sets the church choice, audited', async () => {
    expect((await s.call('GET', '/Celebrations/GetSettings', { token: hod.token })).status).toBe(403);
    expect((await s.call('PUT', '/Celebrations/UpdateSettings', { token: hod.token, body: { greetings: true } })).status).toBe(403);
    const bad = await s.call('PUT', '/Celebrations/UpdateSettings', { token: admin, body: { greetings: 'yes' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Greetings must be true or false');
    expect((await s.call('GET', '/Celebrations/GetSettings', { token: admin })).body.data).toEqual({ greetings: false });
  });

  it('is sent only when the church turned it on, only with consent, once per person per day', async () => {
    const yes = await addPerson(s, { firstName: 'Yemi', dateOfBirth: '1980-03-15' });
    await consent(yes, 'greetings', true);
    const no = await addPerson(s, { firstName: 'Nneka', dateOfBirth: '1981-03-15' });
    await consent(no, 'greetings', false);
    const neverAsked = await addPerson(s, { firstName: 'Tunde', dateOfBirth: '1982-03-15' });
    expect(await sendGreetings(db, '2027-03-15')).toBe(0);
    expect(await greeted(yes)).toEqual([]);

    const on = await s.call('PUT', '/Celebrations/UpdateSettings', { token: admin, body: { greetings: true } });
    expect(on.body.data).toEqual({ greetings: true });
    const [entry] = await db.select().from(auditLogs).where(eq(auditLogs.entity, 'celebrationSettings'));
    expect(entry).toMatchObject({ action: 'update', before: { greetings: false }, after: { greetings: true } });

    expect(await sendGreetings(db, '2027-03-15')).toBe(1);
    // Again, and twice at once as two servers would: nobody is greeted a second time.
    expect(await sendGreetings(db, '2027-03-15')).toBe(0);
    expect(await Promise.all([sendGreetings(db, '2027-03-15'), sendGreetings(db, '2027-03-15')])).toEqual([0, 0]);
    expect(await greeted(yes)).toEqual(['Happy birthday!']);
    expect(await greeted(no)).toEqual([]);
    expect(await greeted(neverAsked)).toEqual([]);
    const mails = await db.select().from(outbox).where(eq(outbox.subject, 'Happy birthday!'));
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('Yemi');
    // The next year's day greets again.
    expect(await sendGreetings(db, '2028-03-15')).toBe(1);
  });

  it('greets 29 February on 28 February of a year without one, and a birthday and anniversary together once', async () => {
    await consent(leap, 'greetings', true);
    expect(await sendGreetings(db, '2027-02-28')).toBe(1);
    expect(await greeted(leap)).toEqual(['Happy birthday!']);
    const both = await addPerson(s, { firstName: 'Bola', dateOfBirth: '1975-06-01' });
    await db.insert(spouses).values({ userId: both, ...spouse, email: 'b@example.org', weddingAnniversary: '2000-06-01' });
    await consent(both, 'greetings', true);
    expect(await sendGreetings(db, '2027-06-01')).toBe(1);
    expect(await greeted(both)).toEqual(['Happy birthday and wedding anniversary!']);
    const keys = await db
      .select()
      .from(celebrationGreetings)
      .where(and(eq(celebrationGreetings.userId, both), eq(celebrationGreetings.day, '2027-06-01')));
    expect(keys.map((k) => k.kinds)).toEqual([['birthday', 'anniversary']]);
  });

  it('greets someone who said no to listing but yes to greetings: the greeting is theirs alone', async () => {
    await consent(hidden, 'greetings', true);
    expect(await sendGreetings(db, '2027-12-31')).toBe(1);
    expect(await greeted(hidden)).toEqual(['Happy birthday!']);
  });
});

describe('the month-day index', () => {
  it('serves "month and day between", across the year end too', async () => {
    await db.execute(sql`analyze member_directory`);
    await db.execute(sql`set enable_seqscan = off`);
    try {
      const plan = rowsOf<{ 'QUERY PLAN': string }>(
        await db.execute(sql`explain select user_id from member_directory
          where date_of_birth is not null and not archived
            and (flock_month_day(date_of_birth) between 1227 and 1231 or flock_month_day(date_of_birth) between 101 and 102)`),
      )
        .map((r) => r['QUERY PLAN'])
        .join('\n');
      expect(plan).toContain('member_directory_birthday_idx');
    } finally {
      await db.execute(sql`reset enable_seqscan`);
    }
  });
});
