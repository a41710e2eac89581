import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import Fastify from 'fastify';
import { departments, messages, notifications, outbox } from '@/server/db/schema/index.js';
import { createMailer } from '@/server/mail.js';
import { createOutboxWorker } from '@/server/outbox.js';
import { deliverMessage, releaseDueMessages } from '@/server/modules/notifications/deliver.js';
import { addAffinityGroup, addCenter, addDepartment, addZone } from '@/tests/support/churchStructure.js';
import { jpeg, zip } from '@/tests/support/images.js';
import { addPerson, setAffiliation } from '@/tests/support/people.js';
import { addRole } from '@/tests/support/roles.js';
import { ADMIN_EMAIL, startServer, startSibling, type TestServer } from '@/tests/support/server.js';
import { startSmtpReceiver } from '@/tests/support/smtp.js';
import { createUser } from '@/tests/support/users.js';
import { filedId, headOf, memberAt, requestCalls } from '@/tests/support/requests.js';

/** Sending, reading and mailing notifications: audiences, sender scope, attachments, the outbox. */

const s = await startServer();
const smtp = await startSmtpReceiver();
afterAll(async () => {
  await s.close();
  await smtp.close();
});
const db = s.database.db;
const admin = await s.login(ADMIN_EMAIL);

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

type Send = {
  title?: string;
  body?: string;
  audience: string;
  audienceId?: string;
  userIds?: string[];
  scheduledFor?: string;
  files?: Array<[string, Buffer]>;
};

