import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { churchAffiliations, memberRequests, notifications, requestEvents, userDepartments } from '@/server/db/schema/index.js';
import { addAffinityGroup, addCenter, addDepartment, addZone } from '@/tests/support/churchStructure.js';
import type { Account } from '@/tests/support/members.js';
import { auditOf } from '@/tests/support/people.js';
import { filedId, headOf, memberAt, requestCalls } from '@/tests/support/requests.js';
import { ADMIN_EMAIL, startServer, type TestServer } from '@/tests/support/server.js';
import { createUser } from '@/tests/support/users.js';

/**
 * The life of a request: pending -> approved | rejected | cancelled, what an approval
 * changes, who may decide, and the refusals; two deciders at once. Runs on PGlite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */

type Row = Awaited<ReturnType<typeof addDepartment>>;
let s: TestServer;
let calls: ReturnType<typeof requestCalls>;
let admin: string;
let choir: Row, ushers: Row, media: Row;
let choirHead: Account, ushersHead: Account, inspector: Account, outsider: Account;
const zone: Record<'north' | 'south', { id: string; zoneName: string }> = {} as any;
const center: Record<'north1' | 'south1' | 'south2', { id: string; centerName: string; address: string | null }> = {} as any;
const group: Record<'youth' | 'men', { id: string; affinityGroupName: string }> = {} as any;

const DEPT = 'ApproveChangeOfDepartment';
const ZONE = 'ApproveChangeOfCIHZone';
const GROUP = 'ApproveAffinityGroupRequest';

beforeAll(async () => {
  s = await startServer();
  calls = requestCalls(s);
  admin = await s.login(ADMIN_EMAIL);
  [choir, ushers, media] = [await addDepartment(s), await addDepartment(s), await addDepartment(s)];
  zone.north = await addZone(s);
  zone.south = await addZone(s);
  center.north1 = await addCenter(s, zone.north.id);
  center.south1 = await addCenter(s, zone.south.id);
  center.south2 = await addCenter(s, zone.south.id);
  group.youth = await addAffinityGroup(s);
  group.men = await addAffinityGroup(s);
  choirHead = await headOf(s, choir.id);
  ushersHead = await headOf(s, ushers.id);
  inspector = await memberAt(s, { zoneId: zone.north.id }, 'inspectorate');
  outsider = await createUser(s);
});
afterAll(() => s?.close());

/** A fresh member in the north zone, center north1, with the departments and groups given. */
const aMember = (departmentIds: string[] = [], affinityGroup: string[] = []) =>
  memberAt(s, { zoneId: zone.north.id, centerId: center.north1.id, affinityGroup, departmentIds });

const departmentsOf = (userId: string) =>
  s.database.db
    .select({ departmentId: userDepartments.departmentId, primary: userDepartments.isPrimaryDepartment })
    .from(userDepartments)
    .where(eq(userDepartments.userId, userId));
const affiliationOf = async (userId: string) =>
  (await s.database.db.select().from(churchAffiliations).where(eq(churchAffiliations.userId, userId)))[0];
const requestRow = async (id: string) => (await s.database.db.select().from(memberRequests).where(eq(memberRequests.id, id)))[0];
const eventsOf = (id: string) => s.database.db.select().from(requestEvents).where(eq(requestEvents.requestId, id));
const notificationsOf = (userId: string, requestId: string) =>
  s.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipientId, userId), eq(notifications.requestId, requestId)));
const sorted = (rows: Array<{ departmentId: string; primary: boolean }>) =>
  [...rows].sort((a, b) => a.departmentId.localeCompare(b.departmentId));

