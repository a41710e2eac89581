import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { departments } from '@/server/db/schema/index.js';
import { addAffinityGroup, addCenter, addDepartment, addZone } from '@/tests/support/churchStructure.js';
import type { Account } from '@/tests/support/members.js';
import { filedId, headOf, memberAt, requestCalls } from '@/tests/support/requests.js';
import { ADMIN_EMAIL, startServer, type TestServer } from '@/tests/support/server.js';
import { createUser } from '@/tests/support/users.js';

/**
 * The request views: heads of department, the inspectorate, administrators and the
 * member's own log; filters, search, paging and sort; a request's detail with its history; the
 * member's notifications of decisions.
 */

type Row = Awaited<ReturnType<typeof addDepartment>>;
let s: TestServer;
let calls: ReturnType<typeof requestCalls>;
let admin: string;
let choir: Row, ushers: Row;
let choirHead: Account, ushersHead: Account, inspector: Account;
let ada: Account, bola: Account;
const ids: Record<'adaJoin' | 'adaZone' | 'adaGroup' | 'bolaJoin' | 'bolaChange', string> = {} as any;
let north: { id: string; zoneName: string }, south: { id: string; zoneName: string };

beforeAll(async () => {
  s = await startServer();
  calls = requestCalls(s);
  admin = await s.login(ADMIN_EMAIL);
  [choir, ushers] = [await addDepartment(s), await addDepartment(s)];
  north = await addZone(s);
  south = await addZone(s);
  const northCenter = await addCenter(s, north.id);
  const youth = await addAffinityGroup(s);
  choirHead = await headOf(s, choir.id);
  ushersHead = await headOf(s, ushers.id);
  inspector = await memberAt(s, {}, 'inspectorate');
  ada = await memberAt(s, { zoneId: north.id, centerId: northCenter.id });
  bola = await memberAt(s, { zoneId: north.id, departmentIds: [ushers.id] });
  ids.adaJoin = filedId(await calls.joinDepartment(ada, choir.id, 'I sing tenor'));
  ids.adaZone = filedId(await calls.changeZone(ada, south.zoneName));
  ids.adaGroup = filedId(await calls.joinGroup(ada, youth.affinityGroupName));
  ids.bolaJoin = filedId(await calls.joinDepartment(bola, choir.id, 'Music is my calling'));
  ids.bolaChange = filedId(await calls.changeDepartment(bola, choir.id));
  // Ada's join is approved, Bola's change rejected; the rest wait.
  await calls.decide('ApproveChangeOfDepartment', ids.adaJoin, true, choirHead.token);
  await calls.decide('ApproveChangeOfDepartment', ids.bolaChange, false, choirHead.token, 'One step at a time');
});
afterAll(() => s?.close());

const idsOf = (res: { body: any }) => (res.body.data as Array<{ id: string }>).map((r) => r.id).sort();
const sortedIds = (...keys: Array<keyof typeof ids>) => keys.map((k) => ids[k]).sort();

