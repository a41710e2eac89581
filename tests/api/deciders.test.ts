import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { P } from '@/domain/roles/permissions.js';
import { auditLogs, departments, notifications, outbox, users } from '@/server/db/schema/index.js';
import { addAffinityGroup, addCenter, addDepartment, addZone } from '@/tests/support/churchStructure.js';
import { filedId, headOf, memberAt, requestCalls } from '@/tests/support/requests.js';
import { userWith } from '@/tests/support/roles.js';
import { ADMIN_EMAIL, startServer } from '@/tests/support/server.js';
import { createUser } from '@/tests/support/users.js';

/**
 * What waits for a decision tells those who may decide it (docs/decisions/0207-deciders-told.md):
 * an inbox row for each decider, a mail by each one's choice, nobody else; an approver's own
 * booking without a clash is approved at once; a request for what the member already has is a 400.
 */

const s = await startServer();
afterAll(() => s.close());
const db = s.database.db;
const calls = requestCalls(s);

const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN_EMAIL));
const WAITING = 'Waiting for your decision';

const q = (params: Record<string, string | number | boolean>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

/** The 'waiting' notifications a filer's request produced, by recipient. */
async function toldBy(senderId: string) {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.senderId, senderId), eq(notifications.title, WAITING)));
}
const recipientsOf = async (senderId: string) => (await toldBy(senderId)).map((n) => n.recipientId);

/** The approvals mails queued whose text holds this. */
async function mailedAbout(text: string) {
  const rows = await db
    .select({ to: outbox.to, category: outbox.category, subject: outbox.subject })
    .from(outbox)
    .where(like(outbox.text, `%${text}%`));
  return rows;
}