/** POSTs the multipart form the compose dialog sends. */
async function send(token: string, m: Send, server: TestServer = s) {
  const form = new FormData();
  form.set('Title', m.title ?? 'Rehearsal moved');
  form.set('Body', m.body ?? 'Rehearsal is on Friday at 6pm.\nBring your folders.');
  form.set('Audience', m.audience);
  if (m.audienceId) form.set('AudienceId', m.audienceId);
  for (const id of m.userIds ?? []) form.append('UserIds', id);
  if (m.scheduledFor) form.set('ScheduledFor', m.scheduledFor);
  for (const [name, data] of m.files ?? []) form.append('attachments', new Blob([new Uint8Array(data)]), name);
  const res = await fetch(`${server.url}/api/Notification/sendnotifications`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

const recipientsOf = async (messageId: string) =>
  (await db.select({ id: notifications.recipientId }).from(notifications).where(eq(notifications.messageId, messageId)))
    .map((r) => r.id)
    .sort();

const countQuery = (a: Omit<Send, 'files'>) => {
  const q = new URLSearchParams({ Audience: a.audience });
  if (a.audienceId) q.set('AudienceId', a.audienceId);
  if (a.userIds) q.set('UserIds', a.userIds.join(','));
  return `/Notification/GetRecipientCount?${q}`;
};

// The church the audiences are drawn from.
const dept = await addDepartment(s);
const otherDept = await addDepartment(s);
const zone = await addZone(s);
const otherZone = await addZone(s);
const center = await addCenter(s, zone.id);
const otherCenter = await addCenter(s, zone.id);
const farCenter = await addCenter(s, otherZone.id);
const group = await addAffinityGroup(s);
const customRole = await addRole(s, []);

const a = await addPerson(s, {
  firstName: 'Abel',
  departmentIds: [dept.id],
  zoneId: zone.id,
  centerId: center.id,
  affinityGroup: [group.affinityGroupName],
});
const b = await addPerson(s, { firstName: 'Bisi', zoneId: zone.id, centerId: otherCenter.id, role: customRole.name });
const c = await addPerson(s, { firstName: 'Chidi', isFirstTimer: true, departmentIds: [dept.id] });
const archived = await addPerson(s, { firstName: 'Dayo', demise: true, departmentIds: [dept.id] });
const disabled = await addPerson(s, { firstName: 'Efe', disabled: true, departmentIds: [dept.id] });
const f = await addPerson(s, { firstName: 'Funmi', zoneId: zone.id, centerId: center.id, cihRole: 'cihcoordinator' });
const g = await addPerson(s, { firstName: 'Gbenga', departmentIds: [otherDept.id], zoneId: otherZone.id, centerId: farCenter.id });

describe('audience resolution', () => {
  it.each<[string, () => Omit<Send, 'files'>, string[]]>([
    ['a department', () => ({ audience: 'department', audienceId: dept.id }), [a, c]],
    ['an affinity group', () => ({ audience: 'affinityGroup', audienceId: group.id }), [a]],
    ['a zone', () => ({ audience: 'zone', audienceId: zone.id }), [a, b, f]],
    ['a center', () => ({ audience: 'center', audienceId: center.id }), [a, f]],
    ['a platform role', () => ({ audience: 'role', audienceId: customRole.name }), [b]],
    ['a CIH role', () => ({ audience: 'role', audienceId: 'cihcoordinator' }), [f]],
    ['chosen people (archived and disabled left out)', () => ({ audience: 'people', userIds: [a, g, archived, disabled] }), [a, g]],
  ])('%s reaches exactly its people, as the preview counted', async (_name, audience, expected) => {
    const preview = await s.call('GET', countQuery(audience()), { token: admin });
    expect(preview.body.data.count).toBe(expected.length);
    const res = await send(admin, audience());
    expect(res.status).toBe(200);
    expect(res.body.data.recipientCount).toBe(expected.length);
    expect(await recipientsOf(res.body.data.id)).toEqual([...expected].sort());
  });

  it('everyone, members and first-timers split the listed people by the first-timer flag', async () => {
    const [all, members, firstTimers] = await Promise.all(
      ['everyone', 'members', 'firstTimers'].map(async (audience) => recipientsOf((await send(admin, { audience })).body.data.id)),
    );
    for (const id of [a, b, c, f, g]) expect(all).toContain(id);
    for (const id of [archived, disabled]) expect(all).not.toContain(id);
    expect(members).toEqual(expect.arrayContaining([a, b, f, g]));
    expect(members).not.toContain(c);
    expect(firstTimers).toContain(c);
    expect(firstTimers).not.toContain(a);
    expect([...members, ...firstTimers].sort()).toEqual(all);
  });

  it('refuses an audience without its department, and a department that does not exist', async () => {
    expect((await send(admin, { audience: 'department' })).status).toBe(400);
    expect((await send(admin, { audience: 'department', audienceId: crypto.randomUUID() })).status).toBe(400);
    expect((await send(admin, { audience: 'nobody' })).status).toBe(400);
  });

  it('refuses an audience kind it does not know with a 400, counting and sending nothing', async () => {
    const stored = async () => {
      const [m] = await db.select({ n: sql<number>`count(*)::int` }).from(messages);
      const [n] = await db.select({ n: sql<number>`count(*)::int` }).from(notifications);
      const [o] = await db.select({ n: sql<number>`count(*)::int` }).from(outbox);
      return [m.n, n.n, o.n];
    };
    const before = await stored();
    for (const audience of ['nobody', 'Everyone ', '__proto__', 'toString']) {
      const count = await s.call('GET', countQuery({ audience }), { token: admin });
      expect(count.status).toBe(400);
      expect(count.body.message).toMatch(/Audience must be one of/);
      const sent = await send(admin, { audience });
      expect(sent.status).toBe(400);
      expect(sent.body.succeeded).toBe(false);
    }
    expect(await stored()).toEqual(before);
  });

  it('delivers a stored message of a kind it does not know to nobody: its condition is refused, never read as no filter', async () => {
    const [m] = await db
      .insert(messages)
      .values({
        senderId: null,
        title: 'Stale kind',
        body: 'Kept before its kind was dropped',
        audienceKind: 'retired',
        audienceLabel: 'Retired',
        userIds: [],
      })
      .returning();
    await expect(db.transaction((tx) => deliverMessage(tx, m))).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/^Audience must be one of/),
    });
    expect(await db.select().from(notifications).where(eq(notifications.messageId, m.id))).toEqual([]);
    await db.delete(messages).where(eq(messages.id, m.id));
  });
});

