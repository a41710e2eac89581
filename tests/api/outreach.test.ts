import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { P } from '@/domain/roles/permissions.js';
import { biodata, notifications, userRoles, roles, users } from '@/server/db/schema/index.js';
import { userWith } from '@/tests/support/roles.js';
import { startServer } from '@/tests/support/server.js';
import { createUser, uniqueEmail } from '@/tests/support/users.js';

/** Outreach requests (filed, changed, decided once), their reports with converts, and converts sent to the first-timer list. */

const s = await startServer();
afterAll(() => s.close());
const db = s.database.db;

const office = await userWith(s, [P.viewOutreach, P.approveOutreach, P.updateOutreach, P.deleteOutreach]);
const member = await createUser(s);
const teammate = await createUser(s);
const stranger = await createUser(s);

const q = (params: Record<string, string | number | boolean>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

const form = {
  title: 'Market square crusade',
  purpose: 'Evangelism at the market',
  state: 'Lagos',
  lga: 'Ikeja',
  address: 'Computer Village, Ikeja',
  outreachDate: '2031-06-06',
  startTime: '10:00',
  teamIds: [teammate.id],
  materials: 'Tracts, megaphone',
  accessories: ['Public address system'],
  budget: 50000,
};

const file = (body: Record<string, unknown> = form, token = member.token) =>
  s.call('POST', '/Outreach/RequestForOutreach', { token, body });
const decide = (id: string, approve: boolean, comment?: string, token = office.token) =>
  s.call('PUT', `/Outreach/ApproveOrRejectOutreachRequest?${q({ Id: id, Approve: approve, ...(comment && { Comment: comment }) })}`, {
    token,
  });

async function approvedOutreach(title = form.title) {
  const { id } = (await file({ ...form, title })).body.data;
  await decide(id, true);
  return id as string;
}

const convert = (firstName: string, extra: Record<string, unknown> = {}) => ({
  firstName,
  surName: 'Convert',
  phone: '08030000000',
  gender: 'Female',
  address: 'Ikeja',
  decision: 'Gave her life to Christ',
  followUp: true,
  ...extra,
});

const report = (outreachRequestId: string, converts: unknown[] = []) =>
  s.call('POST', '/Outreach/CreateOutreachReport', {
    token: member.token,
    body: {
      outreachRequestId,
      dateHeld: '2031-06-06',
      attendance: 120,
      soulsReached: 14,
      detailOfConverts: converts,
      testimonies: 'A healing',
    },
  });

describe('requests', () => {
  it('files a pending request with its team names; the team and the office see it, a stranger does not', async () => {
    const res = await file();
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'pending',
      budget: 50000,
      teamIds: [teammate.id],
      team: [{ id: teammate.id, fullName: expect.any(String) }],
      reportId: null,
    });
    const { id } = res.body.data;
    const seen = async (token: string) =>
      (await s.call('GET', '/Outreach/GetAllOutreachRequests?PageSize=1000', { token })).body.data.some((o: { id: string }) => o.id === id);
    expect(await seen(member.token)).toBe(true);
    expect(await seen(teammate.token)).toBe(true);
    expect(await seen(office.token)).toBe(true);
    expect(await seen(stranger.token)).toBe(false);
  });

  it('refuses a missing title and an unknown team member', async () => {
    expect((await file({ ...form, title: '' })).status).toBe(400);
    const res = await file({ ...form, teamIds: ['00000000-0000-4000-8000-000000000000'] });
    expect(res.status).toBe(400);
    expect(res.body.errors.teamIds).toBeDefined();
  });

  it('filters by status and searches', async () => {
    const { id } = (await file({ ...form, title: 'Riverside estate visit' })).body.data;
    const res = await s.call('GET', `/Outreach/GetAllOutreachRequests?${q({ Search: 'riverside', Status: 'pending' })}`, {
      token: office.token,
    });
    expect(res.body.data.map((o: { id: string }) => o.id)).toEqual([id]);
  });

  it('lets the requester change it while pending, nobody else, and not after the decision', async () => {
    const { id } = (await file()).body.data;
    const body = { ...form, id, title: 'Changed title', state: undefined };
    expect((await s.call('PUT', '/Outreach/UpdateOutreachRequest', { token: teammate.token, body })).status).toBe(403);
    const res = await s.call('PUT', '/Outreach/UpdateOutreachRequest', { token: member.token, body });
    expect(res.body.data).toMatchObject({ title: 'Changed title', state: null });
    await decide(id, true);
    expect((await s.call('PUT', '/Outreach/UpdateOutreachRequest', { token: member.token, body })).status).toBe(400);
  });

  it('is decided once by CAN_APPROVE_OUTREACH, with a comment to reject, and the requester is told', async () => {
    const { id } = (await file({ ...form, title: 'Bus stop outreach' })).body.data;
    expect((await decide(id, true, undefined, member.token)).status).toBe(403);
    expect((await decide(id, false)).status).toBe(400);
    const res = await decide(id, false, 'Budget too high');
    expect(res.body.data).toMatchObject({ status: 'rejected', decisionComment: 'Budget too high' });
    expect((await decide(id, true)).body.message).toBe('This request has already been rejected.');
    const told = await db.select().from(notifications).where(eq(notifications.recipientId, member.id));
    expect(told.some((n) => n.body.includes('"Bus stop outreach"') && n.body.includes('Budget too high'))).toBe(true);
  });

  it('decides exactly once when two deciders click together', async () => {
    const { id } = (await file()).body.data;
    const answers = await Promise.all([decide(id, true), decide(id, false, 'No')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
  });

  it('lets the requester withdraw a pending request; the office deletes any', async () => {
    const a = (await file()).body.data;
    expect((await s.call('DELETE', `/Outreach/DeleteOutreachRequest?id=${a.id}`, { token: stranger.token })).status).toBe(403);
    expect((await s.call('DELETE', `/Outreach/DeleteOutreachRequest?id=${a.id}`, { token: member.token })).status).toBe(200);
    const b = await approvedOutreach();
    expect((await s.call('DELETE', `/Outreach/DeleteOutreachRequest?id=${b}`, { token: member.token })).status).toBe(403);
    expect((await s.call('DELETE', `/Outreach/DeleteOutreachRequest?id=${b}`, { token: office.token })).status).toBe(200);
  });
});

describe('reports', () => {
  it("answers 'Outreach Report not found!' before the report exists", async () => {
    const id = await approvedOutreach();
    const res = await s.call('GET', `/Outreach/GetOutreachReportByRequestId?id=${id}`, { token: member.token });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Outreach Report not found!');
  });

  it('refuses a report of a pending outreach and a report by a stranger', async () => {
    const { id } = (await file()).body.data;
    expect((await report(id)).status).toBe(400);
    const approved = await approvedOutreach();
    const res = await s.call('POST', '/Outreach/CreateOutreachReport', {
      token: stranger.token,
      body: { outreachRequestId: approved, dateHeld: '2031-06-06' },
    });
    expect(res.status).toBe(403);
  });

  it('files one report with its converts, which completes the outreach; a second is a 409', async () => {
    const id = await approvedOutreach('Report test outreach');
    const res = await report(id, [convert('Ada'), convert('Bisi')]);
    expect(res.status).toBe(200);
    const listed = await s.call('GET', `/Outreach/GetAllOutreachRequests?${q({ Status: 'completed', PageSize: 1000 })}`, {
      token: office.token,
    });
    expect(listed.body.data.find((o: { id: string }) => o.id === id).reportId).toBe(res.body.data.id);
    expect(res.body.data).toMatchObject({ status: 'completed', convertCount: 2, soulsReached: 14 });
    expect(res.body.data.detailOfConverts.every((c: { id: string }) => typeof c.id === 'string')).toBe(true);
    expect((await report(id)).status).toBe(409);
    const byRequest = await s.call('GET', `/Outreach/GetOutreachReportByRequestId?id=${id}`, { token: office.token });
    expect(byRequest.body.data.id).toBe(res.body.data.id);
    const list = await s.call('GET', `/Outreach/GetAllOutreachReports?${q({ Search: 'Bisi' })}`, { token: office.token });
    expect(list.body.data.map((r: { id: string }) => r.id)).toContain(res.body.data.id);
    expect((await s.call('GET', `/Outreach/GetOutreachReportByRequestId?id=${id}`, { token: stranger.token })).status).toBe(404);
  });

  it('updates the report and the converts alone, keeping convert ids', async () => {
    const id = await approvedOutreach();
    const filed = (await report(id, [convert('Chi')])).body.data;
    const chi = filed.detailOfConverts[0];
    const upd = await s.call('PUT', '/Outreach/UpdateOutreachReports', {
      token: member.token,
      body: { id: filed.id, dateHeld: '2031-06-07', attendance: 130, soulsReached: 15, detailOfConverts: [chi], challenges: 'Rain' },
    });
    expect(upd.body.data).toMatchObject({ dateHeld: '2031-06-07', attendance: 130, challenges: 'Rain', testimonies: null });
    const converts = await s.call('PUT', '/Outreach/UpdateDetailOfConverts', {
      token: member.token,
      body: { id: filed.id, detailOfConverts: [{ ...chi, phone: '08099999999' }, convert('Dayo')] },
    });
    expect(converts.body.data.detailOfConverts).toMatchObject([{ id: chi.id, phone: '08099999999' }, { firstName: 'Dayo' }]);
    expect(converts.body.data.attendance).toBe(130);
    const refused = await s.call('PUT', '/Outreach/UpdateDetailOfConverts', {
      token: stranger.token,
      body: { id: filed.id, detailOfConverts: [] },
    });
    expect(refused.status).toBe(403);
  });

  it('deletes a report, which reopens the outreach for one', async () => {
    const id = await approvedOutreach();
    const filed = (await report(id)).body.data;
    expect((await s.call('DELETE', `/Outreach/DeleteOutreachReport?id=${filed.id}`, { token: stranger.token })).status).toBe(403);
    expect((await s.call('DELETE', `/Outreach/DeleteOutreachReport?id=${filed.id}`, { token: office.token })).status).toBe(200);
    const list = await s.call('GET', `/Outreach/GetAllOutreachRequests?PageSize=1000`, { token: office.token });
    expect(list.body.data.find((o: { id: string }) => o.id === id).status).toBe('approved');
    expect((await report(id)).status).toBe(200);
  });
});

describe('converts to first-timers', () => {
  it('sends a convert to the first-timer list in one action, once', async () => {
    const id = await approvedOutreach();
    const email = uniqueEmail('convert');
    const filed = (await report(id, [convert('Efe', { email }), convert('Funmi')])).body.data;
    const [efe, funmi] = filed.detailOfConverts;
    const send = (convertId: string, token = office.token) =>
      s.call('PUT', `/Outreach/ConvertToFirstTimer?${q({ reportId: filed.id, convertId })}`, { token });
    expect((await send(efe.id, member.token)).status).toBe(403);
    const res = await send(efe.id);
    expect(res.status).toBe(200);
    const { firstTimerId } = res.body.data;
    expect(res.body.data.report.detailOfConverts[0].firstTimerId).toBe(firstTimerId);
    const [user] = await db.select().from(users).where(eq(users.id, firstTimerId));
    expect(user).toMatchObject({
      email,
      firstName: 'Efe',
      surName: 'Convert',
      isFirstTimer: true,
      emailVerified: false,
      passwordHash: null,
    });
    const [profile] = await db.select().from(biodata).where(eq(biodata.userId, firstTimerId));
    expect(profile).toMatchObject({ mobile1: '08030000000', gender: 'Female', address: 'Ikeja' });
    const held = await db
      .select({ name: roles.name })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, firstTimerId));
    expect(held.map((r) => r.name)).toEqual(['firsttimers']);
    // On the first-timer list.
    const list = await s.call('GET', `/Admin/GetAllUsers?${q({ Kind: 'firsttimer', Search: email })}`, {
      token: await s.login('admin@example.org'),
    });
    expect(list.body.data.map((u: { id?: string; userId?: string }) => u.id ?? u.userId)).toContain(firstTimerId);
    // Once only; a convert without an email cannot be sent; an unknown convert is a 404.
    expect((await send(efe.id)).status).toBe(409);
    const noEmail = await send(funmi.id);
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.errors.email).toBeDefined();
    expect((await send('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    // Later edits of the list keep the link.
    const kept = await s.call('PUT', '/Outreach/UpdateDetailOfConverts', {
      token: member.token,
      body: { id: filed.id, detailOfConverts: [{ ...efe, firstTimerId: undefined }] },
    });
    expect(kept.body.data.detailOfConverts[0].firstTimerId).toBe(firstTimerId);
  });

  it('refuses a convert whose email already has an account (409)', async () => {
    const id = await approvedOutreach();
    const filed = (await report(id, [convert('Gbenga', { email: stranger.email })])).body.data;
    const res = await s.call('PUT', `/Outreach/ConvertToFirstTimer?${q({ reportId: filed.id, convertId: filed.detailOfConverts[0].id })}`, {
      token: office.token,
    });
    expect(res.status).toBe(409);
  });
});

describe('an outreach’s history and the requester filter', () => {
  it('tells who filed, approved and reported an outreach, and when; for those who see it only', async () => {
    const id = await approvedOutreach('History walk');
    expect((await report(id)).status).toBe(200);
    const res = await s.call('GET', `/Outreach/GetOutreachRequestById?${q({ Id: id })}`, { token: teammate.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id, title: 'History walk', status: 'completed' });
    expect(res.body.data.history.map((h: { action: string; actorId: string }) => [h.action, h.actorId])).toEqual([
      ['create', member.id],
      ['approve', office.id],
      ['report-create', member.id],
    ]);
    expect((await s.call('GET', `/Outreach/GetOutreachRequestById?${q({ Id: id })}`, { token: office.token })).status).toBe(200);
    expect((await s.call('GET', `/Outreach/GetOutreachRequestById?${q({ Id: id })}`, { token: stranger.token })).status).toBe(404);
  });

  it('keeps the rejection’s comment in the history', async () => {
    const { id } = (await file({ ...form, title: 'Rejected walk' })).body.data;
    await decide(id, false, 'Clashes with the convention');
    const res = await s.call('GET', `/Outreach/GetOutreachRequestById?${q({ Id: id })}`, { token: member.token });
    expect(res.body.data.history[1]).toMatchObject({ action: 'reject', comment: 'Clashes with the convention' });
  });

  it('filters the requests by part of the requester’s name or email', async () => {
    const zeb = await createUser(s, { overrides: { firstName: 'Zebadiah' } });
    await file({ ...form, title: 'Zeb walk', teamIds: [] }, zeb.token);
    const byName = await s.call('GET', `/Outreach/GetAllOutreachRequests?${q({ Requester: 'zebad' })}`, { token: office.token });
    expect(byName.body.data.map((r: { title: string }) => r.title)).toEqual(['Zeb walk']);
    const byEmail = await s.call('GET', `/Outreach/GetAllOutreachRequests?${q({ Requester: zeb.email })}`, { token: office.token });
    expect(byEmail.body.data.map((r: { userId: string }) => r.userId)).toEqual([zeb.id]);
    const zebReports = await s.call('GET', `/Outreach/GetAllOutreachReports?${q({ Requester: zeb.email })}`, { token: office.token });
    expect(zebReports.body.data).toEqual([]);
    const memberReports = await s.call('GET', `/Outreach/GetAllOutreachReports?${q({ Requester: member.email })}`, { token: office.token });
    expect(memberReports.body.data.length).toBeGreaterThan(0);
  });
});