describe('department requests', () => {
  it('approving a join puts the member in the department, primary as their first; history, notification and audit follow', async () => {
    const member = await aMember();
    const id = filedId(await calls.joinDepartment(member, choir.departmentName));
    const res = await calls.decide(DEPT, id, true, choirHead.token, 'Welcome');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Request approved');
    expect(res.body.data).toMatchObject({
      id,
      kind: 'joinDepartment',
      status: 'approved',
      targetDepartmentName: choir.departmentName,
      decidedBy: choirHead.id,
      decidedByName: 'Ada Obi',
      decisionComment: 'Welcome',
      requester: { id: member.id, fullName: 'Ada Obi', email: member.email },
    });
    expect(res.body.data.decidedAt).toBeTruthy();
    expect(await departmentsOf(member.id)).toEqual([{ departmentId: choir.id, primary: true }]);
    expect((await eventsOf(id)).map((e) => [e.action, e.actorId, e.comment])).toEqual(
      expect.arrayContaining([
        ['created', member.id, 'I want to serve'],
        ['approved', choirHead.id, 'Welcome'],
      ]),
    );
    const [note] = await notificationsOf(member.id, id);
    expect(note).toMatchObject({ kind: 'request', senderId: choirHead.id, title: 'Request approved', readAt: null, link: '/requests' });
    expect(note.body).toBe(`Your request to join the ${choir.departmentName} department was approved. Comment: Welcome`);
    expect((await auditOf(s, id)).map((a) => [a.action, a.entity, a.actorId])).toEqual([
      ['create', 'memberRequest', member.id],
      ['approve', 'memberRequest', choirHead.id],
    ]);
    expect((await auditOf(s, member.id)).map((a) => a.action)).toContain('join');
    expect(await auditOf(s, note.id)).toHaveLength(1);
  });

  it('a department joined beside a primary one is not primary', async () => {
    const member = await aMember([media.id]);
    await calls.decide(DEPT, filedId(await calls.joinDepartment(member, choir.id)), true, choirHead.token);
    expect(sorted(await departmentsOf(member.id))).toEqual(
      sorted([
        { departmentId: media.id, primary: true },
        { departmentId: choir.id, primary: false },
      ]),
    );
  });

  it('approving a change (by the head of the NEW department) leaves the old one, and the new one takes over as primary', async () => {
    const member = await aMember([ushers.id, media.id]);
    const id = filedId(await calls.changeDepartment(member, choir.departmentName));
    expect((await calls.decide(DEPT, id, true, ushersHead.token)).status).toBe(403);
    const res = await calls.decide(DEPT, id, true, choirHead.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ previousDepartmentName: ushers.departmentName, targetDepartmentName: choir.departmentName });
    expect(sorted(await departmentsOf(member.id))).toEqual(
      sorted([
        { departmentId: choir.id, primary: true },
        { departmentId: media.id, primary: false },
      ]),
    );
  });

  it('a change whose old department is no longer primary leaves the primary where it is', async () => {
    const member = await aMember([ushers.id, media.id]);
    const id = filedId(await calls.changeDepartment(member, choir.id));
    const primary = await s.call(
      'PUT',
      `/Department/SetPrimaryDepartment?UserId=${member.id}&DepartmentName=${encodeURIComponent(media.departmentName)}`,
      { token: member.token },
    );
    expect(primary.status).toBe(200);
    await calls.decide(DEPT, id, true, choirHead.token);
    expect(sorted(await departmentsOf(member.id))).toEqual(
      sorted([
        { departmentId: media.id, primary: true },
        { departmentId: choir.id, primary: false },
      ]),
    );
  });

  it('rejecting needs a comment, changes nothing, and tells the member why', async () => {
    const member = await aMember([media.id]);
    const id = filedId(await calls.joinDepartment(member, choir.id));
    const bare = await calls.decide(DEPT, id, false, choirHead.token);
    expect(bare.status).toBe(400);
    expect(bare.body).toMatchObject({
      message: 'A comment is required to reject a request',
      errors: { comment: ['A comment is required to reject a request'] },
    });
    expect((await requestRow(id)).status).toBe('pending');
    const res = await calls.decide(DEPT, id, false, choirHead.token, 'The choir is full this year');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Request rejected');
    expect(res.body.data).toMatchObject({ status: 'rejected', decisionComment: 'The choir is full this year' });
    expect(await departmentsOf(member.id)).toEqual([{ departmentId: media.id, primary: true }]);
    const [note] = await notificationsOf(member.id, id);
    expect(note).toMatchObject({
      title: 'Request rejected',
      body: `Your request to join the ${choir.departmentName} department was rejected. Comment: The choir is full this year`,
    });
    expect((await auditOf(s, id)).map((a) => a.action)).toEqual(['create', 'reject']);
  });

  it('refuses the head of another department, the inspectorate and a member; an administrator decides any', async () => {
    const member = await aMember();
    const id = filedId(await calls.joinDepartment(member, choir.id));
    for (const token of [ushersHead.token, inspector.token]) {
      const res = await calls.decide(DEPT, id, true, token);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Only the head of the department this request names may decide it');
    }
    const plain = await calls.decide(DEPT, id, true, outsider.token);
    expect(plain.status).toBe(403);
    expect(plain.body.message).toBe('You are not authorised');
    expect((await requestRow(id)).status).toBe('pending');
    expect((await calls.decide(DEPT, id, true, admin)).status).toBe(200);
    expect(await departmentsOf(member.id)).toEqual([{ departmentId: choir.id, primary: true }]);
  });

  it('refuses a second decision with what the request already is', async () => {
    const member = await aMember();
    const approved = filedId(await calls.joinDepartment(member, choir.id));
    await calls.decide(DEPT, approved, true, choirHead.token);
    for (const [approve, comment] of [
      [true, undefined],
      [false, 'Changed my mind'],
    ] as const) {
      const again = await calls.decide(DEPT, approved, approve, choirHead.token, comment);
      expect(again.status).toBe(400);
      expect(again.body.message).toBe('This request has already been approved.');
    }
    const rejected = filedId(await calls.changeDepartment(member, ushers.id));
    await calls.decide(DEPT, rejected, false, admin, 'No');
    const again = await calls.decide(DEPT, rejected, true, ushersHead.token);
    expect(again.body.message).toBe('This request has already been rejected.');
    expect((await eventsOf(approved)).map((e) => e.action).sort()).toEqual(['approved', 'created']);
  });

  it('a head cannot move out of the department they head: the approval is refused and the request stays pending', async () => {
    const id = filedId(await calls.changeDepartment(ushersHead, choir.id));
    const res = await calls.decide(DEPT, id, true, choirHead.token);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      `The member heads the ${ushers.departmentName} department and cannot leave it; appoint another head first`,
    );
    expect((await requestRow(id)).status).toBe('pending');
    expect(await notificationsOf(ushersHead.id, id)).toEqual([]);
    expect((await calls.decide(DEPT, id, false, choirHead.token, 'Appoint a new head first')).status).toBe(200);
  });
});