describe('member requests tell their deciders', () => {
  it('tells the head of the department a join request names and those who oversee departments; nobody else', async () => {
    const choir = await addDepartment(s);
    const media = await addDepartment(s);
    const head = await headOf(s, choir.id);
    const otherHead = await headOf(s, media.id);
    const overseer = await userWith(s, [P.approveRequests, P.updateDepartment]);
    const inspectorate = await userWith(s, [P.approveRequests, P.updateChurchAffiliation]);
    const viewerOnly = await userWith(s, [P.viewRequests, P.updateDepartment]);
    const member = await memberAt(s);

    const id = filedId(await calls.joinDepartment(member, choir.departmentName));

    const told = await toldBy(member.id);
    const recipients = told.map((n) => n.recipientId);
    expect(recipients).toEqual(expect.arrayContaining([head.id, overseer.id, admin.id]));
    for (const notTold of [otherHead.id, inspectorate.id, viewerOnly.id, member.id]) expect(recipients).not.toContain(notTold);
    expect(new Set(recipients).size).toBe(recipients.length);
    const toHead = told.find((n) => n.recipientId === head.id)!;
    expect(toHead).toMatchObject({ kind: 'request', link: '/requests', requestId: id, readAt: null });
    expect(toHead.body).toBe(`Ada Obi asks to join the ${choir.departmentName} department.`);
    // The head reads it in their own inbox, with its link.
    const inbox = await s.call('GET', '/Notification/GetAllNotifications?Unread=true', { token: head.token });
    expect(inbox.body.data.some((n: { title: string; link: string }) => n.title === WAITING && n.link === '/requests')).toBe(true);
  });

  it('tells a head only while they hold CAN_APPROVE_REQUESTS, and follows a change of head at once', async () => {
    const dept = await addDepartment(s);
    const rightless = await userWith(s, [P.viewMembers]);
    await db.update(departments).set({ hodId: rightless.id }).where(eq(departments.id, dept.id));
    const first = await memberAt(s);
    filedId(await calls.joinDepartment(first, dept.departmentName));
    expect(await recipientsOf(first.id)).not.toContain(rightless.id);

    const newHead = await headOf(s, dept.id);
    const second = await memberAt(s);
    filedId(await calls.joinDepartment(second, dept.departmentName));
    expect(await recipientsOf(second.id)).toContain(newHead.id);
  });

  it('tells the new department’s head of a change of department, not the old one’s', async () => {
    const from = await addDepartment(s);
    const to = await addDepartment(s);
    const oldHead = await headOf(s, from.id);
    const newHead = await headOf(s, to.id);
    const member = await memberAt(s, { departmentIds: [from.id] });
    filedId(await calls.changeDepartment(member, to.departmentName));
    const recipients = await recipientsOf(member.id);
    expect(recipients).toContain(newHead.id);
    expect(recipients).not.toContain(oldHead.id);
  });

  it('tells the inspectorate of zone and affinity-group requests, not heads of department', async () => {
    const dept = await addDepartment(s);
    const head = await headOf(s, dept.id);
    const inspectorate = await userWith(s, [P.approveRequests, P.updateChurchAffiliation]);
    const zone = await addZone(s);
    const next = await addZone(s);
    const center = await addCenter(s, next.id);
    const member = await memberAt(s, { zoneId: zone.id, departmentIds: [dept.id] });
    filedId(await calls.changeZone(member, next.zoneName, center.centerName));
    const group = await addAffinityGroup(s);
    const other = await memberAt(s, { departmentIds: [dept.id] });
    filedId(await calls.joinGroup(other, group.affinityGroupName));
    for (const filer of [member, other]) {
      const recipients = await recipientsOf(filer.id);
      expect(recipients).toEqual(expect.arrayContaining([inspectorate.id, admin.id]));
      expect(recipients).not.toContain(head.id);
    }
    const [zoneNote] = (await toldBy(member.id)).filter((n) => n.recipientId === inspectorate.id);
    expect(zoneNote.body).toBe(`Ada Obi asks to move to ${next.zoneName}, ${center.centerName}.`);
  });

  it('mails only the deciders whose choice allows it; the inbox row is written for all', async () => {
    const dept = await addDepartment(s);
    const head = await headOf(s, dept.id);
    const optedOut = await userWith(s, [P.approveRequests, P.updateDepartment]);
    const noConsent = await userWith(s, [P.approveRequests, P.updateDepartment]);
    const otherCategory = await userWith(s, [P.approveRequests, P.updateDepartment]);
    const prefs = (token: string, optedOutOf: string[]) =>
      s.call('PUT', '/Notification/UpdateEmailPreferences', { token, body: { optedOut: optedOutOf } });
    expect((await prefs(optedOut.token, ['approvals'])).status).toBe(200);
    expect((await prefs(otherCategory.token, ['requests', 'messages'])).status).toBe(200);
    expect((await s.call('PUT', '/Stewardship/UpdateMyConsents', { token: noConsent.token, body: { email: false } })).status).toBe(200);
    const member = await memberAt(s);
    filedId(await calls.joinDepartment(member, dept.departmentName));

    expect(await recipientsOf(member.id)).toEqual(expect.arrayContaining([head.id, optedOut.id, noConsent.id, otherCategory.id]));
    const mails = await mailedAbout(`join the ${dept.departmentName} department`);
    const to = mails.map((m) => m.to);
    expect(to).toEqual(expect.arrayContaining([head.email, otherCategory.email]));
    expect(to).not.toContain(optedOut.email);
    expect(to).not.toContain(noConsent.email);
    expect(to).not.toContain(member.email);
    expect(mails.every((m) => m.category === 'approvals' && m.subject === WAITING)).toBe(true);
  });

  it('leaves out whoever filed for the member, and tells nobody of a refused filing', async () => {
    const dept = await addDepartment(s);
    const member = await memberAt(s, { departmentIds: [dept.id] });
    const res = await s.call(
      'PUT',
      `/ChurchAffiliation/RequestByMemberToJoinDepartment?${q({ userId: member.id, department: dept.departmentName, Reason: 'x' })}`,
      {
        token: await s.login(ADMIN_EMAIL),
      },
    );
    expect(res.status).toBe(400);
    expect(await toldBy(admin.id)).toHaveLength(0);
    const other = await memberAt(s);
    const head = await headOf(s, dept.id);
    const filed = await s.call(
      'PUT',
      `/ChurchAffiliation/RequestByMemberToJoinDepartment?${q({ userId: other.id, department: dept.departmentName, Reason: 'x' })}`,
      {
        token: await s.login(ADMIN_EMAIL),
      },
    );
    expect(filed.status).toBe(200);
    const recipients = await recipientsOf(admin.id);
    expect(recipients).toContain(head.id);
    expect(recipients).not.toContain(admin.id);
    expect(recipients).not.toContain(other.id);
  });
});