describe('who sees which requests', () => {
  it("GetUserRequestLog: the caller's own requests, newest first, with names", async () => {
    const res = await calls.get('GetUserRequestLog', ada.token);
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBe(3);
    expect(res.body.data.map((r: { id: string }) => r.id)).toEqual([ids.adaGroup, ids.adaZone, ids.adaJoin]);
    const zone = res.body.data.find((r: { id: string }) => r.id === ids.adaZone);
    expect(zone).toMatchObject({
      kind: 'changeZone',
      status: 'pending',
      previousZoneName: north.zoneName,
      targetZoneName: south.zoneName,
      requester: { id: ada.id },
    });
    expect(idsOf(await calls.get('GetUserRequestLog', inspector.token))).toEqual([]);
  });

  it("GetHodRequests: the department requests of the departments one heads, and every department's for an administrator", async () => {
    const head = await calls.get('GetHodRequests', choirHead.token);
    expect(head.status).toBe(200);
    expect(idsOf(head)).toEqual(sortedIds('adaJoin', 'bolaJoin', 'bolaChange'));
    // Bola's change leaves the Ushers for the Choir: the Choir's head decides it, the Ushers' head does not see it.
    expect(idsOf(await calls.get('GetHodRequests', ushersHead.token))).toEqual([]);
    expect(idsOf(await calls.get('GetHodRequests', admin))).toEqual(sortedIds('adaJoin', 'bolaJoin', 'bolaChange'));
  });

  it('GetHodRequests refuses those who head no department, and follows headship at once', async () => {
    const inspectorate = await calls.get('GetHodRequests', inspector.token);
    expect(inspectorate.status).toBe(403);
    expect(inspectorate.body.message).toBe('Only heads of department see department requests');
    expect((await calls.get('GetHodRequests', ada.token)).status).toBe(403);
    const newHead = await createUser(s, { role: 'hod' });
    expect((await calls.get('GetHodRequests', newHead.token)).status).toBe(403);
    await s.database.db.update(departments).set({ hodId: newHead.id }).where(eq(departments.id, ushers.id));
    expect((await calls.get('GetHodRequests', newHead.token)).status).toBe(200);
    await s.database.db.update(departments).set({ hodId: ushersHead.id }).where(eq(departments.id, ushers.id));
  });

  it('GetInspectorateRequests: zone and affinity-group requests, for the inspectorate and administrators only', async () => {
    expect(idsOf(await calls.get('GetInspectorateRequests', inspector.token))).toEqual(sortedIds('adaZone', 'adaGroup'));
    expect(idsOf(await calls.get('GetInspectorateRequests', admin))).toEqual(sortedIds('adaZone', 'adaGroup'));
    const head = await calls.get('GetInspectorateRequests', choirHead.token);
    expect(head.status).toBe(403);
    expect(head.body.message).toBe('Only the inspectorate sees zone and affinity-group requests');
  });

  it('GetAllRequests: every request, for administrators only', async () => {
    expect((await calls.get('GetAllRequests', admin)).body.totalCount).toBe(5);
    for (const token of [inspector.token, choirHead.token]) {
      const res = await calls.get('GetAllRequests', token);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Only administrators see every request');
    }
    expect((await calls.get('GetAllRequests', ada.token)).body.message).toBe('You are not authorised');
  });

  it('GetPending, GetApproved and GetRejectedDepartmentRequest: department requests by status, as GetHodRequests', async () => {
    expect(idsOf(await calls.get('GetPendingDepartmentRequest', choirHead.token))).toEqual([ids.bolaJoin]);
    expect(idsOf(await calls.get('GetApprovedDepartmentRequest', choirHead.token))).toEqual([ids.adaJoin]);
    const rejected = await calls.get('GetRejectedDepartmentRequest', admin);
    expect(rejected.body.data).toEqual([
      expect.objectContaining({ id: ids.bolaChange, status: 'rejected', decisionComment: 'One step at a time', decidedByName: 'Ada Obi' }),
    ]);
    expect((await calls.get('GetPendingDepartmentRequest', ushersHead.token)).body.data).toEqual([]);
    expect((await calls.get('GetPendingDepartmentRequest', inspector.token)).status).toBe(403);
    // The status is the call's own: a Status filter is not one of its parameters.
    expect((await calls.get('GetPendingDepartmentRequest', admin, { Status: 'approved' })).status).toBe(400);
  });
});

