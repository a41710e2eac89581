import type { Slot } from '@/domain/appointments/slots';
import { formatInstant } from '@/src/i18n/formats';

/** An appointment's time as people read it: the day and the start, in the reader's language and the church's time zone (src/i18n/formats.ts). */
export function slotText(startsAt: string | Date): string {
  return formatInstant(startsAt, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** Slots as the API answers them: times as ISO strings. */
export type SlotJson = { [K in keyof Slot]: string };

/** "HH:MM" of minutes after midnight, for a time input. */
export const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Minutes after midnight of a time input's "HH:MM". */
export function minutesOf(value: string): number {
  const [h, m] = value.split(':').map(Number);
  return h * 60 + (m || 0);
}

export type Appointment = {
  id: string;
  hostId: string;
  hostName: string | null;
  memberId: string;
  memberName: string | null;
  startsAt: string;
  endsAt: string;
  reason: string;
  note: string | null;
  status: string;
  hostComment: string | null;
};