const hod = await createUser(s);
await db.update(departments).set({ hodId: hod.id }).where(eq(departments.id, dept.id));
const pastor = await createUser(s);
await setAffiliation(s, pastor.id, { cihRole: 'cihpastor', zoneId: otherZone.id, centerId: farCenter.id });
const inspector = await createUser(s, { role: 'inspectorate' });
const member = await createUser(s);
describe('sender scope', () => {
  it('lets a head of department send to their department only', async () => {
    expect((await send(hod.token, { audience: 'department', audienceId: dept.id })).status).toBe(200);
    for (const other of [
      { audience: 'department', audienceId: otherDept.id },
      { audience: 'everyone' },
      { audience: 'center', audienceId: center.id },
      { audience: 'people', userIds: [g] },
    ]) {
      const res = await send(hod.token, other);
      expect(res.status).toBe(403);
      expect((await s.call('GET', countQuery(other), { token: hod.token })).status).toBe(403);
    }
  });

  it('lets a CIH pastor send to their center only', async () => {
    expect((await send(pastor.token, { audience: 'center', audienceId: farCenter.id })).status).toBe(200);
    expect((await send(pastor.token, { audience: 'center', audienceId: center.id })).status).toBe(403);
    expect((await send(pastor.token, { audience: 'zone', audienceId: otherZone.id })).status).toBe(403);
  });

  it('lets the inspectorate send to zones and centers, not departments or everyone', async () => {
    expect((await send(inspector.token, { audience: 'zone', audienceId: otherZone.id })).status).toBe(200);
    expect((await send(inspector.token, { audience: 'center', audienceId: farCenter.id })).status).toBe(200);
    expect((await send(inspector.token, { audience: 'department', audienceId: dept.id })).status).toBe(403);
    expect((await send(inspector.token, { audience: 'everyone' })).status).toBe(403);
  });

  it('lets a sender who is not an administrator choose people within their scope only', async () => {
    const chosen = async (token: string, userIds: string[]) => {
      const res = await send(token, { audience: 'people', userIds });
      const preview = await s.call('GET', countQuery({ audience: 'people', userIds }), { token });
      expect(preview.status).toBe(res.status);
      return res;
    };
    // The head of the department: its members, no one else (not even beside one of them).
    const byHead = await chosen(hod.token, [a, c]);
    expect(byHead.status).toBe(200);
    expect(await recipientsOf(byHead.body.data.id)).toEqual([a, c].sort());
    expect((await chosen(hod.token, [a, g])).status).toBe(403);
    // The pastor: the people of their center.
    expect((await chosen(pastor.token, [g])).status).toBe(200);
    expect((await chosen(pastor.token, [a])).status).toBe(403);
    // The inspectorate: anyone in a center, not a person in none.
    expect((await chosen(inspector.token, [a, g])).status).toBe(200);
    expect((await chosen(inspector.token, [c])).status).toBe(403);
    // A member chooses no one; GetPeople offers each only whom they may choose.
    expect((await chosen(member.token, [a])).status).toBe(403);
    const offered = async (token: string, search = '') =>
      ((await s.call('GET', `/Notification/GetPeople?Search=${search}`, { token })).body.data as Array<{ id: string }>)
        .map((p) => p.id)
        .sort();
    expect(await offered(hod.token)).toEqual([a, c].sort());
    expect(await offered(hod.token, 'chidi')).toEqual([c]);
    expect(await offered(pastor.token)).toEqual([g]);
    expect(await offered(member.token)).toEqual([]);
  });

  it('refuses a member every audience, and offers them none', async () => {
    expect((await send(member.token, { audience: 'everyone' })).status).toBe(403);
    expect((await send(member.token, { audience: 'people', userIds: [a] })).status).toBe(403);
    const options = await s.call('GET', '/Notification/GetAudiences', { token: member.token });
    expect(options.body.data.kinds).toEqual([]);
    const hodOptions = await s.call('GET', '/Notification/GetAudiences', { token: hod.token });
    expect(hodOptions.body.data.kinds).toEqual(['department', 'people']);
    expect(hodOptions.body.data.departments).toEqual([{ id: dept.id, name: dept.departmentName }]);
  });
});

