import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { P } from '@/domain/roles/permissions.js';
import { biodata, users } from '@/server/db/schema/index.js';
import { addPerson, auditOf } from '@/tests/support/people.js';
import { userWith } from '@/tests/support/roles.js';
import { ADMIN_EMAIL, startServer, type TestServer } from '@/tests/support/server.js';
import { createUser } from '@/tests/support/users.js';

let s: TestServer;
let admin: string;

/** Everyone the fixtures add carries this surname prefix, so a search isolates them. */
const FAMILY = 'Dmz';

beforeAll(async () => {
  s = await startServer();
  admin = await s.login(ADMIN_EMAIL);
});
afterAll(() => s?.close());

const archive = (userId: string, token = admin) => s.call('PUT', `/Biodata/ArchiveMember?UserId=${userId}`, { token });
const restore = (userId: string, token = admin) => s.call('PUT', `/Biodata/RestoreMember?UserId=${userId}`, { token });
const ids = async (path: string) => (await s.call('GET', path, { token: admin })).body.data.map((r: { id: string }) => r.id);
const members = () => ids(`/ChurchAffiliation/GetMemberQuery?Search=${FAMILY}&PageSize=50`);
const archived = () => ids(`/Biodata/GetAllDemise?Search=${FAMILY}&PageSize=50`);
const dashboard = async () => (await s.call('GET', '/Stats/GetAdminDashboardStats', { token: admin })).body.data;
const biodataOf = async (userId: string) => (await s.database.db.select().from(biodata).where(eq(biodata.userId, userId)))[0];

describe('ArchiveMember and RestoreMember', () => {
  it('archives a member out of the member lists and counts, keeps them, and restores them; both audited', async () => {
    const id = await addPerson(s, { firstName: 'Ola', surName: `${FAMILY}Ayo`, role: 'member' });
    const counts = await dashboard();
    expect(await members()).toEqual([id]);

    const res = await archive(id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Member archived', data: { userId: id, demise: true, status: 'Archived' } });
    expect(await members()).toEqual([]);
    expect(await archived()).toEqual([id]);
    expect((await dashboard()).members).toBe(counts.members - 1);
    expect(await ids(`/Admin/GetAllUsers?Search=${FAMILY}`)).toEqual([]);
    // Never deleted: the account and the profile are still there.
    expect(await s.database.db.select({ id: users.id }).from(users).where(eq(users.id, id))).toHaveLength(1);
    expect((await biodataOf(id)).demise).toBe(true);

    const back = await restore(id);
    expect(back.body).toMatchObject({ message: 'Member restored', data: { demise: false, status: 'Active' } });
    expect(await members()).toEqual([id]);
    expect(await archived()).toEqual([]);
    expect((await dashboard()).members).toBe(counts.members);

    const rows = await auditOf(s, (await biodataOf(id)).id);
    expect(rows.map((r) => r.action)).toEqual(['archive', 'restore']);
    expect(rows[0]).toMatchObject({ entity: 'biodata', before: { demise: false }, after: { demise: true } });
  });

  it('drops an archived first-timer out of the first-timer count', async () => {
    const id = await addPerson(s, { surName: `${FAMILY}New`, isFirstTimer: true, role: 'firsttimers' });
    const before = (await dashboard()).firstTimers;
    await archive(id);
    expect((await dashboard()).firstTimers).toBe(before - 1);
    expect(await ids(`/Admin/GetAllUsers?Kind=firsttimer&Search=${FAMILY}`)).toEqual([]);
  });

  it('answers 404 for an unknown user and for a user without biodata', async () => {
    const unknown = await archive(randomUUID());
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('User not found!');
    const [bare] = await s.database.db
      .insert(users)
      .values({ email: `bare-${randomUUID()}@example.org`, firstName: 'Bare', surName: 'User' })
      .returning();
    const none = await restore(bare.id);
    expect(none.status).toBe(404);
    expect(none.body.message).toBe('Biodata not found!');
  });

  it('needs CAN_UPDATE_DEMISE_MEMBERS', async () => {
    const id = await addPerson(s, { surName: `${FAMILY}Kept`, role: 'member' });
    const member = await createUser(s);
    expect((await archive(id, member.token)).status).toBe(403);
    const viewer = await userWith(s, [P.viewMembers]);
    expect((await archive(id, viewer.token)).status).toBe(403);
    expect((await s.call('GET', '/Biodata/GetAllDemise', { token: viewer.token })).status).toBe(403);
    expect((await biodataOf(id)).demise).toBe(false);
    const keeper = await userWith(s, [P.updateDemise]);
    expect((await archive(id, keeper.token)).status).toBe(200);
    expect((await s.call('GET', '/Biodata/GetAllDemise', { token: keeper.token })).status).toBe(200);
  });
});

describe('GetAllDemise', () => {
  it('lists archived members with search, sort, paging and totalCount', async () => {
    const people = [
      await addPerson(s, { firstName: 'Abu', surName: `${FAMILY}Page`, demise: true }),
      await addPerson(s, { firstName: 'Bisi', surName: `${FAMILY}Page`, demise: true }),
      await addPerson(s, { firstName: 'Cole', surName: `${FAMILY}Page`, demise: true }),
    ];
    await addPerson(s, { firstName: 'Alive', surName: `${FAMILY}Page` });
    const page = (q: string) => s.call('GET', `/Biodata/GetAllDemise?Search=${FAMILY}Page&${q}`, { token: admin });
    const first = await page('PageSize=2&SortBy=firstName&SortOrder=desc');
    expect(first.body.totalCount).toBe(3);
    expect(first.body.data.map((r: any) => r.firstName)).toEqual(['Cole', 'Bisi']);
    expect((await page('PageSize=2&PageNumber=2&SortBy=firstName&SortOrder=desc')).body.data.map((r: any) => r.id)).toEqual([people[0]]);
    expect(first.body.data[0]).toMatchObject({ fullName: `Cole ${FAMILY}Page`, email: expect.any(String) });
    expect((await page('SortBy=password')).status).toBe(400);
    expect((await page('Status=archived')).status).toBe(400);
  });
});
