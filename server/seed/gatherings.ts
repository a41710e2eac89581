import { randomUUID } from 'node:crypto';
import type { Tx } from '@/server/db/client.js';
import { auditLogs, eventRequests, outreachReports, outreachRequests, venueBookings, venues } from '@/server/db/schema/index.js';
import { redact } from '@/server/http/audit.js';

/**
 * The demo church's venues, bookings, an event request and a reported outreach, so the venue,
 * events and outreach screens are not empty on a first start. Written with the church (same
 * transaction, same "already there" test), with the audit rows the history dialogs read.
 * Dates count from the day of seeding, so the calendar opens on bookings.
 */

type Person = { id: string; email: string };
const DAY = 86_400_000;
const SEED_IP = 'seed';

export async function seedGatherings(tx: Tx, people: readonly Person[], today = new Date()) {
  const byEmail = (email: string) => people.find((p) => p.email === email)?.id;
  const member = byEmail('member@example.org');
  const hod = byEmail('hod@example.org');
  const office = byEmail('inspectorate@example.org');
  if (!member || !hod || !office) return;
  const day = (offset: number) => new Date(today.getTime() + offset * DAY).toISOString().slice(0, 10);
  const decided = { decidedBy: office, decidedAt: today };
  // Audit rows of one transaction share its time: each gets its own, so a history reads in order.
  const audits: Array<typeof auditLogs.$inferInsert> = [];
  const entry = (action: string, entity: string, actorId: string, row: { id: string; userId?: string }) =>
    audits.push({
      action,
      entity,
      entityId: row.id,
      actorId,
      subjectId: row.userId ?? null,
      after: redact(row),
      ip: SEED_IP,
      createdAt: new Date(today.getTime() - (100 - audits.length) * 60_000),
    });
  const filed = (entity: string, actorId: string, row: { id: string; userId?: string }) => entry('create', entity, actorId, row);
  const approved = (entity: string, row: { id: string; userId?: string }) => entry('approve', entity, office, row);

  const [auditorium, chapel] = await tx
    .insert(venues)
    .values([
      {
        name: 'Main Auditorium',
        address: '1 Church Road, Ikeja, Lagos',
        capacity: 1200,
        facilities: ['Public address system', 'Projector', 'Air conditioning'],
        availabilityNotes: 'Free on weekdays; Sundays are for services.',
      },
      { name: 'Chapel Hall', address: '1 Church Road, Ikeja, Lagos', capacity: 150, facilities: ['Piano', 'Projector'] },
    ])
    .returning();

  const [event] = await tx
    .insert(eventRequests)
    .values({
      userId: member,
      eventType: 'babyDedication',
      eventDate: day(10),
      peopleConcerned: 'Baby Tomi (child); Mr and Mrs Adeyemi (parents)',
      notes: 'After the second service',
    })
    .returning();
  filed('eventRequest', member, event);

  const bookings = await tx
    .insert(venueBookings)
    .values([
      {
        venueId: auditorium.id,
        userId: hod,
        bookingDate: day(3),
        startTime: '16:00',
        endTime: '18:00',
        purpose: 'Worship team rehearsal',
        expectedAttendance: 60,
        status: 'approved',
        ...decided,
      },
      {
        venueId: chapel.id,
        userId: member,
        bookingDate: day(5),
        startTime: '10:00',
        endTime: '12:00',
        purpose: 'Youth Bible study',
        expectedAttendance: 30,
      },
      {
        venueId: chapel.id,
        userId: member,
        bookingDate: day(10),
        startTime: '13:00',
        endTime: '14:30',
        purpose: 'Baby dedication',
        expectedAttendance: 40,
        eventId: event.id,
      },
    ])
    .returning();
  for (const b of bookings) {
    filed('venueBooking', b.userId, b);
    if (b.status === 'approved') approved('venueBooking', b);
  }

  const [outreach] = await tx
    .insert(outreachRequests)
    .values({
      userId: hod,
      title: 'Market square outreach',
      purpose: 'Evangelism and free health checks at the market',
      state: 'Lagos',
      lga: 'Ikeja',
      address: 'Computer Village, Ikeja',
      outreachDate: day(-7),
      startTime: '10:00',
      teamIds: [member],
      materials: 'Tracts, water, a megaphone',
      accessories: ['Public address system'],
      budget: '50000',
      status: 'completed',
      ...decided,
    })
    .returning();
  filed('outreachRequest', hod, outreach);
  approved('outreachRequest', outreach);
  const convert = (firstName: string, surName: string, gender: string, phone: string) => ({
    id: randomUUID(),
    firstName,
    surName,
    gender,
    phone,
    address: 'Ikeja, Lagos',
    decision: 'Gave their life to Christ',
    followUp: true,
  });
  const [report] = await tx
    .insert(outreachReports)
    .values({
      outreachRequestId: outreach.id,
      dateHeld: day(-7),
      attendance: 140,
      soulsReached: 18,
      detailOfConverts: [convert('Chinedu', 'Okafor', 'Male', '08031234567'), convert('Aisha', 'Bello', 'Female', '08039876543')],
      testimonies: 'A trader was healed of a long illness.',
      challenges: 'Rain in the afternoon.',
      filedBy: hod,
    })
    .returning();
  filed('outreachReport', hod, report);

  await tx.insert(auditLogs).values(audits);
}