describe('requests for what the member already has', () => {
  it('refuses to join a department the member is in (400), and a move to their own zone and center', async () => {
    const dept = await addDepartment(s);
    const zone = await addZone(s);
    const center = await addCenter(s, zone.id);
    const group = await addAffinityGroup(s);
    const member = await memberAt(s, {
      departmentIds: [dept.id],
      zoneId: zone.id,
      centerId: center.id,
      affinityGroup: [group.affinityGroupName],
    });
    const join = await calls.joinDepartment(member, dept.departmentName);
    expect(join.status).toBe(400);
    expect(join.body.message).toBe(`The member is already in the ${dept.departmentName} department`);
    const move = await calls.changeZone(member, zone.zoneName, center.centerName);
    expect(move.status).toBe(400);
    expect(move.body.message).toBe('The member is already in this zone and center');
    const joinGroup = await calls.joinGroup(member, group.affinityGroupName);
    expect(joinGroup.status).toBe(400);
    expect(joinGroup.body.message).toBe(`The member is already in the ${group.affinityGroupName} affinity group`);
    expect(await toldBy(member.id)).toHaveLength(0);
  });
});

const office = await userWith(s, [P.viewVenues, P.approveVenues, P.viewEvents, P.approveEvents, P.viewOutreach, P.approveOutreach]);
const venueApprover = await userWith(s, [P.viewVenues, P.approveVenues]);
const eventApprover = await userWith(s, [P.viewEvents, P.approveEvents]);
const outreachApprover = await userWith(s, [P.viewOutreach, P.approveOutreach]);
const venueViewer = await userWith(s, [P.viewVenues, P.createVenues]);
const venue = (
  await s.call('POST', '/Venue/CreateVenue', {
    token: await s.login(ADMIN_EMAIL),
    body: { name: `Hall ${randomUUID().slice(0, 6)}`, capacity: 100 },
  })
).body.data as { id: string; name: string };
const book = (token: string, day: string, start: string, end: string) =>
  s.call('PUT', '/Venue/RequestForVenue', {
    token,
    body: { venueId: venue.id, bookingDate: day, startTime: start, endTime: end, purpose: 'Choir practice', expectedAttendance: 30 },
  });

describe('venue bookings, events and outreach tell their deciders', () => {
  it('tells those who may approve bookings of a member’s booking, with a link to the venues', async () => {
    const member = await createUser(s);
    const res = await book(member.token, '2032-01-05', '09:00', '10:00');
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('pending');
    const told = await toldBy(member.id);
    const recipients = told.map((n) => n.recipientId);
    expect(recipients).toEqual(expect.arrayContaining([office.id, venueApprover.id, admin.id]));
    for (const notTold of [eventApprover.id, outreachApprover.id, venueViewer.id, member.id]) expect(recipients).not.toContain(notTold);
    expect(told[0]).toMatchObject({ link: '/venue-management', requestId: null });
    expect(told[0].body).toBe(`Ada Obi asks to book ${venue.name} on 2032-01-05 from 09:00 to 10:00 (Choir practice).`);
  });

  it('tells the event deciders of an event (with its booking), not those who approve only bookings', async () => {
    const member = await createUser(s);
    const res = await s.call('PUT', `/Event/RequestForEvent?${q({ requestType: 'babyDedication' })}`, {
      token: member.token,
      body: { eventDate: '2032-02-01', peopleConcerned: 'The Ade family', venueId: venue.id, startTime: '12:00', endTime: '13:00' },
    });
    expect(res.status).toBe(200);
    const told = await toldBy(member.id);
    const recipients = told.map((n) => n.recipientId);
    expect(recipients).toEqual(expect.arrayContaining([office.id, eventApprover.id, admin.id]));
    for (const notTold of [venueApprover.id, outreachApprover.id, member.id]) expect(recipients).not.toContain(notTold);
    expect(told.every((n) => n.link === '/events')).toBe(true);
    expect(told[0].body).toBe(`Ada Obi asks for a baby dedication on 2032-02-01 at ${venue.name}.`);
  });

  it('tells the outreach deciders of an outreach request', async () => {
    const member = await createUser(s);
    const title = `Crusade ${randomUUID().slice(0, 6)}`;
    const res = await s.call('POST', '/Outreach/RequestForOutreach', {
      token: member.token,
      body: { title, purpose: 'Evangelism', address: 'Market square', outreachDate: '2032-03-03', teamIds: [] },
    });
    expect(res.status).toBe(200);
    const told = await toldBy(member.id);
    const recipients = told.map((n) => n.recipientId);
    expect(recipients).toEqual(expect.arrayContaining([office.id, outreachApprover.id, admin.id]));
    for (const notTold of [venueApprover.id, eventApprover.id, member.id]) expect(recipients).not.toContain(notTold);
    expect(told.every((n) => n.link === '/outreach')).toBe(true);
    expect(told[0].body).toBe(`Ada Obi asks for the outreach "${title}" on 2032-03-03.`);
    expect((await mailedAbout(title)).map((m) => m.to)).toContain(outreachApprover.email);
  });
});