describe('affinity-group requests', () => {
  it('approving a join adds the group (a "none" placeholder goes)', async () => {
    const member = await aMember([], ['None']);
    const id = filedId(await calls.joinGroup(member, group.youth.affinityGroupName));
    const res = await calls.decide(GROUP, id, true, inspector.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      kind: 'joinAffinityGroup',
      status: 'approved',
      targetAffinityGroupName: group.youth.affinityGroupName,
    });
    expect((await affiliationOf(member.id)).affinityGroup).toEqual([group.youth.affinityGroupName]);
  });

  it('approving a change replaces the old group by the new one', async () => {
    const member = await aMember([], [group.youth.affinityGroupName]);
    const id = filedId(await calls.changeGroup(member, group.men.id));
    const res = await calls.decide(GROUP, id, true, admin);
    expect(res.body.data).toMatchObject({
      previousAffinityGroupName: group.youth.affinityGroupName,
      targetAffinityGroupName: group.men.affinityGroupName,
    });
    expect((await affiliationOf(member.id)).affinityGroup).toEqual([group.men.affinityGroupName]);
  });

  it('refuses a head of department, and rejecting keeps the groups', async () => {
    const member = await aMember([], [group.youth.affinityGroupName]);
    const id = filedId(await calls.changeGroup(member, group.men.id));
    const head = await calls.decide(GROUP, id, true, choirHead.token);
    expect(head.status).toBe(403);
    expect(head.body.message).toBe('Only the inspectorate may decide zone and affinity-group requests');
    expect((await calls.decide(GROUP, id, false, inspector.token, 'Stay with the youth')).status).toBe(200);
    expect((await affiliationOf(member.id)).affinityGroup).toEqual([group.youth.affinityGroupName]);
  });
});

describe('zone requests', () => {
  it("approving moves the member's zone and center, with the new center's address", async () => {
    const member = await aMember();
    const id = filedId(await calls.changeZone(member, zone.south.zoneName, center.south2.centerName));
    const res = await calls.decide(ZONE, id, true, inspector.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      kind: 'changeZone',
      previousZoneName: zone.north.zoneName,
      previousCenterName: center.north1.centerName,
      targetZoneName: zone.south.zoneName,
      targetCenterName: center.south2.centerName,
    });
    expect(await affiliationOf(member.id)).toMatchObject({
      zoneId: zone.south.id,
      centerId: center.south2.id,
      cihAddress: center.south2.address,
    });
    const [note] = await notificationsOf(member.id, id);
    expect(note.body).toBe(`Your request to move to ${zone.south.zoneName}, ${center.south2.centerName} was approved.`);
  });

  it('a zone without a center leaves the member without one', async () => {
    const member = await aMember();
    await calls.decide(ZONE, filedId(await calls.changeZone(member, zone.south.id)), true, admin);
    expect(await affiliationOf(member.id)).toMatchObject({ zoneId: zone.south.id, centerId: null, cihAddress: null });
  });

  it('rejecting keeps the zone; nobody decides their own request; the wrong call is refused', async () => {
    const id = filedId(await calls.changeZone(inspector, zone.south.zoneName));
    const own = await calls.decide(ZONE, id, true, inspector.token);
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('You cannot decide your own request');
    const wrong = await calls.decide(DEPT, id, true, admin);
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('This request is decided with ApproveChangeOfCIHZone, not ApproveChangeOfDepartment');
    expect((await calls.decide(ZONE, id, false, admin, 'Stay where you are needed')).status).toBe(200);
    expect((await affiliationOf(inspector.id)).zoneId).toBe(zone.north.id);
  });

  it('answers 404 for an unknown request and 400 for a malformed decision', async () => {
    const unknown = await calls.decide(ZONE, '00000000-0000-4000-8000-000000000000', true, admin);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Request not found');
    const malformed = await s.call('PUT', '/ChurchAffiliation/ApproveChangeOfCIHZone?RequestId=nope&Approve=maybe', { token: admin });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toMatchObject({
      requestId: ['RequestId must be a valid id'],
      approve: ['Approve must be true or false'],
    });
  });
});

