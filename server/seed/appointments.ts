import type { Tx } from '@/server/db/client.js';
import { appointmentWindows } from '@/server/db/schema/index.js';

/**
 * The demo CIH pastor's weekly appointment hours, so that a member can book an appointment on a
 * fresh install (docs/decisions/0207-deciders-told.md): Tuesday and Thursday 10:00 to 13:00,
 * Saturday 09:00 to 12:00, in 30-minute slots, in the church's local time like every window
 * (docs/decisions/0156-availability-windows.md). Written with the church, in its transaction.
 */

type Person = { id: string; email: string };
const HOURS = [
  { weekday: 2, start: '10:00', end: '13:00' },
  { weekday: 4, start: '10:00', end: '13:00' },
  { weekday: 6, start: '09:00', end: '12:00' },
];
const minute = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

export async function seedAppointmentHours(tx: Tx, people: readonly Person[]) {
  const pastor = people.find((p) => p.email === 'cihpastor@example.org');
  if (!pastor) return;
  await tx.insert(appointmentWindows).values(
    HOURS.map((h) => ({
      hostId: pastor.id,
      weekday: h.weekday,
      startMinute: minute(h.start),
      endMinute: minute(h.end),
      slotMinutes: 30,
    })),
  );
}