describe('the inbox', () => {
  // Made once the audience tests are done, so their 'everyone' messages are not in these inboxes.
  let reader: Awaited<ReturnType<typeof createUser>>;
  let other: typeof reader;
  let second: { id: string; recipientCount: number };
  beforeAll(async () => {
    reader = await createUser(s);
    other = await createUser(s);
    await send(admin, { title: 'First', audience: 'people', userIds: [reader.id] });
    second = (await send(admin, { title: 'Second', audience: 'people', userIds: [reader.id, other.id] })).body.data;
  });
  const inbox = async (token = reader.token) => (await s.call('GET', '/Notification/GetAllNotifications?PageSize=10', { token })).body;
  const unread = async (token = reader.token) => (await s.call('GET', '/Notification/GetUnreadCount', { token })).body.data.count;

  it('lists only the caller’s own, unread first, and counts the unread', async () => {
    const list = await inbox();
    expect(list.totalCount).toBe(2);
    expect(list.data.map((n: { title: string }) => n.title)).toEqual(['Second', 'First']);
    expect(await unread()).toBe(2);
    const firstRow = list.data[1];
    expect((await s.call('PUT', `/Notification/MarkAsRead?id=${firstRow.id}`, { token: reader.token })).status).toBe(200);
    const secondRow = list.data[0];
    // Marking it read moves it below the unread one, though it is newer.
    await s.call('PUT', `/Notification/MarkAsRead?id=${secondRow.id}`, { token: reader.token });
    await send(admin, { title: 'Third', audience: 'people', userIds: [reader.id] });
    expect((await inbox()).data.map((n: { title: string }) => n.title)).toEqual(['Third', 'Second', 'First']);
    expect(await unread()).toBe(1);
    expect(second.recipientCount).toBe(2);
  });

  it('will not mark or show another’s notification', async () => {
    const theirs = (await inbox(other.token)).data[0];
    expect((await s.call('PUT', `/Notification/MarkAsRead?id=${theirs.id}`, { token: reader.token })).status).toBe(404);
    expect((await s.call('GET', `/Notification/GetNotification?id=${theirs.id}`, { token: reader.token })).status).toBe(404);
    expect(await unread(other.token)).toBe(1);
  });

  it('marks all read at once', async () => {
    await send(admin, { audience: 'people', userIds: [other.id] });
    expect(await unread(other.token)).toBe(2);
    const res = await s.call('PUT', '/Notification/MarkAllAsRead', { token: other.token });
    expect(res.body.data.count).toBe(2);
    expect(await unread(other.token)).toBe(0);
  });

  it('shows the sender the recipients and how many read it', async () => {
    const sent = await s.call('GET', '/Notification/GetSentNotifications?PageSize=100', { token: admin });
    const row = sent.body.data.find((m: { id: string }) => m.id === second.id);
    expect(row, JSON.stringify(row)).toMatchObject({ recipientCount: 2, readCount: 2, status: 'delivered' });
  });

  it('a first-timer reads their inbox too', async () => {
    const newcomer = await createUser(s, { role: 'firsttimers' });
    await send(admin, { audience: 'people', userIds: [newcomer.id] });
    expect((await inbox(newcomer.token)).totalCount).toBe(1);
  });
});