describe('two deciders at once', () => {
  it('two concurrent approvals: one success, one refusal, one change', async () => {
    const member = await aMember();
    const id = filedId(await calls.joinDepartment(member, choir.id));
    const answers = await Promise.all([calls.decide(DEPT, id, true, choirHead.token), calls.decide(DEPT, id, true, admin)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.status === 400)!.body.message).toBe('This request has already been approved.');
    expect(await departmentsOf(member.id)).toEqual([{ departmentId: choir.id, primary: true }]);
    expect((await eventsOf(id)).filter((e) => e.action === 'approved')).toHaveLength(1);
    expect(await notificationsOf(member.id, id)).toHaveLength(1);
    expect((await auditOf(s, id)).filter((a) => a.action === 'approve')).toHaveLength(1);
  });

  it('an approval and a rejection at once: exactly one decides', async () => {
    const member = await aMember([], [group.youth.affinityGroupName]);
    const id = filedId(await calls.changeGroup(member, group.men.id));
    const [approval, rejection] = await Promise.all([
      calls.decide(GROUP, id, true, inspector.token),
      calls.decide(GROUP, id, false, admin, 'No'),
    ]);
    expect([approval.status, rejection.status].sort()).toEqual([200, 400]);
    const { status } = await requestRow(id);
    expect(approval.status === 200 ? 'approved' : 'rejected').toBe(status);
    expect((await affiliationOf(member.id)).affinityGroup).toEqual(
      status === 'approved' ? [group.men.affinityGroupName] : [group.youth.affinityGroupName],
    );
    expect(await notificationsOf(member.id, id)).toHaveLength(1);
  });
});

describe('cancelling', () => {
  it('the member cancels their own pending request: history and audit, no notification', async () => {
    const member = await aMember();
    const id = filedId(await calls.joinDepartment(member, choir.id));
    const res = await calls.cancel(id, member.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Request cancelled', data: { status: 'cancelled', decidedBy: member.id } });
    expect((await eventsOf(id)).map((e) => e.action).sort()).toEqual(['cancelled', 'created']);
    expect((await auditOf(s, id)).map((a) => a.action)).toEqual(['create', 'cancel']);
    expect(await notificationsOf(member.id, id)).toEqual([]);
    const decide = await calls.decide(DEPT, id, true, choirHead.token);
    expect(decide.body.message).toBe('This request has already been cancelled.');
    // A new request of the kind may be filed once none is pending.
    expect((await calls.joinDepartment(member, choir.id)).status).toBe(200);
  });

  it('refuses someone else (even an administrator or the decider) with 403, a decided request with 400, an unknown one with 404', async () => {
    const member = await aMember();
    const id = filedId(await calls.joinDepartment(member, ushers.id));
    for (const token of [outsider.token, admin, ushersHead.token]) {
      const res = await calls.cancel(id, token);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Only the member who filed this request may cancel it');
    }
    await calls.decide(DEPT, id, true, ushersHead.token);
    const decided = await calls.cancel(id, member.token);
    expect(decided.status).toBe(400);
    expect(decided.body.message).toBe('This request has already been approved.');
    expect((await calls.cancel('00000000-0000-4000-8000-000000000000', member.token)).status).toBe(404);
  });
});

describe('filing', () => {
  it('a second pending request of a kind is refused with a message that says so, and the database holds the rule too', async () => {
    const member = await aMember();
    filedId(await calls.joinDepartment(member, choir.id));
    const again = await calls.joinDepartment(member, ushers.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('A request to join a department is already pending for this member; wait for its decision');
    await expect(s.database.db.insert(memberRequests).values({ userId: member.id, kind: 'joinDepartment' })).rejects.toThrow();
  });
});
