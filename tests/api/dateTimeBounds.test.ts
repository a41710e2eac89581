import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, startServer } from '@/tests/support/server.js';
import { createUser } from '@/tests/support/users.js';

/**
 * Every date-time input is bounded like the date-only fields (domain/common/dates.ts, dateTime):
 * a time outside 1900-01-01 to 2199-12-31 is a 400 naming the field and the range, never a 500
 * from a year PostgreSQL or Date cannot hold.
 */

const s = await startServer();
afterAll(async () => {
  await s.close();
});
const admin = await s.login(ADMIN_EMAIL);
const hod = await createUser(s, { role: 'hod' });

/** The last instant Date holds, year 0, and the edges just outside the range. */
const OUT_OF_RANGE = ['+275760-09-13T00:00:00Z', '0000-01-01T00:00:00Z', '1899-12-31T23:59:59Z', '2200-01-01T00:00:00Z'];

const meeting = (startsAt: string) => ({ title: 'Planning', kind: 'other', startsAt, inviteeIds: [] });

describe('date-time inputs', () => {
  it('refuses a meeting whose start is out of range with a 400 that says the range, on create and update', async () => {
    for (const startsAt of OUT_OF_RANGE) {
      const res = await s.call('POST', '/Meeting/Create', { token: hod.token, body: meeting(startsAt) });
      expect(res.status, startsAt).toBe(400);
      expect(res.body.message).toBe('StartsAt must be between 1900-01-01 and 2199-12-31');
      expect(res.body.errors.startsAt).toEqual(['StartsAt must be between 1900-01-01 and 2199-12-31']);
    }
    const created = await s.call('POST', '/Meeting/Create', { token: hod.token, body: meeting('2199-12-31T20:00:00Z') });
    expect(created.status).toBe(200);
    const update = await s.call('PUT', '/Meeting/Update', {
      token: hod.token,
      body: { id: created.body.data.id, ...meeting('0000-01-01T00:00:00Z') },
    });
    expect(update.status).toBe(400);
    expect(update.body.message).toBe('StartsAt must be between 1900-01-01 and 2199-12-31');
    expect((await s.call('POST', '/Meeting/Create', { token: hod.token, body: meeting('soon') })).body.message).toBe(
      'StartsAt must be a time',
    );
  });

  it('refuses an appointment at a time out of range with a 400', async () => {
    const res = await s.call('POST', '/Appointment/Create', {
      token: hod.token,
      body: { hostId: randomUUID(), startsAt: '+275760-09-13T00:00:00Z', reason: 'counselling' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('StartsAt must be between 1900-01-01 and 2199-12-31');
  });

  it('refuses a message scheduled out of range with a 400', async () => {
    const form = new FormData();
    form.set('Title', 'Later');
    form.set('Body', 'Much later.');
    form.set('Audience', 'people');
    form.append('UserIds', hod.id);
    form.set('ScheduledFor', '+275760-09-13T00:00:00Z');
    const res = await fetch(`${s.url}/api/Notification/sendnotifications`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('Schedule time must be between 1900-01-01 and 2199-12-31');
  });

  it('refuses audit log times out of range with a 400', async () => {
    for (const from of ['0000-01-01', '+275760-09-13T00:00:00Z']) {
      const res = await s.call('GET', `/AuditTrail/GetAllAudit?From=${encodeURIComponent(from)}`, { token: admin });
      expect(res.status, from).toBe(400);
      expect(res.body.message).toBe('From must be between 1900-01-01 and 2199-12-31');
    }
  });
});