describe('filters, search, paging and sort', () => {
  it('filters by kind, status, department (target or previous) and zone', async () => {
    expect(idsOf(await calls.get('GetAllRequests', admin, { Kind: 'joinDepartment' }))).toEqual(sortedIds('adaJoin', 'bolaJoin'));
    expect(idsOf(await calls.get('GetAllRequests', admin, { Status: 'pending' }))).toEqual(sortedIds('adaZone', 'adaGroup', 'bolaJoin'));
    expect(idsOf(await calls.get('GetAllRequests', admin, { DepartmentId: ushers.id }))).toEqual([ids.bolaChange]);
    expect(idsOf(await calls.get('GetAllRequests', admin, { ZoneId: north.id }))).toEqual([ids.adaZone]);
    expect(idsOf(await calls.get('GetHodRequests', choirHead.token, { kind: 'changeDepartment', status: 'rejected' }))).toEqual([
      ids.bolaChange,
    ]);
  });

  it('filters by a range of days, both included', async () => {
    const today = new Date().toISOString().slice(0, 10);
    expect((await calls.get('GetAllRequests', admin, { From: today, To: today })).body.totalCount).toBe(5);
    expect((await calls.get('GetAllRequests', admin, { From: '2001-01-01', To: '2001-12-31' })).body.totalCount).toBe(0);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await calls.get('GetAllRequests', admin, { From: tomorrow })).body.totalCount).toBe(0);
    const backwards = await calls.get('GetAllRequests', admin, { From: today, To: '2001-01-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe('From must not be after To');
  });

  it('searches the reason and the requester, pages, and sorts by the allowed fields only', async () => {
    expect(idsOf(await calls.get('GetAllRequests', admin, { Search: 'tenor' }))).toEqual([ids.adaJoin]);
    expect((await calls.get('GetAllRequests', admin, { Search: bola.email })).body.totalCount).toBe(2);
    const second = await calls.get('GetAllRequests', admin, { PageSize: '2', PageNumber: '2', SortBy: 'createdAt', SortOrder: 'asc' });
    expect(second.body.totalCount).toBe(5);
    expect(second.body.data.map((r: { id: string }) => r.id)).toEqual([ids.adaGroup, ids.bolaJoin]);
    const byStatus = await calls.get('GetAllRequests', admin, { SortBy: 'status', SortOrder: 'desc' });
    expect(byStatus.body.data.map((r: { status: string }) => r.status)).toEqual(['rejected', 'pending', 'pending', 'pending', 'approved']);
    const unknownSort = await calls.get('GetAllRequests', admin, { SortBy: 'password' });
    expect(unknownSort.status).toBe(400);
    expect((await calls.get('GetAllRequests', admin, { Colour: 'red' })).status).toBe(400);
    expect((await calls.get('GetAllRequests', admin, { Kind: 'teleport' })).body.message).toBe(
      'Kind must be one of: joinDepartment, changeDepartment, joinAffinityGroup, changeAffinityGroup, changeZone',
    );
  });
});

describe("a request's detail", () => {
  it('shows the request with its history to the member, its decider and an administrator', async () => {
    for (const token of [ada.token, choirHead.token, admin]) {
      const res = await calls.get('GetRequestById', token, { id: ids.adaJoin });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ id: ids.adaJoin, status: 'approved', targetDepartmentName: choir.departmentName });
      expect(
        res.body.data.history.map((e: { action: string; actorName: string; comment: string | null }) => [e.action, e.actorName, e.comment]),
      ).toEqual([
        ['created', 'Ada Obi', 'I sing tenor'],
        ['approved', 'Ada Obi', null],
      ]);
    }
  });

  it('refuses other members, other heads and the inspectorate for a department request; 404 for an unknown one', async () => {
    for (const token of [bola.token, ushersHead.token, inspector.token]) {
      expect((await calls.get('GetRequestById', token, { id: ids.adaJoin })).status).toBe(403);
    }
    expect((await calls.get('GetRequestById', inspector.token, { id: ids.adaZone })).status).toBe(200);
    const unknown = await calls.get('GetRequestById', admin, { id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Request not found');
  });
});

describe("the member's notifications", () => {
  it('lists the decisions on their own requests, newest first, and marks one read', async () => {
    const list = await s.call('GET', '/Notification/GetAllNotifications', { token: bola.token });
    expect(list.status).toBe(200);
    expect(list.body.totalCount).toBe(1);
    const [note] = list.body.data;
    expect(note).toMatchObject({
      kind: 'request',
      title: 'Request rejected',
      requestId: ids.bolaChange,
      senderName: 'Ada Obi',
      isRead: false,
      readAt: null,
    });
    expect(note.body).toBe(
      `Your request to move from the ${ushers.departmentName} department to the ${choir.departmentName} department was rejected. Comment: One step at a time`,
    );
    // Nobody else reads or marks it.
    expect(
      (await s.call('GET', '/Notification/GetAllNotifications', { token: ada.token })).body.data.map(
        (n: { requestId: string }) => n.requestId,
      ),
    ).toEqual([ids.adaJoin]);
    expect((await s.call('PUT', `/Notification/MarkAsRead?id=${note.id}`, { token: ada.token })).status).toBe(404);
    const read = await s.call('PUT', `/Notification/MarkAsRead?id=${note.id}`, { token: bola.token });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ id: note.id, isRead: true });
    const unread = await s.call('GET', '/Notification/GetAllNotifications?Unread=true', { token: bola.token });
    expect(unread.body).toMatchObject({ data: [], totalCount: 0 });
  });
});