const ownApprover = await userWith(s, [P.viewVenues, P.approveVenues]);
const venueRightsOnly = await userWith(s, [P.viewVenues, P.createVenues, P.updateVenues]);
const annex = (
  await s.call('POST', '/Venue/CreateVenue', {
    token: await s.login(ADMIN_EMAIL),
    body: { name: `Annex ${randomUUID().slice(0, 6)}`, capacity: 60 },
  })
).body.data as { id: string; name: string };
const bookAnnex = (token: string, start: string, end: string, day = '2033-04-04') =>
  s.call('PUT', '/Venue/RequestForVenue', {
    token,
    body: { venueId: annex.id, bookingDate: day, startTime: start, endTime: end, purpose: 'Office meeting' },
  });

describe('an approver’s own booking', () => {
  it('is approved at once without a clash, recorded as their approval, and tells nobody', async () => {
    const res = await bookAnnex(ownApprover.token, '09:00', '10:00');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Booking approved');
    expect(res.body.data).toMatchObject({ status: 'approved', decidedBy: ownApprover.id, decidedAt: expect.any(String) });
    const id = res.body.data.id as string;
    const detail = await s.call('GET', `/Venue/GetVenueRequestById?id=${id}`, { token: ownApprover.token });
    expect(detail.body.data).toMatchObject({ status: 'approved', decidedBy: ownApprover.id, decidedByName: 'Ada Obi' });
    expect(detail.body.data.history.map((h: { action: string; actorId: string }) => [h.action, h.actorId])).toEqual([
      ['create', ownApprover.id],
      ['approve', ownApprover.id],
    ]);
    const [approval] = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'venueBooking'), eq(auditLogs.entityId, id), eq(auditLogs.action, 'approve')));
    expect(approval).toMatchObject({ actorId: ownApprover.id, outcome: 'success' });
    expect(await toldBy(ownApprover.id)).toHaveLength(0);
  });

  it('waits, and tells the other deciders, when it clashes with an approved booking', async () => {
    const first = await bookAnnex(ownApprover.token, '13:00', '15:00', '2033-04-05');
    expect(first.body.data.status).toBe('approved');
    const clash = await bookAnnex(ownApprover.token, '14:00', '16:00', '2033-04-05');
    expect(clash.status).toBe(200);
    expect(clash.body.message).toBe('Request successful');
    expect(clash.body.data).toMatchObject({ status: 'pending', decidedBy: null });
    const recipients = await recipientsOf(ownApprover.id);
    expect(recipients).toContain(admin.id);
    expect(recipients).not.toContain(ownApprover.id);
    // Moved to a free time, it is approved at once too.
    const moved = await s.call('PUT', '/Venue/RequestForVenue', {
      token: ownApprover.token,
      body: {
        id: clash.body.data.id,
        venueId: annex.id,
        bookingDate: '2033-04-05',
        startTime: '15:00',
        endTime: '16:00',
        purpose: 'Office meeting',
      },
    });
    expect(moved.body).toMatchObject({ message: 'Booking approved', data: { status: 'approved', decidedBy: ownApprover.id } });
  });

  it('waits when made by someone who may not approve bookings, however many other venue rights they hold', async () => {
    const member = await createUser(s);
    for (const token of [member.token, venueRightsOnly.token]) {
      const res = await bookAnnex(token, '18:00', '19:00', '2033-05-01');
      expect(res.body.data.status).toBe('pending');
      await s.call('DELETE', `/Venue/DeleteVenueRequest?id=${res.body.data.id}`, { token });
    }
  });

  it('waits when it belongs to an event: the event and its booking are decided together', async () => {
    const office = await userWith(s, [P.approveVenues, P.approveEvents]);
    const res = await s.call('PUT', `/Event/RequestForEvent?${q({ requestType: 'houseWarming' })}`, {
      token: office.token,
      body: { eventDate: '2033-06-01', peopleConcerned: 'The Obi family', venueId: annex.id, startTime: '10:00', endTime: '11:00' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'pending', bookingStatus: 'pending' });
  });
});