const recipient = await createUser(s);
const outsider = await createUser(s);
const res = await send(admin, {
  audience: 'people',
  userIds: [recipient.id],
  files: [
    ['rota.pdf', PDF],
    ['photo.jpg', jpeg()],
  ],
});
const own = (await s.call('GET', '/Notification/GetAllNotifications', { token: recipient.token })).body.data[0];
const detail = (await s.call('GET', `/Notification/GetNotification?id=${own.id}`, { token: recipient.token })).body.data;
describe('attachments', () => {
  const download = (id: string, token: string) =>
    fetch(`${s.url}/api/Notification/GetAttachment?id=${id}`, { headers: { authorization: `Bearer ${token}` } });

  it('keeps PDF and images with the type their bytes show', () => {
    expect(res.status).toBe(200);
    expect(detail.attachments.map((x: { fileName: string; contentType: string }) => [x.fileName, x.contentType])).toEqual(
      expect.arrayContaining([
        ['rota.pdf', 'application/pdf'],
        ['photo.jpg', 'image/jpeg'],
      ]),
    );
  });

  it('serves them to the recipient and the sender, and to nobody else', async () => {
    const pdf = detail.attachments.find((x: { fileName: string }) => x.fileName === 'rota.pdf');
    const mine = await download(pdf.id, recipient.token);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-disposition')).toContain('attachment');
    expect(Buffer.from(await mine.arrayBuffer()).equals(PDF)).toBe(true);
    expect((await download(pdf.id, admin)).status).toBe(200);
    expect((await download(pdf.id, outsider.token)).status).toBe(404);
  });

  it('refuses a file that is not a PDF or image whatever its name, a sixth file, and one over 5 MB', async () => {
    expect((await send(admin, { audience: 'people', userIds: [recipient.id], files: [['notes.pdf', zip()]] })).status).toBe(415);
    const six = Array.from({ length: 6 }, (_, i): [string, Buffer] => [`f${i}.pdf`, PDF]);
    expect((await send(admin, { audience: 'people', userIds: [recipient.id], files: six })).status).toBe(400);
    const big = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]);
    expect((await send(admin, { audience: 'people', userIds: [recipient.id], files: [['big.pdf', big]] })).status).toBe(413);
  });
});

describe('scheduled messages', () => {
  it('writes no inbox rows until their time, then delivers them once', async () => {
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    const res = await send(admin, { audience: 'people', userIds: [a], scheduledFor: soon });
    expect(res.body.data.status).toBe('scheduled');
    expect(await recipientsOf(res.body.data.id)).toEqual([]);
    await db
      .update(messages)
      .set({ scheduledFor: new Date(Date.now() - 1000) })
      .where(eq(messages.id, res.body.data.id));
    await releaseDueMessages(db);
    await releaseDueMessages(db);
    // The server's own releaser may hold the message (it skips what another has locked): wait
    // for its delivery to commit, and find it delivered once.
    await vi.waitFor(async () => expect(await recipientsOf(res.body.data.id)).toEqual([a]), { timeout: 15_000 });
  });
});

