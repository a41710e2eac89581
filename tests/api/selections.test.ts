import { afterAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { P } from '@/domain/roles/permissions.js';
import { departments, meetingInvitees, notifications, personTags } from '@/server/db/schema/index.js';
import { addCenter, addZone, joinDepartments } from '@/tests/support/churchStructure.js';
import { serverWithMembers } from '@/tests/support/members.js';
import { addPerson, setAffiliation } from '@/tests/support/people.js';
import { userWith } from '@/tests/support/roles.js';
import { createUser } from '@/tests/support/users.js';

/**
 * Actions on a selection of any people list (docs/decisions/0222): each list answers its selected
 * rows by id within its own conditions, and tags reach the first-timers of whoever reads them.
 */

const { s, admin, member } = await serverWithMembers();
afterAll(() => s.close());
const db = s.database.db;

const hod = await createUser(s, { role: 'hod' });
const dept = await s.call('POST', '/Department/CreateDepartment', {
  body: { departmentName: 'Ushers', description: 'At the doors', hodId: hod.id },
  token: admin,
});
expect(dept.status, JSON.stringify(dept.body)).toBe(200);
const deptId = dept.body.data.id as string;
const other = await s.call('POST', '/Department/CreateDepartment', { body: { departmentName: 'Media' }, token: admin });
const otherId = other.body.data.id as string;

const usher = await addPerson(s, { firstName: 'Ushe', surName: 'Seltest', departmentIds: [deptId] });
const usher2 = await addPerson(s, { firstName: 'Usha', surName: 'Seltest', departmentIds: [deptId] });
const outsider = await addPerson(s, { firstName: 'Out', surName: 'Seltest', departmentIds: [otherId] });
const newcomer = await addPerson(s, { firstName: 'New', surName: 'Seltest', isFirstTimer: true });
const gone = await addPerson(s, { firstName: 'Gone', surName: 'Seltest', isFirstTimer: true, demise: true });

const ids = (res: { body: { data: Array<{ id: string }> } }) => res.body.data.map((r) => r.id).sort();
const idParams = (name: string, list: string[]) => list.map((id) => `${name}=${id}`).join('&');

describe("a list's selected rows, by id", () => {
  it('GetAllUsers keeps only the people named, within the Kind asked', async () => {
    const all = await s.call('GET', `/Admin/GetAllUsers?PageSize=100&${idParams('Id', [usher, newcomer, gone])}`, { token: admin });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    // The archived are in no list, so not in a selection's rows either.
    expect(ids(all)).toEqual([usher, newcomer].sort());
    const firstTimers = await s.call('GET', `/Admin/GetAllUsers?Kind=firsttimer&${idParams('Id', [usher, newcomer])}`, { token: admin });
    expect(ids(firstTimers)).toEqual([newcomer]);
    const bad = await s.call('GET', '/Admin/GetAllUsers?Id=nope', { token: admin });
    expect(bad.status).toBe(400);
  });

  it("GetDepartmentMembers keeps only the department's people named, for its head too", async () => {
    const url = `/Department/GetDepartmentMembers?Id=${deptId}&${idParams('UserId', [usher, outsider])}`;
    const asAdmin = await s.call('GET', url, { token: admin });
    expect(asAdmin.status, JSON.stringify(asAdmin.body)).toBe(200);
    expect(ids(asAdmin)).toEqual([usher]);
    expect(asAdmin.body.totalCount).toBe(1);
    const asHead = await s.call('GET', url, { token: hod.token });
    expect(ids(asHead)).toEqual([usher]);
    // Without UserId, the whole department (its head is one of its members).
    const whole = await s.call('GET', `/Department/GetDepartmentMembers?Id=${deptId}`, { token: hod.token });
    expect(ids(whole)).toEqual([usher, usher2, hod.id].sort());
    // Someone of another department named alone: nobody (the department's conditions stay).
    const outside = await s.call('GET', `/Department/GetDepartmentMembers?Id=${deptId}&UserId=${outsider}`, { token: hod.token });
    expect(outside.status).toBe(200);
    expect(ids(outside)).toEqual([]);
  });
});

describe('tags on first-timers (a selection of the first-timers list)', () => {
  const newTag = async (name: string) => (await s.call('POST', '/Tags/Create', { body: { name }, token: admin })).body.data.id as string;
  const tagged = async (tagId: string) =>
    (await db.select().from(personTags).where(eq(personTags.tagId, tagId))).map((r) => r.userId).sort();

  it('are added by the office that reads first-timers, with members in the same call', async () => {
    const tagId = await newTag('Follow up');
    const res = await s.call('POST', '/Tags/Apply', { body: { tagId, action: 'add', userIds: [newcomer, usher] }, token: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ changed: 2 });
    expect(await tagged(tagId)).toEqual([newcomer, usher].sort());
    const reader = await userWith(s, [P.manageTags, P.viewFirstTimers]);
    const off = await s.call('POST', '/Tags/Apply', { body: { tagId, action: 'remove', userIds: [newcomer] }, token: reader.token });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(await tagged(tagId)).toEqual([usher]);
  });

  it('are refused to an office that does not read first-timers, and nobody archived is tagged', async () => {
    const tagId = await newTag('Visit');
    const clerk = await userWith(s, [P.manageTags, P.viewMembers]);
    const res = await s.call('POST', '/Tags/Apply', { body: { tagId, action: 'add', userIds: [newcomer, usher] }, token: clerk.token });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('1 of the people chosen is not in your lists of people; nobody was changed');
    const archived = await s.call('POST', '/Tags/Apply', { body: { tagId, action: 'add', userIds: [gone, usher] }, token: admin });
    expect(archived.status).toBe(403);
    expect(await tagged(tagId)).toEqual([]);
  });
});

/**
 * 'Select all that match' beyond the member list (docs/decisions/0229): each list resolves its
 * filter on the server with its own rights and conditions, so nobody the actor may not see, and
 * nobody archived, is among the ids an action then takes.
 */
const greeters = await s.call('POST', '/Department/CreateDepartment', { body: { departmentName: 'Greeters' }, token: admin });
const greetersId = greeters.body.data.id as string;
const greetHead = await createUser(s, { role: 'hod', overrides: { firstName: 'Gina', surName: 'Matchtest' } });
await db.update(departments).set({ hodId: greetHead.id }).where(eq(departments.id, greetersId));
await joinDepartments(s, greetHead.id, [greetersId]);
const greeter = await addPerson(s, { firstName: 'Greta', surName: 'Matchtest', departmentIds: [greetersId] });
// Said no to being listed: the department's own roster still shows them to its head (0199).
const unlisted = await createUser(s, { overrides: { firstName: 'Hidden', surName: 'Matchtest', consents: { listing: false } } });
await joinDepartments(s, unlisted.id, [greetersId]);
const archived = await addPerson(s, { firstName: 'Archie', surName: 'Matchtest', demise: true, departmentIds: [greetersId] });
const elsewhere = await addPerson(s, { firstName: 'Elsa', surName: 'Matchtest', departmentIds: [otherId] });
const visitor = await addPerson(s, { firstName: 'Vera', surName: 'Matchtest', isFirstTimer: true });
const shyVisitor = await createUser(s, {
  role: 'firsttimers',
  overrides: { firstName: 'Shy', surName: 'Matchtest', consents: { listing: false } },
});

const matching = async (path: string, token: string) => {
  const res = await s.call('GET', path, { token });
  return { status: res.status, ids: res.status === 200 ? [...(res.body.data.ids as string[])].sort() : [], body: res.body };
};
const sorted = (...list: string[]) => [...list].sort();

describe("'all that match' of the users, first-timers and department lists", () => {
  it('GetMatchingUsers: a users manager gets every user the filter keeps, the unlisted only with CAN_UPDATE_OTHER_MEMBERS', async () => {
    const everyone = sorted(greetHead.id, greeter, unlisted.id, elsewhere, visitor, shyVisitor.id);
    const asAdmin = await matching('/Admin/GetMatchingUsers?Search=Matchtest', admin);
    expect(asAdmin.status, JSON.stringify(asAdmin.body)).toBe(200);
    // The archived are in no list.
    expect(asAdmin.ids).toEqual(everyone);
    expect(asAdmin.body.data.total).toBe(everyone.length);
    // A users manager who does not keep others' records: those who said no to listing are left out.
    const manager = await userWith(s, [P.viewUserManagement]);
    const asManager = await matching('/Admin/GetMatchingUsers?Search=Matchtest', manager.token);
    expect(asManager.ids).toEqual(sorted(greetHead.id, greeter, elsewhere, visitor));
    // The list's filters narrow it as they narrow its pages.
    const members = await matching('/Admin/GetMatchingUsers?Search=Matchtest&Kind=member', manager.token);
    expect(members.ids).toEqual(sorted(greetHead.id, greeter, elsewhere));
    const inGreeters = await matching(`/Admin/GetMatchingUsers?Search=Matchtest&DepartmentId=${greetersId}`, admin);
    expect(inGreeters.ids).toEqual(sorted(greetHead.id, greeter, unlisted.id));
  });

  it("GetMatchingUsers: a first-timers' reader gets the first-timers they see, nothing else; a member nothing", async () => {
    const reader = await userWith(s, [P.viewFirstTimers]);
    const firstTimers = await matching('/Admin/GetMatchingUsers?Search=Matchtest&Kind=firsttimer', reader.token);
    expect(firstTimers.status, JSON.stringify(firstTimers.body)).toBe(200);
    expect(firstTimers.ids).toEqual([visitor]);
    const all = await matching('/Admin/GetMatchingUsers?Search=Matchtest', reader.token);
    expect(all.status).toBe(403);
    expect(all.body.message).toBe('You may list first-timers only (Kind=firsttimer)');
    const asAdmin = await matching('/Admin/GetMatchingUsers?Search=Matchtest&Kind=firsttimer', admin);
    expect(asAdmin.ids).toEqual(sorted(visitor, shyVisitor.id));
    expect((await matching('/Admin/GetMatchingUsers?Search=Matchtest', member.token)).status).toBe(403);
    expect((await matching('/Admin/GetMatchingUsers?Kind=nobody', admin)).status).toBe(400);
  });

  it("GetMatchingDepartmentMembers: the department's head gets its people as its roster shows them, never the archived or another department's", async () => {
    const path = `/Department/GetMatchingDepartmentMembers?Id=${greetersId}`;
    const asHead = await matching(path, greetHead.token);
    expect(asHead.status, JSON.stringify(asHead.body)).toBe(200);
    expect(asHead.ids).toEqual(sorted(greetHead.id, greeter, unlisted.id));
    expect(asHead.ids).not.toContain(archived);
    expect(asHead.ids).not.toContain(elsewhere);
    // The roster's search narrows it.
    expect((await matching(`${path}&Search=Greta`, greetHead.token)).ids).toEqual([greeter]);
    // Whoever holds CAN_VIEW_DEPARTMENT reads any department's.
    expect((await matching(path, admin)).ids).toEqual(asHead.ids);
  });

  it('GetMatchingDepartmentMembers: refused to a leader heading none of it and to a member; 404 for no department', async () => {
    const path = `/Department/GetMatchingDepartmentMembers?Id=${greetersId}`;
    // A head's rights (CAN_APPROVE_REQUESTS) without CAN_VIEW_DEPARTMENT, heading no department.
    const otherHead = await matching(path, (await userWith(s, [P.approveRequests])).token);
    expect(otherHead.status).toBe(403);
    expect(otherHead.body.message).toBe('Only the head of this department may do this');
    expect((await matching(path, member.token)).status).toBe(403);
    const none = await matching('/Department/GetMatchingDepartmentMembers?Id=00000000-0000-4000-8000-000000000000', admin);
    expect(none.status).toBe(404);
    expect((await matching('/Department/GetMatchingDepartmentMembers', admin)).status).toBe(400);
  });

  it("the head's 'all that match' is what they may then write to; someone of another department is refused", async () => {
    const { ids: all } = await matching(`/Department/GetMatchingDepartmentMembers?Id=${greetersId}`, greetHead.token);
    const count = (userIds: string[]) =>
      s.call('GET', `/Notification/GetRecipientCount?Audience=people&UserIds=${userIds.join(',')}`, { token: greetHead.token });
    const ok = await count(all);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const refused = await count([...all, elsewhere]);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You may choose only people of your own department or center');
  });
});

/**
 * A CIH leader's own center (/cih/center, docs/decisions/0229): its selection is of the members
 * GetMyCenter answers, and what the leader then does with it is checked as ever: a pastor writes
 * to their center's people, not to another center's; a coordinator writes to nobody one by one.
 */
const zone = await addZone(s);
const center = await addCenter(s, zone.id);
const otherCenter = await addCenter(s, zone.id);
const pastor = await createUser(s, { overrides: { firstName: 'Pius', surName: 'Centertest' } });
await setAffiliation(s, pastor.id, { zoneId: zone.id, centerId: center.id, cihRole: 'cihpastor' });
const coordinator = await createUser(s, { overrides: { firstName: 'Cora', surName: 'Centertest' } });
await setAffiliation(s, coordinator.id, { zoneId: zone.id, centerId: center.id, cihRole: 'cihcoordinator' });
const neighbour = await addPerson(s, { firstName: 'Nora', surName: 'Centertest', zoneId: zone.id, centerId: center.id });
const archivedNeighbour = await addPerson(s, {
  firstName: 'Ayo',
  surName: 'Centertest',
  zoneId: zone.id,
  centerId: center.id,
  demise: true,
});
const across = await addPerson(s, { firstName: 'Ace', surName: 'Centertest', zoneId: zone.id, centerId: otherCenter.id });

describe("a selection of a CIH leader's own center", () => {
  const myCenter = async (token: string) => {
    const res = await s.call('GET', '/Center/GetMyCenter', { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.data.members as Array<{ id: string }>).map((m) => m.id).sort();
  };
  const count = (token: string, userIds: string[]) =>
    s.call('GET', `/Notification/GetRecipientCount?Audience=people&UserIds=${userIds.join(',')}`, { token });

  it("holds the center's people only, never the archived", async () => {
    const pastorToken = await s.login(pastor.email, pastor.password);
    expect(await myCenter(pastorToken)).toEqual([pastor.id, coordinator.id, neighbour].sort());
    expect(await myCenter(pastorToken)).not.toContain(archivedNeighbour);
  });

  it('a pastor writes to all of it, and is refused someone of another center', async () => {
    const pastorToken = await s.login(pastor.email, pastor.password);
    const all = await myCenter(pastorToken);
    const ok = await count(pastorToken, all);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    // The sender is no recipient of their own message.
    expect(ok.body.data).toMatchObject({ count: all.length - 1 });
    const refused = await count(pastorToken, [...all, across]);
    expect(refused.status).toBe(403);
  });

  it('a coordinator sees the same members but may not write to chosen people', async () => {
    const coordinatorToken = await s.login(coordinator.email, coordinator.password);
    const all = await myCenter(coordinatorToken);
    expect(all).toContain(neighbour);
    expect((await count(coordinatorToken, [neighbour])).status).toBe(403);
  });
});

/**
 * Inviting a selection to a meeting (docs/decisions/0236): a leader invites everyone of the rosters
 * they serve, listed or not, as those rosters show them (a head their department, a CIH leader their
 * center); beyond them the listing rule holds. Whoever may not be invited, or is disabled, is left
 * out and counted, and the rest are invited; nobody invitable is a refusal.
 */
const hall = await addCenter(s, zone.id);
const hallPastor = await createUser(s, { overrides: { firstName: 'Hana', surName: 'Invitetest' } });
await setAffiliation(s, hallPastor.id, { zoneId: zone.id, centerId: hall.id, cihRole: 'cihpastor' });
const hallMember = await addPerson(s, { firstName: 'Hal', surName: 'Invitetest', zoneId: zone.id, centerId: hall.id });
const hallShy = await createUser(s, { overrides: { firstName: 'Shay', surName: 'Invitetest', consents: { listing: false } } });
await setAffiliation(s, hallShy.id, { zoneId: zone.id, centerId: hall.id });
const hallDisabled = await addPerson(s, { firstName: 'Dee', surName: 'Invitetest', zoneId: zone.id, centerId: hall.id, disabled: true });
// Said no to listing, in another center and no department the pastor heads.
const farShy = await createUser(s, { overrides: { firstName: 'Fay', surName: 'Invitetest', consents: { listing: false } } });
await setAffiliation(s, farShy.id, { zoneId: zone.id, centerId: otherCenter.id });

describe('inviting a selection to a meeting', () => {
  const callMeeting = async (token: string, title: string) => {
    const res = await s.call('POST', '/Meeting/Create', {
      body: { title, kind: 'other', startsAt: new Date(Date.now() + 86_400_000).toISOString() },
      token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id as string;
  };
  const invite = (token: string, meetingId: string, userIds: string[]) =>
    s.call('POST', '/Meeting/Invite', { body: { meetingId, userIds }, token });
  const invitees = async (meetingId: string) =>
    (await db.select().from(meetingInvitees).where(eq(meetingInvitees.meetingId, meetingId))).map((r) => r.userId).sort();
  const toldOf = async (userId: string, title: string) =>
    (
      await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.recipientId, userId), like(notifications.title, `%${title}%`)))
    ).length;

  it('a CIH pastor invites all of their own center, the unlisted too; the disabled are left out and counted', async () => {
    const token = await s.login(hallPastor.email, hallPastor.password);
    const center = await s.call('GET', '/Center/GetMyCenter', { token });
    expect(center.status, JSON.stringify(center.body)).toBe(200);
    const all = (center.body.data.members as Array<{ id: string }>).map((m) => m.id);
    expect(all).toContain(hallShy.id);
    // The disabled may be on the center's page or not: the selection names them either way.
    const selection = [...new Set([...all, hallDisabled])];
    const meetingId = await callMeeting(token, 'Hall vigil');
    const res = await invite(token, meetingId, selection);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The pastor called it, so is already invited.
    expect(res.body.data).toEqual({ added: 2, alreadyInvited: 1, leftOut: { inactive: 1, outOfReach: 0 } });
    expect(res.body.message).toBe('2 people invited; 1 already invited; 1 person left out: disabled or archived');
    expect(await invitees(meetingId)).toEqual([hallPastor.id, hallMember, hallShy.id].sort());
    expect(await toldOf(hallShy.id, 'Hall vigil')).toBe(1);
    expect(await toldOf(hallDisabled, 'Hall vigil')).toBe(0);
  });

  it('beyond their own center, the listing rule holds: the unlisted are left out and counted, the rest invited', async () => {
    const token = await s.login(hallPastor.email, hallPastor.password);
    const meetingId = await callMeeting(token, 'Zone prayer');
    const res = await invite(token, meetingId, [hallMember, across, farShy.id]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ added: 2, alreadyInvited: 0, leftOut: { inactive: 0, outOfReach: 1 } });
    expect(res.body.message).toBe('2 people invited; 1 person left out: not someone you may invite');
    expect(await invitees(meetingId)).toEqual([hallPastor.id, hallMember, across].sort());
    expect(await toldOf(farShy.id, 'Zone prayer')).toBe(0);
  });

  it('nobody invitable is a refusal, and nobody is invited', async () => {
    const token = await s.login(hallPastor.email, hallPastor.password);
    const meetingId = await callMeeting(token, 'Nobody');
    const unreachable = await invite(token, meetingId, [farShy.id, '00000000-0000-4000-8000-000000000000']);
    expect(unreachable.status).toBe(403);
    expect(unreachable.body.message).toBe('None of the people chosen is someone you may invite; nobody was invited');
    const inactive = await invite(token, meetingId, [hallDisabled]);
    expect(inactive.status).toBe(400);
    expect(inactive.body.message).toBe('The people chosen have disabled or archived accounts; nobody was invited');
    expect(await invitees(meetingId)).toEqual([hallPastor.id]);
  });

  it("a head invites all that match of their department, the unlisted too, but not another department's unlisted", async () => {
    const { ids: all } = await matching(`/Department/GetMatchingDepartmentMembers?Id=${greetersId}`, greetHead.token);
    expect(all).toContain(unlisted.id);
    const meetingId = await callMeeting(greetHead.token, 'Greeters rota');
    const res = await invite(greetHead.token, meetingId, [...all, farShy.id]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ added: 2, alreadyInvited: 1, leftOut: { inactive: 0, outOfReach: 1 } });
    expect(await invitees(meetingId)).toEqual(sorted(greetHead.id, greeter, unlisted.id));
    // The archived are left out as the disabled are, even named by id.
    const again = await invite(greetHead.token, meetingId, [archived, greeter]);
    expect(again.body.data).toEqual({ added: 0, alreadyInvited: 1, leftOut: { inactive: 1, outOfReach: 0 } });
  });
});