describe('mail', () => {
  const log = Fastify({ logger: false }).log; // Fastify's silent logger
  const transport = nodemailer.createTransport(smtp.url);
  afterAll(() => transport.close());

  it('goes out over SMTP from the outbox, except to those who opted out of messages', async () => {
    const sibling = await startSibling(s, { smtpUrl: smtp.url, outbox: { idleMs: 20 } });
    try {
      const keen = await createUser(s);
      const quiet = await createUser(s);
      await s.call('PUT', '/Notification/UpdateEmailPreferences', { token: quiet.token, body: { optedOut: ['messages'] } });
      expect((await s.call('GET', '/Notification/GetEmailPreferences', { token: quiet.token })).body.data.optedOut).toEqual(['messages']);
      const res = await send(admin, { title: 'Choir news', audience: 'people', userIds: [keen.id, quiet.id] }, sibling);
      const mail = await smtp.waitFor(keen.email);
      expect(mail.raw).toContain('Choir news');
      // The text comes from the message itself: its mails keep none of their own.
      expect(mail.raw).toContain('Rehearsal is on Friday at 6pm.');
      // Both read it in the app; only one was mailed, and the outbox holds only that one.
      expect(await recipientsOf(res.body.data.id)).toEqual([keen.id, quiet.id].sort());
      const queued = await db.select({ to: outbox.to }).from(outbox).where(eq(outbox.messageId, res.body.data.id));
      expect(queued).toEqual([{ to: keen.email }]);
      expect(smtp.mails.some((m) => m.to.includes(quiet.email))).toBe(false);
    } finally {
      await sibling.close();
    }
  });

  it('mails nobody who withdrew consent to email (the inbox row is still written); consent given again mails again', async () => {
    const willing = await createUser(s);
    const declined = await createUser(s);
    const consent = (email: boolean) => s.call('PUT', '/Stewardship/UpdateMyConsents', { token: declined.token, body: { email } });
    expect((await consent(false)).status).toBe(200);
    const queuedFor = async (id: string) =>
      (await db.select({ to: outbox.to }).from(outbox).where(eq(outbox.messageId, id))).map((r) => r.to).sort();
    const first = await send(admin, { title: 'Harvest', audience: 'people', userIds: [willing.id, declined.id] });
    expect(await recipientsOf(first.body.data.id)).toEqual([willing.id, declined.id].sort());
    expect(await queuedFor(first.body.data.id)).toEqual([willing.email]);
    expect((await consent(true)).status).toBe(200);
    const second = await send(admin, { title: 'Harvest, again', audience: 'people', userIds: [willing.id, declined.id] });
    expect(await queuedFor(second.body.data.id)).toEqual([willing.email, declined.email].sort());
    // Out of the queue the worker tests below count.
    await db.delete(outbox).where(inArray(outbox.messageId, [first.body.data.id, second.body.data.id]));
  });

  /** Mails queued as a send queues them, to unique addresses. */
  async function queue(n: number) {
    const tag = crypto.randomUUID().slice(0, 8);
    const rows = Array.from({ length: n }, (_, i) => ({
      to: `outbox-${tag}-${i}@example.org`,
      subject: `Batch ${tag}`,
      text: 'Hello',
      category: 'messages',
    }));
    await db.insert(outbox).values(rows);
    return rows.map((r) => r.to);
  }
  const received = (to: string) => smtp.mails.filter((m) => m.to.includes(to)).length;

  it('hands a batch to a pool of connections: each mail once, under the Message-ID of its row', async () => {
    const addresses = await queue(30);
    const pooled = createMailer({ smtpUrl: smtp.url, smtp: { connections: 3 }, from: 'Flock <no-reply@flock.local>', db, log });
    const opened = smtp.connections();
    try {
      const worker = createOutboxWorker({ db, log, from: 'Flock <no-reply@flock.local>', batchSize: 30, transport: pooled.transport });
      while ((await worker.drainOnce()) > 0);
      for (const to of addresses) await smtp.waitFor(to);
    } finally {
      await pooled.close();
    }
    expect(addresses.map(received)).toEqual(addresses.map(() => 1));
    // 30 mails over at most 3 connections: one per mail was the cost before the pool.
    expect(smtp.connections() - opened).toBeLessThanOrEqual(3);
    const rows = await db.select({ id: outbox.id, to: outbox.to }).from(outbox).where(inArray(outbox.to, addresses));
    for (const row of rows) {
      const mail = smtp.mails.find((m) => m.to.includes(row.to))!;
      expect(mail.raw).toMatch(new RegExp(`^Message-ID: <${row.id}@flock\\.local>`, 'mi'));
    }
  });

  it('survives the worker stopping between batches: the next one sends the rest, nothing twice', async () => {
    const addresses = await queue(7);
    let sent = 0;
    const first = createOutboxWorker({
      db,
      log,
      from: 'Flock <no-reply@flock.local>',
      batchSize: 3,
      idleMs: 10,
      // The process is stopped after its third mail: the batch under way ends, no new one starts.
      transport: {
        sendMail: async (m) => {
          await transport.sendMail(m);
          if (++sent === 3) void first.stop();
        },
      },
    });
    first.start();
    await first.stop();
    const pending = await db
      .select({ to: outbox.to })
      .from(outbox)
      .where(and(inArray(outbox.to, addresses), isNull(outbox.sentAt)));
    expect(pending).toHaveLength(4);
    const second = createOutboxWorker({ db, log, from: 'Flock <no-reply@flock.local>', batchSize: 3, transport });
    while ((await second.drainOnce()) > 0);
    for (const to of addresses) await smtp.waitFor(to);
    expect(addresses.map(received)).toEqual(addresses.map(() => 1));
    const sentRows = await db
      .select()
      .from(outbox)
      .where(and(inArray(outbox.to, addresses), isNotNull(outbox.sentAt)));
    expect(sentRows).toHaveLength(7);
  });

  it('takes again the mails a worker died holding once its lease ends, and not before', async () => {
    const [to] = await queue(1);
    // A worker claimed it and died before sending.
    await db
      .update(outbox)
      .set({ claimedUntil: new Date(Date.now() + 60_000), attempts: 1 })
      .where(eq(outbox.to, to));
    const worker = createOutboxWorker({ db, log, from: 'Flock <no-reply@flock.local>', transport });
    while ((await worker.drainOnce()) > 0);
    expect(received(to)).toBe(0);
    await db
      .update(outbox)
      .set({ claimedUntil: new Date(Date.now() - 1000) })
      .where(eq(outbox.to, to));
    expect(await worker.drainOnce()).toBe(1);
    await smtp.waitFor(to);
    expect(received(to)).toBe(1);
  });

  it('retries a failed mail after a backoff, and gives up after the last attempt', async () => {
    const [to] = await queue(1);
    let fail = true;
    const flaky = {
      sendMail: async (m: Parameters<typeof transport.sendMail>[0]) =>
        fail ? Promise.reject(new Error('451 try later')) : transport.sendMail(m),
    };
    const worker = createOutboxWorker({
      db,
      log,
      from: 'Flock <no-reply@flock.local>',
      transport: flaky,
      retryBaseMs: 60_000,
      maxAttempts: 2,
    });
    // The 60 s backoff counts from the failure, so from a time taken before it (a busy machine cannot make it look short).
    const beforeFailure = Date.now();
    await worker.drainOnce();
    const [afterFailure] = await db.select().from(outbox).where(eq(outbox.to, to));
    expect(afterFailure).toMatchObject({ attempts: 1, lastError: '451 try later', sentAt: null, failedAt: null });
    expect(afterFailure.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(beforeFailure + 60_000);
    // Not due yet: nothing is taken.
    expect(await worker.drainOnce()).toBe(0);
    await db
      .update(outbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(outbox.to, to));
    await worker.drainOnce();
    const [gaveUp] = await db.select().from(outbox).where(eq(outbox.to, to));
    expect(gaveUp.failedAt).not.toBeNull();
    fail = false;
    expect(await worker.drainOnce()).toBe(0);
    expect(received(to)).toBe(0);
  });
});

describe('request decisions by mail', () => {
  const calls = requestCalls(s);
  const decisionMails = (to: string) =>
    db
      .select({ subject: outbox.subject })
      .from(outbox)
      .where(and(eq(outbox.to, to), eq(outbox.category, 'requests')));

  it('queues the decision’s mail beside its inbox row, unless the member opted out of request mails', async () => {
    const choir = await addDepartment(s);
    const head = await headOf(s, choir.id);
    const keen = await memberAt(s);
    const quiet = await memberAt(s);
    await s.call('PUT', '/Notification/UpdateEmailPreferences', { token: quiet.token, body: { optedOut: ['requests'] } });
    for (const m of [keen, quiet]) {
      const id = filedId(await calls.joinDepartment(m, choir.departmentName));
      expect((await calls.decide('ApproveChangeOfDepartment', id, true, head.token)).status).toBe(200);
    }
    expect(await decisionMails(keen.email)).toEqual([{ subject: 'Request approved' }]);
    expect(await decisionMails(quiet.email)).toEqual([]);
    // Both still read it in the app.
    const inboxOf = async (token: string) => (await s.call('GET', '/Notification/GetAllNotifications', { token })).body.data;
    expect((await inboxOf(quiet.token)).map((n: { title: string }) => n.title)).toContain('Request approved');
  });
});
